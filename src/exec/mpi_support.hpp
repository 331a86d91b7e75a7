#pragma once
// Internal MPI plumbing shared by the transports: message tags, clocks, MPI int conversions,
// posting a message in parts, and giving up requests after a failure. Not installed.

#include <mpi.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "agreement.hpp"
#include "redist/exec/context.hpp"

namespace redist::exec::detail {

// Tags. Ring messages use one per direction of travel, so that on a ring of two ranks (where
// successor and predecessor are the same rank) the two links never mix. Matching is by (source,
// tag) only, never MPI_ANY_SOURCE, so the delivery order is the posting order (MPI's
// non-overtaking rule). A call that fails leaves its messages behind on the context's
// communicator, which is then replaced before the next call (Context::begin_call), so stale
// messages never match.
inline constexpr int kTagRightward = 0x5201;
inline constexpr int kTagLeftward = 0x5202;
inline constexpr int kTagSteps = 0x5203;
inline constexpr int kTagProbe = 0x5204;
inline constexpr int kTagArrive = 0x5205;   // a rank's arrival token, to rank 0 (timeout mode)
inline constexpr int kTagVerdict = 0x5206;  // rank 0's list of missing ranks (timeout mode)
inline constexpr int kTagDirect = 0x5207;   // direct transport

/// Largest byte count of one MPI message (counts are int).
inline constexpr std::int64_t kMaxMpiMessageBytes = (std::int64_t{1} << 31) - 1;

/// A committed datatype of one item (item_bytes may exceed INT_MAX: built from 1 GiB blocks).
class ItemType {
 public:
  explicit ItemType(std::int64_t item_bytes);
  ~ItemType();
  ItemType(const ItemType&) = delete;
  ItemType& operator=(const ItemType&) = delete;
  [[nodiscard]] MPI_Datatype get() const noexcept { return type_; }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  std::vector<MPI_Datatype> parts_;
};

inline RankPlace place_of(const Context& ctx) {
  return {static_cast<std::size_t>(ctx.rank()), static_cast<std::size_t>(ctx.size())};
}

/// Seconds since an arbitrary origin (MPI_Wtime).
double now();

/// "2 s", "0.5 s".
std::string seconds_text(double seconds);

/// int for an MPI count; throws InternalError when it does not fit.
int to_int(std::int64_t value, const char* what);

/// Posts `bytes` bytes at `data` to or from `peer` as messages of at most `max_message` bytes (and
/// of an int's worth), appending the requests. Returns how many messages were posted.
int post_parts(MPI_Comm comm, bool send, int peer, int tag, std::byte* data, std::int64_t bytes,
               std::int64_t max_message, std::vector<MPI_Request>& requests);

/// After a failure: cancels the receives among `requests` and waits for them (a cancelled receive
/// completes), frees the sends (they may never be matched; their buffers are not touched again by
/// redist). Never throws. `is_send(k)` says which request is a send.
template <class IsSend>
void give_up(std::span<MPI_Request> requests, IsSend is_send) noexcept {
  for (std::size_t k = 0; k < requests.size(); ++k) {
    if (requests[k] == MPI_REQUEST_NULL) continue;
    if (is_send(k)) {
      MPI_Request_free(&requests[k]);
    } else {
      MPI_Cancel(&requests[k]);
      MPI_Wait(&requests[k], MPI_STATUS_IGNORE);
    }
  }
}

/// Waits for every request: MPI_Waitall without a timeout; with one, polls (MPI_Testsome, yielding
/// the core in between) and returns false as soon as no request has completed for `timeout`
/// seconds, leaving the rest incomplete.
bool wait_all(std::span<MPI_Request> requests, double timeout);

/// MPI_Testsome over `requests`: the indices completed (in `done`, the count returned). A request
/// that completed with an error (a message longer than its receive, MPI_ERR_TRUNCATE, when the
/// ranks disagree on the sizes) throws std::runtime_error naming the peer, which the execution
/// turns into a failure of the call rather than an MpiError.
int test_some(std::vector<MPI_Request>& requests, std::vector<int>& done,
              std::vector<MPI_Status>& statuses);

/// A polling loop's pause: nothing for the first empty polls (a sched_yield per poll costs more than
/// a small message on one node), then a yield every 64th empty poll, so that ranks sharing a core
/// (oversubscribed runs) still let each other progress. Call idle() after an empty poll and
/// reset() after a poll that did something.
class Backoff {
 public:
  void idle() noexcept;
  void reset() noexcept { empty_ = 0; }

 private:
  unsigned empty_ = 0;
};

/// The text of the exception in flight (for catch (...) blocks).
std::string current_exception_text();

}  // namespace redist::exec::detail
