// A consumer of redist::core (tests/consumer/README.md): plans seeded random rings of every
// framework, round-trips each instance through JSON, and checks every plan with the exact
// validator. Exit 0 when every plan is valid, claims the makespan the validator measures and
// respects its lower bound. Built from an install prefix (find_package, pkg-config) and with
// add_subdirectory.

#include <cstdio>

#include <redist/io.hpp>
#include <redist/redist.hpp>

namespace {

// One seeded instance: planned, checked; prints the first failure and returns false.
bool plan_and_check(const redist::ring::RingGenOptions& options) {
  const redist::RingInstance generated = redist::ring::generate_ring_instance(options);
  const redist::RingInstance instance = redist::io::ring_instance_from_json(
      redist::io::ring_instance_to_json(generated), "<round trip>");
  const redist::ring::RingPlan plan = redist::ring::plan_ring(instance);
  const redist::sim::ValidationResult check =
      redist::sim::validate_ring_schedule(instance, plan.schedule);
  const bool claims_measured = plan.schedule.makespan &&
                               check.time_scale == plan.schedule.time_scale &&
                               *plan.schedule.makespan == check.makespan;
  const bool above_bound =
      !plan.schedule.lower_bound || *plan.schedule.lower_bound <= check.makespan;
  if (check.valid && claims_measured && above_bound) return true;
  std::printf(
      "seed %llu n %zu %s: valid %d, makespan as claimed %d, above its lower bound %d (%s)\n",
      static_cast<unsigned long long>(options.seed), options.n, plan.framework.c_str(), check.valid,
      claims_measured, above_bound, check.violation ? check.violation->message.c_str() : "");
  return false;
}

}  // namespace

int main() {
  int plans = 0;
  int failures = 0;
  for (const redist::RingKind kind :
       {redist::RingKind::unidirectional, redist::RingKind::bidirectional}) {
    for (const bool heterogeneous : {false, true}) {
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        redist::ring::RingGenOptions options;
        options.n = 3 + seed % 6;
        options.kind = kind;
        options.heterogeneous = heterogeneous;
        options.seed = seed;
        failures += plan_and_check(options) ? 0 : 1;
        ++plans;
      }
    }
  }
  std::printf("redist %s: %d ring plans, %d failed\n", redist::kVersionString, plans, failures);
  return failures == 0 && plans == 40 ? 0 : 1;
}
