#pragma once
// The progress engine of the ring transport: runs one rank's RankMessagePlan with neighbour-only
// non-blocking point-to-point messages. Internal (plan.hpp is the API).
//
// Per link and direction at most `window` messages are in flight, posted strictly in the link's
// order (MPI's non-overtaking rule then delivers them in that order: no wildcard receives
// anywhere). Own items are sent straight from the caller's input; received items that stay land
// straight in the output; items passing through land in a staging buffer and are forwarded as soon
// as they have arrived, from that same buffer (pipelining as in document 004's pipelined
// broadcast). The 2 * window staging buffers are taken from the pool before anything is posted:
// that is the executor's memory overhead.

#include <cstdint>
#include <memory>

#include "redist/exec/context.hpp"
#include "redist/exec/progress.hpp"
#include "ring_messages.hpp"

namespace redist::exec::detail {

struct RingRunOptions {
  int window = 4;
  std::int64_t max_message_bytes = std::int64_t{1} << 30;
  bool plan_order = false;  // one send queue over both links, in the plan's time order
};

struct RingRunStats {
  std::int64_t messages_sent = 0;
  std::int64_t messages_received = 0;
  std::int64_t bytes_sent = 0;
  std::int64_t bytes_received = 0;
  std::int64_t mpi_messages = 0;  // after splitting messages larger than max_message_bytes
  std::int64_t staging_peak_bytes = 0;
};

/// One rank's transfer, advanced by polling. The plan, buffers and options must outlive it.
class RingTransfer {
 public:
  RingTransfer(Context& ctx, MPI_Comm comm, const RankMessagePlan& plan, std::int64_t item_bytes,
               const std::byte* input, std::byte* output, const RingRunOptions& options);
  ~RingTransfer();
  RingTransfer(RingTransfer&&) noexcept;
  RingTransfer& operator=(RingTransfer&&) noexcept;

  /// Posts what can be posted and completes what has arrived, without blocking; returns how many
  /// requests (or copy slices) completed and sets `done` once everything is done.
  int poll(bool& done);
  /// After a failure elsewhere: receives cancelled, sends left to MPI. Never throws.
  void abandon() noexcept;
  [[nodiscard]] const RingRunStats& stats() const noexcept;
  [[nodiscard]] Progress progress() const noexcept;

 private:
  class Run;
  std::unique_ptr<Run> run_;
};

}  // namespace redist::exec::detail
