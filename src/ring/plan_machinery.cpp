#include "redist/ring/plan_machinery.hpp"

namespace redist::ring {

std::unique_ptr<MachineryTask> PlanMachinery::prefault(void*, void*) const { return nullptr; }

const void* PlanMachinery::release(const void*, const void* end) const { return end; }

void PlanMachinery::run_both(const std::function<void()>& first,
                             const std::function<void()>& second) const {
  first();
  second();
}

const PlanMachinery& PlanMachinery::plain() {
  static const PlanMachinery machinery;
  return machinery;
}

}  // namespace redist::ring
