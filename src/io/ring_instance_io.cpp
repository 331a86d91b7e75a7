#include "redist/io/ring_instance_io.hpp"

#include <algorithm>
#include <iterator>
#include <set>

#include "fast_sax.hpp"
#include "io/malformed_json.hpp"
#include "redist/core/error.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/unknown_field.hpp"

namespace redist::io {

namespace {

bool uniform(const std::vector<std::int64_t>& costs) {
  return std::all_of(costs.begin(), costs.end(),
                     [&](std::int64_t c) { return c == costs.front(); });
}

Json costs_to_json(const std::vector<std::int64_t>& costs, int scale) {
  if (uniform(costs)) return ticks_to_json(costs.front(), scale);
  Json list = Json::array();
  for (auto c : costs) list.push_back(ticks_to_json(c, scale));
  return list;
}

// A cost field as ring_instance_text writes it: one number into `document`, or a list's text.
void put_costs(const std::vector<std::int64_t>& costs, int scale, const char* key, Json& document,
               std::vector<RawMember>& arrays) {
  if (uniform(costs)) {
    document[key] = ticks_to_json(costs.front(), scale);
    return;
  }
  // Whole numbers (every cost, unless the instance has decimals) need no exact formatting.
  if (scale == 0) return arrays.push_back({key, int_array_text(costs)});
  arrays.push_back({key, scalars_text(costs.size(), [&](std::size_t i) {
                      return ticks_to_json(costs[i], scale);
                    })});
}

}  // namespace

namespace {

// Costs as read: mantissa x 10^-scale each. 9 bytes a cost rather than a 32-byte Decimal: at
// n = 10^6 the Decimals and their doubling took 64 MB of fresh memory, the largest part of reading
// an instance (BENCHMARKS.md "Huge pages, a leaner reader, a validator in two halves"). A mantissa
// beyond 64 bits (no valid instance has one: its ticks would not fit either) keeps its Decimal on
// the side.
class CostValues {
 public:
  void reserve(std::size_t n) {
    mantissas_.reserve(n);
    scales_.reserve(n);
  }
  void push_back(const Decimal& d) {
    const bool narrow = d.mantissa >= INT64_MIN && d.mantissa <= INT64_MAX;
    if (!narrow) wide_.push_back({mantissas_.size(), d});
    mantissas_.push_back(narrow ? static_cast<std::int64_t>(d.mantissa) : 0);
    scales_.push_back(static_cast<std::uint8_t>(d.scale));
  }
  [[nodiscard]] std::size_t size() const { return mantissas_.size(); }
  [[nodiscard]] Decimal operator[](std::size_t i) const {
    if (!wide_.empty()) {
      const auto it = std::lower_bound(wide_.begin(), wide_.end(), i,
                                       [](const auto& w, std::size_t k) { return w.first < k; });
      if (it != wide_.end() && it->first == i) return it->second;
    }
    return {mantissas_[i], scales_[i]};
  }
  [[nodiscard]] int finest_scale() const {
    const auto most = std::max_element(scales_.begin(), scales_.end());
    return most == scales_.end() ? 0 : *most;
  }

