#include "redist/perm/perm_io.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <nlohmann/json.hpp>

#include "io/malformed_json.hpp"
#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"
#include "redist/io/input_guard.hpp"
#include "redist/io/unknown_field.hpp"

namespace redist::perm {

namespace {

enum class Field { none, counts, initial, partition, processors };

// SAX handler for both instance forms. depth_ counts open containers: 1 = the top object, 2 = a
// field's array, 3 = a row of "counts". Every value is checked where it arrives, so errors name
// the exact index and nothing is kept but the numbers themselves.
class PermInstanceSax {
 public:
  explicit PermInstanceSax(const std::string& source) : source_(source) {}

  bool null() { return wrong_type("null"); }
  bool boolean(bool) { return wrong_type("a boolean"); }
  bool string(std::string&) { return wrong_type("a string"); }
  bool binary(nlohmann::json::binary_t&) { return wrong_type("binary data"); }
  // 2.0 and 2e0 are whole numbers, accepted as in every other file (docs/limits.md); 2.5 is not.
  bool number_float(double, const std::string& text) {
    if (!in_number_slot()) return wrong_type("a number");
    const auto d = parse_decimal(text);
    if (!d || d->scale != 0) fail(place(), "must be an integer, got " + echoed(text));
    if (d->mantissa < 0) fail(place(), "must be >= 0, got " + echoed(text));
    if (d->mantissa > static_cast<Ticks>(UINT64_MAX))
      fail(place(), "integer does not fit 64 bits, got " + echoed(text));
    return number_unsigned(static_cast<std::uint64_t>(d->mantissa));
  }
  bool number_integer(std::int64_t v) {
    if (v >= 0) return number_unsigned(static_cast<std::uint64_t>(v));
    if (in_number_slot()) fail(place(), "must be >= 0, got " + std::to_string(v));
    return wrong_type("a number");
  }
  bool number_unsigned(std::uint64_t v);
  bool start_object(std::size_t) {
    if (depth_ != 0) return wrong_type("an object");
    depth_ = 1;
    return true;
  }
  bool end_object() {
    depth_ = 0;
    return true;
  }
  bool start_array(std::size_t);
  bool end_array();
  bool key(std::string& k);
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) {
    io::throw_malformed_json(source_, position, ex);
  }

  PermInstance finish() const;

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& reason) const {
    throw InputError(source_, field, reason);
  }
  bool wrong_type(const char* what) const {
    if (depth_ == 0) fail("", std::string("the document must be a JSON object, got ") + what);
    fail(place(), std::string(expected()) + ", got " + what);
  }
  const char* expected() const {
    switch (field_) {
      case Field::counts:
        return depth_ == 3 ? "must be a non-negative integer"
                           : "must be an array of arrays (P x P)";
      case Field::processors:
        return "must be a positive integer";
      default:
        return depth_ == 2 ? "must be a non-negative integer" : "must be an array of integers";
    }
  }
  bool in_number_slot() const {
    return (field_ == Field::counts && depth_ == 3) ||
           ((field_ == Field::initial || field_ == Field::partition) && depth_ == 2) ||
           (field_ == Field::processors && depth_ == 1);
  }
  static const char* name(Field f) {
    switch (f) {
      case Field::counts:
        return "counts";
      case Field::initial:
        return "initial";
      case Field::partition:
        return "partition";
      case Field::processors:
        return "processors";
      default:
        return "";
    }
  }
  // The field path of the value about to arrive (or just closed).
  std::string place() const {
    std::string p = name(field_);
    if (field_ == Field::counts && depth_ >= 2) p = indexed(p, rows_);
    if (field_ == Field::counts && depth_ == 3) p = indexed(p, row_length_);
    if ((field_ == Field::initial || field_ == Field::partition) && depth_ == 2)
      p = indexed(p, ids().size());
    return p;
  }
  const std::vector<Proc>& ids() const { return field_ == Field::initial ? initial_ : partition_; }
  void push_count(std::uint64_t v);
  void push_id(std::uint64_t v);
  void end_row();
  void check_square() const;
  PermInstance finish_items() const;

