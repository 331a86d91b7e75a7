#include "redist/core/schedule.hpp"

#include "redist/core/error.hpp"

namespace redist {

const char* to_string(PlanStatus status) {
  return status == PlanStatus::optimal ? "optimal" : "feasible";
}

bool names_items(const Schedule& schedule) {
  return !schedule.transfers.empty() && schedule.transfers.front().first != kNoItems;
}

Schedule rescaled(const Schedule& schedule, int new_scale) {
  REDIST_ASSERT(new_scale >= schedule.time_scale);
  if (new_scale == schedule.time_scale) return schedule;
  Schedule out = schedule;
  const Ticks factor = pow10_ticks(new_scale - schedule.time_scale);
  const auto scale = [&](Ticks t, const std::string& field) {
    const auto v = checked_mul(t, factor);
    if (!v)
      throw InputError("", field,
                       "time does not fit 128-bit ticks at 10^-" + std::to_string(new_scale));
    return *v;
  };
  for (std::size_t i = 0; i < out.transfers.size(); ++i) {
    Transfer& t = out.transfers[i];
    t.start = scale(t.start, indexed("transfers", i) + ".start");
    if (t.spacing != 0) t.spacing = scale(t.spacing, indexed("transfers", i) + ".spacing");
  }
  // A claim that no longer fits is dropped: claims are never a reason to refuse a schedule.
  if (out.makespan) out.makespan = checked_mul(*out.makespan, factor);
  if (out.lower_bound) out.lower_bound = checked_mul(*out.lower_bound, factor);
  out.time_scale = new_scale;
  return out;
}

}  // namespace redist
