// The closed-form timing of the homogeneous bidirectional construction against a literal
// step-by-step rendering of its rules (docs/ring_bidirectional_homogeneous.md), written here
// independently of the library's run arithmetic: both must move exactly the same items in exactly
// the same steps, for every shift and orientation, zero loads included.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "ring/homogeneous_bidirectional.hpp"
#include "support/tiny_rings.hpp"

namespace redist {
namespace {

// The slow-labelled executable compiles this file again with bigger sweeps.
#ifdef REDIST_HB_SLOW_SWEEPS
constexpr std::int64_t kMaxEntry = 3;
constexpr int kRandomTrials = 2000;
#else
constexpr std::int64_t kMaxEntry = 2;
constexpr int kRandomTrials = 150;
#endif

using Move = std::tuple<long long, std::int64_t, std::int64_t>;  // (step, from, to)

RingInstance ring(std::vector<std::int64_t> loads, std::vector<std::int64_t> targets) {
  RingInstance inst;
  inst.kind = RingKind::bidirectional;
  inst.loads = std::move(loads);
  inst.targets = std::move(targets);
  inst.succ_cost.assign(inst.loads.size(), 1);
  inst.pred_cost.assign(inst.loads.size(), 1);
  return inst;
}

// The rules, one unit step at a time. d = +1 when sources serve their successor first, else -1.
// fwd[i] = items still to cross from P_i towards P_{i+d} (negative: from P_{i+d} to P_i).
//   source (no incoming flow): offers on its first-side edge while it has items for it, then on the
//          other edge;
//   relay: offers on its outgoing edge whenever it holds an item;
//   a receiver with two incoming edges (a sink) takes from P_{i-d} when offered, else from P_{i+d}.
std::vector<Move> simulate_rules(const RingInstance& inst, std::int64_t x, ring::FirstSide side) {
  const auto n = static_cast<std::int64_t>(inst.size());
  const std::int64_t d = side == ring::FirstSide::succ ? 1 : -1;
  const auto at = [n](std::int64_t i) { return static_cast<std::size_t>(((i % n) + n) % n); };
  const auto flows = flows_for_shift(prefix_sums(inst.imbalances()), x);
  std::vector<std::int64_t> fwd(static_cast<std::size_t>(n)), held = inst.loads;
  for (std::int64_t i = 0; i < n; ++i) fwd[at(i)] = d == 1 ? flows[at(i)] : -flows[at(i - 1)];
  const auto sends_fwd = [&](std::int64_t i) { return fwd[at(i)] > 0; };
  const auto sends_bwd = [&](std::int64_t i) { return fwd[at(i - d)] < 0; };
  const auto gets_fwd = [&](std::int64_t i) { return fwd[at(i - d)] > 0; };  // from P_{i-d}
  const auto gets_bwd = [&](std::int64_t i) { return fwd[at(i)] < 0; };      // from P_{i+d}
  std::vector<Move> moves;
  for (long long step = 1; std::any_of(fwd.begin(), fwd.end(), [](auto f) { return f != 0; });
       ++step) {
    EXPECT_LT(step, 100000) << "the rules do not terminate";
    if (step >= 100000) break;
    std::vector<int> offer(static_cast<std::size_t>(n),
                           0);  // +1 towards P_{i+d}, -1 towards P_{i-d}
    for (std::int64_t i = 0; i < n; ++i) {
      const bool source = !gets_fwd(i) && !gets_bwd(i);
      if (source)
        offer[at(i)] = sends_fwd(i) ? 1 : sends_bwd(i) ? -1 : 0;
      else if (held[at(i)] >= 1)
        offer[at(i)] = sends_fwd(i) ? 1 : sends_bwd(i) ? -1 : 0;
    }
    std::vector<std::pair<std::int64_t, std::int64_t>> taken;  // (from, to)
    for (std::int64_t i = 0; i < n; ++i) {
      if (offer[at(i - d)] == 1)
        taken.push_back({i - d, i});
      else if (offer[at(i + d)] == -1)
        taken.push_back({i + d, i});
    }
    for (const auto& [from, to] : taken) {
      --held[at(from)];
      ++held[at(to)];
      fwd[at(to == from + d ? from : to)] -= to == from + d ? 1 : -1;
      moves.emplace_back(step, static_cast<std::int64_t>(at(from)),
                         static_cast<std::int64_t>(at(to)));
    }
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<Move> expand(const Schedule& s) {
  std::vector<Move> moves;
  for (const Transfer& t : s.transfers)
    for (std::int64_t m = 0; m < t.items; ++m)
      moves.emplace_back(static_cast<long long>(t.start) + 1 + m, t.from, t.to);
  std::sort(moves.begin(), moves.end());
  return moves;
}

void expect_same_as_rules(const RingInstance& inst, std::int64_t x, ring::FirstSide side) {
  const auto ours = expand(ring::schedule_homogeneous_bidirectional(inst, x, side));
  const auto rules = simulate_rules(inst, x, side);
  ASSERT_EQ(ours, rules) << "n=" << inst.size() << " x=" << x
                         << " side=" << (side == ring::FirstSide::succ ? "succ" : "pred");
}

// Every shift whose flows have both signs (the construction's precondition), not only the window.
void check_all_shifts(const RingInstance& inst) {
  const auto prefix = prefix_sums(inst.imbalances());
  const auto [lo, hi] = std::minmax_element(prefix.begin(), prefix.end());
  for (std::int64_t x = -*hi; x <= -*lo; ++x)
    for (const ring::FirstSide side : {ring::FirstSide::succ, ring::FirstSide::pred})
      expect_same_as_rules(inst, x, side);
}

TEST(HomogeneousBidirectionalSteps, ClosedFormEqualsTheRulesOnAllTinyRingsWithZeros) {
  long checked = 0;
  for (std::size_t n = 2; n <= 4; ++n)
    checked +=
        testing::for_each_tiny_ring(n, 0, kMaxEntry, RingKind::bidirectional,
                                    [](const RingInstance& inst) { check_all_shifts(inst); });
  EXPECT_EQ(checked, kMaxEntry == 2 ? 19 + 141 + 1107 : 44 + 580 + 8092);
}

TEST(HomogeneousBidirectionalSteps, ClosedFormEqualsTheRulesOnRandomRings) {
  Rng rng(31);
  for (int trial = 0; trial < kRandomTrials; ++trial) {
    const auto n = static_cast<std::size_t>(rng.uniform(2, 16));
    const bool zeros = trial % 2 == 1;
    std::vector<std::int64_t> loads(n), targets(n);
    for (auto& l : loads) l = rng.uniform(zeros ? 0 : 1, 12);
    for (auto& t : targets) t = rng.uniform(zeros ? 0 : 1, 12);
    std::int64_t diff = 0;
    for (std::size_t i = 0; i < n; ++i) diff += loads[i] - targets[i];
    (diff > 0
         ? targets
         : loads)[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))] +=
        diff > 0 ? diff : -diff;
    check_all_shifts(ring(loads, targets));
  }
}

}  // namespace
}  // namespace redist
