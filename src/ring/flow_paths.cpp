#include "flow_paths.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

std::size_t RingPath::edge(std::size_t k) const {
  // first + k < 2n: a subtraction wraps it, where `% n` was a 64-bit division per use.
  const std::size_t n = instance->size();
  const std::size_t e = first + (dir > 0 ? k : length - 1 - k);
  return e >= n ? e - n : e;
}

std::size_t RingPath::sender(std::size_t k) const {
  const std::size_t e = edge(k);
  return dir > 0 ? e : (e + 1 == instance->size() ? 0 : e + 1);
}

std::size_t RingPath::receiver(std::size_t k) const {
  const std::size_t e = edge(k);
  return dir > 0 ? (e + 1 == instance->size() ? 0 : e + 1) : e;
}

std::int64_t RingPath::items(std::size_t k) const {
  const std::int64_t f = shift + prefix->sums[edge(k)];
  return f > 0 ? f : -f;
}

Ticks RingPath::cost(std::size_t k) const {
  return dir > 0 ? instance->succ_cost[edge(k)] : instance->pred_cost[sender(k)];
}

std::int64_t RingPath::own_load(std::size_t k) const {
  return k == 0 ? items(0) : instance->loads[sender(k)];
}

std::int64_t RingPath::receiver_target(std::size_t k) const {
  return instance->targets[receiver(k)];
}

PathLink RingPath::link(std::size_t k) const {
  Ticks release = 0;
  if (k == 0) release = std::max(release, release_first);
  if (k + 1 == length) release = std::max(release, release_last);
  return {items(k), cost(k), release};
}

std::size_t RingPath::source_other_edge() const {
  const std::size_t n = instance->size();
  const std::size_t source = sender(0);
  return dir < 0 ? source : (source + n - 1) % n;  // the other way is +1 when dir < 0
}

std::size_t RingPath::sink_other_edge() const {
  const std::size_t n = instance->size();
  const std::size_t sink = receiver(length - 1);
  return dir < 0 ? (sink + n - 1) % n : sink;
}

bool for_each_path(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift, int dir,
                   const std::function<bool(RingPath&)>& visit) {
  const std::size_t n = inst.size();
  const auto sign = [&](std::size_t edge) {
    const std::int64_t f = shift + prefix.sums[edge];
    return (f > 0) - (f < 0);
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (sign(i) != dir || sign(i == 0 ? n - 1 : i - 1) == dir) continue;  // not a run's first edge
    RingPath path{&inst, &prefix, shift, i, 0, dir};
    for (std::size_t e = i; path.length < n && sign(e) == dir; e = e + 1 == n ? 0 : e + 1)
      ++path.length;
    if (!visit(path)) return false;
  }
  return true;
}

FlowPaths::FlowPaths(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift,
                     PortOrder order)
    : inst_(inst),
      prefix_(prefix),
      shift_(shift),
      order_(order),
      n_(inst.size()),
      max_pieces_(max_path_pieces(inst.size())) {
  REDIST_ASSERT(inst.bidirectional() && prefix.size() == n_);
  // Every flow has one sign exactly when the range of x + S does not straddle 0.
  usable_ = n_ < 2 || (shift + prefix.lo <= 0 && shift + prefix.hi >= 0);
}

std::optional<StrictPathTiming> FlowPaths::time(const RingPath& path,
                                                const LinkCurveVisitor& on_link,
                                                std::optional<Ticks> give_up_above) {
  StrictPathTiming t;
  const bool whole =
      walk_path(path, curves_, AsapStep{},
                [&](std::size_t k, const PathLink& link, std::span<const DeparturePiece> curve) {
                  // A segment's links carry at least one item, so every curve has a piece.
                  const Ticks end = last_departure(curve) + link.cost;
                  t.pieces += static_cast<std::int64_t>(curve.size());
                  t.end = std::max(t.end, end);
                  if (k == 0) t.first_start = curve.front().first, t.first_end = end;
                  if (k + 1 == path.size()) t.last_start = curve.front().first, t.last_end = end;
                  if (t.pieces > max_pieces_) throw_too_many_pieces(path.size(), max_pieces_);
                  if (on_link) on_link(k, curve);
                  return !give_up_above || end <= *give_up_above;
                });
  if (!whole) return std::nullopt;
  return t;
}

Ticks FlowPaths::first_direction_done(std::size_t edge, int first_dir) const {
  const std::int64_t f = shift_ + prefix_.sums[edge];
  if ((f > 0) - (f < 0) != first_dir) return 0;
  const auto it = std::lower_bound(first_ends_.begin(), first_ends_.end(),
                                   std::pair<std::size_t, Ticks>{edge, Ticks{0}},
                                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // A processor that sends (receives) both ways is the source (sink) of a path in each direction,
  // so the edge is an end link of the first direction's.
  REDIST_ASSERT(it != first_ends_.end() && it->first == edge);
  return it->second;
}

bool FlowPaths::walk_direction(
    int dir, bool second,
    const std::function<bool(const RingPath&, const StrictPathTiming&)>& visit,
    std::optional<Ticks> give_up_above) {
  return for_each_path(inst_, prefix_, shift_, dir, [&](RingPath& path) {
    if (second) {
      path.release_first = first_direction_done(path.source_other_edge(), -dir);
      path.release_last = first_direction_done(path.sink_other_edge(), -dir);
    }
    const auto timing = time(path, {}, give_up_above);
    if (!timing || !visit(path, *timing)) return false;
    if (!second) {
      first_ends_.emplace_back(path.edge(0), timing->first_end);
      if (path.size() > 1) first_ends_.emplace_back(path.edge(path.size() - 1), timing->last_end);
    }
    return true;
  });
}

bool FlowPaths::walk(const std::function<bool(const RingPath&, const StrictPathTiming&)>& visit,
                     std::optional<Ticks> give_up_above) {
  REDIST_ASSERT(usable_);
  first_ends_.clear();
  if (n_ < 2) return true;
  const int first = order_ == PortOrder::pred_first ? -1 : +1;
  if (!walk_direction(first, false, visit, give_up_above)) return false;
  std::sort(first_ends_.begin(), first_ends_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return walk_direction(-first, true, visit, give_up_above);
}

}  // namespace redist::ring::detail
