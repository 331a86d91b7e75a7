// Harness for `redist plan`: bytes -> a ring instance written as JSON text and read back exactly as
// the CLI reads a file (so only instances within the documented limits reach the planner), then
// plan_ring, judged by oracles that do not trust it:
//   - the exact validator accepts the schedule, with exactly the reported makespan;
//   - no proved lower bound exceeds the makespan, the reported bound is the best of them, and the
//     status says "optimal" exactly when the makespan meets it;
//   - where plan.hpp promises optimality (unidirectional, or homogeneous bidirectional, with every
//     load and target >= 1, and the optimum fits the batch budget) the status is "optimal";
//   - tiny homogeneous rings: breadth-first brute force (tests/support) gives the true optimum,
//   which
//     every bound must not exceed and the makespan must not beat;
//   - small schedules: the item-by-item reference validator agrees;
//   - plan_ordered on the same instance, for ordered items: the ordered validator accepts its
//     schedule with the reported makespan, it is no worse than its linear plan, no bound exceeds
//     it, and on tiny rings the exhaustive ordered optimum lies between its bound and its makespan.
//
// Byte layout: header (bit 0 bidirectional, bit 1 succ costs listed, bit 2 pred costs listed), then
// n - 1 (mod 16), n loads, n raw targets (rebalanced to the loads' total), the costs. Magnitudes
// are not capped (ByteReader::amount escapes to 62-bit values): the reader's limits decide.

#include "byte_reader.hpp"
#include "harness.hpp"
#include "instance_text.hpp"
#include "redist/core/error.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/ring/ordered_plan.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ordered_validator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/ordered_oracles.hpp"
#include "support/reference_validator.hpp"
#include "support/ring_brute_force.hpp"

