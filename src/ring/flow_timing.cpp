#include "redist/ring/flow_timing.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/ring/path_banding.hpp"

namespace redist::ring {

namespace {

// A maximal run of edges first..first+length-1 (mod n) whose flows have the sign `dir`.
struct Segment {
  std::size_t first = 0;
  std::size_t length = 0;
  int dir = 0;  // +1: items move P_i -> P_{i+1}; -1: P_{i+1} -> P_i
};

int sign(std::int64_t v) { return (v > 0) - (v < 0); }

std::vector<Segment> segments(const std::vector<std::int64_t>& flows, int dir) {
  const std::size_t n = flows.size();
  std::vector<Segment> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (sign(flows[i]) != dir || sign(flows[(i + n - 1) % n]) == dir) continue;  // not a run start
    std::size_t length = 0;
    while (length < n && sign(flows[(i + length) % n]) == dir) ++length;
    out.push_back({i, length, dir});
  }
  return out;
}

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

class FlowTimer {
 public:
  FlowTimer(const RingInstance& inst, const std::vector<std::int64_t>& flows, FollowMode mode,
            FlowTiming& out, std::optional<Ticks> give_up_above)
      : inst_(inst),
        n_(inst.size()),
        flows_(flows),
        mode_(mode),
        pieces_(out.pieces),
        ranges_(out.ranges),
        give_up_above_(give_up_above) {}

  // Times all paths of direction `dir`; `second` means the other direction was timed first.
  // Stops early once some link ends after give_up_above.
  void time_direction(int dir, bool second) {
    for (const Segment& seg : segments(flows_, dir)) {
      if (gave_up_) return;
      time_segment(seg, second);
      if (mode_ == FollowMode::banded) past_give_up(path_end(seg));
    }
  }

  bool gave_up() const { return gave_up_; }
  bool chunked() const { return chunked_; }

 private:
  // Records (and says) whether a link ending at `end` makes the timing useless to its caller.
  bool past_give_up(Ticks end) {
    gave_up_ = gave_up_ || (give_up_above_ && end > *give_up_above_);
    return gave_up_;
  }

  // Edge crossed at step k of the segment, its sender and its per-item cost.
  std::size_t edge_at(const Segment& s, std::size_t k) const {
    return s.dir > 0 ? (s.first + k) % n_ : (s.first + s.length - 1 - k) % n_;
  }
  std::size_t sender(std::size_t edge, int dir) const { return dir > 0 ? edge : (edge + 1) % n_; }
  std::size_t receiver(std::size_t edge, int dir) const { return dir > 0 ? (edge + 1) % n_ : edge; }
  Ticks cost(std::size_t edge, int dir) const {
    return dir > 0 ? inst_.succ_cost[edge] : inst_.pred_cost[sender(edge, dir)];
  }
  std::span<const DeparturePiece> curve(std::size_t edge) const {
    return {pieces_.data() + ranges_[edge].begin, ranges_[edge].size};
  }
  // When the path's last transfer ends.
  Ticks path_end(const Segment& s) const {
    Ticks end = 0;
    for (std::size_t k = 0; k < s.length; ++k) {
      const std::size_t e = edge_at(s, k);
      if (ranges_[e].size != 0) end = std::max(end, last_departure(curve(e)) + cost(e, s.dir));
    }
    return end;
  }
  // When the other direction's traffic over `edge` is over (0 if it has none).
  Ticks done_over(std::size_t edge, int other) const {
    if (sign(flows_[edge]) != other || ranges_[edge].size == 0) return 0;
    return last_departure(curve(edge)) + cost(edge, other);
  }
  Ticks sends_done(std::size_t p, int other) const {
    return done_over(other > 0 ? p : (p + n_ - 1) % n_, other);
  }
  Ticks receives_done(std::size_t p, int other) const {
    return done_over(other > 0 ? (p + n_ - 1) % n_ : p, other);
  }

  // links_ and loads_: the path's links (items, cost, no release yet) and senders' own loads.
  void set_path(const Segment& s) {
    links_.resize(s.length);
    loads_.resize(s.length);
    for (std::size_t k = 0; k < s.length; ++k) {
      const std::size_t e = edge_at(s, k);
      links_[k] = {flows_[e] > 0 ? flows_[e] : -flows_[e], cost(e, s.dir), 0};
      loads_[k] = k == 0 ? links_[k].items : inst_.loads[sender(e, s.dir)];
    }
  }

  void time_segment(const Segment& s, bool second) {
    set_path(s);
    if (second) {
      const std::size_t source = sender(edge_at(s, 0), s.dir);
      const std::size_t sink = receiver(edge_at(s, s.length - 1), s.dir);
      links_.front().release = std::max(links_.front().release, sends_done(source, -s.dir));
      links_.back().release = std::max(links_.back().release, receives_done(sink, -s.dir));
    }
    if (mode_ == FollowMode::banded) {
      store(s, time_banded(s));
      return;
    }
    // Straight into the ring's one array: each link reads its upstream curve from there too.
    const std::size_t path_begin = pieces_.size();
    const std::int64_t max_pieces = max_path_pieces(n_);
    for (std::size_t k = 0; k < s.length; ++k) {
      const std::size_t begin = pieces_.size();
      const CurveRange up = k == 0 ? CurveRange{} : ranges_[edge_at(s, k - 1)];
      append_link_timing(pieces_, up.begin, up.begin + up.size, k == 0 ? 0 : links_[k - 1].cost,
                         loads_[k], links_[k], mode_, pieces_);
      const std::size_t e = edge_at(s, k);
      ranges_[e] = {begin, pieces_.size() - begin};
      if (static_cast<std::int64_t>(pieces_.size() - path_begin) > max_pieces)
        throw_too_many_pieces(s.length, max_pieces);
      if (ranges_[e].size != 0 && past_give_up(last_departure(curve(e)) + links_[k].cost)) return;
    }
  }

  std::vector<DepartureCurve> time_banded(const Segment& s) {
    std::vector<std::int64_t> receiver_targets(s.length);
    for (std::size_t k = 0; k < s.length; ++k)
      receiver_targets[k] = inst_.targets[receiver(edge_at(s, k), s.dir)];
    const std::int64_t budget =
        std::max<std::int64_t>(kBandedBatchBudget, 32 * static_cast<std::int64_t>(s.length));
    if (auto banded =
            time_path_banded(links_, loads_, receiver_targets, inst_.bidirectional(), budget))
      return std::move(*banded);
    chunked_ = true;
    return time_path_chunked(links_, loads_, budget);
  }

  void store(const Segment& s, const std::vector<DepartureCurve>& timed) {
    for (std::size_t k = 0; k < s.length; ++k) {
      ranges_[edge_at(s, k)] = {pieces_.size(), timed[k].size()};
      pieces_.insert(pieces_.end(), timed[k].begin(), timed[k].end());
    }
  }

  const RingInstance& inst_;
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

  FlowTimer timer(inst, timing.flows, mode, timing, give_up_above);
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
