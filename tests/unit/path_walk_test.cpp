// The one path walker (src/ring/path_walk.hpp), ALAP (path_latest.hpp) and the pacer
// (line_pacer.hpp) against item-by-item oracles on thousands of random short paths: strict ASAP
// sends each item as soon as it is held and the port is free (document 000 Algorithm 2); ALAP is
// the latest schedule meeting every deadline, by backward recursion over the items; paced lines
// stay between the two.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/ring/plan_machinery.hpp"
#include "ring/line_pacer.hpp"
#include "ring/path_latest.hpp"
#include "ring/path_timing.hpp"
#include "ring/path_walk.hpp"

namespace redist {
namespace {

using ring::DepartureCurve;
using ring::DeparturePiece;
using ring::PathLink;
using Items = std::vector<Ticks>;  // one departure per item, in item order

// A random path whose relays conserve items: F_k items over link k, link k's sender holding
// loads[k] of its own (the source: all of link 0), link k's receiver keeping receiver_targets[k];
// releases on the end links, as a bidirectional ring's paths have.
struct RandomPath {
  std::vector<PathLink> links;
  std::vector<std::int64_t> loads, receiver_targets;

  explicit RandomPath(Rng& rng) {
    const auto m = static_cast<std::size_t>(rng.uniform(1, 8));
    links.resize(m);
    loads.resize(m);
    receiver_targets.assign(m, 0);
    for (auto& link : links) link = {rng.uniform(1, 12), rng.uniform(1, 6), 0};
    links.front().release = rng.uniform(0, 5);
    links.back().release = std::max<Ticks>(links.back().release, rng.uniform(0, 5));
    loads[0] = links[0].items;
    for (std::size_t k = 1; k < m; ++k) {
      const std::int64_t in = links[k - 1].items, out = links[k].items;
      loads[k] = rng.uniform(std::max<std::int64_t>(0, out - in), out + 3);
      receiver_targets[k - 1] = loads[k] - out + in;  // conservation at the relay
    }
  }
  ring::LinkList path() const { return {&links, &loads, &receiver_targets}; }
  std::size_t size() const { return links.size(); }
  // What link k's sender holds of its own, and what it relays.
  std::int64_t own(std::size_t k) const { return std::min(loads[k], links[k].items); }
};

Items expand(std::span<const DeparturePiece> curve) {
  Items items;
  for (const DeparturePiece& p : curve)
    for (std::int64_t j = 0; j < p.count; ++j) items.push_back(p.first + j * p.spacing);
  return items;
}

// Strict ASAP item by item.
std::vector<Items> asap_oracle(const RandomPath& p) {
  std::vector<Items> d(p.size());
  for (std::size_t k = 0; k < p.size(); ++k) {
    Ticks free = p.links[k].release;
    for (std::int64_t i = 0; i < p.links[k].items; ++i) {
      Ticks t = free;
      if (i >= p.own(k))
        t = std::max(t, d[k - 1][static_cast<std::size_t>(i - p.own(k))] + p.links[k - 1].cost);
      d[k].push_back(t);
      free = t + p.links[k].cost;
    }
  }
  return d;
}

// The latest departures: item i of link k leaves by its deadline less its cost, one cost before the
// link's next item, and one cost before it leaves again as item own(k+1) + i of link k+1 (the
// first relayed items of link k are the ones its receiver forwards).
std::vector<Items> alap_oracle(const RandomPath& p, const std::vector<Ticks>& deadline) {
  const std::size_t m = p.size();
  std::vector<Items> late(m);
  for (std::size_t k = m; k-- > 0;) {
    const Ticks c = p.links[k].cost;
    const std::int64_t f = p.links[k].items;
    late[k].assign(static_cast<std::size_t>(f), 0);
    for (std::int64_t i = f; i-- > 0;) {
      Ticks t = deadline[k] - c;
      if (i + 1 < f) t = std::min(t, late[k][static_cast<std::size_t>(i + 1)] - c);
      if (k + 1 < m && i < p.links[k + 1].items - p.own(k + 1))
        t = std::min(t, late[k + 1][static_cast<std::size_t>(p.own(k + 1) + i)] - c);
      late[k][static_cast<std::size_t>(i)] = t;
    }
  }
  return late;
}

// A path's strict ASAP and the deadlines banding and the bidirectional pacer give it: each end
// link's ASAP end, the path's end (the horizon) elsewhere.
struct Deadlines {
  std::vector<Items> asap;
  Ticks horizon = 0;
  std::vector<Ticks> of_link;

