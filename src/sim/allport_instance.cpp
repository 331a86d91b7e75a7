#include "redist/sim/allport_instance.hpp"

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"

namespace redist::sim {

std::int64_t AllportInstance::total() const noexcept {
  std::int64_t sum = 0;
  for (auto l : loads) sum += l;
  return sum;
}

std::vector<std::int64_t> average_targets(const std::vector<std::int64_t>& loads) {
  if (loads.empty()) return {};
  std::int64_t total = 0;
  for (auto l : loads) total += l;
  const auto n = static_cast<std::int64_t>(loads.size());
  const std::int64_t base = total / n;
  const std::int64_t extra = total % n;
  std::vector<std::int64_t> targets(loads.size(), base);
  for (std::int64_t i = 0; i < extra; ++i) targets[static_cast<std::size_t>(i)] += 1;
  return targets;
}

AllportInstance allport_instance(std::vector<std::int64_t> loads) {
  AllportInstance inst;
  inst.targets = average_targets(loads);
  inst.loads = std::move(loads);
  return inst;
}

namespace {

std::int64_t checked_total(const std::vector<std::int64_t>& values, const char* field,
                           const std::string& source) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] < 0)
      throw InputError(source, indexed(field, i), "must be >= 0, got " + std::to_string(values[i]));
    if (values[i] > kMaxAllportTotal - total)
      throw InputError(source, indexed(field, i),
                       "running total exceeds 2^61 items (flows would overflow 64 bits)");
    total += values[i];
  }
  return total;
}

}  // namespace

void check_allport_instance(const AllportInstance& inst, const std::string& source) {
  const std::size_t n = inst.size();
  if (n == 0) throw InputError(source, "loads", "the ring needs at least one processor (n = 0)");
  if (n > kMaxAllportSize)
    throw InputError(source, "loads",
                     "at most " + std::to_string(kMaxAllportSize) + " processors are supported");
  if (inst.targets.size() != n)
    throw InputError(source, "targets",
                     "has " + std::to_string(inst.targets.size()) + " entries but loads has " +
                         std::to_string(n));
  const std::int64_t load_total = checked_total(inst.loads, "loads", source);
  const std::int64_t target_total = checked_total(inst.targets, "targets", source);
  if (load_total != target_total)
    throw InputError(source, "targets",
                     "sum to " + std::to_string(target_total) + " but loads sum to " +
                         std::to_string(load_total));
}

std::vector<std::int64_t> shift_base(const AllportInstance& inst) {
  std::vector<std::int64_t> delta(inst.size());
  for (std::size_t i = 0; i < inst.size(); ++i) delta[i] = inst.loads[i] - inst.targets[i];
  return prefix_sums(delta);
}

}  // namespace redist::sim
