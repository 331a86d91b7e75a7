// The collective timeout on real ranks (run by timeout_test.sh, which expects the job to be aborted
// with a message naming the rank at fault). Modes:
//   skip   the last rank skips the redistribution (it goes on to a barrier of its own): rank 0 must
//          name it after the 2 s timeout;
//   root   rank 0 skips it: the others must name rank 0 after twice the timeout;
//   throw  rank 1's progress callback throws during the transfer: rank 1 must end the job and say
//   so; parts  the last rank skips a redistribute_parts call: rank 0 must name it; stall  rank 1's
//   progress callback stops (a 60 s busy loop) during the transfer: its neighbours
//          must name it once no message has completed for the timeout.
// Returns 0 only when no timeout fired, which the wrapper counts as a failure.

#include <mpi.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "redist/exec/permutation_redistribute.hpp"
#include "redist/exec/redistribute.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  {
    namespace ex = redist::exec;
    ex::Context ctx(MPI_COMM_WORLD);
    const std::string mode = argc > 1 ? argv[1] : "skip";
    std::vector<std::int64_t> items(1000, ctx.rank());
    ex::OrderedOptions options;
    options.timeout_seconds = 2.0;
    options.chunk_bytes = 800;  // several messages, so the callback runs mid-transfer
    const std::int64_t everything = 1000 * static_cast<std::int64_t>(ctx.size());
    const ex::NewShare share = ex::NewShare::count(ctx.rank() == 0 ? everything : 0);
    const bool skips =
        (mode == "skip" && ctx.rank() == ctx.size() - 1) || (mode == "root" && ctx.rank() == 0);
    if (skips || (mode == "parts" && ctx.rank() == ctx.size() - 1)) {
      MPI_Barrier(MPI_COMM_WORLD);  // never matched: the others are in the redistribution
    } else if (mode == "parts") {
      const std::vector<redist::perm::Proc> parts(items.size(), 0);
      ex::PartsOptions parts_options;
      parts_options.timeout_seconds = 2.0;
      ex::redistribute_parts(ctx, sizeof(std::int64_t), std::as_bytes(std::span(items)), parts,
                             parts_options);
    } else {
      if (mode == "throw")
        options.progress = [&ctx](const ex::Progress&) {
          if (ctx.rank() == 1)
            throw std::runtime_error("simulated failure in the application's callback");
        };
      if (mode == "stall")
        options.progress = [&ctx](const ex::Progress&) {
          const double until =
              MPI_Wtime() + 60.0;  // the rank stops taking part; it is aborted first
          while (ctx.rank() == 1 && MPI_Wtime() < until) {}
        };
      ex::redistribute(ctx, items, share, options);
    }
    std::printf("rank %d: no timeout fired\n", ctx.rank());
  }
  MPI_Finalize();
  return 0;
}
