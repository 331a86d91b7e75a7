#pragma once
// Small helpers shared by the ring tests: hand-written instances, an independent Lemma 5 value, and
// random (mostly invalid) schedules for comparing validators.

#include <algorithm>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::testing {

/// A checked instance from its fields (time unit 10^-scale).
inline RingInstance make_ring(RingKind kind, std::vector<std::int64_t> loads,
                              std::vector<std::int64_t> targets, std::vector<std::int64_t> succ,
                              std::vector<std::int64_t> pred = {}, int scale = 0) {
  RingInstance inst;
  inst.kind = kind;
  inst.loads = std::move(loads);
  inst.targets = std::move(targets);
  inst.succ_cost = std::move(succ);
  inst.pred_cost = std::move(pred);
  inst.cost_scale = scale;
  check_ring_instance(inst, "test");
  return inst;
}

/// Lemma 5 (document 000) from its definition, without the library's flow helpers: with
/// F_i = S_i - min S (S the prefix sums of loads - targets), the optimum is max_i c_i F_i.
inline Ticks lemma5_value(const RingInstance& inst) {
  std::vector<Ticks> prefix;
  Ticks sum = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    prefix.push_back(sum += inst.loads[i] - inst.targets[i]);
  const Ticks low = *std::min_element(prefix.begin(), prefix.end());
  Ticks best = 0;
  for (std::size_t i = 0; i < inst.size(); ++i)
    best = std::max(best, (prefix[i] - low) * inst.succ_cost[i]);
  return best;
}

/// Up to 6 transfers, mostly over real links (1 in 10 to any processor), items in [0, max_items],
/// starts in [0, max_start]; with `spaced`, 6 in 10 carry a spacing in 1..6 (sometimes below the
/// cost).
struct ScheduleShape {
  std::int64_t max_items = 4;
  std::int64_t max_start = 8;
  bool spaced = false;
};

inline Schedule random_ring_schedule(const RingInstance& inst, Rng& rng, ScheduleShape shape) {
  Schedule s;
  const auto n = static_cast<std::int64_t>(inst.size());
  const int count = static_cast<int>(rng.uniform(0, 6));
  for (int k = 0; k < count; ++k) {
    Transfer t;
    t.from = rng.uniform(0, n - 1);
    const int kind = static_cast<int>(rng.uniform(0, 9));
    t.to = kind == 0                                  ? rng.uniform(0, n - 1)
           : (kind % 2 == 0 || !inst.bidirectional()) ? (t.from + 1) % n
                                                      : (t.from + n - 1) % n;
    if (n == 2 && inst.bidirectional()) t.link = rng.uniform(0, 1) ? Link::succ : Link::pred;
    t.items = rng.uniform(0, shape.max_items);
    t.start = rng.uniform(0, shape.max_start);
    if (shape.spaced) {
      const std::int64_t pace = rng.uniform(0, 9);
      t.spacing = pace < 4 ? 0 : pace - 3;
    }
    s.transfers.push_back(t);
  }
  return s;
}

}  // namespace redist::testing
