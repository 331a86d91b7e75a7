#include "random_check.hpp"

#include <mpi.h>

#include <cinttypes>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/redistribute.hpp"

namespace redist::example {

namespace {

std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Byte j of item g.
std::byte item_byte(std::uint64_t g, std::size_t j) {
  return static_cast<std::byte>(mix(g * 0x100000001B3ULL + j / 8) >> (8 * (j % 8)));
}

std::uint64_t content_hash(const std::byte* item, std::size_t bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t j = 0; j < bytes; ++j)
    h = (h ^ static_cast<std::uint64_t>(item[j])) * 0x100000001b3ULL;
  return h;
}

std::uint64_t expected_hash(std::uint64_t g, std::size_t bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t j = 0; j < bytes; ++j)
    h = (h ^ static_cast<std::uint64_t>(item_byte(g, j))) * 0x100000001b3ULL;
  return h;
}

// Order-sensitive contribution of the item at global index g with content hash h.
std::uint64_t contribution(std::uint64_t g, std::uint64_t h) { return mix(g ^ mix(h)); }

std::vector<std::int64_t> random_counts(Rng& rng, std::size_t n, std::int64_t max_items) {
  std::vector<std::int64_t> counts(n);
  for (auto& c : counts)
    c = rng.uniform(0, 4) == 0 ? 0 : rng.uniform(0, max_items);  // some empty ranks
  return counts;
}

struct RankLine {
  std::int64_t items = 0;
  std::int64_t first = 0;
  std::uint64_t checksum = 0;
  std::int64_t wrong = 0;
};

RankLine check_slice(const exec::OrderedSlice& slice) {
  RankLine line{slice.size(), slice.first(), 0, 0};
  const auto bytes = static_cast<std::size_t>(slice.item_bytes());
  for (std::int64_t k = 0; k < slice.size(); ++k) {
    const auto g = static_cast<std::uint64_t>(slice.global_index(k));
    const std::uint64_t h = content_hash(slice.item(k).data(), bytes);
    if (h != expected_hash(g, bytes)) ++line.wrong;
    line.checksum += contribution(g, h);
  }
  return line;
}

std::uint64_t expected_total(std::int64_t total, std::size_t bytes) {
  std::uint64_t sum = 0;
  for (std::int64_t g = 0; g < total; ++g)
    sum += contribution(static_cast<std::uint64_t>(g),
                        expected_hash(static_cast<std::uint64_t>(g), bytes));
  return sum;
}

// Gathers every rank's line on rank 0, prints the table; true when the round is correct.
bool report_round(const exec::Context& ctx, const RankLine& mine, std::int64_t total,
                  std::size_t bytes) {
  std::vector<RankLine> lines(static_cast<std::size_t>(ctx.size()));
  exec::check_mpi(MPI_Gather(&mine, sizeof(RankLine), MPI_BYTE, lines.data(), sizeof(RankLine),
                             MPI_BYTE, 0, ctx.comm()),
                  "MPI_Gather");
  int ok = 1;
  if (ctx.rank() == 0) {
    std::printf("  %-5s %10s %12s %18s %7s\n", "rank", "items", "first", "checksum", "wrong");
    std::uint64_t sum = 0;
    std::int64_t items = 0;
    std::int64_t wrong = 0;
    for (std::size_t r = 0; r < lines.size(); ++r) {
      const RankLine& l = lines[r];
      std::printf("  %-5zu %10lld %12lld %18" PRIx64 " %7lld\n", r, static_cast<long long>(l.items),
                  static_cast<long long>(l.first), l.checksum, static_cast<long long>(l.wrong));
      sum += l.checksum;
      items += l.items;
      wrong += l.wrong;
    }
    const std::uint64_t expected = expected_total(total, bytes);
    ok = sum == expected && items == total && wrong == 0;
    std::printf("  global checksum %016" PRIx64 ", expected %016" PRIx64
                ", %lld of %lld items: %s\n",
                sum, expected, static_cast<long long>(items), static_cast<long long>(total),
                ok ? "OK" : "MISMATCH");
  }
  exec::check_mpi(MPI_Bcast(&ok, 1, MPI_INT, 0, ctx.comm()), "MPI_Bcast");
  return ok == 1;
}

