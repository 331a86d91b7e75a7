#pragma once
// Permutation instances and results as JSON (docs/design.md section 4).
//
// Instance, either form:
//   {"counts": [[3, 0], [1, 2]]}                       P x P, counts[i][j] = items on i of part j
//   {"initial": [0, 0, 1], "partition": [1, 0, 1]}     one entry per item (processor now, part)
// The per-item form may add "processors": P; without it P = 1 + the largest id in either array (so
// trailing empty processors need it). Counts and ids are non-negative integers; ragged or non-square
// matrices, ids >= P and arrays of different lengths are bad input: an InputError naming the file,
// the field and its index ("counts[3][2]", "partition[17]"). P = 1, empty parts and unbalanced parts
// are fine. The total number of items is limited to 2^60.
//
// The reader streams the text through nlohmann's SAX interface straight into the arrays it needs
// (no JSON tree), so 10^7-entry per-item files load in about a second.
//
// Result (written by `redist perm`):
//   {"objective": "volume", "processors": P, "items": N, "assignment": [...], "volume": V, "steps": S,
//    "optimal_volume": .., "optimal_steps": .., "canonical": {"volume": .., "steps": ..},
//    "min_volume": {"volume": .., "steps": ..}, "min_steps": {"volume": .., "steps": ..},
//    "heuristics": {"greedy-sorted": {"volume": .., "steps": ..}, ...},
//    "schedule": [{"repeat": r, "pairs": [[src, dst], ...]}, ...]}

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "redist/perm/generator.hpp"
#include "redist/perm/instance.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/step_schedule.hpp"

namespace redist::io {

inline constexpr std::int64_t kMaxPermItems = std::int64_t{1} << 60;

perm::PermInstance parse_perm_instance(std::string_view text, const std::string& source);
/// "-" reads standard input.
perm::PermInstance read_perm_instance(const std::string& path);

/// {"counts": [[...], ...]}: the dense form (P^2 numbers; meant for small P).
std::string perm_counts_text(const perm::PermInstance& instance);
/// {"processors": P, "initial": [...], "partition": [...]}.
std::string perm_items_text(const perm::ItemLayout& layout);

struct PermResult {
  std::string objective;  // "volume" or "steps"
  std::size_t processors = 0;
  std::int64_t items = 0;
  perm::PermSolution chosen;
  perm::PermSolution min_volume;  // fewest items, then fewest steps
  perm::PermSolution min_steps;   // fewest steps, then fewest items
  perm::PermSolution canonical;
  std::vector<std::pair<std::string, perm::PermSolution>> heuristics;
  const perm::StepSchedule* schedule = nullptr;  // omitted when null
};

/// The result document; one schedule group per line, so that large schedules stay readable.
std::string perm_result_text(const PermResult& result);

}  // namespace redist::io
