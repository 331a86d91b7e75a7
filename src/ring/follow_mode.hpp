#pragma once
// FollowMode: how a path timing batches its item-by-item "follow" pieces (ring/path_timing.hpp,
// ring/path_banding.hpp), shared by the ring layer's timings and planners.

namespace redist::ring {

/// How item-by-item "follow" pieces are turned into batches.
enum class FollowMode {
  exact,     // keep them: strictly ASAP, possibly one batch per item
  compress,  // delay each chunk of follow_chunk items to one back-to-back batch ending at the
             // chunk's last ASAP departure
  banded,  // fewest back-to-back batches between ASAP and ALAP (path_banding.hpp): every link ends
           // no later than under exact ASAP at the path's ends, and the path no later than its ASAP
           // end
};

}  // namespace redist::ring
