#pragma once
// A ring of hosts with one one-way link each way between neighbours, as tools/netlab emulates it
// (docs/netlab.md, the "ring" kind of topology file): link i joins P_i and P_{i+1}, its forward
// direction P_i -> P_{i+1} at rate_mbit with delay_ms, its back direction at back_rate_mbit and
// back_delay_ms (defaults: the forward values). Plain data: the simgrid layer simulates plans on
// it (ordered_study.hpp); the item model of the same ring is the instance a planner gets.

#include <cstdint>
#include <string>
#include <vector>

#include "redist/core/ring_instance.hpp"

namespace redist::simgrid {

struct RingLinkSpec {
  double rate_mbit = 0;  // P_i -> P_{i+1}
  double delay_ms = 0;
  double back_rate_mbit = 0;  // P_{i+1} -> P_i
  double back_delay_ms = 0;
};

struct RingPlatform {
  std::string name;
  std::vector<RingLinkSpec> links;  // one per host (a ring of n >= 3 hosts has n links)
  [[nodiscard]] std::size_t size() const { return links.size(); }
};

/// A netlab topology file of kind "ring" with n >= 3 hosts. InputError naming the file, the field
/// and the index for anything else (a missing rate, a rate outside [0.01, 100000] Mbit/s, a delay
/// outside [0, 10000] ms, another kind).
RingPlatform read_netlab_ring(const std::string& path);

/// The two platforms of the ordered study, as in examples/netlab: ring6_hetero.json (20 to 100
/// Mbit/s, three asymmetric links) and ring6_slow_link.json (five 100 Mbit/s links, one at 20).
RingPlatform ring6_hetero();
RingPlatform ring6_slow_link();

/// Seconds to move one item of `item_bytes` over one direction of a link (rate only; the delay is
/// paid once per message, which the item model leaves out).
double item_seconds(double rate_mbit, double item_bytes);

/// The bidirectional ring instance of the platform's item model: succ_cost[i] and pred_cost[i+1]
/// from link i's two directions, in ticks of 10^-cost_scale s, at least 1.
RingInstance ring_platform_instance(const RingPlatform& platform, double item_bytes, int cost_scale,
                                    std::vector<std::int64_t> loads,
                                    std::vector<std::int64_t> targets);

}  // namespace redist::simgrid
