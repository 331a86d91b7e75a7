#pragma once
// The exact optimum of document 003's stencil-coupled redistribution (section 5:
// VolPart&Redistrib and StepPart&Redistrib) by enumerating every distribution of the items. The
// problem is strongly NP-complete (Theorems 3 and 4), so this is for tiny instances only: it is
// the yardstick that measures plan_stencil's true gap (tests, `redist experiment perm`).

#include <cstdint>
#include <span>

#include "redist/perm/stencil.hpp"

namespace redist::perm {

/// Distributions enumerated at most (processors^items): 4^10, about 10^6.
inline constexpr std::uint64_t kMaxStencilEnumeration = std::uint64_t{1} << 20;

/// The plan of least total cost over all processors^items distributions (strategy "optimum"; the
/// first in lexicographic order among equals). InputError when there are more than
/// kMaxStencilEnumeration distributions.
StencilPlan stencil_optimum(std::span<const Proc> initial, std::size_t processors,
                            const StencilModel& model);

}  // namespace redist::perm
