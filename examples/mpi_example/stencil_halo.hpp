#pragma once
// The tiles a rank hosts and one iteration of the stencil on them (document 003 section 5.1): a
// communication phase in which every tile is sent once to each other rank that hosts one of its
// neighbours (the document's N_ij), then the update of every hosted tile. Who hosts what is known
// on every rank (owner[k] for every tile k), so both sides of each message list the same tiles in
// the same order (increasing id) without asking.

#include <mpi.h>

#include <cstdint>
#include <span>
#include <vector>

#include "stencil_grid.hpp"

namespace redist::example {

/// The hosted tiles, back to back (grid.stride() doubles each, id first), and where each id is.
struct TileStore {
  StencilGrid grid;
  std::vector<double> data;
  std::vector<std::int64_t> slot_of;  // per tile id: its slot here, -1 when not hosted

  [[nodiscard]] std::int64_t size() const noexcept {
    return static_cast<std::int64_t>(data.size()) / grid.stride();
  }
  [[nodiscard]] double* tile(std::int64_t slot) noexcept {
    return data.data() + slot * grid.stride();
  }
  [[nodiscard]] const double* tile(std::int64_t slot) const noexcept {
    return data.data() + slot * grid.stride();
  }
  /// Rebuilds slot_of from the ids stored in the tiles (after a redistribution reordered them).
  void reindex();
};

/// The initial tiles of rank `me`: every k with initial[k] == me, in increasing id.
TileStore initial_store(const StencilGrid& grid, std::span<const int> owner, int me);

class HaloExchange {
 public:
  HaloExchange(const StencilGrid& grid, std::span<const int> owner, int me);

  /// One iteration on MPI_COMM_WORLD: exchange, update, then sleep until `calc_seconds` per hosted
  /// tile have passed since the update began (the emulated kernel cost; the real update is
  /// cheaper).
  void iterate(TileStore& store, double calc_seconds);

  /// Tiles this rank sends per iteration (sum over peers).
  [[nodiscard]] std::int64_t tiles_sent() const noexcept;

 private:
  struct Peer {
    int rank = 0;
    std::vector<std::int64_t> ids;  // increasing
  };
  void exchange(const TileStore& store);

  StencilGrid grid_;
  std::vector<Peer> send_, recv_;
  std::vector<std::int64_t> halo_slot_of_;  // per tile id: its slot in halo_, -1 when not received
  std::vector<double> halo_, send_buffer_, next_;
};

}  // namespace redist::example
