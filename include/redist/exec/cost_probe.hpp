#pragma once
// Costs from the machine: measures L and b (document 004's L + m*b) of every ring link, so that plans
// follow the real heterogeneity (docs/design.md "Latency-bandwidth model").
//
// Each link P_e <-> P_{e+1} is timed by a ping-pong between its two ends, at a small and a large size
// (one-way time = half the round trip, best of the repetitions: a slower one measures the scheduler
// or other traffic, not the link); L and b come from the two points.
// Links are measured in two or three phases so that no rank is in two ping-pongs at once (the ring's
// edges coloured by parity, plus the closing edge alone when n is odd). A link's two directions get
// the same model. The models are all-gathered, so every rank ends with the same vector.
//
//   redist::exec::Context ctx(MPI_COMM_WORLD);
//   redist::exec::probe_ring_links(ctx);  // collective; ctx.link_models() now measured
//
// The `redist-probe` tool (tools/) writes the measured costs into a ring instance's cost fields.

#include <cstdint>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/link_model.hpp"

namespace redist::exec {

struct ProbeOptions {
  std::int64_t small_bytes = 8;
  std::int64_t large_bytes = std::int64_t{4} << 20;
  int repetitions = 10;
  bool store_in_context = true;  // ctx.set_link_models(result)
};

/// Collective. Models of every link; on one rank (no link) the defaults.
RingLinkModels probe_ring_links(Context& ctx, const ProbeOptions& options = {});

}  // namespace redist::exec
