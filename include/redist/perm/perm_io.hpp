#pragma once
// Permutation instances and results as JSON (docs/design.md section 4).
//
// Instance, either form:
//   {"counts": [[3, 0], [1, 2]]}                       P x P, counts[i][j] = items on i of part j
//   {"initial": [0, 0, 1], "partition": [1, 0, 1]}     one entry per item (processor now, part)
// The per-item form may add "processors": P; without it P = 1 + the largest id in either array (so
// trailing empty processors need it). Counts and ids are non-negative integers; ragged or
// non-square matrices, ids >= P and arrays of different lengths are bad input: an InputError naming
// the file, the field and its index ("counts[3][2]", "partition[17]"). P = 1, empty parts and
// unbalanced parts are fine. The total number of items is limited to 2^60.
//
// The reader streams the text through nlohmann's SAX interface straight into the arrays it needs
// (no JSON tree), so 10^7-entry per-item files load in about a second.
// The result document of `redist perm` is written by perm/plan_json.hpp.

#include <string>
#include <string_view>

#include "redist/perm/generator.hpp"
#include "redist/perm/instance.hpp"

namespace redist::perm {

inline constexpr std::int64_t kMaxPermItems = std::int64_t{1} << 60;

PermInstance parse_perm_instance(std::string_view text, const std::string& source);
/// "-" reads standard input.
PermInstance read_perm_instance(const std::string& path);

/// {"counts": [[...], ...]}: the dense form (P^2 numbers; meant for small P).
std::string perm_counts_text(const PermInstance& instance);
/// {"processors": P, "initial": [...], "partition": [...]}.
std::string perm_items_text(const ItemLayout& layout);

}  // namespace redist::perm
