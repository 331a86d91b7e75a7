// The MPI test binary: run under mpirun with 1..8 ranks by ctest (label mpi). An optional argument
// runs only the cases whose name contains it.

#include "ordered_cases.hpp"

int main(int argc, char** argv) {
  using namespace redist::mpitest;
  std::vector<TestCase> cases = ordered_cases();
  for (auto* more : {&agreement_cases, &permutation_cases, &probe_cases, &api_cases, &plan_cases,
                     &plan_message_cases})
    for (TestCase& c : more()) cases.push_back(std::move(c));
  return run_all(argc, argv, cases);
}
