#include "ring/flow_timing.hpp"

#include <algorithm>
#include <span>

#include "flow_paths.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "ring/path_banding.hpp"
#include "ring/path_walk.hpp"

namespace redist::ring {

namespace {

int sign(std::int64_t v) { return (v > 0) - (v < 0); }

// Beyond this many batches on one path, banding gives way to compressed timing (valid, maybe
// later).
constexpr std::int64_t kBandedBatchBudget = 2'000'000;

// Compressed timing whose follow pieces are cut into chunks so that the path needs about `budget`
// batches: each item waits at most one chunk, instead of a whole follow piece.
std::vector<DepartureCurve> time_path_chunked(std::vector<PathLink> links,
                                              const std::vector<std::int64_t>& loads,
                                              std::int64_t budget) {
  const auto exact = time_path(links, loads, FollowMode::exact);
  std::int64_t batches = 0;
  for (std::size_t k = 0; k < links.size(); ++k)
    batches = add_batches(batches, batch_count(exact[k], links[k].cost, Pacing::back_to_back));
  const std::int64_t per_budget =
      batches / budget + (batches % budget != 0 ? 1 : 0);  // ceil, no overflow
  const std::int64_t chunk = std::max<std::int64_t>(1, 2 * per_budget);
  for (auto& link : links) link.follow_chunk = chunk;
  return time_path(links, loads, FollowMode::compress);
}

// The timing's makespan and its transfers under `pacing`, from its curves.
void total_up(const RingInstance& inst, FlowTiming& timing, Pacing pacing) {
  const std::size_t n = inst.size();
  timing.makespan = 0;
  timing.batches = 0;
  for (std::size_t e = 0; e < n; ++e) {
    if (timing.ranges[e].size == 0) continue;
    const bool right = timing.flows[e] > 0;
    const Ticks c = right ? inst.succ_cost[e] : inst.pred_cost[(e + 1) % n];
    timing.makespan = std::max(timing.makespan, last_departure(timing.curve(e)) + c);
    timing.batches = add_batches(timing.batches, batch_count(timing.curve(e), c, pacing));
  }
}

// The ring's one array of curves (FlowTiming::pieces) as the walk's storage (path_walk.hpp): each
// link's curve is appended to it, and its upstream curve is read from it in place, no copy.
class RingCurves {
 public:
  RingCurves(const detail::RingPath& path, std::vector<DeparturePiece>& pieces,
             std::vector<CurveRange>& ranges)
      : path_(path), pieces_(pieces), ranges_(ranges) {}
  void clear_upstream() {}
  UpstreamCurve upstream(std::size_t k, Ticks cost) const {
    const CurveRange up = k == 0 ? CurveRange{} : ranges_[path_.edge(k - 1)];
    return {&pieces_, up.begin, up.begin + up.size, cost};
  }
  std::vector<DeparturePiece>& start(std::size_t) {
    begin_ = pieces_.size();
    return pieces_;
  }
  std::span<const DeparturePiece> finished(std::size_t k) {
    ranges_[path_.edge(k)] = {begin_, pieces_.size() - begin_};
    return {pieces_.data() + begin_, pieces_.size() - begin_};
  }
  void advance() {}

 private:
  const detail::RingPath& path_;
  std::vector<DeparturePiece>& pieces_;
  std::vector<CurveRange>& ranges_;
  std::size_t begin_ = 0;
};

class FlowTimer {
 public:
  FlowTimer(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift, FollowMode mode,
            FlowTiming& out, std::optional<Ticks> give_up_above)
      : inst_(inst),
        prefix_(prefix),
        shift_(shift),
        n_(inst.size()),
        flows_(out.flows),
        mode_(mode),
        pieces_(out.pieces),
        ranges_(out.ranges),
        give_up_above_(give_up_above) {}

  // Times all paths of direction `dir`; `second` means the other direction was timed first.
  // Stops early once some link ends after give_up_above.
  void time_direction(int dir, bool second) {
    detail::for_each_path(inst_, prefix_, shift_, dir, [&](detail::RingPath& path) {
      if (gave_up_) return false;
      time_path(path, second);
      if (mode_ == FollowMode::banded) past_give_up(path_end(path));
      return !gave_up_;
    });
  }

