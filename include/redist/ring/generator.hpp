#pragma once
// Random ring instances for tests, benchmarks and `redist gen ring` (reproducible from the seed).
//
// Loads are uniform in [1, max_load]; targets are uniform in [1, max_load] and then nudged to the
// same total, so every processor holds at least one item before and after (the documents' standing
// assumption). Heterogeneous costs are integers uniform in [1, max_cost].
// light = true draws loads in [ceil(M/2), M] and moves at most floor(min load / 2) items in total,
// so that for every flow shift x in [-max S, -min S] each processor sends at most its initial load
// (2 (max S - min S) <= min load): the "light redistribution" of document 000 section 6.
//
// Shapes (RingShape; docs/ring_bidirectional_heterogeneous.md "Shapes") place the imbalance so that
// items must travel far and relays must forward: uniform (the above), gather (every processor sends
// towards one sink), scatter (one source holds almost everything), heavy (uniform plus one source
// with a large excess), blocks (alternating runs of overloaded and underloaded processors), forward
// (a few sources and sinks far apart, the processors between them balanced). Every shape keeps
// loads and targets >= 1. cost_decimals = d draws costs of d decimals: ticks uniform in [1,
// max_cost 10^d] at cost_scale d (so 0.1 .. max_cost for d = 1).

#include <cstdint>
#include <optional>
#include <string>

#include "redist/core/ring_instance.hpp"

namespace redist::ring {

enum class RingShape { uniform, gather, scatter, heavy, blocks, forward };

/// "uniform" -> RingShape::uniform, ...; nullopt for an unknown name.
std::optional<RingShape> ring_shape_from_name(const std::string& name);
const char* to_string(RingShape shape);

struct RingGenOptions {
  std::size_t n = 8;
  RingKind kind = RingKind::unidirectional;
  bool heterogeneous = false;
  std::int64_t max_load = 10;
  std::int64_t max_cost = 10;
  bool light = false;
  std::uint64_t seed = 1;
  RingShape shape = RingShape::uniform;  // light applies to uniform only
  int cost_decimals = 0;                 // 0..6
  // Start-up costs (docs/design.md "Latency-bandwidth model"): 0 = none (and nothing more is
  // drawn, so an instance without them is the same as before they existed); else every link's
  // start-up is `latency` on homogeneous rings and uniform in [0, latency] (steps of 10^-D with
  // cost_decimals D) on heterogeneous ones.
  std::int64_t latency = 0;
};

RingInstance generate_ring_instance(const RingGenOptions& options);
/// The checks generate_ring_instance makes first (InputError naming the option), on their own: a
/// front end checks the options before estimating the memory the instance needs.
void check_generator_options(const RingGenOptions& options);

}  // namespace redist::ring
