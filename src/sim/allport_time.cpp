#include "redist/sim/allport_time.hpp"

#include "allport_time_impl.hpp"

namespace redist::sim {

const char* to_string(SendMode mode) { return mode == SendMode::single ? "single" : "multi"; }

namespace {

// The closed forms assume flows that balance towards non-negative targets (allport_time.hpp).
void check_flows(std::span<const std::int64_t> loads, std::span<const std::int64_t> flows) {
  REDIST_ASSERT(loads.size() == flows.size());
  const std::size_t n = loads.size();
  constexpr std::int64_t kLimit = std::int64_t{1} << 62;
  for (std::size_t j = 0; j < n; ++j) {
    REDIST_ASSERT(flows[j] <= kLimit && flows[j] >= -kLimit && loads[j] >= 0 && loads[j] <= kLimit);
    const detail::Wide after = detail::Wide{loads[j]} + flows[detail::prev_index(j, n)] - flows[j];
    REDIST_ASSERT(after >= 0);
  }
}

}  // namespace

AllportTime single_send_time(std::span<const std::int64_t> loads,
                             std::span<const std::int64_t> flows) {
  check_flows(loads, flows);
  return detail::single_time(
      loads.size(), [&](std::size_t j) { return loads[j]; },
      [&](std::size_t j) { return flows[j]; });
}

AllportTime multi_send_time(std::span<const std::int64_t> loads,
                            std::span<const std::int64_t> flows) {
  check_flows(loads, flows);
  return detail::multi_time(
      loads.size(), [&](std::size_t j) { return loads[j]; },
      [&](std::size_t j) { return flows[j]; });
}

AllportTime send_time(SendMode mode, std::span<const std::int64_t> loads,
                      std::span<const std::int64_t> flows) {
  return mode == SendMode::single ? single_send_time(loads, flows) : multi_send_time(loads, flows);
}

}  // namespace redist::sim
