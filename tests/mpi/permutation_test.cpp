// Permutation redistribution on real ranks: random item-to-part maps (empty ranks, one dominant
// part, items of 1 byte to 64 KiB), both objectives, both transports (step schedule and
// MPI_Alltoallv), split messages and int-limited rounds; every item of the hosted part must arrive
// exactly once, ordered by source rank then source order, checked by checksum.

#include <mpi.h>

#include <algorithm>
#include <vector>

#include "item_pattern.hpp"
#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/permutation_redistribute.hpp"

namespace redist::mpitest {

namespace {

struct RankItems {
  std::vector<perm::Proc> parts;
  std::vector<std::byte> data;
};

std::uint64_t item_id(std::size_t rank, std::size_t k) {
  return (static_cast<std::uint64_t>(rank) << 32) | k;
}

// Rank r's items, reproducible by any rank from (seed, r).
RankItems rank_items(std::uint64_t seed, std::size_t rank, std::size_t ranks,
                     std::int64_t item_bytes) {
  Rng rng(seed * 1000003 + rank);
  RankItems out;
  const std::int64_t count = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, 25);
  const bool skewed = rng.uniform(0, 2) == 0;
  for (std::int64_t k = 0; k < count; ++k) {
    const auto part =
        skewed && rng.uniform(0, 1) == 0
            ? ranks - 1
            : static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(ranks) - 1));
    out.parts.push_back(static_cast<perm::Proc>(part));
  }
  out.data.resize(static_cast<std::size_t>(count * item_bytes));
  for (std::int64_t k = 0; k < count; ++k)
    fill_item({out.data.data() + k * item_bytes, static_cast<std::size_t>(item_bytes)},
              item_id(rank, static_cast<std::size_t>(k)), seed);
  return out;
}

void check_result(const exec::Context& ctx, const exec::PartsResult& result, std::uint64_t seed,
                  std::int64_t item_bytes) {
  const auto ranks = static_cast<std::size_t>(ctx.size());
  std::int64_t at = 0;
  std::int64_t wrong = 0;
  for (std::size_t s = 0; s < ranks; ++s) {
    const RankItems source = rank_items(seed, s, ranks, item_bytes);
    std::int64_t from_s = 0;
    for (std::size_t k = 0; k < source.parts.size(); ++k) {
      if (source.parts[k] != result.part) continue;
      ++from_s;
      if (at >= result.items) {
        ++wrong;
        continue;
      }
      const std::span<const std::byte> item(result.data.data() + at * item_bytes,
                                            static_cast<std::size_t>(item_bytes));
      if (item_checksum(item) !=
          expected_checksum(item_id(s, k), seed, static_cast<std::size_t>(item_bytes)))
        ++wrong;
      ++at;
    }
    MPI_CHECK_EQ(result.from_rank[s], from_s);
  }
  MPI_CHECK_EQ(at, result.items);
  MPI_CHECK_EQ(wrong, std::int64_t{0});
  MPI_CHECK(result.assignment[result.part] == static_cast<perm::Proc>(ctx.rank()));
  // Every part is hosted by exactly one rank.
  std::vector<int> parts(ranks);
  const int mine = static_cast<int>(result.part);
  exec::check_mpi(MPI_Allgather(&mine, 1, MPI_INT, parts.data(), 1, MPI_INT, MPI_COMM_WORLD),
                  "MPI_Allgather");
  std::sort(parts.begin(), parts.end());
  for (std::size_t k = 0; k < ranks; ++k) MPI_CHECK_EQ(parts[k], static_cast<int>(k));
}

void random_maps(exec::Context& ctx) {
  static const std::int64_t sizes[] = {1, 8, 100, 4096, 65536};
  const auto ranks = static_cast<std::size_t>(ctx.size());
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    Rng rng(seed * 31 + ranks);
    const std::int64_t item_bytes = sizes[rng.uniform(0, 4)];
    exec::PartsOptions opt;
    opt.objective =
        rng.uniform(0, 1) == 0 ? exec::PermObjective::volume : exec::PermObjective::steps;
    opt.transport =
        rng.uniform(0, 1) == 0 ? exec::PermTransport::steps : exec::PermTransport::alltoallv;
    if (rng.uniform(0, 2) == 0)
      opt.max_message_bytes =
          rng.uniform(std::max<std::int64_t>(1, item_bytes / 16), item_bytes + 300);
    if (rng.uniform(0, 2) == 0) opt.pack_bytes = item_bytes * rng.uniform(1, 4);
    if (rng.uniform(0, 2) == 0) opt.max_items_per_round = rng.uniform(1, 4);
    if (rng.uniform(0, 2) == 0)
      opt.mpi_int_limit = rng.uniform(std::max<std::int64_t>(8, item_bytes / 16),
                                      std::max<std::int64_t>(2000, item_bytes));
    const RankItems mine =
        rank_items(seed, static_cast<std::size_t>(ctx.rank()), ranks, item_bytes);
    const exec::PartsResult result =
        exec::redistribute_parts(ctx, item_bytes, mine.data, mine.parts, opt);
    check_result(ctx, result, seed, item_bytes);
  }
}

void bad_part_refused(exec::Context& ctx) {
  const auto ranks = static_cast<std::size_t>(ctx.size());
  std::vector<perm::Proc> parts(4, 0);
  if (ctx.rank() + 1 == ctx.size()) parts[2] = static_cast<perm::Proc>(ranks);  // out of range
  std::vector<std::byte> data(4 * 8, std::byte{7});
  bool refused = false;
  try {
    exec::redistribute_parts(ctx, 8, data, parts);
  } catch (const exec::AgreementError&) {
    refused = true;
  }
  MPI_CHECK(refused);
  MPI_CHECK(std::all_of(data.begin(), data.end(), [](std::byte b) { return b == std::byte{7}; }));
}

}  // namespace

std::vector<TestCase> permutation_cases() {
  return {
      {"permutation.random_maps", random_maps},
      {"permutation.bad_part_refused", bad_part_refused},
  };
}

}  // namespace redist::mpitest
