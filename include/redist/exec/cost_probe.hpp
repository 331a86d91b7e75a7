#pragma once
// Costs from the machine: measures L and b (document 004's L + m*b) of every ring link, so that
// plans follow the real heterogeneity (docs/design.md "Latency-bandwidth model").
//
// Each direction of each link P_e <-> P_{e+1} is timed separately: messages of a few sizes one way,
// each answered by 1 byte (time L + m*b + L, best of the repetitions: a slower one measures the
// scheduler or other traffic, not the link), then L and b come from a least-squares line through
// the points (fit_link_model). The sizes grow from the small one by doubling until one transfer
// takes `target_seconds` or reaches `large_bytes`, so slow links (tens of Mbit/s) are probed in
// about a second and fast ones at the full large size.
// Links are measured in two or three phases so that no rank probes two links at once (the ring's
// edges coloured by parity, plus the closing edge alone when n is odd). succ[e] is the forward
// direction of edge e, pred[e+1] its backward one (asymmetric links get different models). The
// models are all-gathered, so every rank ends with the same vector.
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
  std::int64_t large_bytes = std::int64_t{4} << 20;         // the largest size
  std::int64_t first_large_bytes = std::int64_t{64} << 10;  // the first size after the small one
  double target_seconds = 0.1;  // stop growing once a transfer takes this
  int repetitions = 10;
  bool store_in_context = true;  // ctx.set_link_models(result)
};

/// Collective. Models of every link; on one rank (no link) the defaults.
RingLinkModels probe_ring_links(Context& ctx, const ProbeOptions& options = {});

}  // namespace redist::exec
