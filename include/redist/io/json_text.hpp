#pragma once
// The one layout of every JSON document redist prints or writes (docs/architecture.md, "JSON
// output"): an object with one member per line, keys in nlohmann's (sorted) order; a member's value
// on one line in compact form, except arrays and objects whose elements are themselves arrays or
// objects, which get one element per line. A schedule therefore reads as one transfer per line.
//
// A result's large array (a ring schedule's transfers, a permutation's step groups) is rendered
// without a DOM by its own writer, in the same layout, and handed over as a RawMember: it goes
// last.

#include <string>

#include "redist/io/exact_json.hpp"

namespace redist::io {

/// A member whose value is given as JSON text (a large array written without a DOM).
struct RawMember {
  std::string key;
  std::string text;
};

/// `document` (an object) as text ending in a newline; `raw`, when it has a key, goes last.
std::string json_text(const Json& document, const RawMember& raw = {});

}  // namespace redist::io
