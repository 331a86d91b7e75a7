// Harness for the schedule reader and the exact validator (`redist check`). The input is JSON text:
//   {"instance": RING_INSTANCE, "schedule": SCHEDULE}   both read as the CLI reads its two files,
//   or SCHEDULE alone                                      checked against three fixed small rings.
// Oracle: an accepted schedule round-trips exactly; the validator never crashes and reports only
// InputError (times beyond 128 bits) as a refusal; and whenever the schedule moves few items, its
// verdict, makespan and first violation agree with the item-by-item reference validator of the test
// suite (tests/support/reference_validator.hpp), which shares no code with it.

#include <optional>
#include <string_view>

#include "harness.hpp"
#include "redist/core/error.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/sim/ring_validator.hpp"
#include "support/reference_validator.hpp"

namespace redist::fuzz {

namespace {

constexpr const char* kTarget = "schedule_json";
const std::string kSource = "fuzz-input.json";

// The reference expands every item: only affordable for small schedules.
constexpr std::int64_t kMaxReferenceItems = 256;
constexpr std::size_t kMaxReferenceTransfers = 64;

std::vector<RingInstance> fixed_instances() {
  RingInstance uni{RingKind::unidirectional, {2, 0, 1}, {1, 1, 1}, {1, 2, 1}, {}, 0};
  RingInstance two{
      RingKind::bidirectional, {3, 0}, {1, 2}, {5, 15}, {10, 5}, 1};  // costs 0.5 1.5 / 1 0.5
  RingInstance hom{
      RingKind::bidirectional, {4, 0, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, 0};
  return {uni, two, hom};
}

Ticks at_scale(Ticks t, int from, int to) { return t * pow10_ticks(to - from); }

bool same_schedule(const Schedule& a, const Schedule& b) {
  if (a.transfers.size() != b.transfers.size()) return false;
  const int s = std::max(a.time_scale, b.time_scale);
  const auto same_time = [&](const std::optional<Ticks>& x, const std::optional<Ticks>& y) {
    return x.has_value() == y.has_value() &&
           (!x || at_scale(*x, a.time_scale, s) == at_scale(*y, b.time_scale, s));
  };
  for (std::size_t i = 0; i < a.transfers.size(); ++i) {
    const Transfer &x = a.transfers[i], &y = b.transfers[i];
    if (x.from != y.from || x.to != y.to || x.items != y.items || x.link != y.link ||
        at_scale(x.start, a.time_scale, s) != at_scale(y.start, b.time_scale, s))
      return false;
  }
  for (std::size_t i = 0; i < a.transfers.size(); ++i)
    if (at_scale(a.transfers[i].spacing, a.time_scale, s) !=
        at_scale(b.transfers[i].spacing, b.time_scale, s))
      return false;
  return same_time(a.makespan, b.makespan) && same_time(a.lower_bound, b.lower_bound) &&
         a.status == b.status && a.flow_shift == b.flow_shift;
}

bool small_enough_for_reference(const Schedule& s) {
  if (s.transfers.size() > kMaxReferenceTransfers) return false;
  std::int64_t items = 0;
  for (const Transfer& t : s.transfers) {
    if (t.items > kMaxReferenceItems || t.start > (Ticks{1} << 64) || t.spacing > (Ticks{1} << 64))
      return false;
    items += t.items;
  }
  return items <= kMaxReferenceItems;
}

void check_against_reference(const RingInstance& inst, const Schedule& schedule,
                             const sim::ValidationResult& got) {
  testing::ReferenceVerdict want;
  try {
    want = testing::reference_validate(inst, schedule);
  } catch (const InputError&) {
    return;  // the reference cannot rescale these costs; nothing to compare
  }
  require(got.valid == want.valid, kTarget,
          std::string("validator says ") +
              (got.valid ? "valid" : "invalid (" + got.violation->rule + ")") +
              ", reference says " + (want.valid ? "valid" : "invalid (" + want.rule + ")"));
  const int scale = std::max(inst.cost_scale, schedule.time_scale);
  if (got.valid) {
    require(at_scale(got.makespan, got.time_scale, scale) == want.makespan, kTarget,
            "makespan differs from reference");
    return;
  }
  require(
      got.violation->rule == want.rule, kTarget,
      "first violation is " + got.violation->rule + ", reference finds " + want.rule + " first");
  require(at_scale(got.violation->time, got.time_scale, scale) == want.violation_time, kTarget,
          "first violation time differs from reference (" + got.violation->rule + ")");
}

void check_one(const RingInstance& inst, const io::Json& document) {
  Schedule schedule;
  try {
    schedule = io::schedule_from_json(document, kSource, inst.size());
  } catch (const InputError&) {
    return;
  }
  const std::string written = io::schedule_to_json(schedule).dump();
  Schedule back;
  try {
    back = io::schedule_from_json(io::parse_exact_json(written, kSource), kSource, inst.size());
  } catch (const InputError& e) {
    require(false, kTarget, std::string("rejects its own output: ") + e.what());
  }
  require(same_schedule(schedule, back), kTarget, "round trip changed the schedule: " + written);

  sim::ValidationResult result;
  try {
    result = sim::validate_ring_schedule(inst, schedule);
  } catch (const InputError&) {
    return;  // documented: times that do not fit 128-bit arithmetic
  }
  require(result.valid != result.violation.has_value(), kTarget, "verdict and violation disagree");
  if (result.violation)
    require(result.violation->processor >= 0 &&
                static_cast<std::size_t>(result.violation->processor) < inst.size(),
            kTarget, "violation names a processor outside the ring");
  if (small_enough_for_reference(schedule)) check_against_reference(inst, schedule, result);
}

// The streaming reader (what `redist check` uses) accepts exactly what the DOM reader accepts, and
// reads the same schedule.
void check_streaming_agrees(std::string_view text, const std::optional<Schedule>& dom,
                            std::size_t ring_size) {
  std::optional<Schedule> streamed;
  try {
    streamed = io::schedule_from_text(text, kSource, ring_size);
  } catch (const InputError&) {}
  require(dom.has_value() == streamed.has_value(), kTarget,
          std::string("the streaming reader ") + (streamed ? "accepts" : "rejects") +
              " what the DOM reader " + (dom ? "accepts" : "rejects"));
  if (dom)
    require(same_schedule(*dom, *streamed), kTarget, "the streaming reader reads another schedule");
}

std::optional<Schedule> dom_schedule(const io::Json& document, std::size_t ring_size) {
  try {
    return io::schedule_from_json(document, kSource, ring_size);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace

void fuzz_schedule_json(Bytes data) {
  const std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  io::Json document;
  try {
    document = io::parse_exact_json(text, kSource);
  } catch (const InputError&) {
    check_streaming_agrees(text, std::nullopt, 3);
    return;
  }
  check_streaming_agrees(text, dom_schedule(document, 3), 3);
  if (document.is_object() && document.contains("instance") && document.contains("schedule")) {
    RingInstance inst;
    try {
      inst = io::ring_instance_from_json(document["instance"], kSource);
    } catch (const InputError&) {
      return;
    }
    check_one(inst, document["schedule"]);
    return;
  }
  for (const RingInstance& inst : fixed_instances()) check_one(inst, document);
}

}  // namespace redist::fuzz