  const std::string& source_;
  int depth_ = 0;
  Field field_ = Field::none;
  unsigned seen_ = 0;  // bit per Field
  std::vector<std::int64_t> counts_;
  std::size_t rows_ = 0, row_length_ = 0, width_ = 0;
  std::int64_t total_ = 0;
  std::vector<Proc> initial_, partition_;
  std::size_t processors_ = 0;  // 0 = not given
};

bool PermInstanceSax::key(std::string& k) {
  Field f = Field::none;
  for (Field c : {Field::counts, Field::initial, Field::partition, Field::processors})
    if (k == name(c)) f = c;
  if (f == Field::none)
    fail(echoed(k), io::unknown_field_reason(k, {"counts", "initial", "partition", "processors"}) +
                        " (expected counts, or initial and partition, and optionally processors)");
  const unsigned bit = 1U << static_cast<unsigned>(f);
  if (seen_ & bit) fail(k, "duplicate key in the same object");
  seen_ |= bit;
  const bool counts = seen_ & (1U << static_cast<unsigned>(Field::counts));
  const bool items = seen_ & ((1U << static_cast<unsigned>(Field::initial)) |
                              (1U << static_cast<unsigned>(Field::partition)));
  if (counts && items) fail(k, "the counts form cannot be combined with initial/partition");
  field_ = f;
  return true;
}

bool PermInstanceSax::start_array(std::size_t) {
  if (depth_ == 1 && field_ != Field::processors) {
    depth_ = 2;
    return true;
  }
  if (depth_ == 2 && field_ == Field::counts) {
    if (width_ > 0 && rows_ >= width_)
      fail(indexed("counts", rows_),
           "one row too many: the matrix must be square (P rows of P counts)");
    depth_ = 3;
    row_length_ = 0;
    return true;
  }
  return wrong_type("an array");
}

bool PermInstanceSax::end_array() {
  if (depth_ == 3) {
    end_row();
  } else if (field_ == Field::counts) {
    check_square();
  }
  --depth_;
  return true;
}

void PermInstanceSax::end_row() {
  const std::string here = indexed("counts", rows_);
  if (rows_ == 0) {
    if (row_length_ == 0) fail(here, "empty row: the matrix must be P x P with P >= 1");
    if (row_length_ > kMaxProcessors) fail(here, "too many parts (at most 2^23)");
    width_ = row_length_;
  } else if (row_length_ != width_) {
    fail(here, "has " + std::to_string(row_length_) + " entries, expected " +
                   std::to_string(width_) + " like counts[0] (the matrix must be P x P)");
  }
  ++rows_;
}

void PermInstanceSax::check_square() const {
  if (rows_ == 0) fail("counts", "must have at least one row (P >= 1)");
  if (rows_ != width_)
    fail("counts",
         "has " + std::to_string(rows_) + " rows of " + std::to_string(width_) +
             " entries; the matrix must be square (one row per processor, one column per part)");
}

bool PermInstanceSax::number_unsigned(std::uint64_t v) {
  if (!in_number_slot()) return wrong_type("a number");
  if (field_ == Field::counts) {
    push_count(v);
  } else if (field_ == Field::processors) {
    if (v < 1 || v > kMaxProcessors)
      fail("processors", "must be in [1, 2^23], got " + std::to_string(v));
    processors_ = static_cast<std::size_t>(v);
  } else {
    push_id(v);
  }
  return true;
}

void PermInstanceSax::push_count(std::uint64_t v) {
  if (width_ > 0 && row_length_ >= width_)
    fail(place(),
         "one entry too many: expected " + std::to_string(width_) + " per row like counts[0]");
  if (v > static_cast<std::uint64_t>(kMaxPermItems) ||
      __builtin_add_overflow(total_, static_cast<std::int64_t>(v), &total_) ||
      total_ > kMaxPermItems)
    fail(place(), "the counts add up to more than 2^60 items");
  counts_.push_back(static_cast<std::int64_t>(v));
  ++row_length_;
}