  bool gave_up() const { return gave_up_; }
  bool chunked() const { return chunked_; }

 private:
  // Records (and says) whether a link ending at `end` makes the timing useless to its caller.
  bool past_give_up(Ticks end) {
    gave_up_ = gave_up_ || (give_up_above_ && end > *give_up_above_);
    return gave_up_;
  }

  std::span<const DeparturePiece> curve(std::size_t edge) const {
    return {pieces_.data() + ranges_[edge].begin, ranges_[edge].size};
  }
  // When the path's last transfer ends.
  Ticks path_end(const detail::RingPath& path) const {
    Ticks end = 0;
    for (std::size_t k = 0; k < path.size(); ++k) {
      const std::size_t e = path.edge(k);
      if (ranges_[e].size != 0) end = std::max(end, last_departure(curve(e)) + path.cost(k));
    }
    return end;
  }
  // When the other direction's traffic over `edge` is over (0 if it has none).
  Ticks done_over(std::size_t edge, int other) const {
    if (sign(flows_[edge]) != other || ranges_[edge].size == 0) return 0;
    const Ticks cost = other > 0 ? inst_.succ_cost[edge] : inst_.pred_cost[(edge + 1) % n_];
    return last_departure(curve(edge)) + cost;
  }

  // links_ and loads_: the path's links (with their releases) and senders' own loads, as the
  // banded timing takes them.
  void set_path(const detail::RingPath& path) {
    links_.resize(path.size());
    loads_.resize(path.size());
    for (std::size_t k = 0; k < path.size(); ++k) {
      links_[k] = path.link(k);
      loads_[k] = path.own_load(k);
    }
  }

  void time_path(detail::RingPath& path, bool second) {
    if (second) {
      path.release_first = done_over(path.source_other_edge(), -path.dir);
      path.release_last = done_over(path.sink_other_edge(), -path.dir);
    }
    if (mode_ == FollowMode::banded) {
      set_path(path);
      store(path, time_banded(path));
      return;
    }
    // Straight into the ring's one array: each link reads its upstream curve from there too.
    RingCurves curves(path, pieces_, ranges_);
    const std::int64_t max_pieces = max_path_pieces(n_);
    std::int64_t pieces = 0;
    walk_path(path, curves, AsapStep{mode_},
              [&](std::size_t, const PathLink& link, std::span<const DeparturePiece> curve) {
                pieces += static_cast<std::int64_t>(curve.size());
                if (pieces > max_pieces) throw_too_many_pieces(path.size(), max_pieces);
                return curve.empty() || !past_give_up(last_departure(curve) + link.cost);
              });
  }

  std::vector<DepartureCurve> time_banded(const detail::RingPath& path) {
    std::vector<std::int64_t> receiver_targets(path.size());
    for (std::size_t k = 0; k < path.size(); ++k) receiver_targets[k] = path.receiver_target(k);
    const std::int64_t budget =
        std::max<std::int64_t>(kBandedBatchBudget, 32 * static_cast<std::int64_t>(path.size()));
    if (auto banded =
            time_path_banded(links_, loads_, receiver_targets, inst_.bidirectional(), budget))
      return std::move(*banded);
    chunked_ = true;
    return time_path_chunked(links_, loads_, budget);
  }

  void store(const detail::RingPath& path, const std::vector<DepartureCurve>& timed) {
    for (std::size_t k = 0; k < path.size(); ++k) {
      ranges_[path.edge(k)] = {pieces_.size(), timed[k].size()};
      pieces_.insert(pieces_.end(), timed[k].begin(), timed[k].end());
    }
  }