  explicit Deadlines(const RandomPath& p) : asap(asap_oracle(p)) {
    std::vector<Ticks> ends(p.size());
    for (std::size_t k = 0; k < p.size(); ++k) {
      ends[k] = asap[k].back() + p.links[k].cost;
      horizon = std::max(horizon, ends[k]);
    }
    of_link.assign(p.size(), horizon);
    of_link.front() = ends.front();
    of_link.back() = ends.back();
  }
};

// ALAP under those deadlines into `latest` while it holds at most `budget` pieces; `pieces`, when
// given, receives how many it held.
template <class Held>
bool hold_alap(ring::detail::LatestCurves<Held>& latest, const RandomPath& p, const Deadlines& d,
               std::int64_t budget = INT64_MAX, std::int64_t* pieces = nullptr) {
  return latest.hold_alap(
      p.path(), d.horizon, [&](std::size_t k) { return d.of_link[k]; },
      [&](std::size_t, std::int64_t held, const PathLink&, std::span<const DeparturePiece>) {
        if (pieces != nullptr) *pieces = held;
        return held <= budget;
      });
}

TEST(PathWalk, EveryCurveStorageGivesStrictAsapItemByItem) {
  Rng rng(29);
  for (int trial = 0; trial < 3000; ++trial) {
    const RandomPath p(rng);
    const auto oracle = asap_oracle(p);
    const auto kept = ring::time_path(p.links, p.loads, ring::FollowMode::exact);
    ring::SwappedCurves two;
    std::vector<Items> swapped;
    ring::walk_path(p.path(), two, ring::AsapStep{},
                    [&](std::size_t, const PathLink&, std::span<const DeparturePiece> curve) {
                      swapped.push_back(expand(curve));
                      return true;
                    });
    ASSERT_EQ(swapped.size(), p.size());
    for (std::size_t k = 0; k < p.size(); ++k) {
      ASSERT_EQ(expand(kept[k]), oracle[k]) << "trial " << trial << " link " << k;
      ASSERT_EQ(swapped[k], oracle[k]) << "trial " << trial << " link " << k;
    }
    if (p.size() < 2) continue;
    // Resumed in the middle from the upstream curve: the same tail.
    const auto from =
        static_cast<std::size_t>(rng.uniform(1, static_cast<std::int64_t>(p.size()) - 1));
    two.set_upstream(kept[from - 1]);
    std::size_t next = from;
    ring::walk_links(p.path(), from, p.size(), two, ring::AsapStep{},
                     [&](std::size_t k, const PathLink&, std::span<const DeparturePiece> curve) {
                       EXPECT_EQ(k, next++);
                       EXPECT_EQ(expand(curve), oracle[k]) << "trial " << trial << " link " << k;
                       return true;
                     });
    EXPECT_EQ(next, p.size());
  }
}

TEST(PathWalk, AHookReturningFalseStopsAfterItsLink) {
  Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const RandomPath p(rng);
    const auto stop =
        static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(p.size()) - 1));
    ring::SwappedCurves two;
    std::size_t seen = 0;
    const bool whole =
        ring::walk_path(p.path(), two, ring::AsapStep{},
                        [&](std::size_t k, const PathLink&, std::span<const DeparturePiece>) {
                          ++seen;
                          return k != stop;
                        });
    EXPECT_FALSE(whole);
    EXPECT_EQ(seen, stop + 1);
  }
}

