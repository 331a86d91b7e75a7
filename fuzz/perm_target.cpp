// Harness for `redist perm`: bytes -> a P x P counts matrix written as JSON and read back by the
// CLI's reader, then every solver and heuristic, judged by:
//   - every assignment is a permutation and its reported volume and steps match a recomputation
//   from
//     the raw counts (written here, not the library's evaluate());
//   - P <= 6: brute force over all P! assignments gives the optimal volume, the optimal steps, and
//   the
//     lexicographic optima that solve_min_volume / solve_min_steps promise; the document's pruning
//     algorithm must reach the optimal steps;
//   - the matching solvers' optimality certificates (dense and sparse) hold and agree;
//   - the step schedules of both optima pass check_step_schedule with exactly the promised number
//     of steps, and a second, independent checker written here.
//
// Byte layout: P - 1 (mod 8), then P^2 counts (ByteReader::amount, mostly 0..4, sometimes up to
// 2^62: the reader's 2^60 total limit decides).

#include <algorithm>
#include <map>
#include <numeric>

#include "byte_reader.hpp"
#include "harness.hpp"
#include "redist/core/error.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/greedy.hpp"
#include "redist/perm/perm_io.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::fuzz {

namespace {

using perm::Assignment;
using perm::PermInstance;
using perm::PermSolution;
using perm::Proc;

constexpr const char* kTarget = "perm";
const std::string kSource = "fuzz-perm.json";
constexpr std::uint64_t kMaxProcessors = 8;
constexpr std::size_t kMaxBruteForce = 6;

// The counts as a dense matrix, straight from the instance's rows.
using Matrix = std::vector<std::vector<std::int64_t>>;

Matrix dense(const PermInstance& inst) {
  Matrix c(inst.processors(), std::vector<std::int64_t>(inst.processors(), 0));
  for (Proc i = 0; i < inst.processors(); ++i)
    for (const auto& e : inst.row(i)) c[i][e.part] = e.count;
  return c;
}

struct Costs {
  std::int64_t volume = 0;
  std::int64_t steps = 0;
};

// Document 003 section 3.2: items that move, and max over processors of max(sent, received).
Costs costs_of(const Matrix& c, const Assignment& a) {
  const std::size_t p = c.size();
  Costs r;
  for (std::size_t part = 0; part < p; ++part) {
    const std::size_t host = a[part];
    std::int64_t received = 0, sent = 0;
    for (std::size_t i = 0; i < p; ++i) {
      if (i != host) received += c[i][part];
      if (a[i] != host) sent += c[host][i];  // part i leaves `host` unless it is hosted there
    }
    r.volume += received;
    r.steps = std::max({r.steps, received, sent});
  }
  return r;
}

bool is_permutation_of(const Assignment& a, std::size_t p) {
  std::vector<bool> seen(p, false);
  if (a.size() != p) return false;
  for (Proc x : a) {
    if (x >= p || seen[x]) return false;
    seen[x] = true;
  }
  return true;
}

struct Optima {
  Costs by_volume{INT64_MAX, INT64_MAX};  // least volume, then least steps
  Costs by_steps{INT64_MAX, INT64_MAX};   // least steps, then least volume
};

Optima brute_force(const Matrix& c) {
  Assignment a(c.size());
  std::iota(a.begin(), a.end(), Proc{0});
  Optima o;
  do {
    const Costs k = costs_of(c, a);
    if (std::pair(k.volume, k.steps) < std::pair(o.by_volume.volume, o.by_volume.steps))
      o.by_volume = k;
    if (std::pair(k.steps, k.volume) < std::pair(o.by_steps.steps, o.by_steps.volume))
      o.by_steps = k;
  } while (std::next_permutation(a.begin(), a.end()));
  return o;
}

void check_solution(const Matrix& c, const PermSolution& s, const std::string& name) {
  require(is_permutation_of(s.assignment, c.size()), kTarget, name + ": not a permutation");
  const Costs k = costs_of(c, s.assignment);
  require(k.volume == s.volume && k.steps == s.steps, kTarget,
          name + ": reports volume " + std::to_string(s.volume) + ", steps " +
              std::to_string(s.steps) + "; recomputed " + std::to_string(k.volume) + ", " +
              std::to_string(k.steps));
}

// An independent step-schedule checker: distinct senders and receivers per step, real pairs, and
// every pair moved exactly its demand.
std::int64_t checked_steps(std::size_t p, const std::vector<perm::PairDemand>& demand,
                           const perm::StepSchedule& s, const std::string& name) {
  std::map<std::pair<Proc, Proc>, __int128> moved;
  __int128 steps = 0;
  for (const perm::StepGroup& g : s.groups) {
    require(g.repeat >= 1 && !g.pairs.empty(), kTarget, name + ": empty group or repeat < 1");
    std::vector<bool> sends(p, false), receives(p, false);
    for (const perm::TransferPair& t : g.pairs) {
      require(t.src < p && t.dst < p && t.src != t.dst, kTarget,
              name + ": pair outside the ring or to itself");
      require(!sends[t.src] && !receives[t.dst], kTarget,
              name + ": a processor sends or receives twice in one step");
      sends[t.src] = receives[t.dst] = true;
      moved[{t.src, t.dst}] += g.repeat;
    }
    steps += g.repeat;
  }
  std::map<std::pair<Proc, Proc>, __int128> wanted;
  for (const perm::PairDemand& d : demand) wanted[{d.src, d.dst}] += d.items;
  require(moved == wanted, kTarget, name + ": the schedule does not move exactly the demand");
  return static_cast<std::int64_t>(steps);
}

// Each destination hosts one part, so every (src, dst) pair carries exactly one count.
std::vector<perm::PairDemand> demand_of(const Matrix& c, const Assignment& a) {
  std::vector<perm::PairDemand> d;
  for (Proc i = 0; i < c.size(); ++i)
    for (Proc part = 0; part < c.size(); ++part)
      if (c[i][part] > 0 && a[part] != i) d.push_back({i, a[part], c[i][part]});
  std::sort(d.begin(), d.end(), [](const auto& x, const auto& y) {
    return std::pair(x.src, x.dst) < std::pair(y.src, y.dst);
  });
  return d;
}

void check_schedule(const PermInstance& inst, const Matrix& c, const PermSolution& s,
                    const std::string& name) {
  const auto demand = perm::transfer_demand(inst, s.assignment);
  const auto mine = demand_of(c, s.assignment);
  require(demand.size() == mine.size() && std::equal(demand.begin(), demand.end(), mine.begin(),
                                                     [](const auto& x, const auto& y) {
                                                       return x.src == y.src && x.dst == y.dst &&
                                                              x.items == y.items;
                                                     }),
          kTarget, name + ": transfer_demand differs from the counts");
  require(perm::max_port_degree(inst.processors(), demand) == s.steps, kTarget,
          name + ": max_port_degree != steps");
  const perm::StepSchedule schedule = perm::colour_transfers(inst.processors(), demand);
  const perm::StepCheck check = perm::check_step_schedule(inst.processors(), demand, schedule);
  require(
      check.valid, kTarget,
      name + ": check_step_schedule rejects the colouring" +
          (check.violation ? ": " + check.violation->rule + " " + check.violation->message : ""));
  require(check.steps == s.steps, kTarget,
          name + ": the colouring takes " + std::to_string(check.steps) + " steps, not " +
              std::to_string(s.steps));
  require(checked_steps(inst.processors(), demand, schedule, name) == s.steps, kTarget,
          name + ": independent checker counts other steps");
}

void check_certificates(const PermInstance& inst, std::int64_t min_volume) {
  const perm::WeightedGraph graph = perm::kept_items_graph(inst);
  for (auto method : {perm::MatchingMethod::dense, perm::MatchingMethod::sparse}) {
    const perm::WeightedMatching m = perm::max_weight_matching(graph, method);
    const auto problem = perm::check_matching_certificate(graph, m);
    require(!problem, kTarget, "matching certificate fails: " + problem.value_or(""));
    require(m.weight == inst.total_items() - min_volume, kTarget,
            "matching weight is not the kept items of the optimum");
  }
}

std::string instance_text(ByteReader& in) {
  const std::size_t p = 1 + in.below(kMaxProcessors);
  std::string text = "{\"counts\":[";
  for (std::size_t i = 0; i < p; ++i) {
    text += i ? ",[" : "[";
    for (std::size_t j = 0; j < p; ++j) {
      if (j) text += ',';  // appended: `"," + text` warns falsely in GCC 12 (-Wrestrict)
      text += std::to_string(in.amount(5));
    }
    text += "]";
  }
  return text + "]}";
}

}  // namespace