  const RingInstance& inst_;
  const RingPrefix& prefix_;
  std::int64_t shift_;
  std::size_t n_;
  const std::vector<std::int64_t>& flows_;
  FollowMode mode_;
  std::vector<DeparturePiece>& pieces_;
  std::vector<CurveRange>& ranges_;
  std::vector<PathLink> links_;  // the current path's links and senders' loads, reused
  std::vector<std::int64_t> loads_;
  bool chunked_ = false;
  std::optional<Ticks> give_up_above_;
  bool gave_up_ = false;
};

}  // namespace

std::optional<FlowTiming> time_flows(const RingInstance& inst, std::int64_t shift, PortOrder order,
                                     FollowMode mode, Pacing pacing) {
  return time_flows(inst, RingPrefix::of(inst), shift, order, mode, pacing);
}

std::optional<FlowTiming> time_flows(const RingInstance& inst, const RingPrefix& prefix,
                                     std::int64_t shift, PortOrder order, FollowMode mode,
                                     Pacing pacing) {
  FlowTiming timing;
  if (!time_flows_into(timing, inst, prefix, shift, order, mode, pacing)) return std::nullopt;
  return timing;
}

bool time_flows_into(FlowTiming& timing, const RingInstance& inst, const RingPrefix& prefix,
                     std::int64_t shift, PortOrder order, FollowMode mode, Pacing pacing,
                     std::optional<Ticks> give_up_above) {
  REDIST_ASSERT(prefix.size() == inst.size());
  const std::size_t n = inst.size();
  timing.shift = shift;
  timing.order = order;
  timing.flows.resize(n);
  for (std::size_t i = 0; i < n; ++i) timing.flows[i] = shift + prefix.sums[i];  // F_i = x + S_i
  timing.pieces.clear();
  // Strict ASAP takes about 2.6 pieces per link on random rings: room for 3 at once instead of
  // growing by doubling, whose copies touched twice the memory (capacity never used is never
  // touched).
  timing.pieces.reserve(3 * n);
  timing.ranges.assign(n, {});
  timing.makespan = 0;
  timing.batches = 0;
  timing.chunked = false;
  if (n == 1) return true;
  const auto [lo, hi] = std::minmax_element(timing.flows.begin(), timing.flows.end());
  if (*lo > 0 || *hi < 0) return false;                // circulation
  if (!inst.bidirectional() && *lo < 0) return false;  // backwards on a one-way ring

  FlowTimer timer(inst, prefix, shift, mode, timing, give_up_above);
  // A unidirectional ring has successor traffic only, whatever the order asked for.
  const int first = order == PortOrder::pred_first && inst.bidirectional() ? -1 : +1;
  timer.time_direction(first, false);
  if (inst.bidirectional()) timer.time_direction(-first, true);
  if (timer.gave_up()) return false;
  timing.chunked = timer.chunked();
  total_up(inst, timing, pacing);
  return true;
}

Schedule flow_timing_schedule(const RingInstance& inst, const FlowTiming& timing, Pacing pacing) {
  const std::size_t n = inst.size();
  Schedule schedule;
  schedule.time_scale = inst.cost_scale;
  schedule.flow_shift = timing.shift;
  schedule.makespan = timing.makespan;
  schedule.transfers.reserve(static_cast<std::size_t>(timing.batches));
  for (std::size_t e = 0; e < n; ++e) {
    if (timing.ranges[e].size == 0) continue;
    const bool right = timing.flows[e] > 0;
    const auto from = static_cast<std::int64_t>(right ? e : (e + 1) % n);
    const auto to = static_cast<std::int64_t>(right ? (e + 1) % n : e);
    const Ticks c = right ? inst.succ_cost[e] : inst.pred_cost[(e + 1) % n];
    const std::optional<Link> link =
        n == 2 ? std::optional<Link>(right ? Link::succ : Link::pred) : std::nullopt;
    for (const DeparturePiece& p : timing.curve(e)) {
      if (p.spacing == c || pacing == Pacing::spaced) {
        // A piece is one transfer: its span [first, first + (count-1) spacing + c) ends where the
        // sender's port becomes free in path_timing, so consecutive pieces never overlap.
        schedule.transfers.push_back(
            {from, to, p.count, p.first, link, p.spacing == c ? Ticks{0} : p.spacing});
        continue;
      }
      for (std::int64_t j = 0; j < p.count; ++j)
        schedule.transfers.push_back({from, to, 1, p.first + j * p.spacing, link});
    }
  }
  return schedule;
}

}  // namespace redist::ring
