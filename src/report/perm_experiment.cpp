#include "redist/report/perm_experiment.hpp"

#include <algorithm>
#include <cmath>

#include "redist/core/random.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/stencil.hpp"
#include "redist/perm/stencil_optimum.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::report {

namespace {

// Running mean and standard deviation (Welford).
class Tally {
 public:
  void add(double x) {
    ++n_;
    const double d = x - mean_;
    mean_ += d / static_cast<double>(n_);
    m2_ += d * (x - mean_);
  }
  [[nodiscard]] MeanStd get() const {
    return {mean_, n_ > 1 ? std::sqrt(m2_ / static_cast<double>(n_ - 1)) : 0.0};
  }

 private:
  std::size_t n_ = 0;
  double mean_ = 0, m2_ = 0;
};

double ratio(std::int64_t value, std::int64_t base) {
  return base == 0 ? 1.0 : static_cast<double>(value) / static_cast<double>(base);
}

// Both optimal assignments against the canonical one, over `draws` instances of one option set.
FigurePoint figure_point(double x, perm::PermGenOptions o, std::size_t draws) {
  Tally vv, vs, sv, ss, cv, cs;
  const std::uint64_t base = o.seed;
  for (std::size_t d = 0; d < draws; ++d) {
    o.seed = stream_seed(base, d);
    const perm::ItemLayout l = generate_items(o);
    const perm::PermInstance inst =
        perm::PermInstance::from_items(l.processors, l.initial, l.partition);
    const perm::PermSolution can = evaluate(inst, perm::canonical_assignment(inst.processors()));
    const perm::PermSolution vol = solve_min_volume(inst), stp = solve_min_steps(inst);
    cv.add(static_cast<double>(can.volume));
    cs.add(static_cast<double>(can.steps));
    vv.add(ratio(vol.volume, can.volume));
    vs.add(ratio(vol.steps, can.steps));
    sv.add(ratio(stp.volume, can.volume));
    ss.add(ratio(stp.steps, can.steps));
  }
  FigurePoint point;
  point.x = x;
  point.canonical_volume = cv.get().mean;
  point.canonical_steps = cs.get().mean;
  point.canonical_volume_std = cv.get().stddev;
  point.vol_volume = vv.get();
  point.vol_steps = vs.get();
  point.steps_volume = sv.get();
  point.steps_steps = ss.get();
  return point;
}

// One n x n tile matrix of a tile distribution on the 4 x 4 grid of Table 1, with D_can, D_vol and
// D_steps solved, and its costs added to a row's means.
struct TileDraw {
  perm::ItemLayout layout;
  perm::PermSolution sol[3];  // D_can, D_vol, D_steps
};

TileDraw tile_draw(perm::PermDistribution distribution, std::size_t tiles, std::uint64_t seed) {
  perm::PermGenOptions o;
  o.distribution = distribution;
  o.processors = 16;
  o.grid_rows = o.grid_cols = 4;
  o.tiles = tiles;
  o.seed = seed;
  TileDraw t{perm::generate_items(o), {}};
  const perm::PermInstance inst =
      perm::PermInstance::from_items(16, t.layout.initial, t.layout.partition);
  t.sol[0] = perm::evaluate(inst, perm::canonical_assignment(16));
  t.sol[1] = perm::solve_min_volume(inst);
  t.sol[2] = perm::solve_min_steps(inst);
  return t;
}

void add_costs(const TileDraw& t, double per_draw, double (&volume)[3], double (&steps)[3]) {
  for (int k = 0; k < 3; ++k) {
    volume[k] += static_cast<double>(t.sol[k].volume) * per_draw;
    steps[k] += static_cast<double>(t.sol[k].steps) * per_draw;
  }
}

SkewedSetRow skewed_set_row(std::size_t tiles, std::size_t draws, std::uint64_t seed) {
  SkewedSetRow row;
  row.tiles = tiles;
  const double per_draw = 1.0 / static_cast<double>(draws);
  for (std::size_t d = 0; d < draws; ++d) {
    const TileDraw t = tile_draw(perm::PermDistribution::skewed_set, tiles,
                                 stream_seed(seed, static_cast<std::uint64_t>(tiles) << 32 | d));
    add_costs(t, per_draw, row.volume, row.steps);
    for (int k = 0; k < 2; ++k) {
      const perm::Assignment& a = t.sol[k + 1].assignment;
      std::size_t same = 0;
      for (std::size_t j = 0; j < a.size(); ++j) same += a[j] == t.layout.reference[j];
      row.reference_exact[k] += (same == a.size() ? 1.0 : 0.0) * per_draw;
      row.reference_parts[k] +=
          static_cast<double>(same) / static_cast<double>(a.size()) * per_draw;
    }
  }
  return row;
}

ChunkSetRow chunk_set_row(std::size_t tiles, std::size_t draws, std::uint64_t seed) {
  ChunkSetRow row;
  row.tiles = tiles;
  const double per_draw = 1.0 / static_cast<double>(draws);
  for (std::size_t d = 0; d < draws; ++d) {
    const std::uint64_t stream =
        static_cast<std::uint64_t>(tiles) << 32 | (d + (std::uint64_t{1} << 31));
    const TileDraw t =
        tile_draw(perm::PermDistribution::chunk_set, tiles, stream_seed(seed, stream));
    add_costs(t, per_draw, row.volume, row.steps);
    std::vector<std::size_t> held(16, 0);
    for (perm::Proc p : t.layout.initial) ++held[p];
    const double most = static_cast<double>(*std::max_element(held.begin(), held.end()));
    row.owner_imbalance += most / (static_cast<double>(t.layout.initial.size()) / 16.0) * per_draw;
  }
  return row;
}

std::vector<perm::Proc> initial_layout(const std::string& layout, std::size_t processors,
                                       std::size_t items, std::uint64_t seed) {
  perm::PermGenOptions o;
  o.processors = processors;
  o.items_per_part = static_cast<std::int64_t>(items / processors);
  o.seed = seed;
  if (layout == "blocks") {
    o.distribution = perm::PermDistribution::block1d;
    o.items = static_cast<std::int64_t>(items);
  }
  return perm::generate_items(o).initial;
}

double canonical_block_total(const std::vector<perm::Proc>& initial, std::size_t processors,
                             const perm::StencilModel& m) {
  std::vector<perm::Proc> where(initial.size());
  for (std::size_t d = 0; d < where.size(); ++d)
    where[d] = static_cast<perm::Proc>(d * processors / where.size());
  return stencil_total(m, redistribution_cost(initial, where, processors, m.model),
                       stencil_iteration(where, processors, m.model));
}

// One row of the stencil tables: every plan relative to the best fixed strategy of the draw, or
// (with_optimum) to the exhaustive optimum.
StencilRow stencil_row(const std::string& layout, perm::CommModel model, std::int64_t k, double r,
                       std::size_t processors, std::size_t items, bool with_optimum,
                       std::size_t draws, std::uint64_t seed) {
  StencilRow row;
  row.layout = layout;
  row.model = model == perm::CommModel::volume ? "volume" : "steps";
  row.iterations = k;
  row.ratio = r;
  row.processors = processors;
  row.items = items;
  row.reference = with_optimum ? "optimum" : "best fixed";
  const perm::StencilModel m{model, k, r, 1.0};
  const auto per_draw = 1.0 / static_cast<double>(draws);
  for (std::size_t d = 0; d < draws; ++d) {
    const std::vector<perm::Proc> initial =
        initial_layout(layout, processors, items, stream_seed(seed, d));
    const perm::StencilChoice c = plan_stencil(initial, processors, m);
    const double canonical = canonical_block_total(initial, processors, m);
    const double reference = with_optimum
                                 ? perm::stencil_optimum(initial, processors, m).total
                                 : std::min({c.owner_computes.total, canonical, c.block.total});
    auto rel = [&](double total) { return reference > 0 ? total / reference : 1.0; };
    row.owner += rel(c.owner_computes.total) * per_draw;
    row.canonical_block += rel(canonical) * per_draw;
    row.block += rel(c.block.total) * per_draw;
    row.improved += rel(c.improved_blocks.total) * per_draw;
    row.choice += rel(c.best().total) * per_draw;
    row.worst_choice = std::max(row.worst_choice, rel(c.best().total));
    row.choice_at_reference += c.best().total == reference;
    const std::string& s = c.best().strategy;
    ++row.picked[s == "owner-computes" ? 0 : s == "block" ? 1 : 2];
  }
  row.draws = draws;
  return row;
}

void note(const PermExperimentOptions& o, const std::string& what) {
  if (o.progress) *o.progress << "experiment perm: " << what << " done\n";
}

}  // namespace

