// Harness for `redist lau`: bytes -> an all-port instance written as JSON and read back by the
// CLI's reader, then every algorithm (linear, traffic, optimal, window) for both modes, judged by:
//   - the flows are shift + S_i and the traffic is sum |flows|;
//   - both reported times (T_single, T_multi, or a deadlock) equal what the step-by-step executor
//     (sim/allport_executor.hpp) measures, and a completed run ends on the targets;
//   - small instances: brute force over every shift in [-3L-3, 3L+3]
//   (tests/unit/lau_brute_force.hpp),
//     timed by the executor for L <= 12 and by the closed forms (which the executor checks on every
//     plan above) up to L = 40, gives the optimal time; `optimal` must reach it, report
//     exactly the set of optimal shifts, and pick the least traffic among them; `traffic` must have
//     the least traffic of all shifts.
//
// Byte layout: header (bit 0: explicit targets), n - 1 (mod 16), n loads, then n raw targets
// (rebalanced to the loads' total). The window search is capped at kMaxWindow shifts (its cost is
// O(n * window), and a too-large window is a documented status, not a failure).

#include "byte_reader.hpp"
#include "harness.hpp"
#include "instance_text.hpp"
#include "redist/core/error.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/sim/allport_executor.hpp"
#include "unit/lau_brute_force.hpp"

namespace redist::fuzz {

namespace {

constexpr const char* kTarget = "lau";
const std::string kSource = "fuzz-lau.json";
constexpr std::uint64_t kMaxRing = 16;
constexpr std::int64_t kMaxWindow = 4096;
constexpr std::int64_t kMaxBruteForceTotal = 40;
constexpr std::int64_t kMaxExecutedBruteForceTotal = 12;

std::string instance_text(ByteReader& in) {
  const std::uint8_t header = in.byte();
  const std::size_t n = 1 + in.below(kMaxRing);
  std::vector<Ticks> loads(n);
  for (auto& l : loads) l = in.amount(6);
  std::string text = "{\"model\":\"allport\",\"loads\":" + json_list(loads);
  if (header & 1) {
    std::vector<Ticks> targets(n);
    for (auto& t : targets) t = in.amount(6);
    rebalance(loads, targets, in.below(n));
    text += ",\"targets\":" + json_list(targets);
  }
  return text + "}";
}

std::string label(const lau::LauPlan& plan) {
  return std::string(to_string(plan.algorithm)) + "/" + to_string(plan.mode) + " shift " +
         std::to_string(plan.shift);
}

void check_time(const sim::AllportInstance& inst, const lau::LauPlan& plan, sim::SendMode mode) {
  const sim::AllportTime reported = mode == sim::SendMode::single ? plan.t_single : plan.t_multi;
  sim::ExecOptions options;
  options.max_steps =
      reported.deadlock ? static_cast<std::int64_t>(inst.size()) + 2 : reported.steps + 1;
  const sim::AllportExecution run = execute_allport(inst, plan.flows, mode, options);
  const std::string what = label(plan) + ", " + to_string(mode) + "-send: ";
  if (reported.deadlock) {
    require(run.status == sim::ExecStatus::deadlock, kTarget,
            what + "reported deadlock, the executor " + to_string(run.status));
    return;
  }
  require(run.status == sim::ExecStatus::completed && run.steps == reported.steps, kTarget,
          what + "reported " + std::to_string(reported.steps) + " steps, the executor " +
              to_string(run.status) + " after " + std::to_string(run.steps));
  require(run.reached_targets, kTarget, what + "the execution does not end on the targets");
}

void check_flows(const sim::AllportInstance& inst, const lau::LauPlan& plan) {
  const std::vector<std::int64_t> base = sim::shift_base(inst);
  require(plan.flows.size() == base.size(), kTarget, label(plan) + ": one flow per edge expected");
  __int128 traffic = 0;
  for (std::size_t i = 0; i < base.size(); ++i) {
    require(plan.flows[i] == __int128{plan.shift} + base[i], kTarget,
            label(plan) + ": flows are not shift + S_i");
    traffic += plan.flows[i] < 0 ? -__int128{plan.flows[i]} : __int128{plan.flows[i]};
  }
  require(traffic == plan.traffic, kTarget, label(plan) + ": traffic is not sum |flows|");
}

void check_against_brute_force(const sim::AllportInstance& inst, const lau::LauPlan& plan) {
  const sim::ShiftEvaluator eval(inst);
  if (plan.algorithm == lau::LauAlgorithm::traffic) {
    const std::int64_t r = testing::brute_force_radius(inst);
    __int128 least = eval.traffic(-r);
    for (std::int64_t x = -r; x <= r; ++x) least = std::min(least, eval.traffic(x));
    require(plan.traffic == least, kTarget, label(plan) + ": another shift has less traffic");
    return;
  }
  if (plan.algorithm != lau::LauAlgorithm::optimal) return;
  const testing::BruteForce brute =
      testing::brute_force(inst, plan.mode, inst.total() <= kMaxExecutedBruteForceTotal);
  const sim::AllportTime got = plan.mode == sim::SendMode::single ? plan.t_single : plan.t_multi;
  require(got.key() == brute.best.key(), kTarget,
          label(plan) + ": time " + std::to_string(got.steps) + ", brute force finds " +
              std::to_string(brute.best.steps));
  if (brute.best.deadlock) return;
  const auto& best = brute.optimal_shifts;
  require(plan.optimal_shifts && plan.optimal_shifts->lo == best.front() &&
              plan.optimal_shifts->hi == best.back() &&
              static_cast<std::int64_t>(best.size()) == best.back() - best.front() + 1,
          kTarget,
          label(plan) + ": the reported range of optimal shifts is not the brute-force set");
  __int128 least = eval.traffic(best.front());
  for (std::int64_t x : best) least = std::min(least, eval.traffic(x));
  require(plan.traffic == least, kTarget,
          label(plan) + ": an optimal shift with less traffic exists");
}

}  // namespace

void fuzz_lau(Bytes data) {
  ByteReader in(data);
  const std::string text = instance_text(in);
  show_decoded(kTarget, text);
  sim::AllportInstance inst;
  try {
    inst = lau::allport_instance_from_json(io::parse_exact_json(text, kSource), kSource);
  } catch (const InputError&) {
    return;
  }
  const bool small = inst.total() <= kMaxBruteForceTotal;
  for (sim::SendMode mode : {sim::SendMode::single, sim::SendMode::multi}) {
    for (lau::LauAlgorithm algorithm : {lau::LauAlgorithm::linear, lau::LauAlgorithm::traffic,
                                        lau::LauAlgorithm::optimal, lau::LauAlgorithm::window}) {
      lau::LauOptions options;
      options.algorithm = algorithm;
      options.mode = mode;
      options.max_window = kMaxWindow;
      const lau::LauPlan plan = plan_lau(inst, options);
      if (plan.status == lau::LauStatus::window_too_large) {
        require(algorithm == lau::LauAlgorithm::window, kTarget,
                "window_too_large from a non-window algorithm");
        continue;
      }
      check_flows(inst, plan);
      check_time(inst, plan, sim::SendMode::single);
      check_time(inst, plan, sim::SendMode::multi);
      if (small) check_against_brute_force(inst, plan);
    }
  }
}

}  // namespace redist::fuzz
