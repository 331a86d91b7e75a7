#pragma once
// Internal to the simgrid layer: the process's SimGrid engine and the platform built through the
// S4U API from a TiersPlatform (document 000 section 8's platform, routes included).

#include <memory>
#include <string>
#include <vector>

#include <simgrid/s4u.hpp>

#include "redist/simgrid/tiers_platform.hpp"

namespace redist::simgrid::detail {

namespace sg4 = ::simgrid::s4u;

/// Starts the engine with the study's network model: CM02 without TCP corrections or cross-
/// traffic, so that one message of S bytes alone on a route takes exactly latency + S / bottleneck
/// (the value tests compute by hand); sharing between concurrent flows stays max-min fair. Logs are
/// silenced. SimGrid allows one engine per process: throws InternalError on a second call.
std::unique_ptr<sg4::Engine> start_engine();

struct RingHostSpec {
  std::vector<double> pstate_flops{1e9};  // speed of each pstate; the host starts in pstate 0
  std::string speed_profile;  // SimGrid profile text ("date scale" lines); empty: no profile
};

/// Creates one SimGrid host per ring host, every platform link as a split-duplex link (full duplex,
/// as the TiersPlatform links are), and a route for every ordered pair of ring hosts listing
/// exactly the links of shortest_route. Returns the hosts in ring order.
std::vector<sg4::Host*> build_platform(const TiersPlatform& platform,
                                       const std::vector<int>& ring_hosts,
                                       const std::vector<RingHostSpec>& specs);

}  // namespace redist::simgrid::detail
