// A consumer of redist::mpi (tests/consumer/README.md), run under mpirun on a few ranks: every rank
// holds a contiguous slice of one global sequence of structs, redistributes it to new counts with
// redist's executor, and checks every element it ends with against the element that global index
// must hold. Once with the default options, once with the wrap-around edge allowed (slices may then
// be rotated), and once through the typed call on a std::vector (docs/api.md), which keeps the
// global order. Exit 0 when every element on every rank is right.

#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include <redist/mpi.hpp>

namespace {

// Trivially copyable, with padding, as application records often are.
struct Particle {
  std::int64_t id = 0;
  double mass = 0.0;
  std::int32_t cell = 0;
};

Particle particle_at(std::int64_t global_index) {
  return {global_index, 0.5 * static_cast<double>(global_index),
          static_cast<std::int32_t>(global_index % 7)};
}

// Fixed, uneven counts before and after (both total the same).
std::int64_t count_before(int rank) { return 1 + (rank * 5) % 7; }
std::int64_t count_after(int rank, int ranks) { return count_before(ranks - 1 - rank); }

std::int64_t sum_before(int ranks_below) {
  std::int64_t sum = 0;
  for (int r = 0; r < ranks_below; ++r) sum += count_before(r);
  return sum;
}

// Elements that differ from what global index (first + k) mod total must hold.
std::int64_t wrong_elements(std::span<const Particle> slice, std::int64_t first,
                            std::int64_t total) {
  std::int64_t wrong = 0;
  for (std::size_t k = 0; k < slice.size(); ++k) {
    const Particle want = particle_at((first + static_cast<std::int64_t>(k)) % total);
    const Particle& got = slice[k];
    wrong += (got.id != want.id || got.mass != want.mass || got.cell != want.cell) ? 1 : 0;
  }
  return wrong;
}

// One redistribution of this rank's slice; returns the number of problems seen on this rank.
std::int64_t redistribute_and_check(redist::exec::Context& ctx,
                                    const redist::exec::PlanOptions& options,
                                    bool expect_rank_order) {
  const int rank = ctx.rank();
  const int ranks = ctx.size();
  const std::int64_t total = sum_before(ranks);
  std::vector<Particle> mine;
  for (std::int64_t k = 0; k < count_before(rank); ++k)
    mine.push_back(particle_at(sum_before(rank) + k));
  std::vector<Particle> result(static_cast<std::size_t>(count_after(rank, ranks)));

  const redist::exec::TransferReport report = redist::exec::redistribute(
      ctx, sizeof(Particle), std::as_bytes(std::span<const Particle>(mine)),
      std::as_writable_bytes(std::span<Particle>(result)),
      redist::exec::NewShare::count(count_after(rank, ranks)), options);

  std::int64_t problems = report.new_count == count_after(rank, ranks) ? 0 : 1;
  std::int64_t rank_order_first = 0;
  for (int r = 0; r < rank; ++r) rank_order_first += count_after(r, ranks);
  if (expect_rank_order && report.new_first != rank_order_first) ++problems;
  result.resize(static_cast<std::size_t>(report.new_count));
  problems += wrong_elements(result, report.new_first, total);
  return problems;
}

// The typed call: the vector itself becomes the new slice, in rank order (the default keeps it).
std::int64_t typed_redistribute_and_check(redist::exec::Context& ctx) {
  const int rank = ctx.rank();
  const int ranks = ctx.size();
  std::vector<Particle> mine;
  for (std::int64_t k = 0; k < count_before(rank); ++k)
    mine.push_back(particle_at(sum_before(rank) + k));
  const redist::exec::TransferReport report = redist::exec::redistribute(
      ctx, mine, redist::exec::NewShare::count(count_after(rank, ranks)));
  std::int64_t first = 0;
  for (int r = 0; r < rank; ++r) first += count_after(r, ranks);
  std::int64_t problems =
      static_cast<std::int64_t>(mine.size()) == count_after(rank, ranks) ? 0 : 1;
  if (report.new_first != first) ++problems;
  return problems + wrong_elements(mine, first, sum_before(ranks));
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  std::int64_t problems = 0;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  try {
    redist::exec::Context ctx(MPI_COMM_WORLD);
    problems += redistribute_and_check(ctx, {}, true);
    redist::exec::PlanOptions rotated;
    rotated.wrap = redist::exec::WrapPolicy::allow;
    problems += redistribute_and_check(ctx, rotated, false);
    problems += typed_redistribute_and_check(ctx);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    problems += 1;
  }
  std::int64_t all_problems = 0;
  MPI_Allreduce(&problems, &all_problems, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("redist %s: 3 redistributions, %lld problems\n", REDIST_VERSION_STRING,
                static_cast<long long>(all_problems));
  MPI_Finalize();
  return all_problems == 0 ? 0 : 1;
}
