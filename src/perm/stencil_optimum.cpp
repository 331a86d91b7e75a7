#include "redist/perm/stencil_optimum.hpp"

#include <string>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::perm {

namespace {

// processors^items, or kMaxStencilEnumeration + 1 once it is exceeded.
std::uint64_t distributions(std::size_t processors, std::size_t items) {
  std::uint64_t count = 1;
  for (std::size_t d = 0; d < items && count <= kMaxStencilEnumeration; ++d) count *= processors;
  return count;
}

// Advances `where` to the next distribution in lexicographic order; false after the last.
bool next_distribution(std::vector<Proc>& where, std::size_t processors) {
  for (Proc& p : where) {
    if (++p < processors) return true;
    p = 0;
  }
  return false;
}

}  // namespace

StencilPlan stencil_optimum(std::span<const Proc> initial, std::size_t processors,
                            const StencilModel& model) {
  if (processors == 0) throw InputError("", "processors", "must be at least 1");
  if (distributions(processors, initial.size()) > kMaxStencilEnumeration)
    throw InputError("", "items",
                     std::to_string(processors) + "^" + std::to_string(initial.size()) +
                         " distributions are too many to enumerate (at most 2^20)");
  StencilPlan best;
  best.strategy = "optimum";
  std::vector<Proc> where(initial.size(), 0);
  bool first = true;
  do {
    const std::int64_t redistribution =
        redistribution_cost(initial, where, processors, model.model);
    const StencilIteration iteration = stencil_iteration(where, processors, model.model);
    const double total = stencil_total(model, redistribution, iteration);
    if (first || total < best.total) {
      best.processor_of_item = where;
      best.redistribution = redistribution;
      best.iteration = iteration;
      best.total = total;
      first = false;
    }
  } while (next_distribution(where, processors));
  return best;
}

}  // namespace redist::perm
