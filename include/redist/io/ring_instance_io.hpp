#pragma once
// Ring instances as JSON (docs/design.md section 4):
//   {"ring": "bidirectional", "loads": [7, 1, 3], "targets": [3, 4, 4],
//    "succ_cost": [1, 2, 1], "pred_cost": 1}
// A cost is one number for every link or a list of n; integers or exact decimals.

#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/io/exact_json.hpp"

namespace redist::io {

/// Throws InputError naming `source`, the field and the index for every rule of
/// check_ring_instance.
RingInstance ring_instance_from_json(const Json& document, const std::string& source);
RingInstance read_ring_instance(const std::string& path);

Json ring_instance_to_json(const RingInstance& instance);
/// json_text(ring_instance_to_json(instance)), written without the DOM (json_text.hpp
/// json_text_with_arrays): what `redist gen ring` writes, up to 10^8 processors.
std::string ring_instance_text(const RingInstance& instance);

}  // namespace redist::io