 private:
  std::vector<std::int64_t> mantissas_;
  std::vector<std::uint8_t> scales_;                   // kMaxTimeScale = 18
  std::vector<std::pair<std::size_t, Decimal>> wide_;  // in index order
};

// The fields of a ring instance as read, before any rule is checked: filled either from a DOM or,
// for files, by a SAX reader that never builds one (a ring of 10^7 processors is 4 x 10^7 numbers).
struct CostField {
  bool present = false;
  bool listed = false;  // a list of n numbers rather than one number
  CostValues values;
};

struct RawRing {
  bool has_ring = false, has_loads = false, has_targets = false;
  std::string ring;
  std::vector<std::int64_t> loads, targets;
  CostField succ, pred;
  CostField succ_latency, pred_latency;  // start-ups: optional, >= 0 (docs/design.md section 4)
};

// The fields an instance may have; any other is refused (a misspelt field must not be dropped).
constexpr const char* kInstanceFields[] = {"ring",      "loads",        "targets",     "succ_cost",
                                           "pred_cost", "succ_latency", "pred_latency"};

std::vector<std::int64_t> cost_ticks(const CostField& field, std::size_t n, int scale,
                                     const JsonPlace& place) {
  std::vector<std::int64_t> ticks(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Decimal d = field.values[field.listed ? i : 0];
    const auto t = to_ticks(d, scale);
    if (!t || *t > INT64_MAX)
      (field.listed ? place[i] : place)
          .fail("cost too large for 64-bit ticks at 10^-" + std::to_string(scale));
    ticks[i] = static_cast<std::int64_t>(*t);
  }
  return ticks;
}

void check_length(const CostField& field, std::size_t n, const JsonPlace& place) {
  if (field.listed && field.values.size() != n)
    place.fail("has " + std::to_string(field.values.size()) + " entries but the ring has " +
               std::to_string(n) + " processors");
}

void check_costs(const CostField& field, std::size_t n, const JsonPlace& place) {
  check_length(field, n, place);
  for (std::size_t i = 0; i < field.values.size(); ++i)
    if (field.values[i].mantissa <= 0)
      (field.listed ? place[i] : place).fail("must be a positive finite number");
}

// Start-ups may be 0. Returns whether some start-up is not 0: an all-zero field is read as absent,
// so that it changes neither the time scale nor the plan.
bool check_latencies(const CostField& field, std::size_t n, const JsonPlace& place) {
  check_length(field, n, place);
  bool some = false;
  for (std::size_t i = 0; i < field.values.size(); ++i) {
    if (field.values[i].mantissa < 0)
      (field.listed ? place[i] : place)
          .fail("must be >= 0 (a start-up cost), got " +
                format_ticks(field.values[i].mantissa, field.values[i].scale));
    some = some || field.values[i].mantissa > 0;
  }
  return some;
}

// Every rule of docs/design.md section 4 and check_ring_instance, in the order a person fixes them.
RingInstance build_ring_instance(RawRing raw, const std::string& source) {
  const JsonPlace root{source, ""};
  if (!raw.has_ring) root["ring"].fail("missing required field");
  if (!raw.has_loads) root["loads"].fail("missing required field");
  if (!raw.has_targets) root["targets"].fail("missing required field");
  if (!raw.succ.present) root["succ_cost"].fail("missing required field");
  RingInstance inst;
  if (raw.ring == "unidirectional") {
    inst.kind = RingKind::unidirectional;
  } else if (raw.ring == "bidirectional") {
    inst.kind = RingKind::bidirectional;
  } else {
    root["ring"].fail("must be \"unidirectional\" or \"bidirectional\", got \"" + echoed(raw.ring) +
                      "\"");
  }
  inst.loads = std::move(raw.loads);
  inst.targets = std::move(raw.targets);
  const std::size_t n = inst.loads.size();
  if (n == 0) root["loads"].fail("the ring needs at least one processor (n = 0)");
  if (inst.targets.size() != n)
    root["targets"].fail("has " + std::to_string(inst.targets.size()) + " entries but loads has " +
                         std::to_string(n));
  if (!inst.bidirectional() && raw.pred.present)
    root["pred_cost"].fail("is only allowed on a bidirectional ring (this ring is unidirectional)");
  if (inst.bidirectional() && !raw.pred.present)
    root["pred_cost"].fail(
        "missing required field (a bidirectional ring needs the cost P_i -> P_{i-1})");
  if (!inst.bidirectional() && raw.pred_latency.present)
    root["pred_latency"].fail(
        "is only allowed on a bidirectional ring (this ring is unidirectional)");
  check_costs(raw.succ, n, root["succ_cost"]);
  check_costs(raw.pred, n, root["pred_cost"]);
  const bool latency = check_latencies(raw.succ_latency, n, root["succ_latency"]) |
                       check_latencies(raw.pred_latency, n, root["pred_latency"]);
  inst.cost_scale = std::max(raw.succ.values.finest_scale(), raw.pred.values.finest_scale());
  if (latency)
    inst.cost_scale = std::max({inst.cost_scale, raw.succ_latency.values.finest_scale(),
                                raw.pred_latency.values.finest_scale()});
  inst.succ_cost = cost_ticks(raw.succ, n, inst.cost_scale, root["succ_cost"]);
  if (inst.bidirectional())
    inst.pred_cost = cost_ticks(raw.pred, n, inst.cost_scale, root["pred_cost"]);
  if (latency) {
    // Both lists n long (an absent one all 0), so that every link has its start-up.
    if (raw.succ_latency.present)
      inst.succ_latency = cost_ticks(raw.succ_latency, n, inst.cost_scale, root["succ_latency"]);
    else
      inst.succ_latency.assign(n, 0);
    if (inst.bidirectional() && raw.pred_latency.present)
      inst.pred_latency = cost_ticks(raw.pred_latency, n, inst.cost_scale, root["pred_latency"]);
    else if (inst.bidirectional())
      inst.pred_latency.assign(n, 0);
  }
  check_ring_instance(inst, source);
  return inst;
}

CostField cost_field_from(const Json& value, const JsonPlace& place) {
  CostField field;
  field.present = true;
  field.listed = value.is_array();
  if (field.listed) {
    for (std::size_t i = 0; i < value.size(); ++i)
      field.values.push_back(as_decimal(value[i], place[i]));
  } else {
    field.values.push_back(as_decimal(value, place));
  }
  return field;
}

// SAX reader of a ring instance file: a flat object whose values are strings, numbers or arrays of
// numbers. Errors name the field and index as the DOM path does.
class RingInstanceReader {
 public:
  /// `elements_at_most`: a bound on the length of any array in the text (for reserving).
  RingInstanceReader(const std::string& source, std::size_t elements_at_most)
      : root_{source, ""}, elements_at_most_(elements_at_most) {}

