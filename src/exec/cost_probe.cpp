#include "redist/exec/cost_probe.hpp"

#include <algorithm>

#include "mpi_support.hpp"
#include "redist/core/error.hpp"

namespace redist::exec {

namespace {

// Phase of edge e = (P_e, P_{e+1}): parity, and the closing edge alone on odd rings, so that the
// edges of one phase share no rank.
int phase_of(std::size_t edge, std::size_t n) {
  if (n % 2 == 1 && edge == n - 1) return 2;
  return static_cast<int>(edge % 2);
}

// One-way time of `bytes` over the link to `peer`: half the round trip, the best of the repetitions
// (a slower repetition measures the scheduler or other traffic, not the link).
double ping_pong(const Context& ctx, int peer, bool leader, std::int64_t bytes, int repetitions, std::byte* buffer) {
  const int count = detail::to_int(bytes, "probe size");
  std::vector<double> times;
  for (int rep = 0; rep <= repetitions; ++rep) {  // repetition 0 warms the path up
    const double started = detail::now();
    if (leader) {
      check_mpi(MPI_Send(buffer, count, MPI_BYTE, peer, detail::kTagProbe, ctx.comm()), "MPI_Send");
      check_mpi(MPI_Recv(buffer, count, MPI_BYTE, peer, detail::kTagProbe, ctx.comm(), MPI_STATUS_IGNORE), "MPI_Recv");
    } else {
      check_mpi(MPI_Recv(buffer, count, MPI_BYTE, peer, detail::kTagProbe, ctx.comm(), MPI_STATUS_IGNORE), "MPI_Recv");
      check_mpi(MPI_Send(buffer, count, MPI_BYTE, peer, detail::kTagProbe, ctx.comm()), "MPI_Send");
    }
    if (rep > 0) times.push_back((detail::now() - started) / 2.0);
  }
  return *std::min_element(times.begin(), times.end());
}

LinkModel fit(double small_time, double large_time, std::int64_t small_bytes, std::int64_t large_bytes) {
  LinkModel model;
  const double per_byte = (large_time - small_time) / static_cast<double>(large_bytes - small_bytes);
  model.seconds_per_byte = std::max(per_byte, 1e-13);
  model.latency_s = std::max(small_time - static_cast<double>(small_bytes) * model.seconds_per_byte, 1e-8);
  return model;
}

}  // namespace

RingLinkModels probe_ring_links(Context& ctx, const ProbeOptions& options) {
  const auto n = static_cast<std::size_t>(ctx.size());
  if (options.small_bytes < 1 || options.large_bytes <= options.small_bytes || options.repetitions < 1)
    throw InputError("probe_ring_links", "options", "need 1 <= small_bytes < large_bytes and repetitions >= 1");
  RingLinkModels models = RingLinkModels::uniform(n);
  if (n == 1) return models;
  const auto rank = static_cast<std::size_t>(ctx.rank());
  PooledBuffer buffer = ctx.pool().acquire(static_cast<std::size_t>(options.large_bytes));
  std::fill(buffer.data(), buffer.data() + options.large_bytes, std::byte{0});
  LinkModel measured;  // of edge `rank` (this rank leads that edge's ping-pong)
  for (int phase = 0; phase < 3; ++phase) {
    const std::size_t left = (rank + n - 1) % n;
    if (phase_of(rank, n) == phase) {
      const int peer = static_cast<int>((rank + 1) % n);
      const double small_time = ping_pong(ctx, peer, true, options.small_bytes, options.repetitions, buffer.data());
      const double large_time = ping_pong(ctx, peer, true, options.large_bytes, options.repetitions, buffer.data());
      measured = fit(small_time, large_time, options.small_bytes, options.large_bytes);
    } else if (phase_of(left, n) == phase) {
      const int peer = static_cast<int>(left);
      ping_pong(ctx, peer, false, options.small_bytes, options.repetitions, buffer.data());
      ping_pong(ctx, peer, false, options.large_bytes, options.repetitions, buffer.data());
    }
    check_mpi(MPI_Barrier(ctx.comm()), "MPI_Barrier");
  }
  std::vector<double> all(2 * n);
  const double mine[2] = {measured.latency_s, measured.seconds_per_byte};
  check_mpi(MPI_Allgather(mine, 2, MPI_DOUBLE, all.data(), 2, MPI_DOUBLE, ctx.comm()), "MPI_Allgather");
  for (std::size_t e = 0; e < n; ++e) {
    const LinkModel edge{all[2 * e], all[2 * e + 1]};
    models.succ[e] = edge;
    models.pred[(e + 1) % n] = edge;
  }
  if (options.store_in_context) ctx.set_link_models(models);
  return models;
}

}  // namespace redist::exec
