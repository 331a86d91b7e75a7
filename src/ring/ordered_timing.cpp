#include "ordered_timing.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "ring/path_timing.hpp"

namespace redist::ring::detail {

namespace {

// Items [lo, hi) sent from hi - 1 down; their departures on the current link are the pieces
// [begin, end) of its curve.
struct Run {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  // Where its lowest and its highest item end, on the unrolled ring (Frame::unrolled_destination).
  std::size_t lowest_end = 0;
  std::size_t highest_end = 0;
  std::size_t begin = 0;
  std::size_t end = 0;
  [[nodiscard]] std::int64_t items() const { return hi - lo; }
};

// One direction seen as rightward: the leftward direction is the rightward one of the mirrored
// ring (node p <-> n-1-p, item g <-> N-1-g), so one timer serves both.
struct Frame {
  std::size_t n = 0;
  std::int64_t total = 0;
  bool mirrored = false;
  std::vector<std::int64_t> before, after;  // A and B in this frame
  std::vector<Ticks> cost;                  // link j -> j+1 in this frame

  Frame(const RingInstance& inst, const OrderedLayout& layout, bool mirror)
      : n(inst.size()), total(layout.total()), mirrored(mirror) {
    before = layout.before;
    after = layout.after;
    cost.assign(inst.succ_cost.begin(), inst.succ_cost.end());
    if (!mirror) return;
    for (std::size_t m = 0; m <= n; ++m) {
      before[m] = total - layout.before[n - m];
      after[m] = total - layout.after[n - m];
    }
    for (std::size_t m = 0; m < n; ++m) cost[m] = inst.pred_cost[n - 1 - m];
  }

  [[nodiscard]] std::size_t node(std::size_t p) const { return mirrored ? n - 1 - p : p; }
  [[nodiscard]] std::size_t holder(const std::vector<std::int64_t>& s, std::int64_t g) const {
    return static_cast<std::size_t>(std::upper_bound(s.begin(), s.end(), g) - s.begin()) - 1;
  }
  // Where item g (moving rightwards in this frame) ends, on the ring unrolled at the closing edge:
  // its destination, plus n when it crosses the closing edge on its way.
  [[nodiscard]] std::size_t unrolled_destination(std::int64_t g) const {
    const std::size_t s = holder(before, g), d = holder(after, g);
    return d > s ? d : d + n;
  }
};

// A direction's own items per processor, in sending order, and what it reports.
struct DirectionWork {
  std::vector<std::size_t> own_offset;  // n + 1
  std::vector<Run> own;                 // lo, hi only
  std::vector<Ticks> release;           // no departure on link j before release[j]
  std::vector<Ticks> send_end, receive_end;
  Ticks makespan = 0;
};

class DirectionTimer {
 public:
  DirectionTimer(const Frame& frame, DirectionWork& work, std::vector<Transfer>& out,
                 std::optional<Link> link, std::int64_t& budget, std::optional<Ticks> give_up_above)
      : f_(frame),
        work_(work),
        out_(out),
        link_(link),
        budget_(budget),
        give_up_above_(give_up_above) {}

  bool run() {
    const std::size_t n = f_.n;
    work_.send_end.assign(n, 0);
    work_.receive_end.assign(n, 0);
    first_copy_end_.assign(n, 0);
    for (std::size_t u = 0; u + 1 < 2 * n; ++u) {
      const std::size_t j = u % n;
      trim_arrivals(u);
      runs_.clear();
      std::int64_t own = 0;
      if (u < n)
        for (std::size_t k = work_.own_offset[j]; k < work_.own_offset[j + 1]; ++k) {
          if (work_.own[k].items() == 0) continue;
          runs_.push_back(work_.own[k]);
          own += work_.own[k].items();
        }
      for (const Run& r : through_runs_) runs_.push_back(r);
      if (runs_.empty()) {
        up_runs_.clear();
        continue;
      }
      merge_runs();
      std::int64_t items = 0;
      for (const Run& r : runs_) items += r.items();
      const Ticks release =
          u < n ? work_.release[j] : std::max(work_.release[j], first_copy_end_[j]);
      curve_.clear();
      append_link_timing(through_, 0, through_.size(), f_.cost[(u + n - 1) % n], own,
                         {items, f_.cost[j], release}, FollowMode::exact, curve_);
      budget_ -= static_cast<std::int64_t>(curve_.size() + runs_.size());
      if (budget_ < 0) return false;
      split_and_emit(j);
      if (give_up_above_ && work_.makespan > *give_up_above_) return false;
    }
    return true;
  }