  bool null() { return wrong("null"); }
  bool boolean(bool) { return wrong("boolean"); }
  bool number_integer(Json::number_integer_t v) { return number(Decimal{v, 0}, nullptr); }
  bool number_unsigned(Json::number_unsigned_t v) {
    // The common case first, without building a Decimal: a count in the loads or targets array
    // (two of the three numbers per processor; 10^7 of each on the largest rings).
    if (counts_ != nullptr && v <= static_cast<std::uint64_t>(INT64_MAX)) {
      counts_->push_back(static_cast<std::int64_t>(v));
      ++index_;
      return true;
    }
    return number(Decimal{static_cast<Ticks>(v), 0}, nullptr);
  }
  bool number_float(Json::number_float_t, const Json::string_t& text) { return number({}, &text); }
  bool string(Json::string_t& v) {
    if (is_cost())  // a cost that ring_instance_to_json wrote as a string
      if (const auto d = decimal_written_as_string(v)) return number(*d, nullptr);
    if (depth_ != 1 || field_ != Field::ring) return wrong("string");
    raw_.ring = v;
    return true;
  }
  bool binary(Json::binary_t&) { return wrong("binary"); }
  bool start_object(std::size_t) {
    if (depth_ != 0) return wrong("object");
    ++depth_;
    return true;
  }
  bool end_object() {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) {
    if (depth_ != 1) return wrong("array");
    ++depth_;
    index_ = 0;
    // Every array but the first has the first one's length when the instance is right: reserved
    // once rather than grown (and copied) by doubling. The first one gets the bound from the text.
    const std::size_t known = std::max({raw_.loads.size(), raw_.targets.size(), cost_count()});
    const std::size_t expected = known > 0 ? known : elements_at_most_;
    if (is_cost()) {
      cost().listed = true;
      cost().values.reserve(expected);
    } else if (field_ == Field::loads || field_ == Field::targets) {
      counts_ = field_ == Field::loads ? &raw_.loads : &raw_.targets;
      counts_->reserve(expected);
    }
    return true;
  }
  bool end_array() {
    --depth_;
    counts_ = nullptr;
    return true;
  }
  bool key(Json::string_t& k) {
    const auto& known = kInstanceFields;
    if (std::find(std::begin(known), std::end(known), k) == std::end(known))
      root_[echoed(k)].fail(
          unknown_field_reason(k, std::vector<std::string>(std::begin(known), std::end(known))));
    if (!seen_.insert(k).second) root_[k].fail("duplicate key in the same object");
    key_ = k;
    field_ =
        static_cast<Field>(std::find(std::begin(known), std::end(known), k) - std::begin(known));
    if (field_ == Field::ring) raw_.has_ring = true;
    if (field_ == Field::loads) raw_.has_loads = true;
    if (field_ == Field::targets) raw_.has_targets = true;
    if (is_cost()) cost().present = true;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) {
    root_.fail(malformed_json_reason(position, ex));
  }