void PermInstanceSax::push_id(std::uint64_t v) {
  const char* what = field_ == Field::initial ? "processor" : "part";
  if (v >= (processors_ > 0 ? processors_ : kMaxProcessors))
    fail(place(), std::string(what) + " id " + std::to_string(v) + " out of range [0, " +
                      std::to_string(processors_ > 0 ? processors_ : kMaxProcessors) + ")");
  (field_ == Field::initial ? initial_ : partition_).push_back(static_cast<Proc>(v));
}

PermInstance PermInstanceSax::finish() const {
  if (seen_ & (1U << static_cast<unsigned>(Field::counts))) {
    if (processors_ > 0 && processors_ != width_)
      fail("processors", "is " + std::to_string(processors_) + " but counts is " +
                             std::to_string(width_) + " x " + std::to_string(width_));
    return PermInstance::from_dense(width_, counts_);
  }
  return finish_items();
}

PermInstance PermInstanceSax::finish_items() const {
  for (Field f : {Field::initial, Field::partition})
    if (!(seen_ & (1U << static_cast<unsigned>(f))))
      fail(name(f),
           seen_ ? "missing required field" : "missing: give counts, or initial and partition");
  if (partition_.size() != initial_.size())
    fail("partition", "has " + std::to_string(partition_.size()) + " entries but initial has " +
                          std::to_string(initial_.size()) + " (one entry per item)");
  std::size_t n = processors_;
  if (n == 0) {
    for (Proc p : initial_) n = std::max<std::size_t>(n, p + std::size_t{1});
    for (Proc p : partition_) n = std::max<std::size_t>(n, p + std::size_t{1});
    if (n == 0) fail("processors", "no items and no processor count: add \"processors\": P");
  }
  // "processors" may come after the arrays: range-check them now.
  for (Field f : {Field::initial, Field::partition}) {
    const auto& v = f == Field::initial ? initial_ : partition_;
    const auto bad = std::find_if(v.begin(), v.end(), [&](Proc p) { return p >= n; });
    if (bad != v.end())
      fail(indexed(name(f), static_cast<std::size_t>(bad - v.begin())),
           std::string(f == Field::initial ? "processor" : "part") + " id " + std::to_string(*bad) +
               " out of range [0, " + std::to_string(n) + ")");
  }
  if (static_cast<std::int64_t>(initial_.size()) > kMaxPermItems)
    fail("initial", "more than 2^60 items");
  return PermInstance::from_items(n, initial_, partition_);
}

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

template <class Range>
void append_array(std::string& out, const Range& values) {
  out += '[';
  bool first = true;
  for (auto v : values) {
    if (!first) out += ", ";
    first = false;
    append_int(out, static_cast<std::int64_t>(v));
  }
  out += ']';
}

}  // namespace

PermInstance parse_perm_instance(std::string_view text, const std::string& source) {
  PermInstanceSax sax(source);
  nlohmann::json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json,
                            true, false);
  return sax.finish();
}

PermInstance read_perm_instance(const std::string& path) {
  return parse_perm_instance(io::read_input_text(path), path);
}

std::string perm_counts_text(const PermInstance& instance) {
  const std::size_t n = instance.processors();
  std::string out = "{\"counts\": [";
  std::vector<std::int64_t> row(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::fill(row.begin(), row.end(), 0);
    for (const CountEntry& e : instance.row(static_cast<Proc>(i))) row[e.part] = e.count;
    out += i == 0 ? "\n  " : ",\n  ";
    append_array(out, row);
  }
  out += "\n]}\n";
  return out;
}

std::string perm_items_text(const ItemLayout& layout) {
  std::string out = "{\"processors\": ";
  append_int(out, static_cast<std::int64_t>(layout.processors));
  out += ",\n \"initial\": ";
  append_array(out, layout.initial);
  out += ",\n \"partition\": ";
  append_array(out, layout.partition);
  out += "}\n";
  return out;
}

}  // namespace redist::perm