namespace redist::fuzz {

namespace {

constexpr const char* kTarget = "plan";
const std::string kSource = "fuzz-plan.json";
constexpr std::uint64_t kMaxRing = 16;

// A link cost as JSON number text: mostly small integers (homogeneous rings are common), sometimes
// a decimal with up to 18 digits after the point, sometimes a 63-bit mantissa.
std::string cost_text(ByteReader& in) {
  const std::uint8_t tag = in.byte();
  if (tag < 200) return std::to_string(1 + tag % 5);
  const auto mantissa = static_cast<Ticks>(tag < 240 ? 1 + in.word(2) : 1 + (in.word(8) >> 1));
  return format_ticks(mantissa, static_cast<int>(in.below(kMaxTimeScale + 1)));
}

std::string costs_text(ByteReader& in, std::size_t n, bool listed) {
  if (!listed) return cost_text(in);
  std::string out = "[";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    out += cost_text(in);  // appended, not `"," + text`: GCC 12 then warns falsely (-Wrestrict)
  }
  return out + "]";
}

std::string instance_text(ByteReader& in) {
  const std::uint8_t header = in.byte();
  const bool bidirectional = header & 1;
  const std::size_t n = 1 + in.below(kMaxRing);
  std::vector<Ticks> loads(n), targets(n);
  for (auto& l : loads) l = in.amount(8);
  for (auto& t : targets) t = in.amount(8);
  rebalance(loads, targets, in.below(n));
  std::string text = std::string("{\"ring\":\"") +
                     (bidirectional ? "bidirectional" : "unidirectional") +
                     "\",\"loads\":" + json_list(loads) + ",\"targets\":" + json_list(targets) +
                     ",\"succ_cost\":" + costs_text(in, n, header & 2);
  if (bidirectional) text += ",\"pred_cost\":" + costs_text(in, n, header & 4);
  return text + "}";
}

Ticks rescale(Ticks t, int from, int to) { return t * pow10_ticks(to - from); }

void check_validator(const RingInstance& inst, const ring::RingPlan& plan) {
  const Schedule& s = plan.schedule;
  sim::ValidationResult check;
  try {
    check = sim::validate_ring_schedule(inst, s);
  } catch (const InputError& e) {
    require(false, kTarget,
            std::string("validator overflows on the planner's schedule: ") + e.what());
  }
  if (!check.valid)
    require(false, kTarget,
            "validator rejects the plan (" + plan.method + "): " + check.violation->rule + ": " +
                check.violation->message);
  const int scale = std::max(check.time_scale, s.time_scale);
  require(
      rescale(check.makespan, check.time_scale, scale) == rescale(*s.makespan, s.time_scale, scale),
      kTarget,
      "reported makespan " + format_ticks(*s.makespan, s.time_scale) +
          " but the validator measures " + format_ticks(check.makespan, check.time_scale) + " (" +
          plan.method + ")");
}

void check_bounds_and_status(const RingInstance& inst, const ring::RingPlan& plan) {
  const Schedule& s = plan.schedule;
  require(s.time_scale == inst.cost_scale, kTarget,
          "schedule time scale differs from the instance cost scale");
  Ticks best = 0;
  for (const ring::BoundTerm& term : plan.bounds.terms) {
    require(term.value <= *s.makespan, kTarget,
            "makespan " + format_ticks(*s.makespan, s.time_scale) + " is below the proved bound " +
                term.name + " = " + format_ticks(term.value, s.time_scale) + " (" + plan.method +
                ")");
    best = std::max(best, term.value);
  }
  require(best == plan.bounds.best && s.lower_bound == best, kTarget,
          "reported lower bound is not the best bound");
  require((*s.status == PlanStatus::optimal) == (*s.makespan == best), kTarget,
          "status disagrees with the gap");
  const bool promised = !inst.bidirectional() || inst.homogeneous();
  if (promised && inst.all_loads_positive() && !plan.batch_limited)
    require(*s.status == PlanStatus::optimal, kTarget,
            "plan.hpp promises an optimal schedule here (loads and targets >= 1), got makespan " +
                format_ticks(*s.makespan, s.time_scale) + " above bound " +
                format_ticks(best, s.time_scale));
}

void check_brute_force(const RingInstance& inst, const ring::RingPlan& plan) {
  if (!inst.homogeneous() || inst.size() > 5 || inst.total_items() > 8) return;
  const auto steps = testing::brute_force_steps(inst);
  require(steps.has_value(), kTarget, "brute force finds no schedule within 40 steps");
  const Ticks optimum = Ticks{*steps} * inst.succ_cost.front();
  require(plan.bounds.best <= optimum, kTarget,
          "a lower bound exceeds the true optimum " + format_ticks(optimum, inst.cost_scale));
  require(*plan.schedule.makespan >= optimum, kTarget, "makespan beats the brute-force optimum");
}

void check_reference(const RingInstance& inst, const ring::RingPlan& plan) {
  const Schedule& s = plan.schedule;
  if (s.transfers.size() > 64 || inst.total_items() > 256) return;
  const testing::ReferenceVerdict ref = testing::reference_validate(inst, s);
  require(ref.valid, kTarget, "the reference validator rejects the plan: " + ref.rule);
  require(ref.makespan == *s.makespan, kTarget,
          "the reference validator measures another makespan");
}

void check_ordered(const RingInstance& inst) {
  ring::OrderedPlan plan;
  try {
    plan = ring::plan_ordered(inst);
  } catch (const InputError&) {
    return;  // the documented refusal: more transfers than the planners' limit
  }
  const Schedule& s = plan.schedule;
  const auto check = sim::validate_ordered_schedule(inst, s);
  require(check.valid, kTarget,
          "the ordered validator rejects the ordered plan (" + plan.method +
              "): " + (check.violation ? check.violation->message : std::string()));
  require(check.makespan == *s.makespan, kTarget, "the ordered plan's makespan is not measured");
  if (plan.linear_makespan)
    require(*s.makespan <= *plan.linear_makespan, kTarget, "the ordered plan is worse than linear");
  for (const ring::BoundTerm& term : plan.bounds.terms)
    require(term.value <= *s.makespan, kTarget, "ordered bound " + term.name + " above the plan");
  if (inst.cost_scale != 0 || inst.size() > 4 || inst.total_items() > 6) return;
  for (const std::int64_t c : inst.succ_cost)
    if (c > 5) return;
  const auto best = testing::brute_force_ordered(inst, 40, 200'000);
  if (!best) return;
  require(plan.bounds.best <= best->makespan, kTarget, "an ordered bound exceeds the optimum");
  require(*s.makespan >= best->makespan, kTarget, "the ordered plan beats the ordered optimum");
}

}  // namespace

void fuzz_plan(Bytes data) {
  ByteReader in(data);
  const std::string text = instance_text(in);
  show_decoded(kTarget, text);
  RingInstance inst;
  try {
    inst = io::ring_instance_from_json(io::parse_exact_json(text, kSource), kSource);
  } catch (const InputError&) {
    return;  // beyond the documented limits: the CLI refuses it the same way
  }
  ring::RingPlan plan;
  try {
    plan = ring::plan_ring(inst);
  } catch (const InputError&) {
    return;  // System 6's documented refusal when tau* does not fit 128 bits
  }
  require(plan.schedule.makespan && plan.schedule.status && plan.schedule.lower_bound, kTarget,
          "plan lacks makespan, status or lower bound");
  check_validator(inst, plan);
  check_bounds_and_status(inst, plan);
  check_brute_force(inst, plan);
  check_reference(inst, plan);
  check_ordered(inst);
}

}  // namespace redist::fuzz
