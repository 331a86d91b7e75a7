#pragma once
// The one layout of every JSON document redist prints or writes (docs/architecture.md, "JSON
// output"): an object with one member per line, keys in nlohmann's (sorted) order; a member's value
// on one line in compact form, except arrays and objects whose elements are themselves arrays or
// objects, which get one element per line. A schedule therefore reads as one transfer per line.
//
// A result's large array (a ring schedule's transfers, a permutation's step groups) is rendered
// without a DOM by its own writer, in the same layout, and handed over as a RawMember: it goes
// last.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "redist/io/exact_json.hpp"

namespace redist::io {

/// A member whose value is given as JSON text (a large array written without a DOM).
struct RawMember {
  std::string key;
  std::string text;
};

/// `document` (an object) as text ending in a newline; `raw`, when it has a key, goes last.
std::string json_text(const Json& document, const RawMember& raw = {});

/// The text json_text gives for `document` with the `arrays` added as members, merged in key order:
/// for documents whose bulk is a few arrays of numbers (an instance of 10^8 processors), written
/// without holding those arrays as a DOM, which takes 16 bytes a number and cannot be freed without
/// allocating (io/json_release.hpp). Each array's text is one line, as int_array_text and
/// scalars_text write it.
std::string json_text_with_arrays(const Json& document, std::vector<RawMember> arrays);
/// [1,2,3]: an array of integers as json_text writes it on one line.
std::string int_array_text(const std::vector<std::int64_t>& values);
/// [a,b,c], each element the dump of `element(i)` for i < count: an array of scalars that need
/// redist's exact number formatting (ticks_to_json).
std::string scalars_text(std::size_t count, const std::function<Json(std::size_t)>& element);

}  // namespace redist::io
