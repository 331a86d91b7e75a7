#pragma once
// A processor's neighbours on a ring of n, for the start-up planner's walks round the ring
// (latency_*.cpp): written as (start + k) % n, each step of such a walk pays a 64-bit division.
// Walk instead as
//   for (std::size_t k = 1, i = next_of(start, n); k <= n; ++k, i = next_of(i, n))

#include <cstddef>

namespace redist::ring::detail {

inline std::size_t next_of(std::size_t i, std::size_t n) { return i + 1 == n ? 0 : i + 1; }
inline std::size_t prev_of(std::size_t i, std::size_t n) { return i == 0 ? n - 1 : i - 1; }

}  // namespace redist::ring::detail
