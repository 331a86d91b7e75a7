#pragma once
// JSON input that keeps decimals exact and rejects what a lenient parser would let through.
//
// nlohmann::json turns 0.1 into a double; redist needs the decimal (docs/design.md: "0.1 means
// 1/10"). parse_exact_json keeps every non-integer number as its source text (a binary value with
// subtype kDecimalSubtype), rejects duplicate keys and nesting deeper than kMaxJsonDepth, and
// reports malformed input as an InputError naming the file and byte offset. The typed accessors
// below turn values into redist types and name the file, field and index in every error.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "redist/core/decimal.hpp"
#include "redist/core/wide_int.hpp"

namespace redist::io {

using Json = nlohmann::json;

inline constexpr std::uint64_t kDecimalSubtype = 0xDE;
inline constexpr std::size_t kMaxJsonDepth = 64;

Json parse_exact_json(std::string_view text, const std::string& source);
/// Reads and parses a file; "-" reads standard input.
Json read_exact_json_file(const std::string& path);
/// The bytes of a file ("-": standard input) under the input guard (input_guard.hpp).
std::string read_text_file(const std::string& path);

/// Where a value sits, for error messages: the file and a field path such as "transfers[3].start".
struct JsonPlace {
  const std::string& source;
  std::string field;

  [[nodiscard]] JsonPlace operator[](std::string_view key) const;
  [[nodiscard]] JsonPlace operator[](std::size_t index) const;
  [[noreturn]] void fail(const std::string& reason) const;
};

/// The object's keys must all be in `known` and include every key of `required`.
void check_object_fields(const Json& object, const JsonPlace& place,
                         std::initializer_list<const char*> known,
                         std::initializer_list<const char*> required);

Decimal as_decimal(const Json& value, const JsonPlace& place);
std::int64_t as_int64(const Json& value, const JsonPlace& place);
const std::string& as_string(const Json& value, const JsonPlace& place);
std::vector<std::int64_t> as_count_array(const Json& value, const JsonPlace& place);

/// The decimal in `text` when ticks_to_json writes that value as a string (no double holds it
/// exactly), else nullopt: readers accept exactly the strings redist itself writes ("1" stays an
/// error).
std::optional<Decimal> decimal_written_as_string(std::string_view text);

/// Exact decimal text -> JSON number: integers stay integers; other values go through double only
/// when the double prints back to the same decimal, else they are written as the decimal string.
Json ticks_to_json(Ticks ticks, int scale);

/// An exact 128-bit integer as JSON: a number when it fits 64 bits, else its decimal string
/// (an all-port traffic, a sum of item counts).
Json wide_to_json(Int128 value);

}  // namespace redist::io
