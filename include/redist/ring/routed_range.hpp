#pragma once
// One range of ordered items and the way it goes round the ring (docs/ordered.md "Routes"): what an
// ordered plan's routes are made of (OrderedPlan::routes, ordered_plan.hpp). How the routes are
// chosen is internal (src/ring/ordered_routes.hpp).

#include <cstdint>

namespace redist::ring {

/// Items first .. first + items - 1, all from P_from to P_to, the same way round: rightward
/// (P_from -> P_from+1 -> ... -> P_to, indices mod n) or leftward.
struct RoutedRange {
  std::int64_t first = 0;
  std::int64_t items = 0;
  std::int32_t from = 0;
  std::int32_t to = 0;
  bool rightward = true;
};

}  // namespace redist::ring
