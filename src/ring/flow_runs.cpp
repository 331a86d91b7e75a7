#include "flow_runs.hpp"

#include "redist/core/error.hpp"

namespace redist::ring::detail {

std::vector<FlowRun> flow_runs(const RingPrefix& prefix, std::int64_t shift) {
  const std::size_t n = prefix.size();
  const auto flow = [&](std::size_t edge) { return shift + prefix.sums[edge]; };
  REDIST_ASSERT(n == 0 || prefix.lo + shift == 0);
  std::vector<FlowRun> runs;
  for (std::size_t i = 0; i < n; ++i) {
    REDIST_ASSERT(flow(i) >= 0);
    if (flow(i) == 0 || flow(i == 0 ? n - 1 : i - 1) > 0) continue;  // not a run's start
    FlowRun run{i, 0};
    while (run.length < n && flow(run.edge(run.length, n)) > 0) ++run.length;
    runs.push_back(run);
  }
  return runs;
}

}  // namespace redist::ring::detail
