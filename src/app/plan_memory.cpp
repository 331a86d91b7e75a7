#include "app/plan_memory.hpp"

namespace redist::app {

namespace {

// A process that reads and plans a tiny ring: the program, its shared libraries and allocator
// arenas (37 MB of resident memory measured for `redist plan` on a 3-processor ring).
constexpr std::uint64_t kBaseBytes = std::uint64_t{40} << 20;

// `plan --back-to-back` on a heterogeneous ring: relays' follow pieces become one batch per item,
// up to max_schedule_batches (64 per processor: 4 KiB of transfers), beside the whole ring's
// banded timing. Measured at n = 10^6 beyond the base: 4,940 bytes per processor (bidirectional,
// forward shape; uniform 3,580), 4,490 (unidirectional, loads up to 1000; 26 batches per processor)
// -> 6,200. Without it, a ring of 10^7 planned back to back was not refused but killed.
constexpr std::uint64_t kBackToBackBytes = 6'200;

// Bytes per processor beyond the base, for the framework of `instance`: the largest peak resident
// size measured on `redist gen ring` instances (every shape for heterogeneous bidirectional rings;
// loads up to 1000 and up to 10^9) at n = 10^5 and 10^6 with GNU time (BENCHMARKS.md, "Scaling"),
// minus the base, plus a margin of 25%: a refusal must only happen when the plan would really not
// fit, and a plan that does not fit must be refused rather than killed.
//   unidirectional homogeneous    139 B/proc at 10^6 (every shape 136 or less), 126 at 10^5 -> 180
//   bidirectional homogeneous     151 at 10^6 (scatter: 1.44 transfers per processor; uniform
//                                 111: transfers written as they are timed), 124 at 10^5 -> 190
//   unidirectional heterogeneous  166 at 10^6 (blocks and gather, planned with ALAP; uniform
//                                 136), 133 at 10^5 (paced lines: about one 64-byte transfer per
//                                 processor) -> 210
//   bidirectional heterogeneous   140 at 10^6 (forward; uniform 121: timed and paced path by
//                                 path, so the instance, the schedule and the longest path's
//                                 ALAP), 118 at 10^5, 121 at 10^7 -> 180.
std::uint64_t plan_bytes_per_processor(const RingInstance& instance,
                                       const ring::RingPlanOptions& options) {
  if (instance.homogeneous()) return instance.bidirectional() ? 190 : 180;
  if (options.back_to_back) return kBackToBackBytes;
  return instance.bidirectional() ? 180 : 210;
}

}  // namespace

std::uint64_t plan_memory_estimate(const RingInstance& instance,
                                   const ring::RingPlanOptions& options) {
  return kBaseBytes +
         plan_bytes_per_processor(instance, options) * static_cast<std::uint64_t>(instance.size());
}

}  // namespace redist::app
