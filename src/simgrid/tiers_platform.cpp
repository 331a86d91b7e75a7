#include "redist/simgrid/tiers_platform.hpp"

#include <algorithm>
#include <utility>

#include "redist/core/error.hpp"
#include "redist/core/random.hpp"

namespace redist::simgrid {

namespace {

constexpr double kMbit = 1e6 / 8;  // bytes per second in one Mbit/s

// Builds the graph level by level; every link joins an earlier node (a) to a later one (b).
class PlatformBuilder {
 public:
  explicit PlatformBuilder(std::uint64_t seed) : rng_(seed) {}

  int add_node(NodeKind kind, const std::string& prefix, int index) {
    platform_.nodes.push_back({prefix + std::to_string(index), kind});
    return static_cast<int>(platform_.nodes.size()) - 1;
  }

  void add_link(int a, int b, LinkClass cls) {
    const auto& choices = link_profiles(cls);
    const LinkProfile pick = choices[static_cast<std::size_t>(
        rng_.uniform(0, static_cast<std::int64_t>(choices.size()) - 1))];
    const std::string name = "link" + std::to_string(platform_.links.size()) + "-" + to_string(cls);
    platform_.links.push_back(
        {std::min(a, b), std::max(a, b), cls, pick.bandwidth, pick.latency, name});
  }

  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i)
      std::swap(items[i - 1],
                items[static_cast<std::size_t>(rng_.uniform(0, static_cast<std::int64_t>(i) - 1))]);
  }

  std::int64_t uniform(std::int64_t lo, std::int64_t hi) { return rng_.uniform(lo, hi); }
  TiersPlatform take() { return std::move(platform_); }

 private:
  Rng rng_;
  TiersPlatform platform_;
};

void check_options(const TiersOptions& o) {
  const auto positive = [](int v, const char* field) {
    if (v < 1 || v > 10'000) throw InputError("tiers platform", field, "must be in [1, 10000]");
  };
  positive(o.wan_routers, "wan_routers");
  positive(o.mans_per_wan, "mans_per_wan");
  positive(o.lans_per_man, "lans_per_man");
  positive(o.hosts, "hosts");
  const int lans = o.wan_routers * o.mans_per_wan * o.lans_per_man;
  if (o.dual_homed_lans < 0 || o.dual_homed_lans > lans ||
      (o.dual_homed_lans > 0 && o.mans_per_wan < 2))
    throw InputError("tiers platform", "dual_homed_lans",
                     "must be in [0, LAN routers] and needs two MAN routers per region");
}

// The MAN routers of one region in a ring (a single link for two of them).
void link_region_mans(PlatformBuilder& b, const std::vector<int>& mans) {
  if (mans.size() < 2) return;
  for (std::size_t i = 0; i < mans.size(); ++i) {
    if (mans.size() == 2 && i == 1) break;
    b.add_link(mans[i], mans[(i + 1) % mans.size()], LinkClass::man);
  }
}

struct Lan {
  int router = 0;
  int region = 0;  // index of its WAN router
  int man = 0;     // its MAN router
};

// LANs given a second uplink, each to another MAN router of their region.
void add_dual_homing(PlatformBuilder& b, std::vector<Lan> lans, int count,
                     const std::vector<std::vector<int>>& region_mans) {
  b.shuffle(lans);
  for (int k = 0; k < count; ++k) {
    const Lan& lan = lans[static_cast<std::size_t>(k)];
    const auto& mans = region_mans[static_cast<std::size_t>(lan.region)];
    int other = lan.man;
    while (other == lan.man)
      other =
          mans[static_cast<std::size_t>(b.uniform(0, static_cast<std::int64_t>(mans.size()) - 1))];
    b.add_link(other, lan.router, LinkClass::lan_man);
  }
}

}  // namespace

const char* to_string(LinkClass cls) {
  switch (cls) {
    case LinkClass::lan:
      return "lan";
    case LinkClass::lan_man:
      return "lan-man";
    case LinkClass::man:
      return "man";
    case LinkClass::man_wan:
      return "man-wan";
    case LinkClass::wan:
      return "wan";
  }
  return "?";
}

const std::vector<LinkProfile>& link_profiles(LinkClass cls) {
  static const std::vector<LinkProfile> lan{
      {100 * kMbit, 1e-4}, {100 * kMbit, 2e-4}, {10 * kMbit, 5e-4}};
  static const std::vector<LinkProfile> lan_man{{34 * kMbit, 1e-3}, {10 * kMbit, 2e-3}};
  static const std::vector<LinkProfile> man{{100 * kMbit, 1e-3}, {34 * kMbit, 2e-3}};
  static const std::vector<LinkProfile> man_wan{{155 * kMbit, 2e-3}, {34 * kMbit, 5e-3}};
  static const std::vector<LinkProfile> wan{
      {10 * kMbit, 10e-3}, {4 * kMbit, 45e-3}, {2 * kMbit, 130e-3}};
  switch (cls) {
    case LinkClass::lan:
      return lan;
    case LinkClass::lan_man:
      return lan_man;
    case LinkClass::man:
      return man;
    case LinkClass::man_wan:
      return man_wan;
    case LinkClass::wan:
      return wan;
  }
  return lan;
}

std::vector<int> TiersPlatform::hosts() const {
  std::vector<int> out;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].kind == NodeKind::host) out.push_back(static_cast<int>(i));
  return out;
}

TiersPlatform generate_tiers_platform(const TiersOptions& o) {
  check_options(o);
  PlatformBuilder b(o.seed);
  std::vector<int> wans;
  for (int w = 0; w < o.wan_routers; ++w)
    wans.push_back(b.add_node(NodeKind::wan_router, "wan", w));
  for (std::size_t i = 0; i < wans.size(); ++i)
    for (std::size_t j = i + 1; j < wans.size(); ++j) b.add_link(wans[i], wans[j], LinkClass::wan);
  std::vector<std::vector<int>> region_mans(wans.size());
  int man_count = 0;
  for (std::size_t w = 0; w < wans.size(); ++w) {
    for (int m = 0; m < o.mans_per_wan; ++m) {
      region_mans[w].push_back(b.add_node(NodeKind::man_router, "man", man_count++));
      b.add_link(wans[w], region_mans[w].back(), LinkClass::man_wan);
    }
    link_region_mans(b, region_mans[w]);
  }
  std::vector<Lan> lans;
  for (std::size_t w = 0; w < wans.size(); ++w)
    for (int man : region_mans[w])
      for (int l = 0; l < o.lans_per_man; ++l) {
        lans.push_back({b.add_node(NodeKind::lan_router, "lan", static_cast<int>(lans.size())),
                        static_cast<int>(w), man});
        b.add_link(man, lans.back().router, LinkClass::lan_man);
      }
  add_dual_homing(b, lans, o.dual_homed_lans, region_mans);
  b.shuffle(lans);
  for (int h = 0; h < o.hosts; ++h) {
    const int host = b.add_node(NodeKind::host, "host", h);
    b.add_link(lans[static_cast<std::size_t>(h) % lans.size()].router, host, LinkClass::lan);
  }
  return b.take();
}

}  // namespace redist::simgrid
