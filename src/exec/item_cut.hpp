#pragma once
// Where variable-size items are cut between ranks (variable_items.hpp): the byte share's exact
// boundary moved to the nearest item boundary. Pure code: unit-tested against brute force.

#include <cstddef>
#include <cstdint>
#include <span>

namespace redist::exec {

/// offsets: one rank's CSR offsets (offsets[k] = first byte of item k, offsets.back() = its bytes);
/// 0 <= t < offsets.back(). Returns the index k of the item boundary offsets[k] nearest to byte t
/// (ties to the earlier boundary). Zero-size items stay on the side of t they lie on: among equal
/// offsets the last one is taken at or before t, the first one after it. Moving t there shifts it
/// by at most half the item that holds byte t.
std::size_t nearest_item_boundary(std::span<const std::int64_t> offsets, std::int64_t t);

}  // namespace redist::exec
