#include "redist/io/exact_json.hpp"

#include <cmath>
#include <unordered_set>

#include "io/json_release.hpp"
#include "io/malformed_json.hpp"
#include "redist/core/error.hpp"
#include "redist/io/input_guard.hpp"
#include "redist/io/unknown_field.hpp"

namespace redist::io {

namespace {

// Builds the DOM like nlohmann's own SAX DOM parser, but keeps decimals as text and checks keys.
class ExactDomBuilder {
 public:
  explicit ExactDomBuilder(const std::string& source) : source_(source) {}
  // A parse that failed (bad input, or memory running out) leaves a partial document behind.
  ~ExactDomBuilder() { release_json(root_); }
  ExactDomBuilder(const ExactDomBuilder&) = delete;
  ExactDomBuilder& operator=(const ExactDomBuilder&) = delete;

  bool null() { return put(Json(nullptr)); }
  bool boolean(bool v) { return put(Json(v)); }
  bool number_integer(Json::number_integer_t v) { return put(Json(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return put(Json(v)); }
  bool number_float(Json::number_float_t, const Json::string_t& text) {
    return put(
        Json::binary(Json::binary_t::container_type(text.begin(), text.end()), kDecimalSubtype));
  }
  bool string(Json::string_t& v) { return put(Json(std::move(v))); }
  bool binary(Json::binary_t& v) { return put(Json::binary(std::move(v))); }
  bool start_object(std::size_t) { return open(Json::object()); }
  bool start_array(std::size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(Json::string_t& k) {
    Json& object = *stack_.back();
    // The key as decoded ("fr\u006fm" is "from"), at its full place: transfers[0].from.
    if (object.contains(k))
      throw InputError(source_, child_place(k), "duplicate key in the same object");
    pending_key_ = std::move(k);
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) {
    throw_malformed_json(source_, position, ex);
  }

  Json result() { return std::move(root_); }

 private:
  bool put(Json value) {
    if (stack_.empty()) {
      root_ = std::move(value);
      return true;
    }
    Json& parent = *stack_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
    } else {
      parent[pending_key_] = std::move(value);
    }
    return true;
  }
  // Where the next value goes: "transfers[3]" in an array, "transfers[3].from" after a key.
  std::string child_place(const std::string& key) const {
    const std::string& parent = places_.back();
    if (stack_.back()->is_array()) return indexed(parent, stack_.back()->size());
    return parent.empty() ? key : parent + "." + key;
  }
  Json* slot_of_last() {
    Json& parent = *stack_.back();
    return parent.is_array() ? &parent.back() : &parent[pending_key_];
  }
  bool open(Json container) {
    if (stack_.size() >= kMaxJsonDepth)
      throw InputError(source_, "",
                       "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    if (stack_.empty()) {
      root_ = std::move(container);
      stack_.push_back(&root_);
      places_.emplace_back();
    } else {
      std::string place = child_place(pending_key_);
      put(std::move(container));
      stack_.push_back(slot_of_last());
      places_.push_back(std::move(place));
    }
    return true;
  }
  bool close() {
    stack_.pop_back();
    places_.pop_back();
    return true;
  }

  const std::string& source_;
  Json root_;
  std::vector<Json*> stack_;
  std::vector<std::string> places_;  // the field path of each open container
  std::string pending_key_;
};

const char* type_name(const Json& v) {
  if (v.is_binary()) return "number";
  return v.type_name();
}

}  // namespace

std::string malformed_json_reason(std::size_t position, const std::exception& error) {
  std::string what = error.what();  // "[json.exception.parse_error.101] parse error at ...: why"
  const auto colon = what.rfind(": ");
  if (colon != std::string::npos) what = what.substr(colon + 2);
  return "malformed JSON at byte " + std::to_string(position) + ": " + what;
}

void throw_malformed_json(const std::string& source, std::size_t position,
                          const std::exception& error) {
  throw InputError(source, "", malformed_json_reason(position, error));
}

Json parse_exact_json(std::string_view text, const std::string& source) {
  ExactDomBuilder builder(source);
  Json::sax_parse(text.begin(), text.end(), &builder, nlohmann::detail::input_format_t::json, true,
                  false);
  return builder.result();
}

std::string read_text_file(const std::string& path) { return read_input_text(path); }

Json read_exact_json_file(const std::string& path) {
  return parse_exact_json(read_text_file(path), path);
}

JsonPlace JsonPlace::operator[](std::string_view key) const {
  return JsonPlace{source, field.empty() ? std::string(key) : field + "." + std::string(key)};
}

JsonPlace JsonPlace::operator[](std::size_t index) const {
  return JsonPlace{source, indexed(field, index)};
}

void JsonPlace::fail(const std::string& reason) const { throw InputError(source, field, reason); }

void check_object_fields(const Json& object, const JsonPlace& place,
                         std::initializer_list<const char*> known,
                         std::initializer_list<const char*> required) {
  if (!object.is_object())
    place.fail(std::string("must be a JSON object, got ") + type_name(object));
  for (const char* key : required)
    if (!object.contains(key)) place[key].fail("missing required field");
  if (known.size() == 0) return;
  for (const auto& item : object.items()) {
    bool ok = false;
    for (const char* key : known) ok = ok || item.key() == key;
    if (!ok)
      place[echoed(item.key())].fail(
          unknown_field_reason(item.key(), std::vector<std::string>(known.begin(), known.end())));
  }
}

namespace {

bool is_number(const Json& value) {
  return value.is_number_integer() || (value.is_binary() && value.get_binary().has_subtype() &&
                                       value.get_binary().subtype() == kDecimalSubtype);
}

}  // namespace

Decimal as_decimal(const Json& value, const JsonPlace& place) {
  if (value.is_number_unsigned()) return Decimal{static_cast<Ticks>(value.get<std::uint64_t>()), 0};
  if (value.is_number_integer()) return Decimal{static_cast<Ticks>(value.get<std::int64_t>()), 0};
  if (value.is_string())  // so that redist reads back every file it writes (1.000000000000000001)
    if (const auto d = decimal_written_as_string(value.get_ref<const std::string&>())) return *d;
  if (!is_number(value)) place.fail(std::string("must be a number, got ") + type_name(value));
  const auto& bytes = value.get_binary();
  const std::string text(bytes.begin(), bytes.end());
  const auto parsed = parse_decimal(text);
  if (!parsed) place.fail(unrepresentable_number(text));
  return *parsed;
}

std::int64_t as_int64(const Json& value, const JsonPlace& place) {
  const Decimal d = as_decimal(value, place);
  if (d.scale != 0) place.fail("must be an integer, got " + format_ticks(d.mantissa, d.scale));
  if (d.mantissa > INT64_MAX || d.mantissa < INT64_MIN) place.fail("integer does not fit 64 bits");
  return static_cast<std::int64_t>(d.mantissa);
}

namespace {

std::int64_t as_count(const Json& value, const JsonPlace& place) {
  const std::int64_t v = as_int64(value, place);
  if (v < 0) place.fail("must be >= 0, got " + std::to_string(v));
  return v;
}

}  // namespace

const std::string& as_string(const Json& value, const JsonPlace& place) {
  if (!value.is_string()) place.fail(std::string("must be a string, got ") + type_name(value));
  return value.get_ref<const std::string&>();
}

std::vector<std::int64_t> as_count_array(const Json& value, const JsonPlace& place) {
  if (!value.is_array()) place.fail(std::string("must be an array, got ") + type_name(value));
  std::vector<std::int64_t> out;
  out.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) out.push_back(as_count(value[i], place[i]));
  return out;
}

std::optional<Decimal> decimal_written_as_string(std::string_view text) {
  const auto d = parse_decimal(text);
  if (d && ticks_to_json(d->mantissa, d->scale).is_string()) return d;
  return std::nullopt;
}

Json ticks_to_json(Ticks ticks, int scale) {
  if (scale > 0 && ticks % pow10_ticks(scale) == 0)
    return ticks_to_json(ticks / pow10_ticks(scale), 0);
  const std::string exact = format_ticks(ticks, scale);
  if (scale == 0 && ticks >= INT64_MIN && ticks <= INT64_MAX)
    return Json(static_cast<std::int64_t>(ticks));
  const double approx = std::strtod(exact.c_str(), nullptr);
  const auto back = parse_decimal(Json(approx).dump());
  const auto original = parse_decimal(exact);
  if (back && original && back->mantissa == original->mantissa && back->scale == original->scale)
    return Json(approx);
  return Json(exact);
}

Json wide_to_json(Int128 value) {
  if (value >= INT64_MIN && value <= INT64_MAX) return Json(static_cast<std::int64_t>(value));
  const bool negative = value < 0;
  UInt128 magnitude = negative ? -static_cast<UInt128>(value) : static_cast<UInt128>(value);
  std::string digits;
  while (magnitude > 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
    magnitude /= 10;
  }
  return Json((negative ? "-" : "") + digits);
}

}  // namespace redist::io
