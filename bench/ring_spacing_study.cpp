// Spaced transfers on heterogeneous rings (issue 11): plan time, transfers (total and per link),
// validator time and gap to the lower bound, for the default spaced plans and, measured in the same
// run, the back-to-back fallback (RingPlanOptions::back_to_back); then the most transfers per link
// found by a random search over relay chains. Times are CPU seconds of this process (the machine is
// shared). Usage:
//   ring_spacing_study [max_n=1000000] [max_n_back_to_back_uni=100000]
//   [max_n_back_to_back_bi=10000]
//                      [search_trials=20000]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"

namespace {

using namespace redist;

double cpu_seconds_since(std::clock_t t0) {
  return static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
}

struct LinkCounts {
  std::size_t links = 0, most = 0;
};

LinkCounts per_link(const Schedule& s) {
  std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> count;
  for (const Transfer& t : s.transfers) ++count[{t.from, t.to}];
  LinkCounts out;
  out.links = count.size();
  for (const auto& entry : count) out.most = std::max(out.most, entry.second);
  return out;
}

void row(const char* kind, std::size_t n, std::int64_t max_load, bool back_to_back) {
  ring::RingGenOptions opt;
  opt.n = n;
  opt.kind = std::string(kind) == "uni" ? RingKind::unidirectional : RingKind::bidirectional;
  opt.heterogeneous = true;
  opt.max_load = max_load;
  opt.seed = 1;
  const RingInstance inst = ring::generate_ring_instance(opt);
  ring::RingPlanOptions options;
  options.back_to_back = back_to_back;
  std::clock_t t0 = std::clock();
  const ring::RingPlan plan = plan_ring(inst, options);
  const double plan_s = cpu_seconds_since(t0);
  t0 = std::clock();
  const sim::ValidationResult check = sim::validate_ring_schedule(inst, plan.schedule);
  const double check_s = cpu_seconds_since(t0);
  const LinkCounts links = per_link(plan.schedule);
  const double gap = 100.0 * static_cast<double>(*plan.schedule.makespan - plan.bounds.best) /
                     static_cast<double>(plan.bounds.best);
  std::printf("| %s | %zu | %lld | %s | %.3f | %zu | %.2f | %zu | %.3f | %s | %.4f%% |\n", kind, n,
              static_cast<long long>(max_load), back_to_back ? "back to back" : "spaced", plan_s,
              plan.schedule.transfers.size(),
              static_cast<double>(plan.schedule.transfers.size()) /
                  static_cast<double>(std::max<std::size_t>(1, links.links)),
              links.most, check_s, check.valid ? "valid" : "INVALID", gap);
  std::fflush(stdout);
}

// Relay chains: one heavy source, relays with few items, random costs; the most transfers on one
// link.
void worst_case_search(int trials) {
  Rng rng(7);
  std::size_t best = 0;
  RingInstance best_inst;
  for (int trial = 0; trial < trials; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(3, 16));
    RingInstance inst;
    inst.succ_cost.resize(n);
    for (auto& c : inst.succ_cost) c = rng.uniform(1, 20);
    inst.loads.resize(n);
    inst.targets.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      inst.loads[i] = rng.uniform(0, 6) == 0 ? rng.uniform(1, 100000) : rng.uniform(1, 4);
      inst.targets[i] = rng.uniform(1, 4);
    }
    std::int64_t diff = 0;
    for (std::size_t i = 0; i < n; ++i) diff += inst.loads[i] - inst.targets[i];
    if (diff > 0)
      inst.targets[n - 1] += diff;
    else
      inst.loads[0] -= diff;
    const ring::RingPlan plan = ring::plan_ring(inst);
    const LinkCounts links = per_link(plan.schedule);
    if (links.most > best) {
      best = links.most;
      best_inst = inst;
    }
  }
  std::printf(
      "\nrandom search, %d relay chains (n = 3..15, costs 1..20): most transfers on one link = "
      "%zu\n",
      trials, best);
  std::printf("  loads");
  for (auto v : best_inst.loads) std::printf(" %lld", static_cast<long long>(v));
  std::printf("\n  targets");
  for (auto v : best_inst.targets) std::printf(" %lld", static_cast<long long>(v));
  std::printf("\n  costs");
  for (auto v : best_inst.succ_cost) std::printf(" %lld", static_cast<long long>(v));
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t max_n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const std::size_t max_b2b_uni = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 100000;
  const std::size_t max_b2b_bi = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 10000;
  const int trials = argc > 4 ? std::atoi(argv[4]) : 20000;
  std::printf(
      "| ring | n | max load | pacing | plan CPU s | transfers | per link (mean) | per link (most) "
      "| check CPU s | verdict | gap |\n");
  std::printf("|---|---:|---:|---|---:|---:|---:|---:|---:|---|---:|\n");
  for (const char* kind : {"uni", "bi"})
    for (std::size_t n = 10000; n <= max_n; n *= 10)
      for (const std::int64_t max_load : {std::int64_t{1000}, std::int64_t{1000000000}}) {
        row(kind, n, max_load, false);
        if (n <= (std::string(kind) == "uni" ? max_b2b_uni : max_b2b_bi))
          row(kind, n, max_load, true);
      }
  worst_case_search(trials);
}