exec::OrderedSlice initial_slice(const exec::Context& ctx, const std::vector<std::int64_t>& loads,
                                 std::int64_t item_bytes) {
  std::int64_t first = 0;
  for (int r = 0; r < ctx.rank(); ++r) first += loads[static_cast<std::size_t>(r)];
  exec::OrderedSlice slice(item_bytes);
  slice.resize(loads[static_cast<std::size_t>(ctx.rank())]);
  slice.set_first(first, std::accumulate(loads.begin(), loads.end(), std::int64_t{0}));
  for (std::int64_t k = 0; k < slice.size(); ++k)
    for (std::size_t j = 0; j < static_cast<std::size_t>(item_bytes); ++j)
      slice.item(k)[j] = item_byte(static_cast<std::uint64_t>(first + k), j);
  return slice;
}

}  // namespace

int run_random_check(exec::Context& ctx, const RandomOptions& opt) {
  const auto n = static_cast<std::size_t>(ctx.size());
  Rng rng(opt.seed);
  const std::vector<std::int64_t> loads = random_counts(rng, n, opt.max_items);
  std::int64_t total = 0;
  for (const auto l : loads) total += l;
  if (opt.probe) exec::probe_ring_links(ctx);
  exec::OrderedSlice slice = initial_slice(ctx, loads, opt.item_bytes);
  exec::PlanOptions options;
  options.kind = opt.unidirectional ? RingKind::unidirectional : RingKind::bidirectional;
  options.wrap =
      exec::WrapPolicy::allow;  // the best ring plan; the checksums read the slices circularly
  options.transport = opt.alltoallv ? exec::Transport::alltoallv : exec::Transport::ring;
  if (ctx.rank() == 0)
    std::printf(
        "random redistribution: seed %llu, %zu ranks, %lld items of %lld bytes, %s ring, %s "
        "transport\n",
        static_cast<unsigned long long>(opt.seed), n, static_cast<long long>(total),
        static_cast<long long>(opt.item_bytes),
        opt.unidirectional ? "unidirectional" : "bidirectional",
        opt.alltoallv ? "MPI_Alltoallv" : "ring");
  bool all_ok = true;
  for (int round = 1; round <= opt.rounds; ++round) {
    std::vector<double> weights;
    for (const auto c : random_counts(rng, n, 100)) weights.push_back(static_cast<double>(c));
    weights[rng.uniform(0, static_cast<std::int64_t>(n) - 1)] += 1.0;
    // The time printed next to the prediction is the whole collective's: from a barrier to the last
    // rank's return (a rank's own time ends when its part is done, which may be long before the
    // others' on a network of slow links).
    exec::check_mpi(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const double started = MPI_Wtime();
    const exec::TransferReport report = exec::redistribute(
        ctx, slice, exec::NewShare::weight(weights[static_cast<std::size_t>(ctx.rank())]), options);
    const double own = MPI_Wtime() - started;
    double seconds = 0.0;
    exec::check_mpi(MPI_Allreduce(&own, &seconds, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
                    "MPI_Allreduce");
    if (ctx.rank() == 0) {
      std::string flows;
      for (const auto f : report.flows) {
        if (!flows.empty()) flows += ' ';
        flows += std::to_string(f);
      }
      std::printf(
          "round %d: %s plan (%s), flows [%s], %lld items per message, %.3f ms (predicted %.3f "
          "ms)\n",
          round, report.framework.c_str(), report.method.c_str(), flows.c_str(),
          static_cast<long long>(report.chunk_items), 1e3 * seconds,
          1e3 * report.predicted_seconds);
    }
    all_ok =
        report_round(ctx, check_slice(slice), total, static_cast<std::size_t>(opt.item_bytes)) &&
        all_ok;
  }
  if (ctx.rank() == 0)
    std::printf("result: %s\n",
                all_ok ? "every item arrived exactly once, in order, in every round" : "FAILED");
  std::fflush(stdout);
  return all_ok ? 0 : 1;
}

}  // namespace redist::example
