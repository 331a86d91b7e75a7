#include "redist/sim/allport_shift_evaluator.hpp"

#include "allport_time_impl.hpp"

namespace redist::sim {

ShiftEvaluator::ShiftEvaluator(const AllportInstance& instance)
    : loads_(instance.loads), base_(shift_base(instance)), total_(instance.total()) {
  REDIST_ASSERT(!loads_.empty() && instance.targets.size() == loads_.size());
  for (auto s : base_) balanced_ = balanced_ && s == 0;
}

std::vector<std::int64_t> ShiftEvaluator::flows(std::int64_t shift) const {
  REDIST_ASSERT(shift <= kMaxAllportShift && shift >= -kMaxAllportShift);
  std::vector<std::int64_t> out(base_.size());
  for (std::size_t i = 0; i < base_.size(); ++i) out[i] = base_[i] + shift;
  return out;
}

AllportTime ShiftEvaluator::single_send(std::int64_t shift) const {
  REDIST_ASSERT(shift <= kMaxAllportShift && shift >= -kMaxAllportShift);
  const std::int64_t* load = loads_.data();
  const std::int64_t* base = base_.data();
  return detail::single_time(
      size(), [load](std::size_t j) { return load[j]; },
      [base, shift](std::size_t j) { return base[j] + shift; });
}

AllportTime ShiftEvaluator::multi_send(std::int64_t shift) const {
  REDIST_ASSERT(shift <= kMaxAllportShift && shift >= -kMaxAllportShift);
  const std::int64_t* load = loads_.data();
  const std::int64_t* base = base_.data();
  return detail::multi_time(
      size(), [load](std::size_t j) { return load[j]; },
      [base, shift](std::size_t j) { return base[j] + shift; });
}

AllportTime ShiftEvaluator::time(SendMode mode, std::int64_t shift) const {
  return mode == SendMode::single ? single_send(shift) : multi_send(shift);
}

__int128 ShiftEvaluator::traffic(std::int64_t shift) const {
  __int128 sum = 0;
  for (auto s : base_) {
    const std::int64_t f = s + shift;
    sum += f < 0 ? -static_cast<__int128>(f) : static_cast<__int128>(f);
  }
  return sum;
}

}  // namespace redist::sim
