#include "mpi_harness.hpp"

#include <mpi.h>

#include <cstdio>
#include <exception>

namespace redist::mpitest {

namespace {
int g_failures = 0;
int g_rank = 0;
}  // namespace

void check(bool ok, const char* expr, const char* file, int line) {
  if (ok) return;
  ++g_failures;
  if (g_failures <= 20)
    std::fprintf(stderr, "rank %d: %s:%d: check failed: %s\n", g_rank, file, line, expr);
}

void fail(const std::string& message, const char* file, int line) {
  check(false, message.c_str(), file, line);
}

int run_all(int argc, char** argv, const std::vector<TestCase>& cases) {
  if (MPI_Init(&argc, &argv) != MPI_SUCCESS) return 3;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::string only = argc > 1 ? argv[1] : "";
  int failed_cases = 0;
  {
    exec::Context ctx(MPI_COMM_WORLD);
    for (const TestCase& c : cases) {
      if (!only.empty() && c.name.find(only) == std::string::npos) continue;
      const int before = g_failures;
      try {
        c.body(ctx);
      } catch (const std::exception& e) {
        // The other ranks may be waiting in a collective: abort rather than hang until the timeout.
        std::fprintf(stderr, "rank %d: %s: unexpected exception: %s\n", g_rank, c.name.c_str(),
                     e.what());
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      int mine = g_failures > before ? 1 : 0;
      int ranks_failing = 0;
      MPI_Allreduce(&mine, &ranks_failing, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      if (ranks_failing > 0) {
        ++failed_cases;
        if (g_rank == 0)
          std::fprintf(stderr, "FAILED (np=%d): %s on %d rank(s)\n", size, c.name.c_str(),
                       ranks_failing);
      }
    }
  }
  MPI_Finalize();
  return failed_cases == 0 && g_failures == 0 ? 0 : 1;
}

}  // namespace redist::mpitest
