#include "redist/perm/plan_file.hpp"

#include "redist/io/budgeted_read.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/perm/perm_io.hpp"

namespace redist::perm {

namespace {

// Peak bytes beyond the program, measured on `redist perm` (both objectives alike):
//   P = 2^20 processors and one item: 190 per processor                          -> 240
//   random, P = 4000, 3.5 x 10^6 non-zero counts: 113 per non-zero; dense counts
//   P = 2000, 1.6 x 10^6 non-zeros: 121; random, P = 10^5, 2 x 10^6: 90           -> 150
constexpr std::uint64_t kBytesPerProcessor = 240;
constexpr std::uint64_t kBytesPerNonzero = 150;

}  // namespace

std::uint64_t perm_memory_estimate(const PermInstance& instance) {
  return io::kProgramBytes + kBytesPerProcessor * instance.processors() +
         kBytesPerNonzero * instance.nonzeros();
}

PermResult plan_perm_file(const std::string& file, PermObjective objective) {
  io::require_memory_to_read(file, "reading this instance");
  const PermInstance instance = read_perm_instance(file);
  io::require_memory(perm_memory_estimate(instance), file,
                     "planning this permutation (P = " + std::to_string(instance.processors()) +
                         ", non-zero counts: " + std::to_string(instance.nonzeros()) + ")");
  return plan_perm(instance, objective);
}

}  // namespace redist::perm
