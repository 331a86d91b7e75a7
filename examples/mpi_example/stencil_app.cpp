#include "stencil_app.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/errors.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/perm/generator.hpp"
#include "stencil_run.hpp"

namespace redist::example {

namespace {

// p x q with p <= q and p the largest divisor of P not above sqrt(P): the squarest process grid.
std::pair<std::size_t, std::size_t> process_grid(std::size_t processors) {
  std::size_t p = 1;
  for (std::size_t d = 1; d * d <= processors; ++d)
    if (processors % d == 0) p = d;
  return {p, processors / p};
}

perm::PermGenOptions generator_options(const StencilOptions& opt, std::size_t processors,
                                       int layout) {
  perm::PermGenOptions gen;
  if (!perm::parse_distribution(opt.distribution, gen.distribution) ||
      (gen.distribution != perm::PermDistribution::random &&
       gen.distribution != perm::PermDistribution::skewed_set &&
       gen.distribution != perm::PermDistribution::chunk_set))
    throw exec::AgreementError(
        "stencil", "--dist",
        "must be random, skewed-set or chunk-set, got '" + opt.distribution + "'");
  gen.processors = processors;
  gen.items_per_part = opt.tiles_per_rank;
  std::tie(gen.grid_rows, gen.grid_cols) = process_grid(processors);
  gen.tiles = static_cast<std::size_t>(opt.side);
  // One independent stream per initial distribution (core/random.hpp).
  gen.seed = stream_seed(opt.seed, static_cast<std::uint64_t>(layout));
  return gen;
}

StencilLayout make_layout(const StencilOptions& opt, std::size_t processors, int layout) {
  const perm::PermGenOptions gen = generator_options(opt, processors, layout);
  perm::ItemLayout items;
  StencilLayout out;
  // Every rank reads the same options, so a bad value is an agreed error (reported once, exit 2).
  try {
    items = perm::generate_items(gen);
    out.grid = gen.distribution == perm::PermDistribution::random
                   ? ring_grid(static_cast<std::int64_t>(items.initial.size()), opt.tile_values)
                   : torus_grid(opt.side, opt.tile_values);
  } catch (const InputError& e) {
    throw exec::AgreementError("stencil", e.field(), e.reason());
  } catch (const std::invalid_argument& e) {
    const bool ring = gen.distribution == perm::PermDistribution::random;
    throw exec::AgreementError("stencil", ring ? "--tiles-per-rank" : "--side", e.what());
  }
  out.initial.assign(items.initial.begin(), items.initial.end());
  out.partition = items.partition;
  return out;
}

// tau_comm: half the median round trip of one tile between rank 0 and the last rank.
double measure_tau_comm(const exec::Context& ctx, std::int64_t tile_doubles) {
  const int last = ctx.size() - 1;
  if (last == 0) return 0.0;
  std::vector<double> tile(static_cast<std::size_t>(tile_doubles), 1.0);
  std::vector<double> trips;
  const int count = static_cast<int>(tile_doubles);
  for (int round = 0; round < 7; ++round) {
    exec::check_mpi(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const double t0 = MPI_Wtime();
    if (ctx.rank() == 0) {
      exec::check_mpi(MPI_Send(tile.data(), count, MPI_DOUBLE, last, 1, MPI_COMM_WORLD),
                      "MPI_Send");
      exec::check_mpi(
          MPI_Recv(tile.data(), count, MPI_DOUBLE, last, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
          "MPI_Recv");
    } else if (ctx.rank() == last) {
      exec::check_mpi(
          MPI_Recv(tile.data(), count, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
          "MPI_Recv");
      exec::check_mpi(MPI_Send(tile.data(), count, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD), "MPI_Send");
    }
    trips.push_back(MPI_Wtime() - t0);
  }
  std::sort(trips.begin(), trips.end());
  double tau = trips[trips.size() / 2] / 2.0;
  exec::check_mpi(MPI_Bcast(&tau, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD), "MPI_Bcast");
  return tau;
}

std::vector<std::uint64_t> reference_hashes(const exec::Context& ctx, const StencilGrid& grid,
                                            int iterations) {
  std::vector<std::uint64_t> hashes(static_cast<std::size_t>(grid.tiles));
  if (ctx.rank() == 0) hashes = serial_reference_hashes(grid, iterations);
  exec::check_mpi(
      MPI_Bcast(hashes.data(), static_cast<int>(hashes.size()), MPI_UINT64_T, 0, MPI_COMM_WORLD),
      "MPI_Bcast");
  return hashes;
}

struct CsvWriter {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, &std::fclose};

  void row(const StencilOptions& opt, double tau_comm, double tau_calc, int layout, int rep,
           StencilStrategy s, std::int64_t tiles, const StencilRun& run) const {
    double total = run.redistribution_s + run.back_s;
    for (std::size_t k = 0; k <= run.iteration_s.size(); ++k) {
      if (k > 0) total += run.iteration_s[k - 1];
      std::fprintf(file.get(),
                   "%s,%g,%.6g,%.6g,%d,%d,%s,%lld,%lld,%lld,%lld,%.6f,%.6f,%zu,%.6f,%lld,%.4f\n",
                   opt.distribution.c_str(), opt.ratio, tau_comm, tau_calc, layout, rep,
                   to_string(s), static_cast<long long>(tiles),
                   static_cast<long long>(run.moved_tiles), static_cast<long long>(run.steps),
                   static_cast<long long>(run.halo_tiles), run.redistribution_s, run.back_s, k,
                   total, static_cast<long long>(run.qr_tiles_sent), run.qr_work_share);
    }
  }
};

CsvWriter open_csv(const exec::Context& ctx, const std::string& path) {
  CsvWriter csv;
  if (ctx.rank() != 0 || path.empty()) return csv;
  csv.file.reset(std::fopen(path.c_str(), "w"));
  if (!csv.file) throw std::runtime_error("stencil: cannot write " + path);
  std::fprintf(
      csv.file.get(),
      "distribution,ratio,tau_comm_s,tau_calc_s,layout,rep,strategy,tiles,moved_tiles,steps,"
      "halo_tiles_per_iteration,redistribution_s,back_s,k,total_s,qr_tiles_sent,qr_work_share\n");
  return csv;
}

// Per strategy: sums over runs for the summary printed at the end.
struct Totals {
  double at_zero = 0, at_k = 0, moved = 0, steps = 0, halo = 0;
  int runs = 0;
};

void print_summary(const std::map<StencilStrategy, Totals>& totals, std::int64_t tiles,
                   int iterations) {
  std::printf("\n%-7s %12s %8s %10s %12s %12s\n", "target", "moved_%", "steps", "halo/iter",
              "T(K=0)_s", ("T(K=" + std::to_string(iterations) + ")_s").c_str());
  for (const auto& [s, t] : totals) {
    const double n = t.runs;
    std::printf("%-7s %12.1f %8.1f %10.1f %12.4f %12.4f\n", to_string(s),
                100.0 * t.moved / n / static_cast<double>(tiles), t.steps / n, t.halo / n,
                t.at_zero / n, t.at_k / n);
  }
}

}  // namespace

int run_stencil_app(exec::Context& ctx, const StencilOptions& opt) {
  const auto processors = static_cast<std::size_t>(ctx.size());
  const StencilLayout first =
      make_layout(opt, processors, 0);  // validates the options on every rank
  const std::vector<std::uint64_t> reference = reference_hashes(ctx, first.grid, opt.iterations);
  const double tau_comm = measure_tau_comm(ctx, first.grid.stride());
  const double tau_calc = opt.calc_ms >= 0 ? opt.calc_ms / 1e3 : tau_comm / opt.ratio;
  const CsvWriter csv = open_csv(ctx, opt.csv);
  if (ctx.rank() == 0)
    std::printf(
        "redist MPI example: stencil (document 003 section 6.2)\n%d ranks, %s, %lld tiles of %lld "
        "doubles, "
        "K = 0..%d, tau_comm %.3f ms (measured), tau_calc %.3f ms, %d distributions x %d "
        "repetitions\n",
        ctx.size(), opt.distribution.c_str(), static_cast<long long>(first.grid.tiles),
        static_cast<long long>(opt.tile_values), opt.iterations, 1e3 * tau_comm, 1e3 * tau_calc,
        opt.layouts, opt.repetitions);
  std::map<StencilStrategy, Totals> totals;
  std::int64_t bad = 0;
  for (int layout = 0; layout < opt.layouts; ++layout) {
    const StencilLayout current = layout == 0 ? first : make_layout(opt, processors, layout);
    for (int rep = 0; rep < opt.repetitions; ++rep)
      for (std::size_t i = 0; i < std::size(kStencilStrategies); ++i) {
        // Rotate the order from run to run, so that a drift of the machine's load favours no
        // strategy.
        const StencilStrategy s =
            kStencilStrategies[(i + static_cast<std::size_t>(layout * opt.repetitions + rep)) %
                               std::size(kStencilStrategies)];
        const StencilRun run =
            run_stencil_strategy(ctx, current, s, opt.iterations, tau_calc, reference, opt.corrupt);
        bad += run.bad_tiles;
        if (csv.file) csv.row(opt, tau_comm, tau_calc, layout, rep, s, current.grid.tiles, run);
        Totals& t = totals[s];
        t.at_zero += run.redistribution_s + run.back_s;
        t.at_k += run.redistribution_s + run.back_s;
        for (const double x : run.iteration_s) t.at_k += x;
        t.moved += static_cast<double>(run.moved_tiles);
        t.steps += static_cast<double>(run.steps);
        t.halo += static_cast<double>(run.halo_tiles);
        ++t.runs;
      }
  }
  if (ctx.rank() == 0) {
    print_summary(totals, first.grid.tiles, opt.iterations);
    std::printf("\ncheck: %s\n",
                bad == 0 ? "every tile intact after each redistribution and equal to the serial "
                           "reference after K iterations: OK"
                         : "WRONG tiles (misplaced or different from the serial reference)");
    std::fflush(stdout);
  }
  return bad == 0 ? 0 : 1;
}

}  // namespace redist::example