  RawRing take() { return std::move(raw_); }

 private:
  // The current key, decided once per key rather than compared as a string per number (the
  // comparisons took 5% of `plan` at n = 10^6).
  // In the order of kInstanceFields.
  enum class Field { ring, loads, targets, succ_cost, pred_cost, succ_latency, pred_latency };

  bool is_cost() const {
    return field_ == Field::succ_cost || field_ == Field::pred_cost ||
           field_ == Field::succ_latency || field_ == Field::pred_latency;
  }
  std::size_t cost_count() const {
    std::size_t most = 0;
    for (const CostField* f : {&raw_.succ, &raw_.pred, &raw_.succ_latency, &raw_.pred_latency})
      most = std::max(most, f->listed ? f->values.size() : 0);
    return most;
  }
  CostField& cost() {
    switch (field_) {
      case Field::succ_cost:
        return raw_.succ;
      case Field::pred_cost:
        return raw_.pred;
      case Field::succ_latency:
        return raw_.succ_latency;
      default:
        return raw_.pred_latency;
    }
  }
  JsonPlace here() const { return depth_ == 2 ? root_[key_][index_] : root_[key_]; }

  [[noreturn]] bool wrong(const char* type) {
    if (depth_ == 0) root_.fail(std::string("must be a JSON object, got ") + type);
    if (field_ == Field::ring) root_["ring"].fail(std::string("must be a string, got ") + type);
    here().fail(std::string("must be a number, got ") + type);
  }

  bool number(Decimal value, const Json::string_t* text) {
    if (depth_ == 0) root_.fail("must be a JSON object, got number");
    if (field_ == Field::ring) root_["ring"].fail("must be a string, got number");
    // The place (a string like "loads[123]") is only built for an error: this runs 10^7 times.
    if (text) {
      const auto parsed = parse_decimal(*text);
      if (!parsed) here().fail(unrepresentable_number(*text));
      value = *parsed;
    }
    if (is_cost()) {
      cost().values.push_back(value);
      ++index_;
      return true;
    }
    if (depth_ != 2) here().fail("must be an array, got number");
    if (value.scale != 0)
      here().fail("must be an integer, got " + format_ticks(value.mantissa, value.scale));
    if (value.mantissa < 0) here().fail("must be >= 0, got " + format_int128(value.mantissa));
    if (value.mantissa > INT64_MAX) here().fail("integer does not fit 64 bits");
    (field_ == Field::loads ? raw_.loads : raw_.targets)
        .push_back(static_cast<std::int64_t>(value.mantissa));
    ++index_;
    return true;
  }

