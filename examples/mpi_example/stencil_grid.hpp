#pragma once
// The data of the stencil application (document 003 sections 5 and 6.2), without MPI: a set of
// tiles (blocks of doubles, the document's "data items") arranged either on a circular 1-D array
// (the three-point stencil of section 5.1: tile d needs tiles d-1 and d+1 mod N) or on an n x n
// torus of matrix tiles (a five-point stencil on the tiled matrices of section 6.3: tile (r, c)
// needs its four neighbours). One update replaces every tile by the element-wise mean of itself and
// its neighbours.
//
// Every tile carries its id in front of its values, so that it can be recognised wherever the
// redistribution puts it; tile_hash covers the id and the values, and serial_reference_hashes is
// the oracle of the parallel run: the same update applied to all tiles in one address space.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace redist::example {

enum class StencilShape { ring1d, torus2d };

struct StencilGrid {
  StencilShape shape = StencilShape::ring1d;
  std::int64_t tiles = 0;   // N
  std::int64_t side = 0;    // n (torus2d: N = n * n)
  std::int64_t values = 0;  // doubles per tile, not counting the id

  [[nodiscard]] std::int64_t stride() const noexcept {
    return values + 1;
  }  // doubles per stored tile
  [[nodiscard]] int degree() const noexcept { return shape == StencilShape::ring1d ? 2 : 4; }
  /// The neighbours of tile k, in the fixed order the update sums them.
  [[nodiscard]] std::array<std::int64_t, 4> neighbours(std::int64_t k) const noexcept;
};

/// Throws std::invalid_argument unless the grid has at least 3 tiles per dimension and values >= 1.
StencilGrid ring_grid(std::int64_t tiles, std::int64_t values);
StencilGrid torus_grid(std::int64_t side, std::int64_t values);

/// Writes tile k's id and initial values into `tile` (stride() doubles).
void initial_tile(const StencilGrid& grid, std::int64_t k, std::span<double> tile);

/// out = mean of self and its degree() neighbours (values only; the id is copied from self).
void update_tile(const StencilGrid& grid, const double* self,
                 std::span<const double* const> neighbours, double* out);

/// FNV-1a over the bit patterns of a stored tile (id and values).
std::uint64_t tile_hash(std::span<const double> tile);

/// Hashes of every tile after `iterations` serial updates from the initial tiles.
std::vector<std::uint64_t> serial_reference_hashes(const StencilGrid& grid, int iterations);

}  // namespace redist::example
