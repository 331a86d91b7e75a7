// The pure half of the stencil example (examples/mpi_example/stencil_grid.hpp): neighbours, the
// update, and the serial reference the MPI runs are checked against.
#include "stencil_grid.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

namespace redist::example {
namespace {

TEST(StencilGrid, RingNeighboursWrapAround) {
  const StencilGrid g = ring_grid(5, 1);
  EXPECT_EQ(g.neighbours(0)[0], 4);
  EXPECT_EQ(g.neighbours(0)[1], 1);
  EXPECT_EQ(g.neighbours(4)[1], 0);
}

TEST(StencilGrid, TorusNeighboursAreFourDistinctTilesAndSymmetric) {
  const StencilGrid g = torus_grid(4, 1);
  for (std::int64_t k = 0; k < g.tiles; ++k) {
    const auto nb = g.neighbours(k);
    EXPECT_EQ(std::set<std::int64_t>(nb.begin(), nb.end()).size(), 4u);
    for (const std::int64_t j : nb) {
      const auto back = g.neighbours(j);
      EXPECT_NE(std::find(back.begin(), back.end(), k), back.end()) << k << " " << j;
    }
  }
}

TEST(StencilGrid, RejectsTooSmallGrids) {
  EXPECT_THROW(ring_grid(2, 1), std::invalid_argument);
  EXPECT_THROW(torus_grid(2, 1), std::invalid_argument);
  EXPECT_THROW(ring_grid(3, 0), std::invalid_argument);
}

// On 3 tiles every tile's neighbours are the two others, so one update makes all tiles equal to the
// mean of the three; the reference must say so, and differ from the initial hashes.
TEST(StencilGrid, SerialReferenceOfThreeTilesIsTheMean) {
  const StencilGrid g = ring_grid(3, 4);
  std::vector<std::vector<double>> tiles(3, std::vector<double>(5));
  for (int k = 0; k < 3; ++k) initial_tile(g, k, tiles[static_cast<std::size_t>(k)]);
  const std::vector<std::uint64_t> after = serial_reference_hashes(g, 1);
  for (int k = 0; k < 3; ++k) {
    std::vector<double> expected = tiles[static_cast<std::size_t>(k)];
    const int l = (k + 2) % 3, r = (k + 1) % 3;
    for (std::size_t i = 1; i < 5; ++i)
      expected[i] = (tiles[static_cast<std::size_t>(k)][i] + tiles[static_cast<std::size_t>(l)][i] +
                     tiles[static_cast<std::size_t>(r)][i]) *
                    (1.0 / 3.0);
    EXPECT_EQ(after[static_cast<std::size_t>(k)], tile_hash(expected)) << k;
    EXPECT_NE(after[static_cast<std::size_t>(k)], tile_hash(tiles[static_cast<std::size_t>(k)]));
  }
  EXPECT_EQ(serial_reference_hashes(g, 0)[1], tile_hash(tiles[1]));
}

TEST(StencilGrid, HashSeesTheIdAndEveryValue) {
  const StencilGrid g = ring_grid(4, 3);
  std::vector<double> a(4), b(4);
  initial_tile(g, 1, a);
  initial_tile(g, 2, b);
  EXPECT_NE(tile_hash(a), tile_hash(b));
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::vector<double> c = a;
    c[i] += 0.5;
    EXPECT_NE(tile_hash(c), tile_hash(a)) << i;
  }
}

}  // namespace
}  // namespace redist::example