void fuzz_perm(Bytes data) {
  ByteReader in(data);
  const std::string text = instance_text(in);
  show_decoded(kTarget, text);
  PermInstance inst;
  try {
    inst = perm::parse_perm_instance(text, kSource);
  } catch (const InputError&) {
    return;
  }
  const Matrix c = dense(inst);
  const PermSolution by_volume = perm::solve_min_volume(inst);
  const PermSolution by_steps = perm::solve_min_steps(inst);
  const std::vector<std::pair<std::string, PermSolution>> all{
      {"min-volume", by_volume},
      {"min-volume dense", perm::solve_min_volume(inst, {perm::MatchingMethod::dense, true})},
      {"min-volume sparse", perm::solve_min_volume(inst, {perm::MatchingMethod::sparse, true})},
      {"min-volume plain", perm::solve_min_volume(inst, {perm::MatchingMethod::automatic, false})},
      {"min-steps", by_steps},
      {"min-steps plain", perm::solve_min_steps(inst, {false})},
      {"min-steps pruning", perm::solve_min_steps_pruning(inst)},
      {"canonical", perm::evaluate(inst, perm::canonical_assignment(inst.processors()))},
      {"greedy-sorted", perm::evaluate(inst, perm::greedy_sorted_overlaps(inst))},
      {"path-growing", perm::evaluate(inst, perm::greedy_path_growing(inst))},
      {"greedy-by-part", perm::evaluate(inst, perm::greedy_by_part(inst))},
  };
  for (const auto& [name, s] : all) {
    check_solution(c, s, name);
    require(s.volume >= by_volume.volume && s.steps >= by_steps.steps, kTarget,
            name + " beats an optimum");
  }
  for (std::size_t k = 1; k <= 2; ++k)
    require(all[k].second.volume == by_volume.volume && all[k].second.steps == by_volume.steps,
            kTarget, all[k].first + " disagrees with the automatic solver");
  require(all[3].second.volume == by_volume.volume, kTarget,
          "min-volume without tie-breaking is not optimal");
  require(all[5].second.steps == by_steps.steps && all[6].second.steps == by_steps.steps, kTarget,
          "the step solvers disagree");
  if (inst.processors() <= kMaxBruteForce) {
    const Optima o = brute_force(c);
    require(by_volume.volume == o.by_volume.volume && by_volume.steps == o.by_volume.steps, kTarget,
            "min-volume is not the lexicographic (volume, steps) optimum");
    require(by_steps.steps == o.by_steps.steps && by_steps.volume == o.by_steps.volume, kTarget,
            "min-steps is not the lexicographic (steps, volume) optimum");
  }
  check_certificates(inst, by_volume.volume);
  check_schedule(inst, c, by_volume, "min-volume");
  check_schedule(inst, c, by_steps, "min-steps");
}

}  // namespace redist::fuzz
