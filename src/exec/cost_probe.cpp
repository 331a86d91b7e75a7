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

// One direction of a link is timed by exchanges of `bytes` one way and a 1-byte answer back: the
// time is L + bytes * b(direction) + L, so a fit over several sizes separates the two directions of
// an asymmetric link (a ping-pong of equal messages only sees the sum of both). Best of the
// repetitions: a slower one measures the scheduler or other traffic, not the link.
struct Exchange {
  std::int64_t bytes = 0;
  bool outward = true;  // the leader sends the big message (its edge's forward direction)
};

double timed_exchanges(const Context& ctx, int peer, bool leader, const Exchange& x,
                       int repetitions, std::byte* buffer) {
  const int count = detail::to_int(x.bytes, "probe size");
  const bool big_sender = leader == x.outward;  // this rank sends the big message
  double best = 1e300;
  for (int rep = 0; rep <= repetitions; ++rep) {  // repetition 0 warms the path up
    const double started = detail::now();
    if (leader) {
      check_mpi(
          MPI_Send(buffer, big_sender ? count : 1, MPI_BYTE, peer, detail::kTagProbe, ctx.comm()),
          "MPI_Send");
      check_mpi(MPI_Recv(buffer, big_sender ? 1 : count, MPI_BYTE, peer, detail::kTagProbe,
                         ctx.comm(), MPI_STATUS_IGNORE),
                "MPI_Recv");
    } else {
      check_mpi(MPI_Recv(buffer, big_sender ? 1 : count, MPI_BYTE, peer, detail::kTagProbe,
                         ctx.comm(), MPI_STATUS_IGNORE),
                "MPI_Recv");
      check_mpi(
          MPI_Send(buffer, big_sender ? count : 1, MPI_BYTE, peer, detail::kTagProbe, ctx.comm()),
          "MPI_Send");
    }
    if (rep > 0) best = std::min(best, detail::now() - started);
  }
  return best;
}

// The leader tells the follower what comes next (bytes, direction; bytes 0 = done), so that it
// alone decides, from its timings, how large the messages grow.
void announce(const Context& ctx, int peer, const Exchange& x) {
  const std::int64_t word[2] = {x.bytes, x.outward ? 1 : 0};
  check_mpi(MPI_Send(word, 2, MPI_INT64_T, peer, detail::kTagProbe, ctx.comm()), "MPI_Send");
}

Exchange next_announced(const Context& ctx, int peer) {
  std::int64_t word[2] = {0, 0};
  check_mpi(MPI_Recv(word, 2, MPI_INT64_T, peer, detail::kTagProbe, ctx.comm(), MPI_STATUS_IGNORE),
            "MPI_Recv");
  return {word[0], word[1] != 0};
}

// Sizes of one direction: the small one, then doubling from `first_large_bytes` until a transfer
// takes `target_seconds` (enough to drown the timer and the latency) or `large_bytes` is reached.
// A 20 Mbit/s link thus stops at 256 KiB, a shared-memory link goes up to large_bytes.
LinkModel lead_direction(const Context& ctx, int peer, bool outward, const ProbeOptions& o,
                         std::byte* buffer) {
  std::vector<std::int64_t> sizes;
  std::vector<double> times;
  std::int64_t bytes = o.small_bytes;
  while (true) {
    const Exchange x{bytes, outward};
    announce(ctx, peer, x);
    const double t = timed_exchanges(ctx, peer, true, x, o.repetitions, buffer);
    sizes.push_back(bytes);
    times.push_back(t);
    if (bytes >= o.large_bytes ||
        (bytes > o.small_bytes && t >= o.target_seconds && sizes.size() >= 3))
      break;
    bytes = bytes == o.small_bytes
                ? std::min(std::max(o.first_large_bytes, o.small_bytes + 1), o.large_bytes)
                : std::min(2 * bytes, o.large_bytes);
  }
  return fit_link_model(sizes, times);
}

void follow(const Context& ctx, int peer, const ProbeOptions& o, std::byte* buffer) {
  for (Exchange x = next_announced(ctx, peer); x.bytes > 0; x = next_announced(ctx, peer))
    timed_exchanges(ctx, peer, false, x, o.repetitions, buffer);
}

}  // namespace

RingLinkModels probe_ring_links(Context& ctx, const ProbeOptions& options) {
  const auto n = static_cast<std::size_t>(ctx.size());
  if (options.small_bytes < 1 || options.large_bytes <= options.small_bytes ||
      options.repetitions < 1)
    throw InputError("probe_ring_links", "options",
                     "need 1 <= small_bytes < large_bytes and repetitions >= 1");
  RingLinkModels models = RingLinkModels::uniform(n);
  if (n == 1) return models;
  const auto rank = static_cast<std::size_t>(ctx.rank());
  PooledBuffer buffer = ctx.pool().acquire(static_cast<std::size_t>(options.large_bytes));
  std::fill(buffer.data(), buffer.data() + options.large_bytes, std::byte{0});
  LinkModel forward;   // P_rank -> P_{rank+1}: this rank leads that edge's exchanges
  LinkModel backward;  // P_{rank+1} -> P_rank
  for (int phase = 0; phase < 3; ++phase) {
    const std::size_t left = (rank + n - 1) % n;
    if (phase_of(rank, n) == phase) {
      const int peer = static_cast<int>((rank + 1) % n);
      forward = lead_direction(ctx, peer, true, options, buffer.data());
      backward = lead_direction(ctx, peer, false, options, buffer.data());
      announce(ctx, peer, {0, true});
    } else if (phase_of(left, n) == phase) {
      follow(ctx, static_cast<int>(left), options, buffer.data());
    }
    check_mpi(MPI_Barrier(ctx.comm()), "MPI_Barrier");
  }
  std::vector<double> all(4 * n);
  const double mine[4] = {forward.latency_s, forward.seconds_per_byte, backward.latency_s,
                          backward.seconds_per_byte};
  check_mpi(MPI_Allgather(mine, 4, MPI_DOUBLE, all.data(), 4, MPI_DOUBLE, ctx.comm()),
            "MPI_Allgather");
  for (std::size_t e = 0; e < n; ++e) {
    models.succ[e] = {all[4 * e], all[4 * e + 1]};
    models.pred[(e + 1) % n] = {all[4 * e + 2], all[4 * e + 3]};
  }
  if (options.store_in_context) ctx.set_link_models(models);
  return models;
}

}  // namespace redist::exec
