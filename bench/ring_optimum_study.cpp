// Exact optima of small heterogeneous bidirectional rings (issue 12 item 2): for every generator
// shape and n = 4..8, the time-indexed MILP solved by CBC and by GLPK (the same model, the same
// node limit), next to the breadth-first exact search where it applies. Prints, per shape and per
// n, how often the optimum equals tau_int and the planner's makespan, and the distribution of solve
// times (CPU time of this process: the machine may be shared). Usage: ring_optimum_study [rings per
// shape and n = 20] [seed = 1] [node limit = 100000] [shapes = all, comma-separated generator shape
// names] Rings as `redist gen ring --n N --ring bi --costs het --shape S --max-load 4 --max-cost 10
// [--cost-decimals 1] --seed X`: integer costs for even k, one decimal for odd k.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/exact/ring_optimum.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "ring/exact_search.hpp"
#include "ring/system6.hpp"

namespace {

using namespace redist;

double cpu_ms_since(std::clock_t t0) {
  return 1000.0 * static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
}

struct Tally {
  int rings = 0, refused = 0, proved = 0, at_tau = 0, at_planner = 0, at_bound = 0;
  std::map<std::string, std::vector<double>> millis;  // per method
  std::map<std::string, int> unproved;
};

std::string quantiles(std::vector<double> v) {
  if (v.empty()) return "-";
  std::sort(v.begin(), v.end());
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.1f / %.1f / %.1f", v[v.size() / 2], v[v.size() * 9 / 10],
                v.back());
  return buf;
}

void solve_one(const RingInstance& inst, std::int64_t node_limit, Tally& tally) {
  ++tally.rings;
  const ring::RingPlan plan = ring::plan_ring(inst);
  std::optional<Ticks> optimum;
  for (const exact::MilpSolver solver : exact::available_milp_solvers()) {
    exact::RingOptimumOptions options;
    options.solver = solver;
    options.node_limit = node_limit;
    options.use_planner_bound = false;  // the solver proves the optimum on its own
    const std::clock_t t0 = std::clock();
    const exact::RingOptimum r = exact_ring_optimum(inst, plan, options);
    const double ms = cpu_ms_since(t0);
    if (r.status == exact::RingOptimum::Status::refused) {
      ++tally.refused;
      return;
    }
    tally.millis[to_string(solver)].push_back(ms);
    std::fprintf(stderr, "n=%zu %s: %s %.1f ms, %lld nodes, %zu binaries\n", inst.size(),
                 to_string(solver), to_string(r.status), ms, static_cast<long long>(r.nodes),
                 r.binaries);
    if (r.status == exact::RingOptimum::Status::optimal)
      optimum = r.upper;
    else
      ++tally.unproved[to_string(solver)];
  }
  {  // `redist exact` as shipped: the default solver from the planner's bound (no solve when the
     // planner meets it)
    exact::RingOptimumOptions options;
    options.node_limit = node_limit;
    const std::clock_t t0 = std::clock();
    const exact::RingOptimum r = exact_ring_optimum(inst, plan, options);
    tally.millis["default from bound"].push_back(cpu_ms_since(t0));
    if (r.status == exact::RingOptimum::Status::optimal) optimum = r.upper;
  }
  if (ring::exact_search_applies(
          inst)) {  // the baseline: breadth-first search from the planner's makespan
    const std::clock_t t0 = std::clock();
    const ring::ExactSearchResult s = ring::exact_optimal_schedule(inst, *plan.schedule.makespan);
    tally.millis["bfs search"].push_back(cpu_ms_since(t0));
    if (s.outcome == ring::ExactSearchResult::Outcome::gave_up) ++tally.unproved["bfs search"];
  }
  if (!optimum) return;
  ++tally.proved;
  tally.at_tau += *optimum == ring::solve_system6(inst).integer_optimum;
  tally.at_planner += *optimum == *plan.schedule.makespan;
  tally.at_bound += *optimum == plan.bounds.best;
}

void print(const std::string& label, const Tally& t) {
  std::printf("%-10s %5d %7d %6d %7d %7d %8d", label.c_str(), t.rings, t.refused, t.proved,
              t.at_tau, t.at_bound, t.at_planner);
  for (const char* m : {"cbc", "glpk", "default from bound", "bfs search"}) {
    const auto it = t.millis.find(m);
    const auto un = t.unproved.find(m);
    std::printf("  %-22s",
                it == t.millis.end()
                    ? "-"
                    : (quantiles(it->second) +
                       (un != t.unproved.end() ? " (" + std::to_string(un->second) + "!)" : ""))
                          .c_str());
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  const int per_cell = argc > 1 ? std::atoi(argv[1]) : 20;
  Rng rng(argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1);
  const std::int64_t node_limit = argc > 3 ? std::atoll(argv[3]) : 100'000;
  const ring::RingShape shapes[] = {ring::RingShape::uniform, ring::RingShape::gather,
                                    ring::RingShape::scatter, ring::RingShape::heavy,
                                    ring::RingShape::blocks,  ring::RingShape::forward};
  std::map<std::size_t, Tally> by_n;
  std::printf("%-10s %5s %7s %6s %7s %7s %8s  %-22s  %-22s  %-22s  %-22s\n", "shape", "rings",
              "refused", "proved", "=tau", "=bound", "=planner", "cbc ms p50/p90/max",
              "glpk ms p50/p90/max", "default from bound ms", "bfs search ms");
  const std::string wanted = argc > 4 ? std::string(",") + argv[4] + "," : std::string();
  for (const ring::RingShape shape : shapes) {
    if (!wanted.empty() &&
        wanted.find(std::string(",") + to_string(shape) + ",") == std::string::npos)
      continue;
    Tally tally;
    for (std::size_t n = 4; n <= 8; ++n)
      for (int k = 0; k < per_cell; ++k) {
        ring::RingGenOptions gen;
        gen.n = n;
        gen.kind = RingKind::bidirectional;
        gen.heterogeneous = true;
        gen.shape = shape;
        gen.max_load = 4;
        gen.max_cost = 10;
        gen.cost_decimals = k % 2;
        gen.seed = rng.next();
        Tally one;
        solve_one(ring::generate_ring_instance(gen), node_limit, one);
        for (Tally* t : {&tally, &by_n[n]}) {
          t->rings += one.rings, t->refused += one.refused, t->proved += one.proved,
              t->at_tau += one.at_tau;
          t->at_bound += one.at_bound, t->at_planner += one.at_planner;
          for (const auto& [m, v] : one.millis)
            t->millis[m].insert(t->millis[m].end(), v.begin(), v.end());
          for (const auto& [m, c] : one.unproved) t->unproved[m] += c;
        }
      }
    print(to_string(shape), tally);
    std::fflush(stdout);
  }
  for (const auto& [n, tally] : by_n) print("n = " + std::to_string(n), tally);
  std::printf(
      "(!) = runs stopped by the node limit (MILP) or the state limit (bfs search) before a "
      "proof\n");
}
