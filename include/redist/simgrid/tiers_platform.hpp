#pragma once
// A Tiers-like hierarchical platform (document 000 section 8 used the Tiers generator): a WAN core,
// MAN routers hanging from WAN routers, LAN routers hanging from MAN routers, hosts on LANs, plus
// redundant links inside levels, as Tiers adds them: the WAN core is a full mesh, the MAN routers
// of one WAN router are linked to each other, and some LANs have a second uplink to another MAN
// router of their region. Routes between regions therefore cross the WAN core.
//
//        wan0 ===== wan1          ===  WAN link      (national / transatlantic / transpacific)
//           \\     //             ---  MAN-WAN link
//            wan2                 ###  MAN link      (between MAN routers of one region)
//          /      \               ...  LAN-MAN link  (one LAN in two has a second one)
//       man4 ### man5             ~~~  LAN link      (host to its LAN router)
//       .  . .   .  .
//     lan  lan  lan  lan
//     ~~~  ~~~
//    hosts hosts ...
//
// With the defaults the platform has 90 nodes (3 WAN, 6 MAN and 12 LAN routers, 69 hosts) joined by
// 96 full-duplex links, i.e. 192 one-way links: document 000's Figure 11 platform had 90 nodes and
// 192 links. This file is plain data: it never includes SimGrid (simgrid_platform builds it there).

#include <cstdint>
#include <string>
#include <vector>

namespace redist::simgrid {

/// The classification Tiers gives a link; each class has its own bandwidth / latency values.
enum class LinkClass { lan, lan_man, man, man_wan, wan };
const char* to_string(LinkClass cls);

enum class NodeKind { host, lan_router, man_router, wan_router };

struct PlatformNode {
  std::string name;
  NodeKind kind = NodeKind::host;
};

/// A full-duplex link between nodes a and b (a < b): each direction has the full bandwidth.
struct PlatformLink {
  int a = 0;
  int b = 0;
  LinkClass cls = LinkClass::lan;
  double bandwidth = 0;  // bytes per second, each direction
  double latency = 0;    // seconds
  std::string name;
};

struct TiersPlatform {
  std::vector<PlatformNode> nodes;
  std::vector<PlatformLink> links;

  /// Node indices of the hosts, in index order.
  [[nodiscard]] std::vector<int> hosts() const;
};

struct TiersOptions {
  int wan_routers = 3;   // fully meshed WAN core
  int mans_per_wan = 2;  // linked to each other in a ring (one link when there are two)
  int lans_per_man = 2;
  int hosts = 69;           // spread over the LANs (sizes differ by at most one)
  int dual_homed_lans = 3;  // LANs given a second uplink to another MAN router of their region
  std::uint64_t seed = 2004;
};

/// A reproducible platform: the same options give the same nodes, links and values.
/// Throws InputError when a count is out of range (at least one router per level, one host; dual-
/// homed LANs need two MAN routers per region and at most one per LAN).
TiersPlatform generate_tiers_platform(const TiersOptions& options);

/// One (bandwidth, latency) pair a link of a class may get; the generator draws uniformly among
/// its class's pairs. Values are our own 2004-era figures (Fast / plain Ethernet LANs, 34 Mbit/s
/// to 155 Mbit/s metropolitan links, 10 / 4 / 2 Mbit/s national, transatlantic and transpacific
/// paths), in the spirit of the pathchar measurements document 000 section 8 describes.
struct LinkProfile {
  double bandwidth = 0;  // bytes per second
  double latency = 0;    // seconds
};
const std::vector<LinkProfile>& link_profiles(LinkClass cls);

}  // namespace redist::simgrid
