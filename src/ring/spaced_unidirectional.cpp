#include "spaced_unidirectional.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "flow_runs.hpp"
#include "redist/core/error.hpp"
#include "ring/path_timing.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring::detail {

namespace {

class SpacedTimer {
 public:
  SpacedTimer(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift)
      : inst_(inst), n_(inst.size()), prefix_(prefix), shift_(shift) {}

  // Pass 1 alone: the makespan and the number of transfers, holding two curves.
  StrictAsapTotals totals() {
    const std::vector<FlowRun> runs = flow_runs(prefix_, shift_);
    std::size_t count = 0;
    std::optional<std::size_t> wrapping;
    const Ticks makespan = count_and_time(runs, count, wrapping);
    return {makespan, count};
  }

  Schedule schedule() {
    Schedule s;
    s.time_scale = inst_.cost_scale;
    s.flow_shift = shift_;
    const std::vector<FlowRun> runs = flow_runs(prefix_, shift_);
    std::size_t count = 0;
    std::optional<std::size_t> wrapping;
    s.makespan = count_and_time(runs, count, wrapping);
    // Pass 2: the transfers in link order, as flow_timing_schedule lists them.
    s.transfers.reserve(count);
    const auto emit = [&](std::size_t edge, std::span<const DeparturePiece> curve) {
      const auto from = static_cast<std::int64_t>(edge);
      const auto to = static_cast<std::int64_t>(edge + 1 == n_ ? 0 : edge + 1);
      const Ticks c = inst_.succ_cost[edge];
      const std::optional<Link> link = n_ == 2 ? std::optional<Link>(Link::succ) : std::nullopt;
      for (const DeparturePiece& p : curve)
        s.transfers.push_back({from, to, p.count, p.first, link, p.spacing == c ? 0 : p.spacing});
    };
    std::size_t head = 0;  // edges of the wrapping run before edge 0
    if (wrapping) {
      head = n_ - runs[*wrapping].first;
      curves_.set_upstream(edge_n_minus_1_);
      time_run(runs[*wrapping], head, runs[*wrapping].length, emit);
    }
    for (std::size_t r = 0; r < runs.size(); ++r) {
      curves_.clear_upstream();
      time_run(runs[r], 0, wrapping && r == *wrapping ? head : runs[r].length, emit);
    }
    REDIST_ASSERT(s.transfers.size() == count);
    return s;
  }

 private:
  // Pass 1: the number of transfers, the makespan (returned), and the curve of edge n-1 if a path
  // runs through it into edge 0 (its later edges come first in link order).
  Ticks count_and_time(const std::vector<FlowRun>& runs, std::size_t& count,
                       std::optional<std::size_t>& wrapping) {
    Ticks makespan = 0;
    const std::int64_t max_pieces = max_path_pieces(n_);
    for (std::size_t r = 0; r < runs.size(); ++r) {
      std::size_t path_pieces = 0;
      curves_.clear_upstream();
      time_run(runs[r], 0, runs[r].length,
               [&](std::size_t edge, std::span<const DeparturePiece> curve) {
                 path_pieces += curve.size();
                 if (static_cast<std::int64_t>(path_pieces) > max_pieces)
                   throw_too_many_pieces(runs[r].length, max_pieces);
                 if (!curve.empty())
                   makespan = std::max(makespan, last_departure(curve) + inst_.succ_cost[edge]);
                 if (edge == n_ - 1 && runs[r].first + runs[r].length > n_) {
                   wrapping = r;
                   edge_n_minus_1_.assign(curve.begin(), curve.end());
                 }
               });
      count += path_pieces;
    }
    return makespan;
  }

  // Walks the run's edges k = from_k .. to_k - 1 with strict ASAP, the curve of edge from_k - 1
  // being in curves_ (none when from_k = 0), and hands each edge's curve to `use`.
  template <class Use>
  void time_run(const FlowRun& run, std::size_t from_k, std::size_t to_k, Use&& use) {
    const RunPath path{&inst_, &prefix_, shift_, run};
    walk_links(path, from_k, to_k, curves_, AsapStep{},
               [&](std::size_t k, const PathLink&, std::span<const DeparturePiece> curve) {
                 use(path.edge(k), curve);
                 return true;
               });
  }

  const RingInstance& inst_;
  std::size_t n_;
  const RingPrefix& prefix_;
  std::int64_t shift_;
  SwappedCurves curves_;
  DepartureCurve edge_n_minus_1_;
};

}  // namespace

Schedule spaced_unidirectional_schedule(const RingInstance& instance, const RingPrefix& prefix,
                                        std::int64_t shift) {
  REDIST_ASSERT(!instance.bidirectional() && prefix.size() == instance.size());
  return SpacedTimer(instance, prefix, shift).schedule();
}

StrictAsapTotals strict_asap_totals(const RingInstance& instance, const RingPrefix& prefix,
                                    std::int64_t shift) {
  REDIST_ASSERT(!instance.bidirectional() && prefix.size() == instance.size());
  return SpacedTimer(instance, prefix, shift).totals();
}

}  // namespace redist::ring::detail