 private:
  // The items of the upstream runs that go on from node u: those ending at u are the lowest of
  // their run, i.e. its last departures.
  void trim_arrivals(std::size_t u) {
    through_.clear();
    through_runs_.clear();
    const std::size_t d = u % f_.n;
    const std::int64_t end_lo = f_.after[d], end_hi = f_.after[d + 1];
    for (Run r : up_runs_) {
      const std::int64_t cut_hi = std::min(r.hi, end_hi);
      if (r.lowest_end == u && std::max(r.lo, end_lo) < cut_hi) {
        REDIST_ASSERT(r.lo >= end_lo);  // the items ending here are the run's lowest
        r.lo = cut_hi;
        if (r.lo < r.hi) r.lowest_end = f_.unrolled_destination(r.lo);
      }
      REDIST_ASSERT(r.lo >= r.hi || r.lowest_end > u);
      if (r.lo >= r.hi) continue;
      std::int64_t keep = r.items();
      Run kept = r;
      kept.begin = through_.size();
      for (std::size_t k = r.begin; k < r.end && keep > 0; ++k) {
        DeparturePiece p = up_pieces_[k];
        p.count = std::min(p.count, keep);
        keep -= p.count;
        through_.push_back(p);
      }
      kept.end = through_.size();
      through_runs_.push_back(kept);
    }
  }

  // Consecutive runs that continue one another (the next lower items, destinations still not
  // growing) become one.
  void merge_runs() {
    std::size_t w = 0;
    for (std::size_t k = 1; k < runs_.size(); ++k) {
      Run& last = runs_[w];
      const Run& next = runs_[k];
      if (next.hi == last.lo && next.highest_end <= last.lowest_end) {
        last.lo = next.lo;
        last.lowest_end = next.lowest_end;
        continue;
      }
      runs_[++w] = next;
    }
    runs_.resize(w + 1);
  }

  // Cuts the link's curve at its runs' boundaries and writes one transfer per piece.
  void split_and_emit(std::size_t j) {
    const std::size_t n = f_.n;
    const Ticks c = f_.cost[j];
    up_pieces_.clear();
    up_runs_.clear();
    std::size_t k = 0;
    DeparturePiece rest = curve_.empty() ? DeparturePiece{} : curve_[0];
    for (Run r : runs_) {
      r.begin = up_pieces_.size();
      std::int64_t need = r.items();
      std::int64_t cursor = r.hi;
      while (need > 0) {
        REDIST_ASSERT(k < curve_.size());
        DeparturePiece p = rest;
        p.count = std::min(need, rest.count);
        if (p.count == 1) p.spacing = c;
        up_pieces_.push_back(p);
        Transfer t(static_cast<std::int64_t>(f_.node(j)),
                   static_cast<std::int64_t>(f_.node((j + 1) % n)), p.count, p.first, link_,
                   p.spacing == c ? Ticks{0} : p.spacing);
        cursor -= p.count;
        t.first = f_.mirrored ? f_.total - cursor - p.count : cursor;
        out_.push_back(t);
        need -= p.count;
        rest.count -= p.count;
        rest.first += p.count * rest.spacing;
        if (rest.count == 0 && ++k < curve_.size()) rest = curve_[k];
      }
      r.end = up_pieces_.size();
      up_runs_.push_back(r);
    }
    const Ticks end = last_departure(curve_) + c;
    work_.send_end[j] = std::max(work_.send_end[j], end);
    work_.receive_end[(j + 1) % n] = std::max(work_.receive_end[(j + 1) % n], end);
    first_copy_end_[j] = std::max(first_copy_end_[j], end);
    work_.makespan = std::max(work_.makespan, end);
  }

