#include "stencil_run.hpp"

#include <mpi.h>

#include <cstring>

#include "qr_traffic.hpp"
#include "redist/exec/permutation_redistribute.hpp"
#include "stencil_halo.hpp"

namespace redist::example {

const char* to_string(StencilStrategy strategy) {
  switch (strategy) {
    case StencilStrategy::owner:
      return "owner";
    case StencilStrategy::can:
      return "can";
    case StencilStrategy::vol:
      return "vol";
    case StencilStrategy::steps:
      return "steps";
  }
  return "?";
}

namespace {

void barrier() { exec::check_mpi(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"); }

std::int64_t sum_over_ranks(std::int64_t value) {
  std::int64_t out = 0;
  exec::check_mpi(MPI_Allreduce(&value, &out, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD),
                  "MPI_Allreduce");
  return out;
}

exec::PartsOptions options_for(StencilStrategy strategy) {
  exec::PartsOptions options;
  if (strategy == StencilStrategy::can) {
    options.mapping =
        exec::PermMapping::fixed;  // part j -> rank j: the document's arbitrary labelling
  } else {
    options.objective =
        strategy == StencilStrategy::vol ? exec::PermObjective::volume : exec::PermObjective::steps;
  }
  return options;
}

// Moves the hosted tiles so that tile k ends on the host of part part_of[k]; returns the executor's
// report. The store is rebuilt from the received bytes (ids travel inside the tiles).
exec::PartsResult move_tiles(exec::Context& ctx, TileStore& store,
                             std::span<const perm::Proc> part_of,
                             const exec::PartsOptions& options) {
  std::vector<perm::Proc> parts(static_cast<std::size_t>(store.size()));
  for (std::int64_t s = 0; s < store.size(); ++s)
    parts[static_cast<std::size_t>(s)] = part_of[static_cast<std::size_t>(store.tile(s)[0])];
  const auto item_bytes = static_cast<std::int64_t>(sizeof(double)) * store.grid.stride();
  exec::PartsResult result = exec::redistribute_parts(
      ctx, item_bytes, std::as_bytes(std::span<const double>(store.data)), parts, options);
  store.data.resize(static_cast<std::size_t>(result.items * store.grid.stride()));
  if (result.items > 0)
    std::memcpy(store.data.data(), result.data.data(),
                static_cast<std::size_t>(result.items * item_bytes));
  store.reindex();
  return result;
}

// Tiles that are hosted here but should not be, should be but are not, or whose hash differs.
std::int64_t bad_tiles(const TileStore& store, std::span<const int> owner, int me,
                       std::span<const std::uint64_t> expected) {
  std::int64_t bad = 0;
  const auto stride = static_cast<std::size_t>(store.grid.stride());
  for (std::int64_t k = 0; k < store.grid.tiles; ++k) {
    const std::int64_t slot = store.slot_of[static_cast<std::size_t>(k)];
    const bool should = owner[static_cast<std::size_t>(k)] == me;
    if (slot < 0) {
      bad += should ? 1 : 0;
    } else if (!should ||
               tile_hash({store.tile(slot), stride}) != expected[static_cast<std::size_t>(k)]) {
      ++bad;
    }
  }
  return bad;
}

std::vector<std::uint64_t> initial_hashes(const StencilGrid& grid) {
  std::vector<double> tile(static_cast<std::size_t>(grid.stride()));
  std::vector<std::uint64_t> hashes(static_cast<std::size_t>(grid.tiles));
  for (std::int64_t k = 0; k < grid.tiles; ++k) {
    initial_tile(grid, k, tile);
    hashes[static_cast<std::size_t>(k)] = tile_hash(tile);
  }
  return hashes;
}

}  // namespace

StencilRun run_stencil_strategy(exec::Context& ctx, const StencilLayout& layout,
                                StencilStrategy strategy, int iterations, double calc_seconds,
                                std::span<const std::uint64_t> reference, bool corrupt) {
  const int me = ctx.rank();
  StencilRun run;
  TileStore store = initial_store(layout.grid, layout.initial, me);
  std::vector<int> owner = layout.initial;
  std::int64_t bad = 0;
  if (strategy != StencilStrategy::owner) {
    barrier();
    const double t0 = MPI_Wtime();
    const exec::PartsResult result =
        move_tiles(ctx, store, layout.partition, options_for(strategy));
    barrier();
    run.redistribution_s = MPI_Wtime() - t0;
    run.moved_tiles = result.volume;
    run.steps = result.steps;
    for (std::size_t k = 0; k < owner.size(); ++k)
      owner[k] = static_cast<int>(result.assignment[layout.partition[k]]);
    bad += bad_tiles(store, owner, me, initial_hashes(layout.grid));
  }
  if (layout.grid.shape == StencilShape::torus2d) {
    const QrTraffic qr = qr_traffic(owner, layout.grid.side, ctx.size());
    run.qr_tiles_sent = qr.tiles_sent;
    run.qr_work_share = qr.max_work_share;
  }
  HaloExchange halo(layout.grid, owner, me);
  run.halo_tiles = sum_over_ranks(halo.tiles_sent());
  for (int t = 0; t < iterations; ++t) {
    barrier();
    const double t0 = MPI_Wtime();
    halo.iterate(store, calc_seconds);
    barrier();
    run.iteration_s.push_back(MPI_Wtime() - t0);
  }
  if (corrupt && me == 0 && store.size() > 0) store.tile(0)[1] += 1.0;
  if (strategy != StencilStrategy::owner) {
    // Back to the initial ranks: part r = the tiles that started on rank r, hosted by rank r.
    std::vector<perm::Proc> home(layout.initial.begin(), layout.initial.end());
    exec::PartsOptions back;
    back.mapping = exec::PermMapping::fixed;
    barrier();
    const double t0 = MPI_Wtime();
    move_tiles(ctx, store, home, back);
    barrier();
    run.back_s = MPI_Wtime() - t0;
  }
  bad += bad_tiles(store, layout.initial, me, reference);
  run.bad_tiles = sum_over_ranks(bad);
  return run;
}

}  // namespace redist::example
