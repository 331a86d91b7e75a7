#include "stencil_grid.hpp"

#include <bit>
#include <stdexcept>
#include <string>

namespace redist::example {

std::array<std::int64_t, 4> StencilGrid::neighbours(std::int64_t k) const noexcept {
  if (shape == StencilShape::ring1d) return {(k + tiles - 1) % tiles, (k + 1) % tiles, -1, -1};
  const std::int64_t r = k / side;
  const std::int64_t c = k % side;
  return {((r + side - 1) % side) * side + c, ((r + 1) % side) * side + c,
          r * side + (c + side - 1) % side, r * side + (c + 1) % side};
}

namespace {

void check_values(std::int64_t values) {
  if (values < 1)
    throw std::invalid_argument("a tile needs at least one value, got " + std::to_string(values));
}

}  // namespace

StencilGrid ring_grid(std::int64_t tiles, std::int64_t values) {
  // With fewer than 3 tiles a tile would be its own neighbour, or both neighbours would coincide.
  if (tiles < 3)
    throw std::invalid_argument("the 1-D stencil needs at least 3 tiles, got " +
                                std::to_string(tiles));
  check_values(values);
  return {StencilShape::ring1d, tiles, tiles, values};
}

StencilGrid torus_grid(std::int64_t side, std::int64_t values) {
  if (side < 3)
    throw std::invalid_argument("the 2-D stencil needs at least 3 x 3 tiles, got side " +
                                std::to_string(side));
  check_values(values);
  return {StencilShape::torus2d, side * side, side, values};
}

void initial_tile(const StencilGrid& grid, std::int64_t k, std::span<double> tile) {
  tile[0] = static_cast<double>(k);
  // Exact small fractions, different for every tile and position, so that a misplaced or stale tile
  // changes the result.
  for (std::int64_t i = 0; i < grid.values; ++i)
    tile[static_cast<std::size_t>(i + 1)] =
        static_cast<double>((k * 7919 + i * 104729) % 1000003) / 1000003.0;
}

void update_tile(const StencilGrid& grid, const double* self,
                 std::span<const double* const> neighbours, double* out) {
  out[0] = self[0];
  const double scale = 1.0 / static_cast<double>(neighbours.size() + 1);
  for (std::int64_t i = 1; i <= grid.values; ++i) {
    double sum = self[i];
    for (const double* nb : neighbours) sum += nb[i];
    out[i] = sum * scale;
  }
}

std::uint64_t tile_hash(std::span<const double> tile) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const double x : tile) {
    const auto bits = std::bit_cast<std::uint64_t>(x);
    for (int b = 0; b < 64; b += 8) h = (h ^ ((bits >> b) & 0xFF)) * 0x100000001b3ULL;
  }
  return h;
}

std::vector<std::uint64_t> serial_reference_hashes(const StencilGrid& grid, int iterations) {
  const auto stride = static_cast<std::size_t>(grid.stride());
  const auto n = static_cast<std::size_t>(grid.tiles);
  std::vector<double> now(n * stride), next(n * stride);
  for (std::size_t k = 0; k < n; ++k)
    initial_tile(grid, static_cast<std::int64_t>(k), {now.data() + k * stride, stride});
  std::vector<const double*> nbs(static_cast<std::size_t>(grid.degree()));
  for (int t = 0; t < iterations; ++t) {
    for (std::size_t k = 0; k < n; ++k) {
      const auto list = grid.neighbours(static_cast<std::int64_t>(k));
      for (std::size_t j = 0; j < nbs.size(); ++j)
        nbs[j] = now.data() + static_cast<std::size_t>(list[j]) * stride;
      update_tile(grid, now.data() + k * stride, nbs, next.data() + k * stride);
    }
    now.swap(next);
  }
  std::vector<std::uint64_t> hashes(n);
  for (std::size_t k = 0; k < n; ++k) hashes[k] = tile_hash({now.data() + k * stride, stride});
  return hashes;
}

}  // namespace redist::example
