#include "schedule_assembler.hpp"

#include "redist/core/error.hpp"

namespace redist::io::detail {

namespace {

std::string scale_text(int scale) {
  return "does not fit 128-bit ticks at 10^-" + std::to_string(scale);
}

// The place of a transfer's field, built only for a message: a place is a string such as
// "transfers[123456].start", and building four per transfer cost as much as the parsing.
struct FieldOfTransfer {
  const JsonPlace& root;
  std::size_t index;
  const char* key;
  const char* member = nullptr;  // inside the field's object ("items": {"total": ...})

  [[noreturn]] void fail(const std::string& reason) const {
    if (member != nullptr) root["transfers"][index][key][member].fail(reason);
    root["transfers"][index][key].fail(reason);
  }
};

template <class Place>
const Decimal& required(const std::optional<Decimal>& value, const Place& place) {
  if (!value) place.fail("missing required field");
  return *value;
}

template <class Place>
Decimal non_negative(const Decimal& value, const Place& place) {
  if (value.mantissa < 0) place.fail("must be >= 0");
  return value;
}

template <class Place>
std::int64_t to_int64(const Decimal& d, const Place& place) {
  if (d.scale != 0) place.fail("must be an integer, got " + format_ticks(d.mantissa, d.scale));
  if (d.mantissa > INT64_MAX || d.mantissa < INT64_MIN) place.fail("integer does not fit 64 bits");
  return static_cast<std::int64_t>(d.mantissa);
}

std::int64_t processor(const std::optional<Decimal>& value, const FieldOfTransfer& place,
                       std::size_t ring_size) {
  const std::int64_t p = to_int64(required(value, place), place);
  if (p < 0 || static_cast<std::size_t>(p) >= ring_size)
    place.fail("processor " + std::to_string(p) + " is out of range 0.." +
               std::to_string(ring_size - 1));
  return p;
}

}  // namespace

std::int64_t decimal_to_int64(const Decimal& d, const JsonPlace& place) {
  return to_int64(d, place);
}

// Multiplies every time stored so far up to `scale`; an overflow names the time that no longer
// fits.
void ScheduleAssembler::refine_scale(int scale) {
  if (scale <= schedule_.time_scale) return;
  const Ticks factor = pow10_ticks(scale - schedule_.time_scale);
  const auto up = [&](Ticks& t, const JsonPlace& place) {
    const auto v = checked_mul(t, factor);
    if (!v) place.fail(scale_text(scale));
    t = *v;
  };
  for (std::size_t i = 0; i < schedule_.transfers.size(); ++i) {
    Transfer& t = schedule_.transfers[i];
    up(t.start, root_["transfers"][i]["start"]);
    if (t.spacing != 0) up(t.spacing, root_["transfers"][i]["spacing"]);
  }
  schedule_.time_scale = scale;
}

template <class Place>
Ticks ScheduleAssembler::time_ticks(const Decimal& value, const Place& place) {
  refine_scale(value.scale);
  const auto t = to_ticks(value, schedule_.time_scale);
  if (!t) place.fail(scale_text(schedule_.time_scale));
  return *t;
}

void ScheduleAssembler::add_transfer(const RawTransfer& raw, std::size_t index) {
  const auto place = [&](const char* key) { return FieldOfTransfer{root_, index, key}; };
  Transfer t;
  t.from = processor(raw.from, place("from"), ring_size_);
  t.to = processor(raw.to, place("to"), ring_size_);
  const FieldOfTransfer items_place =
      raw.items_object ? FieldOfTransfer{root_, index, "items", "total"} : place("items");
  t.items = to_int64(required(raw.items, items_place), items_place);
  // A transfer moves 1 .. 2^63-1 items (docs/limits.md); a 0-item "transfer" is refused, not
  // skipped.
  if (t.items < 1) items_place.fail("must be in 1 .. 2^63-1, got " + std::to_string(t.items));
  if (raw.items_object) {
    // Messages of per_message items, the last one the rest (docs/design.md "Schedule").
    const FieldOfTransfer per{root_, index, "items", "per_message"};
    const std::int64_t m = to_int64(required(raw.per_message, per), per);
    if (m < 1 || m > t.items)
      per.fail("must be in 1 .. " + std::to_string(t.items) + " (the transfer's items), got " +
               std::to_string(m));
    set_message_size(t, m > 1 ? m : 0);  // one item per message is the plain form
  }
  const Decimal start = non_negative(required(raw.start, place("start")), place("start"));
  if (raw.link) {
    if (*raw.link != "succ" && *raw.link != "pred")
      place("link").fail("must be \"succ\" or \"pred\", got \"" + echoed(*raw.link) + "\"");
    t.link = *raw.link == "succ" ? Link::succ : Link::pred;
  }
  // Spacing 0 means "back to back" inside redist; a file says so by leaving the field out.
  if (raw.spacing && raw.spacing->mantissa <= 0)
    place("spacing").fail("must be > 0 (at least the link's cost), got " +
                          format_ticks(raw.spacing->mantissa, raw.spacing->scale));
  if (raw.spacing) refine_scale(raw.spacing->scale);
  t.start = time_ticks(start, place("start"));
  if (raw.spacing) t.spacing = time_ticks(*raw.spacing, place("spacing"));
  // An ordered schedule names the items of every transfer, or of none (docs/design.md section 4).
  if (index == 0) names_items_ = raw.first.has_value();
  if (raw.first) {
    if (!names_items_)
      place("first").fail(
          "transfer 0 names no items: a schedule names the items of all its "
          "transfers or of none");
    t.first = to_int64(*raw.first, place("first"));
    if (t.first < 0 || t.first > INT64_MAX - t.items)
      place("first").fail("must be in 0 .. 2^63-1 - items, got " + std::to_string(t.first));
  } else if (names_items_) {
    place("first").fail(
        "missing required field (transfer 0 names its items: an ordered schedule "
        "names the items of every transfer)");
  }
  schedule_.transfers.push_back(t);
}

void ScheduleAssembler::set_makespan(const std::optional<Decimal>& value) {
  claimed_makespan_ = value;
}

void ScheduleAssembler::set_lower_bound(const std::optional<Decimal>& value) {
  claimed_lower_bound_ = value;
}

namespace {

// A claim at the schedule's time scale, or nothing: one that is negative, has more decimals than
// the transfers' times or does not fit 128-bit ticks there is dropped, never a reason to refuse.
std::optional<Ticks> claim_at(const std::optional<Decimal>& value, int scale) {
  if (!value || value->mantissa < 0) return std::nullopt;
  return to_ticks(*value, scale);
}

}  // namespace

void ScheduleAssembler::set_status(std::string_view value) {
  if (value != "optimal" && value != "feasible")
    root_["status"].fail("must be \"optimal\" or \"feasible\", got \"" + echoed(value) + "\"");
  schedule_.status = value == "optimal" ? PlanStatus::optimal : PlanStatus::feasible;
}

void ScheduleAssembler::set_flow_shift(const Decimal& value) {
  schedule_.flow_shift = decimal_to_int64(value, root_["flow_shift"]);
}

Schedule ScheduleAssembler::finish() {
  if (!transfers_seen_) root_["transfers"].fail("missing required field");
  schedule_.makespan = claim_at(claimed_makespan_, schedule_.time_scale);
  schedule_.lower_bound = claim_at(claimed_lower_bound_, schedule_.time_scale);
  return std::move(schedule_);
}

}  // namespace redist::io::detail
