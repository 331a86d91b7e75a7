#pragma once
// A small check harness for tests that run under mpirun (docs/style.md "Tests": MPI runs are ctest entries).
// Every rank runs every case and checks its own results; failures are printed with the rank, and
// after each case the ranks agree on whether it passed (so rank 0 can name it). Quiet unless
// failing. The binary returns nonzero on any failure on any rank.

#include <functional>
#include <string>
#include <vector>

#include "redist/exec/context.hpp"

namespace redist::mpitest {

void check(bool ok, const char* expr, const char* file, int line);
void fail(const std::string& message, const char* file, int line);

struct TestCase {
  std::string name;
  std::function<void(exec::Context&)> body;
};

/// MPI_Init, every case, MPI_Finalize; the exit status of the binary.
int run_all(int argc, char** argv, const std::vector<TestCase>& cases);

}  // namespace redist::mpitest

#define MPI_CHECK(cond) ::redist::mpitest::check(static_cast<bool>(cond), #cond, __FILE__, __LINE__)
#define MPI_CHECK_EQ(a, b)                                                                    \
  ::redist::mpitest::check(                                                                   \
      (a) == (b),                                                                             \
      (std::string(#a " == " #b " (") + std::to_string(a) + " vs " + std::to_string(b) + ")") \
          .c_str(),                                                                           \
      __FILE__, __LINE__)
