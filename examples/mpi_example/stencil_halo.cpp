#include "stencil_halo.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include "redist/exec/context.hpp"

namespace redist::example {

void TileStore::reindex() {
  slot_of.assign(static_cast<std::size_t>(grid.tiles), -1);
  for (std::int64_t s = 0; s < size(); ++s) {
    const auto id = static_cast<std::int64_t>(tile(s)[0]);
    if (id < 0 || id >= grid.tiles || slot_of[static_cast<std::size_t>(id)] != -1)
      throw std::runtime_error("stencil: a tile arrived with a bad or repeated id");
    slot_of[static_cast<std::size_t>(id)] = s;
  }
}

TileStore initial_store(const StencilGrid& grid, std::span<const int> owner, int me) {
  TileStore store{grid, {}, {}};
  const auto stride = static_cast<std::size_t>(grid.stride());
  for (std::int64_t k = 0; k < grid.tiles; ++k) {
    if (owner[static_cast<std::size_t>(k)] != me) continue;
    store.data.resize(store.data.size() + stride);
    initial_tile(grid, k, {store.data.data() + store.data.size() - stride, stride});
  }
  store.reindex();
  return store;
}

HaloExchange::HaloExchange(const StencilGrid& grid, std::span<const int> owner, int me)
    : grid_(grid) {
  std::map<int, std::set<std::int64_t>> send, recv;
  for (std::int64_t k = 0; k < grid.tiles; ++k) {
    if (owner[static_cast<std::size_t>(k)] != me) continue;
    const auto list = grid.neighbours(k);
    for (int j = 0; j < grid.degree(); ++j) {
      const std::int64_t nb = list[static_cast<std::size_t>(j)];
      const int host = owner[static_cast<std::size_t>(nb)];
      if (host == me) continue;
      recv[host].insert(nb);  // nb's neighbour k lives here, so nb's host sends it here
      send[host].insert(k);   // and symmetrically k goes to nb's host
    }
  }
  for (auto& [rank, ids] : send) send_.push_back({rank, {ids.begin(), ids.end()}});
  for (auto& [rank, ids] : recv) recv_.push_back({rank, {ids.begin(), ids.end()}});
  halo_slot_of_.assign(static_cast<std::size_t>(grid.tiles), -1);
  std::int64_t slot = 0;
  for (const Peer& p : recv_)
    for (const std::int64_t id : p.ids) halo_slot_of_[static_cast<std::size_t>(id)] = slot++;
  halo_.resize(static_cast<std::size_t>(slot * grid.stride()));
}

std::int64_t HaloExchange::tiles_sent() const noexcept {
  std::int64_t total = 0;
  for (const Peer& p : send_) total += static_cast<std::int64_t>(p.ids.size());
  return total;
}

namespace {

int message_count(std::size_t tiles, std::int64_t stride) {
  const auto doubles = static_cast<std::int64_t>(tiles) * stride;
  if (doubles > INT_MAX)
    throw std::runtime_error("stencil: a halo message exceeds INT_MAX doubles");
  return static_cast<int>(doubles);
}

}  // namespace

void HaloExchange::exchange(const TileStore& store) {
  const std::int64_t stride = grid_.stride();
  std::vector<MPI_Request> requests;
  double* into = halo_.data();
  for (const Peer& p : recv_) {
    requests.emplace_back();
    exec::check_mpi(MPI_Irecv(into, message_count(p.ids.size(), stride), MPI_DOUBLE, p.rank, 0,
                              MPI_COMM_WORLD, &requests.back()),
                    "MPI_Irecv");
    into += static_cast<std::ptrdiff_t>(p.ids.size()) * stride;
  }
  std::size_t packed = 0;
  for (const Peer& p : send_) packed += p.ids.size();
  send_buffer_.resize(packed * static_cast<std::size_t>(stride));
  double* out = send_buffer_.data();
  for (const Peer& p : send_) {
    double* first = out;
    for (const std::int64_t id : p.ids) {
      const double* tile = store.tile(store.slot_of[static_cast<std::size_t>(id)]);
      out = std::copy(tile, tile + stride, out);
    }
    requests.emplace_back();
    exec::check_mpi(MPI_Isend(first, message_count(p.ids.size(), stride), MPI_DOUBLE, p.rank, 0,
                              MPI_COMM_WORLD, &requests.back()),
                    "MPI_Isend");
  }
  exec::check_mpi(
      MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE),
      "MPI_Waitall");
}

void HaloExchange::iterate(TileStore& store, double calc_seconds) {
  exchange(store);
  const auto started = std::chrono::steady_clock::now();
  const std::int64_t stride = grid_.stride();
  next_.resize(store.data.size());
  std::vector<const double*> nbs(static_cast<std::size_t>(grid_.degree()));
  for (std::int64_t s = 0; s < store.size(); ++s) {
    const double* self = store.tile(s);
    const auto list = grid_.neighbours(static_cast<std::int64_t>(self[0]));
    for (std::size_t j = 0; j < nbs.size(); ++j) {
      const auto id = static_cast<std::size_t>(list[j]);
      const std::int64_t local = store.slot_of[id];
      nbs[j] = local >= 0 ? store.tile(local) : halo_.data() + halo_slot_of_[id] * stride;
    }
    update_tile(grid_, self, nbs, next_.data() + s * stride);
  }
  store.data.swap(next_);
  // The emulated kernel: tau_calc per tile (section 6.2 sets it against the measured tau_comm).
  const auto busy = std::chrono::duration<double>(calc_seconds * static_cast<double>(store.size()));
  std::this_thread::sleep_until(
      started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(busy));
}

}  // namespace redist::example
