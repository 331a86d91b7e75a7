#pragma once
// Shared pieces of the MPI test suite: the case lists of each file and the ordered-slice helpers.

#include <cstdint>
#include <string>
#include <vector>

#include "mpi_harness.hpp"
#include "redist/exec/ordered_slice.hpp"

namespace redist::mpitest {

std::vector<TestCase> ordered_cases();
std::vector<TestCase> agreement_cases();
std::vector<TestCase> permutation_cases();
std::vector<TestCase> probe_cases();
std::vector<TestCase> api_cases();
std::vector<TestCase> plan_cases();
std::vector<TestCase> plan_message_cases();

/// This rank's slice of `loads` (rank order from global index `origin`, or 0 when origin < 0, in
/// which case the slice's first index is left unknown), items filled with the test pattern.
exec::OrderedSlice make_slice(const exec::Context& ctx, std::int64_t item_bytes,
                              const std::vector<std::int64_t>& loads, std::int64_t origin,
                              std::uint64_t salt, double slack = 0.25);

/// Checks count, total, every item's checksum, and that the slices tile the sequence in rank order.
void verify_slice(const exec::Context& ctx, const exec::OrderedSlice& slice,
                  std::int64_t expected_count, std::int64_t total, std::uint64_t salt,
                  const std::string& what);

}  // namespace redist::mpitest
