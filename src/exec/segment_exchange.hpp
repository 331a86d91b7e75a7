#pragma once
// MPI_Alltoallv over lists of segments, with the int limits of MPI counts handled: segments are cut
// into pieces of at most max_items_per_round items (and INT_MAX / P), the j-th piece of every pair
// goes in round j (the round count is agreed by one all-reduce), and a round whose offsets do not
// fit an int is packed through a pool buffer instead of sent in place. Internal.

#include <cstdint>
#include <memory>
#include <vector>

#include "redist/exec/context.hpp"
#include "slice_overlap.hpp"

namespace redist::exec::detail {

struct ExchangeStats {
  int rounds = 0;
  bool packed = false;
  std::int64_t items_sent = 0;      // to other ranks: a rank's own kept items are not counted,
  std::int64_t items_received = 0;  // so these mean what the other transports report
};

/// The exchange as a resumable object (split phase): the constructor posts the round count's
/// all-reduce, test() advances without blocking (posting each round's MPI_Ialltoallv once the
/// previous one completed), wait() runs to the end. Collective: every rank constructs it at the
/// same point. The buffers must outlive it; it does not move (its rounds refer to its own piece
/// lists).
class SegmentExchange {
 public:
  SegmentExchange(Context& ctx, MPI_Comm comm, std::int64_t item_bytes, const std::byte* send_base,
                  const std::vector<Segment>& sends, std::byte* recv_base,
                  const std::vector<Segment>& recvs, std::int64_t max_items_per_round,
                  std::int64_t int_limit);
  ~SegmentExchange();
  SegmentExchange(const SegmentExchange&) = delete;
  SegmentExchange& operator=(const SegmentExchange&) = delete;

  /// Advances without blocking; true once every round has completed.
  bool test();
  [[nodiscard]] const ExchangeStats& stats() const noexcept { return stats_; }

 private:
  struct Round;
  void post_round();

  Context& ctx_;
  MPI_Comm comm_;
  std::int64_t item_bytes_;
  const std::byte* send_base_;
  std::byte* recv_base_;
  std::int64_t int_limit_;
  std::vector<std::vector<Segment>> send_pieces_;
  std::vector<std::vector<Segment>> recv_pieces_;
  std::int64_t rounds_ = 0;
  std::int64_t round_ = -1;  // -1: the round count is being agreed
  bool done_ = false;
  MPI_Request request_ = MPI_REQUEST_NULL;
  std::unique_ptr<Round> current_;
  ExchangeStats stats_;
};

/// Sender and receiver of a pair must list that pair's items in the same order with the same total.
/// int_limit: the largest count or offset passed to MPI (INT_MAX; tests lower it).

}  // namespace redist::exec::detail
