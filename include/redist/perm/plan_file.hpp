#pragma once
// `redist perm` as a library call: an instance file read within the memory available, refused
// before planning when its plan would not fit (issue 27: a 60-byte file claiming 2^23 processors
// took 1.65 GB and seconds with no estimate first), then planned (plan.hpp).

#include <cstdint>
#include <string>

#include "redist/perm/instance.hpp"
#include "redist/perm/plan.hpp"

namespace redist::perm {

/// Expected peak memory of plan_perm on `instance`, the program included: from peaks measured
/// with GNU time on `redist perm` (BENCHMARKS.md "Permutations, estimated before planning"), per
/// processor and per non-zero (processor, part) count, plus 25%.
std::uint64_t perm_memory_estimate(const PermInstance& instance);

/// Reads `file` ("-": standard input) when its text fits (io/budgeted_read.hpp), refuses with
/// InputError naming the file and both figures when perm_memory_estimate exceeds the memory
/// available (io/memory_budget.hpp), else plans.
PermResult plan_perm_file(const std::string& file, PermObjective objective);

}  // namespace redist::perm
