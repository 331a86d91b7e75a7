#pragma once
// The lower bounds of bounds.hpp from a ring's prefix sums already computed (ring_prefix.hpp):
// plan_ring computes them once and hands them to every bound (issue 15: "work done once"). Internal:
// a library user calls the forms of <redist/ring/bounds.hpp>, which compute the prefix themselves.

#include "redist/core/ring_instance.hpp"
#include "redist/ring/bounds.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

Ticks lemma1_bound(const RingInstance& instance, const RingPrefix& prefix);
Ticks lemma5_bound(const RingInstance& instance, const RingPrefix& prefix);
Ticks lemma6_bound(const RingInstance& instance, const RingPrefix& prefix);
Ticks lemma12_bound(const RingInstance& instance, const RingPrefix& prefix);
RingBounds ring_lower_bounds(const RingInstance& instance, const RingPrefix& prefix);

}  // namespace redist::ring
