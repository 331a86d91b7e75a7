#pragma once
// Threads by the letter of document 002's Definition 1, as printed and as corrected (docs/errata.md
// item 6).
//
// A thread for a red node v_{k_m} that sends to its successor is the shortest string of consecutive
// nodes v_{k_1} .. v_{k_m}, all red except perhaps v_{k_1}, whose loads cover s_{k_m}:
//   corrected: s_{k_m} <= l_{k_1} + ... + l_{k_m}            (v_{k_1} red)
//              s_{k_m} <= s_{k_1} + l_{k_2} + ... + l_{k_m}  (v_{k_1} green)
//   printed:   the same sums without the last node's own load l_{k_m}.
// Mirror image for nodes sending to their predecessor. Proposition 2: T_m = the longest thread (1
// when flows move but no node is red, 0 when nothing moves).
//
// This walks each thread node by node (O(n^2) worst case): it is the reference that the O(n) closed
// form of allport_time.hpp and the executor are compared with, and it measures how often the
// printed definition disagrees with execution (tables of `redist experiment lau`).

#include <cstdint>
#include <optional>
#include <span>

namespace redist::sim {

enum class ThreadRule { corrected, printed };

/// nullopt when some red node has no thread under `rule` (the printed rule can leave one out, e.g.
/// loads [0,0,3,5] with flows [-2,-4,-3,0]), or when a thread would wrap all around the ring.
std::optional<std::int64_t> longest_thread(std::span<const std::int64_t> loads,
                                           std::span<const std::int64_t> flows, ThreadRule rule);

}  // namespace redist::sim