  JsonPlace root_;
  RawRing raw_;
  std::string key_;
  Field field_ = Field::ring;
  std::set<std::string> seen_;
  std::vector<std::int64_t>* counts_ = nullptr;  // loads or targets while reading their array
  std::size_t depth_ = 0;
  std::size_t index_ = 0;
  std::size_t elements_at_most_ = 0;
};

}  // namespace

RingInstance ring_instance_from_json(const Json& document, const std::string& source) {
  const JsonPlace root{source, ""};
  check_object_fields(
      document, root,
      {"ring", "loads", "targets", "succ_cost", "pred_cost", "succ_latency", "pred_latency"}, {});
  RawRing raw;
  if ((raw.has_ring = document.contains("ring")))
    raw.ring = as_string(document["ring"], root["ring"]);
  if ((raw.has_loads = document.contains("loads")))
    raw.loads = as_count_array(document["loads"], root["loads"]);
  if ((raw.has_targets = document.contains("targets")))
    raw.targets = as_count_array(document["targets"], root["targets"]);
  if (document.contains("succ_cost"))
    raw.succ = cost_field_from(document["succ_cost"], root["succ_cost"]);
  if (document.contains("pred_cost"))
    raw.pred = cost_field_from(document["pred_cost"], root["pred_cost"]);
  if (document.contains("succ_latency"))
    raw.succ_latency = cost_field_from(document["succ_latency"], root["succ_latency"]);
  if (document.contains("pred_latency"))
    raw.pred_latency = cost_field_from(document["pred_latency"], root["pred_latency"]);
  return build_ring_instance(std::move(raw), source);
}

RingInstance read_ring_instance(const std::string& path) {
  const std::string text = read_text_file(path);
  // Two arrays (loads, targets) of n numbers have 2(n - 1) commas between them: n is at most half
  // the commas, plus one. Counting them is a few milliseconds at n = 10^6.
  const auto commas = static_cast<std::size_t>(std::count(text.begin(), text.end(), ','));
  const std::size_t elements_at_most = std::min<std::size_t>(commas / 2 + 1, kMaxRingSize);
  auto reader = detail::sax_parse_fast<RingInstanceReader>(
      text, [&] { return RingInstanceReader(path, elements_at_most); });
  return build_ring_instance(reader.take(), path);
}

std::string ring_instance_text(const RingInstance& inst) {
  Json document = {{"ring", to_string(inst.kind)}};
  std::vector<RawMember> arrays;
  arrays.push_back({"loads", int_array_text(inst.loads)});
  arrays.push_back({"targets", int_array_text(inst.targets)});
  put_costs(inst.succ_cost, inst.cost_scale, "succ_cost", document, arrays);
  if (inst.bidirectional())
    put_costs(inst.pred_cost, inst.cost_scale, "pred_cost", document, arrays);
  if (inst.has_latency()) {  // start-ups, as ring_instance_to_json writes them (absent: all 0)
    const std::vector<std::int64_t> zeros(inst.size(), 0);
    put_costs(inst.succ_latency.empty() ? zeros : inst.succ_latency, inst.cost_scale,
              "succ_latency", document, arrays);
    if (inst.bidirectional())
      put_costs(inst.pred_latency.empty() ? zeros : inst.pred_latency, inst.cost_scale,
                "pred_latency", document, arrays);
  }
  return json_text_with_arrays(document, std::move(arrays));
}

Json ring_instance_to_json(const RingInstance& inst) {
  Json doc = Json::object();
  doc["ring"] = to_string(inst.kind);
  doc["loads"] = inst.loads;
  doc["targets"] = inst.targets;
  doc["succ_cost"] = costs_to_json(inst.succ_cost, inst.cost_scale);
  if (inst.bidirectional()) doc["pred_cost"] = costs_to_json(inst.pred_cost, inst.cost_scale);
  if (inst.has_latency()) {
    const auto zeros = [&] { return std::vector<std::int64_t>(inst.size(), 0); };
    doc["succ_latency"] =
        costs_to_json(inst.succ_latency.empty() ? zeros() : inst.succ_latency, inst.cost_scale);
    if (inst.bidirectional())
      doc["pred_latency"] =
          costs_to_json(inst.pred_latency.empty() ? zeros() : inst.pred_latency, inst.cost_scale);
  }
  return doc;
}

}  // namespace redist::io