PermExperimentReport run_perm_experiment(const PermExperimentOptions& options) {
  PermExperimentReport r;
  r.draws = options.draws > 0 ? options.draws : options.quick ? 10 : 50;
  perm::PermGenOptions o;
  o.processors = 32;
  o.seed = options.seed;
  const std::vector<std::int64_t> ds =
      options.quick ? std::vector<std::int64_t>{1, 2, 5, 10, 20}
                    : std::vector<std::int64_t>{1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                                11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
  for (std::int64_t d : ds) {
    o.items_per_part = d;
    r.figure1.push_back(figure_point(static_cast<double>(d), o, r.draws));
  }
  note(options, "figure 1");
  o.distribution = perm::PermDistribution::skewed;
  o.items_per_part = 20;
  const int alpha_steps = options.quick ? 4 : 20;
  for (int a = 0; a <= alpha_steps; ++a) {
    o.alpha = static_cast<double>(a) / alpha_steps;
    r.figure2.push_back(figure_point(o.alpha, o, r.draws));
  }
  note(options, "figure 2");
  const std::vector<std::size_t> ns = options.quick
                                          ? std::vector<std::size_t>{8, 16, 32}
                                          : std::vector<std::size_t>{8, 16, 24, 32, 48, 64, 96};
  for (std::size_t n : ns) r.table1a.push_back(skewed_set_row(n, r.draws, options.seed));
  note(options, "table 1a");
  for (std::size_t n : ns) r.table1b.push_back(chunk_set_row(n, r.draws, options.seed));
  note(options, "table 1b");
  if (!options.stencil) return r;
  const std::size_t stencil_draws = options.quick ? 5 : 30, tiny_draws = options.quick ? 4 : 20;
  for (const char* layout : {"random", "blocks"})
    for (perm::CommModel model : {perm::CommModel::volume, perm::CommModel::steps})
      for (double ratio_value : {1.0, 10.0})
        for (std::int64_t k : {1, 2, 5, 10, 50}) {
          r.stencil.push_back(stencil_row(layout, model, k, ratio_value, 16, 256, false,
                                          stencil_draws, options.seed));
          r.stencil_tiny.push_back(
              stencil_row(layout, model, k, ratio_value, 3, 9, true, tiny_draws, options.seed));
        }
  note(options, "stencil");
  return r;
}

}  // namespace redist::report
