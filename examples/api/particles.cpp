// A complete application of redist's MPI API (docs/api.md): particles spread over the ranks in one
// global order are rebalanced to the ranks' speeds, first in one call, then in split phase while
// the ranks compute; then a plan made once moves a structure of arrays (four fields in one
// execution), in place, and back with the reversed plan; then variable-size records; every rank
// checks that every particle arrived where it should, and the program shows how a refused call
// reads. Run: mpirun -np 4 redist-api-example (exit status 0 when every check passed everywhere).

#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "redist/exec/plan.hpp"
#include "redist/exec/redistribute.hpp"
#include "redist/exec/variable_items.hpp"

namespace {

namespace ex = redist::exec;

// The application's item: plain data, trivially copyable.
struct Particle {
  std::int64_t id;
  double position[3];
  double mass;
};

Particle make_particle(std::int64_t id) {
  const auto x = static_cast<double>(id);
  return {id, {x, 2.0 * x, -x}, 1.0 + 0.001 * x};
}

// Global order: rank 0's particles, then rank 1's, ... Rank r starts with 100 + 50 r particles.
std::int64_t initial_count(int rank) { return 100 + 50 * static_cast<std::int64_t>(rank); }

std::int64_t first_id(int rank) {
  std::int64_t first = 0;
  for (int r = 0; r < rank; ++r) first += initial_count(r);
  return first;
}

// Every particle must be the one its place in the global order says: ids first, first + 1, ...
int count_misplaced(const std::vector<Particle>& mine, std::int64_t first) {
  int wrong = 0;
  for (std::size_t k = 0; k < mine.size(); ++k) {
    const Particle expected = make_particle(first + static_cast<std::int64_t>(k));
    const Particle& got = mine[k];
    if (got.id != expected.id || got.position[1] != expected.position[1] ||
        got.mass != expected.mass)
      ++wrong;
  }
  return wrong;
}

// Global first index of this rank's piece, from the new counts (order preserved: a prefix sum).
std::int64_t first_after(const ex::Context& ctx, std::int64_t my_count) {
  std::int64_t before = 0;
  MPI_Exscan(&my_count, &before, 1, MPI_INT64_T, MPI_SUM, ctx.comm());
  return ctx.rank() == 0 ? 0 : before;
}

int check(const ex::Context& ctx, const std::vector<Particle>& mine, const char* step) {
  const int wrong = count_misplaced(mine, first_after(ctx, static_cast<std::int64_t>(mine.size())));
  int all_wrong = 0;
  MPI_Allreduce(&wrong, &all_wrong, 1, MPI_INT, MPI_SUM, ctx.comm());
  if (ctx.rank() == 0)
    std::printf("%-34s %s\n", step, all_wrong == 0 ? "every particle in place" : "MISPLACED");
  std::printf("  rank %d holds %zu particles\n", ctx.rank(), mine.size());
  return all_wrong == 0 ? 0 : 1;
}

int structure_of_arrays(ex::Context& ctx, const std::vector<Particle>& particles) {
  const std::size_t count = particles.size();
  std::vector<std::int64_t> ids(count);
  std::vector<double> x(count), y(count), z(count);
  for (std::size_t k = 0; k < count; ++k) {
    ids[k] = particles[k].id;
    x[k] = particles[k].position[0];
    y[k] = particles[k].position[1];
    z[k] = particles[k].position[2];
  }
  const ex::Plan plan =
      ex::Plan::make(ctx, static_cast<std::int64_t>(count), ex::NewShare::weight(ctx.rank() + 1.0));
  const auto next = static_cast<std::size_t>(plan.new_count());
  std::vector<std::int64_t> ids2(next);
  std::vector<double> x2(next), y2(next), z2(next);
  plan.execute({ex::field(ids, ids2), ex::field(x, x2), ex::field(y, y2), ex::field(z, z2)});
  int wrong = 0;
  for (std::size_t k = 0; k < next; ++k) {
    const Particle p = make_particle(plan.new_first() + static_cast<std::int64_t>(k));
    wrong += ids2[k] == p.id && x2[k] == p.position[0] && z2[k] == p.position[2] ? 0 : 1;
  }
  // Back to the old layout: the reversed plan needs no communication to make.
  std::vector<double> y_back(count);
  plan.reversed().execute({ex::field(y2, y_back)});
  wrong += y_back == y ? 0 : 1;
  // In place: storage with the room the plan asks for; only the items that change rank move.
  const std::int64_t offset = plan.room_before();
  std::vector<double> storage(static_cast<std::size_t>(offset + plan.room_after()) + count);
  std::copy(x.begin(), x.end(), storage.begin() + offset);
  const ex::TransferReport in_place = plan.execute({plan.in_place(std::span(storage), offset)});
  const auto first = static_cast<std::size_t>(offset + plan.new_offset_shift());
  wrong += std::equal(x2.begin(), x2.end(), storage.begin() + static_cast<std::ptrdiff_t>(first))
               ? 0
               : 1;
  wrong += in_place.bytes_copied == 0 ? 0 : 1;
  MPI_Allreduce(MPI_IN_PLACE, &wrong, 1, MPI_INT, MPI_SUM, ctx.comm());
  if (ctx.rank() == 0)
    std::printf("%-34s %s\n", "one plan: 4 fields, back, in place:",
                wrong == 0 ? "every particle in place" : "MISPLACED");
  return wrong == 0 ? 0 : 1;
}

int run(ex::Context& ctx) {
  const int rank = ctx.rank();
  std::vector<Particle> particles;
  for (std::int64_t k = 0; k < initial_count(rank); ++k)
    particles.push_back(make_particle(first_id(rank) + k));
  int failures = 0;

  // 1. One collective call: new counts proportional to each rank's speed (rank r: r + 1; rank 0
  //    is the slowest). The global order is kept.
  const ex::TransferReport report =
      ex::redistribute(ctx, particles, ex::NewShare::weight(rank + 1.0));
  failures += check(ctx, particles, "redistribute by speed:");
  if (rank == 0)
    std::printf("  transport %s, rank 0 sent %lld bytes in %.3f ms\n", report.transport.c_str(),
                static_cast<long long>(report.bytes_sent), 1e3 * report.transfer_seconds);

  // 2. Split phase: start, compute while the data moves (calling test() now and then), wait.
  auto request = ex::redistribute_start(ctx, particles, ex::NewShare::weight(1.0));
  double field = 0.0;
  for (int step = 0; step < 100000 && !request.test(); ++step) field += std::sin(0.001 * step);
  request.wait();
  failures += check(ctx, particles, "split phase, evenly:");
  if (field > 1e300) std::printf("(unreachable: keeps the compute loop)\n");

  // 3. A plan made once, used many times: the same particles kept as a structure of arrays (ids
  //    and three coordinates), moved by one execution of four fields to counts 1, 2, 3, ... and
  //    brought back by the reversed plan; then one array in place, in storage with room.
  failures += structure_of_arrays(ctx, particles);

  // 4. Variable-size records (a particle's name of 0..15 bytes): the plan is made on bytes.
  ex::VariableItems names;
  for (const Particle& p : particles) {
    std::string name(static_cast<std::size_t>(1 + p.id % 16), '*');
    name[0] = 'p';
    names.push_back(std::as_bytes(std::span(name.data(), name.size())));
  }
  const ex::VariableReport vr =
      ex::redistribute(ctx, names, ex::NewShare::weight(rank == 0 ? 0.0 : 1.0));
  int wrong = 0;
  std::int64_t at = 0;
  for (std::int64_t k = 0; k < names.count(); ++k) {
    const auto size = names.sizes[static_cast<std::size_t>(k)];
    wrong += size == 1 + (vr.first_item + k) % 16 ? 0 : 1;
    wrong += names.bytes[static_cast<std::size_t>(at)] == std::byte{'p'} ? 0 : 1;
    at += size;
  }
  MPI_Allreduce(MPI_IN_PLACE, &wrong, 1, MPI_INT, MPI_SUM, ctx.comm());
  if (rank == 0)
    std::printf("%-34s %s\n", "variable-size names, rank 0 empty:",
                wrong == 0 ? "every name in place" : "MISPLACED");
  std::printf("  rank %d holds %lld names, %lld bytes (share %lld)\n", rank,
              static_cast<long long>(vr.new_items), static_cast<long long>(vr.new_bytes),
              static_cast<long long>(vr.share_bytes));
  failures += wrong == 0 ? 0 : 1;

  // 5. A refused call: rank 1 asks for one particle too many. Every rank throws the same
  //    AgreementError, naming rank 1, before any data moves.
  const auto even = static_cast<std::int64_t>(particles.size());
  std::int64_t total = even;
  MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT64_T, MPI_SUM, ctx.comm());
  const std::int64_t share = total / ctx.size() + (rank == 1 ? 1 : 0);
  try {
    ex::redistribute(ctx, particles, ex::NewShare::count(share));
    failures += 1;
  } catch (const ex::AgreementError& e) {
    if (rank == 0) std::printf("refused as expected: %s\n", e.what());
    failures += std::string(e.what()).find("rank 1: share") == std::string::npos ? 1 : 0;
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int failures = 0;
  {
    ex::Context ctx(MPI_COMM_WORLD);  // duplicates the communicator; destroy before MPI_Finalize
    try {
      failures = run(ctx);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "redist-api-example: rank %d: %s\n", ctx.rank(), e.what());
      failures = 1;
    }
    MPI_Allreduce(MPI_IN_PLACE, &failures, 1, MPI_INT, MPI_MAX, ctx.comm());
  }
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}
