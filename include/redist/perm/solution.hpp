#pragma once
// An assignment together with its two costs (document 003 section 3.2): what every perm solver and
// heuristic returns, so that callers can print them side by side.

#include <cstdint>
#include <string>

#include "redist/perm/instance.hpp"

namespace redist::perm {

struct PermSolution {
  Assignment assignment;    // processor of each part
  std::int64_t volume = 0;  // items that change processor
  std::int64_t steps = 0;   // one-port steps (max over processors of max(sent, received))
};

/// Computes both costs of `assignment` (a permutation of 0..P-1).
PermSolution evaluate(const PermInstance& instance, Assignment assignment);

}  // namespace redist::perm
