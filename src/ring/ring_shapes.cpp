#include "ring_shapes.hpp"

#include <algorithm>
#include <numeric>

#include "redist/core/error.hpp"

namespace redist::ring::detail {

namespace {

using Values = std::vector<std::int64_t>;

std::int64_t sum(const Values& v) { return std::accumulate(v.begin(), v.end(), std::int64_t{0}); }

std::size_t random_index(std::size_t n, Rng& rng) {
  return static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1));
}

// One processor takes whatever keeps the totals equal; the others are drawn in [1, small]. When the
// others alone would exceed the total they fall back to 1 (the total is >= n, so one is left).
void concentrate(Values& free_side, const Values& fixed_side, std::size_t at, std::int64_t small,
                 Rng& rng) {
  const std::int64_t total = sum(fixed_side);
  for (auto& v : free_side) v = rng.uniform(1, small);
  free_side[at] = 0;
  if (sum(free_side) >= total) std::fill(free_side.begin(), free_side.end(), 1);
  free_side[at] = 0;
  free_side[at] = total - sum(free_side);
}

// Adds `amount` spread evenly over every processor (O(n), whatever the amount).
void spread(Values& v, std::int64_t amount) {
  const auto n = static_cast<std::int64_t>(v.size());
  for (std::int64_t i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] += amount / n + (i < amount % n ? 1 : 0);
}

// The largest excess a shape adds: about n max_load / 4, capped so the total stays under 2^62.
std::int64_t big_excess(std::size_t n, std::int64_t max_load) {
  const std::int64_t cap = kMaxTotalItems / 4;
  const std::int64_t quarter = std::max<std::int64_t>(1, max_load / 4);
  return static_cast<std::int64_t>(std::min<Ticks>(cap, static_cast<Ticks>(n) * quarter));
}

void draw_uniform(Values& v, std::int64_t lo, std::int64_t hi, Rng& rng) {
  for (auto& x : v) x = rng.uniform(lo, std::max(lo, hi));
}

void draw_blocks(RingInstance& inst, std::int64_t m, Rng& rng) {
  const std::size_t n = inst.size();
  const auto block = static_cast<std::size_t>(
      rng.uniform(1, std::max<std::int64_t>(1, static_cast<std::int64_t>(n) / 4)));
  const std::int64_t high_lo = std::max<std::int64_t>(1, m / 2),
                     low_hi = std::max<std::int64_t>(1, m / 4);
  for (std::size_t i = 0; i < n; ++i) {
    const bool over = (i / block) % 2 == 0;
    inst.loads[i] = over ? rng.uniform(high_lo, m) : rng.uniform(1, low_hi);
    inst.targets[i] = over ? rng.uniform(1, low_hi) : rng.uniform(high_lo, m);
  }
  match_total(inst.targets, sum(inst.loads), std::max(m, sum(inst.loads)), rng);
}

// k source/sink pairs evenly spaced around the ring, each moving a large excess; the processors in
// between hold what they need, so everything they see is forwarded.
void draw_forward(RingInstance& inst, std::int64_t m, Rng& rng) {
  const std::size_t n = inst.size();
  draw_uniform(inst.loads, 1, m, rng);
  inst.targets = inst.loads;
  if (n < 2) return;
  const auto pairs = static_cast<std::size_t>(
      rng.uniform(1, std::clamp<std::int64_t>(static_cast<std::int64_t>(n) / 4, 1, 3)));
  const std::size_t offset = random_index(n, rng);
  const std::int64_t top = big_excess(n, m) / static_cast<std::int64_t>(pairs);
  for (std::size_t j = 0; j < pairs; ++j) {
    const std::int64_t excess =
        rng.uniform(std::max<std::int64_t>(1, top / 2), std::max<std::int64_t>(1, top));
    const std::size_t source = (offset + (2 * j) * n / (2 * pairs)) % n;
    const std::size_t sink = (offset + (2 * j + 1) * n / (2 * pairs)) % n;
    inst.loads[source] += excess;
    inst.targets[sink] += excess;
  }
}

}  // namespace

void match_total(Values& targets, std::int64_t total, std::int64_t cap, Rng& rng) {
  std::int64_t diff = total - sum(targets);
  const std::size_t n = targets.size();
  const std::size_t start = random_index(n, rng);
  for (std::size_t step = 0; step < n && diff != 0; ++step) {
    auto& t = targets[(start + step) % n];
    const std::int64_t change = diff > 0 ? std::min(diff, cap - t) : -std::min(-diff, t - 1);
    t += change;
    diff -= change;
  }
  REDIST_ASSERT(diff == 0);
}

void draw_shaped_loads(RingInstance& inst, const RingGenOptions& opt, Rng& rng) {
  const std::int64_t m = opt.max_load;
  const std::size_t n = inst.size();
  const std::int64_t small = std::max<std::int64_t>(1, m / 8);
  switch (opt.shape) {
    case RingShape::uniform:
      REDIST_ASSERT(false);
      break;
    case RingShape::gather:  // many sources, one sink
      draw_uniform(inst.loads, 1, m, rng);
      concentrate(inst.targets, inst.loads, random_index(n, rng), small, rng);
      break;
    case RingShape::scatter:  // one source, many sinks
      draw_uniform(inst.targets, 1, m, rng);
      concentrate(inst.loads, inst.targets, random_index(n, rng), small, rng);
      break;
    case RingShape::heavy: {  // uniform, plus one source whose excess ends spread over the ring
      draw_uniform(inst.loads, 1, m, rng);
      draw_uniform(inst.targets, 1, m, rng);
      match_total(inst.targets, sum(inst.loads), m, rng);
      const std::int64_t excess = big_excess(n, m);
      inst.loads[random_index(n, rng)] += excess;
      spread(inst.targets, excess);
      break;
    }
    case RingShape::blocks:
      draw_blocks(inst, m, rng);
      break;
    case RingShape::forward:
      draw_forward(inst, m, rng);
      break;
  }
}

}  // namespace redist::ring::detail
