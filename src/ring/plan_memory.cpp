#include "redist/ring/plan_memory.hpp"

namespace redist::ring {

namespace {

// A process that reads and plans a tiny ring: the program, its libraries and allocator arenas.
constexpr std::uint64_t kBaseBytes = std::uint64_t{16} << 20;

// Bytes per processor measured at n = 10^5 and 10^6 with loads up to 1000, rounded up, for the
// framework of `instance`; heterogeneous rings also grow with the number of transfers their
// relays need, so their figure is the one measured on the generator's rings.
std::uint64_t plan_bytes_per_processor(const RingInstance& instance) {
  // Peak RSS / n with `/usr/bin/time -v`, n = 10^5 and 10^6 (bench/scaling.sh), plus a margin of
  // about 20%: a refusal must only happen when the plan would really not fit.
  // Heterogeneous rings: 1,428 (unidirectional) and 1,647 (bidirectional) bytes per processor at
  // n = 10^6 with spaced relays, about 2.7 transfers per processor. Bidirectional, since the
  // streamed writer, the copy-free validator and the shift search's one array of pieces per
  // timing: 422 (uniform) and 542 (gather, the largest shape) at n = 10^6, 364 at 10^7.
  if (instance.homogeneous()) return instance.bidirectional() ? 1000 : 600;
  return instance.bidirectional() ? 650 : 1700;
}

}  // namespace

std::uint64_t plan_memory_estimate(const RingInstance& instance) {
  return kBaseBytes +
         plan_bytes_per_processor(instance) * static_cast<std::uint64_t>(instance.size());
}

}  // namespace redist::ring
