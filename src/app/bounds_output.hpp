#pragma once
// What `redist bounds` prints for ring::RingBounds (ring/bounds.hpp), in the JSON layout of every redist
// command (io/json_text.hpp), and the table a person reads:
//   {"bounds": [{"name": .., "source": .., "value": ..}, ...], "lower_bound": 4}

#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/ring/bounds.hpp"

namespace redist::app {

std::string bounds_json_text(const ring::RingBounds& bounds, int time_scale);

std::string bounds_summary_text(const RingInstance& instance, const ring::RingBounds& bounds);

}  // namespace redist::app