TEST(PathLatest, AlapIsTheLatestScheduleMeetingEveryDeadline) {
  Rng rng(31);
  for (int trial = 0; trial < 3000; ++trial) {
    const RandomPath p(rng);
    const Deadlines d(p);
    const auto oracle = alap_oracle(p, d.of_link);
    ring::detail::LatestCurves<ring::detail::HeldPiece> narrow;
    ring::detail::LatestCurves<DeparturePiece> wide;
    ASSERT_TRUE(hold_alap(narrow, p, d));
    ASSERT_TRUE(hold_alap(wide, p, d));
    DepartureCurve curve;
    for (std::size_t k = 0; k < p.size(); ++k) {
      narrow.take(k, p.links[k].cost, curve);
      const Items late = expand(curve);
      ASSERT_EQ(late, oracle[k]) << "trial " << trial << " link " << k;
      wide.take(k, p.links[k].cost, curve);
      ASSERT_EQ(expand(curve), oracle[k]) << "trial " << trial << " link " << k;
      for (std::size_t i = 0; i < late.size(); ++i)
        ASSERT_LE(d.asap[k][i], late[i]) << "trial " << trial << " link " << k << " item " << i;
    }
  }
}

TEST(PathLatest, ABudgetKeepsNothingOnceExceeded) {
  Rng rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const RandomPath p(rng);
    const Deadlines d(p);
    ring::detail::LatestCurves<ring::detail::HeldPiece> latest;
    std::int64_t pieces = 0;
    ASSERT_TRUE(hold_alap(latest, p, d, INT64_MAX, &pieces));
    EXPECT_TRUE(hold_alap(latest, p, d, pieces));
    EXPECT_FALSE(hold_alap(latest, p, d, pieces - 1));
  }
}

TEST(LinePacer, PacedLinksStayBetweenTheirUpstreamAndAlap) {
  Rng rng(37);
  std::int64_t paced_pieces = 0, asap_pieces = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const RandomPath p(rng);
    const Deadlines d(p);
    const auto late = alap_oracle(p, d.of_link);
    ring::detail::LatestCurves<ring::detail::HeldPiece> latest;
    ASSERT_TRUE(hold_alap(latest, p, d));
    const auto band = [&](std::size_t k, const PathLink& link,
                          std::vector<ring::detail::LineConstraint>& upper) {
      latest.add_upper(k, link.cost, upper, ring::PlanMachinery::plain());
      return link.cost;
    };
    ring::detail::LinePacer pacer;
    std::vector<Items> paced;
    pacer.pace(p.path(), band,
               [&](std::size_t, const PathLink&, std::span<const DeparturePiece> curve) {
                 paced.push_back(expand(curve));
                 paced_pieces += static_cast<std::int64_t>(curve.size());
                 return true;
               });
    ASSERT_EQ(paced.size(), p.size());
    for (const auto& curve : ring::time_path(p.links, p.loads, ring::FollowMode::exact))
      asap_pieces += static_cast<std::int64_t>(curve.size());
    for (std::size_t k = 0; k < p.size(); ++k) {
      const PathLink& link = p.links[k];
      ASSERT_EQ(static_cast<std::int64_t>(paced[k].size()), link.items);
      for (std::size_t i = 0; i < paced[k].size(); ++i) {
        const Ticks t = paced[k][i];
        SCOPED_TRACE("trial " + std::to_string(trial) + " link " + std::to_string(k));
        ASSERT_GE(t, link.release);
        ASSERT_LE(t, late[k][i]);  // so the link ends by its deadline
        if (i > 0) ASSERT_GE(t, paced[k][i - 1] + link.cost);
        const auto relayed = static_cast<std::int64_t>(i) - p.own(k);
        if (relayed >= 0)
          ASSERT_GE(t, paced[k - 1][static_cast<std::size_t>(relayed)] + p.links[k - 1].cost);
      }
    }
  }
  // Lines where strict ASAP splits: the pacer is not plain ASAP.
  EXPECT_LT(paced_pieces, asap_pieces);
}

}  // namespace
}  // namespace redist
