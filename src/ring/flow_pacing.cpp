#include "flow_pacing.hpp"

#include <algorithm>
#include <span>

#include "flow_paths.hpp"
#include "path_pacing.hpp"
#include "redist/core/error.hpp"

namespace redist::ring::detail {

std::optional<FlowTotals> time_flow_totals(const RingInstance& inst, const RingPrefix& prefix,
                                           std::int64_t shift, PortOrder order,
                                           std::optional<Ticks> give_up_above) {
  FlowPaths paths(inst, prefix, shift, order);
  if (!paths.usable()) return std::nullopt;
  FlowTotals totals;
  const bool timed = paths.walk(
      [&](const RingPath&, const StrictPathTiming& t) {
        totals.makespan = std::max(totals.makespan, t.end);
        totals.transfers = add_batches(totals.transfers, t.pieces);
        return true;
      },
      give_up_above);
  if (!timed) return std::nullopt;
  return totals;
}

PacedFlowSchedule paced_flow_schedule(const RingInstance& inst, const RingPrefix& prefix,
                                      std::int64_t shift, PortOrder order,
                                      const PlanMachinery& machinery) {
  const std::size_t n = inst.size();
  PacedFlowSchedule out;
  Schedule& s = out.schedule;
  s.time_scale = inst.cost_scale;
  s.flow_shift = shift;
  s.makespan = Ticks{0};
  FlowPaths paths(inst, prefix, shift, order);
  REDIST_ASSERT(paths.usable());
  // About one transfer per link once paced; capacity never used is never touched, and the list
  // does not move while it grows.
  std::size_t links = 0;
  for (std::size_t e = 0; e < n; ++e) links += shift + prefix.sums[e] != 0 ? 1 : 0;
  s.transfers.reserve(links + links / 2 + 16);

  const RingPath* current = nullptr;
  // One transfer per piece (flow_timing_schedule): a piece at the link's cost is back to back.
  const LinkCurveVisitor emit = [&](std::size_t k, std::span<const DeparturePiece> curve) {
    const RingPath& path = *current;
    const auto from = static_cast<std::int64_t>(path.sender(k));
    const auto to = static_cast<std::int64_t>(path.receiver(k));
    const Ticks c = path.cost(k);
    const std::optional<Link> link =
        n == 2 ? std::optional<Link>(path.dir > 0 ? Link::succ : Link::pred) : std::nullopt;
    for (const DeparturePiece& p : curve)
      s.transfers.push_back({from, to, p.count, p.first, link, p.spacing == c ? 0 : p.spacing});
    s.makespan = std::max(*s.makespan, last_departure(curve) + c);
  };
  paths.walk([&](const RingPath& path, const StrictPathTiming& asap) {
    current = &path;
    const std::int64_t max_latest = 8 * static_cast<std::int64_t>(path.size()) + (1 << 16);
    const std::size_t begin = s.transfers.size();
    if (pace_path(path, asap, max_latest, emit, machinery)) {
      const auto taken = static_cast<std::int64_t>(s.transfers.size() - begin);
      if (taken < asap.pieces) {
        out.paced = true;
        return true;
      }
      // Lines that fit nowhere leave ASAP from paced upstream links, which may split more: the
      // path is kept as it was. Its paced ends were no later, so the makespan so far still holds.
      s.transfers.resize(begin);
    }
    paths.time(path, emit);  // strict ASAP as it was
    return true;
  });
  return out;
}

}  // namespace redist::ring::detail