  const Frame& f_;
  DirectionWork& work_;
  std::vector<Transfer>& out_;
  std::optional<Link> link_;
  std::int64_t& budget_;
  std::optional<Ticks> give_up_above_;
  std::vector<Ticks> first_copy_end_;
  std::vector<Run> up_runs_, through_runs_, runs_;
  std::vector<DeparturePiece> up_pieces_, through_, curve_;
};

// The direction's own items per processor (in the frame), farthest destination first: those that
// cross the closing edge, then the others, each from its highest item down.
void own_runs(const Frame& f, const std::vector<RoutedRange>& routes, bool rightward,
              DirectionWork& work) {
  const std::size_t n = f.n;
  std::vector<Run> all;
  std::vector<std::size_t> source;
  for (const RoutedRange& r : routes) {
    if (r.rightward != rightward) continue;
    const std::int64_t lo = f.mirrored ? f.total - r.first - r.items : r.first;
    const std::size_t from = f.node(static_cast<std::size_t>(r.from));
    const std::size_t to = f.node(static_cast<std::size_t>(r.to));
    const std::size_t end = to > from ? to : to + n;
    all.push_back({lo, lo + r.items, end, end, 0, 0});
    source.push_back(from);
  }
  work.own_offset.assign(n + 1, 0);
  for (const std::size_t s : source) ++work.own_offset[s + 1];
  for (std::size_t p = 0; p < n; ++p) work.own_offset[p + 1] += work.own_offset[p];
  work.own.assign(all.size(), {});
  std::vector<std::size_t> fill(work.own_offset.begin(), work.own_offset.end() - 1);
  for (std::size_t k = 0; k < all.size(); ++k) work.own[fill[source[k]]++] = all[k];
  for (std::size_t p = 0; p < n; ++p) {
    const auto begin = work.own.begin() + static_cast<std::ptrdiff_t>(work.own_offset[p]);
    const auto end = work.own.begin() + static_cast<std::ptrdiff_t>(work.own_offset[p + 1]);
    std::sort(begin, end, [](const Run& a, const Run& b) {
      return a.lowest_end != b.lowest_end ? a.lowest_end > b.lowest_end : a.lo > b.lo;
    });
    // Merge what continues (the next lower items); slots left over keep no item.
    std::vector<Run> merged;
    for (auto it = begin; it != end; ++it) {
      if (!merged.empty() && it->hi == merged.back().lo) {
        merged.back().lo = it->lo;
        merged.back().lowest_end = it->lowest_end;
      } else
        merged.push_back(*it);
    }
    auto slot = begin;
    for (const Run& r : merged) *slot++ = r;
    for (; slot != end; ++slot) slot->lo = slot->hi;
  }
}

}  // namespace

std::optional<OrderedTiming> time_ordered_routes(const RingInstance& inst,
                                                 const OrderedLayout& layout,
                                                 const std::vector<RoutedRange>& routes,
                                                 PortOrder order, std::int64_t max_pieces,
                                                 std::optional<Ticks> give_up_above) {
  const std::size_t n = inst.size();
  OrderedTiming timing;
  timing.schedule.time_scale = inst.cost_scale;
  if (n < 2 || routes.empty()) return timing;
  const bool right_first = order == PortOrder::succ_first || !inst.bidirectional();
  std::int64_t budget = max_pieces;
  timing.schedule.transfers.reserve(routes.size() + 2 * n);
  std::vector<Ticks> first_send(n, 0), first_receive(n, 0);
  for (int pass = 0; pass < (inst.bidirectional() ? 2 : 1); ++pass) {
    const bool rightward = (pass == 0) == right_first;
    const Frame frame(inst, layout, !rightward);
    DirectionWork work;
    own_runs(frame, routes, rightward, work);
    work.release.assign(n, 0);
    if (pass == 1)  // the first direction's use of each link's sender and receiver, in this frame
      for (std::size_t j = 0; j < n; ++j)
        work.release[j] =
            std::max(first_send[frame.node(j)], first_receive[frame.node((j + 1) % n)]);
    const std::optional<Link> link =
        n == 2 ? std::optional<Link>(rightward ? Link::succ : Link::pred) : std::nullopt;
    DirectionTimer timer(frame, work, timing.schedule.transfers, link, budget, give_up_above);
    if (!timer.run()) return std::nullopt;
    for (std::size_t j = 0; j < n; ++j) {
      first_send[frame.node(j)] = work.send_end[j];
      first_receive[frame.node(j)] = work.receive_end[j];
    }
    timing.makespan = std::max(timing.makespan, work.makespan);
  }
  timing.schedule.makespan = timing.makespan;
  return timing;
}

}  // namespace redist::ring::detail
