#pragma once
// Internal MPI plumbing shared by the executors: the item datatype, the collective agreement steps,
// and the message tags. Not installed.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "redist/exec/agreement.hpp"
#include "redist/exec/context.hpp"

namespace redist::exec::detail {

// Tags of the ring executor: one per direction of travel, so that on a ring of two ranks (where
// successor and predecessor are the same rank) the two links never mix. Matching is by (source,
// tag) only, never MPI_ANY_SOURCE, so the delivery order is the posting order (MPI's non-overtaking
// rule).
inline constexpr int kTagRightward = 0x5201;
inline constexpr int kTagLeftward = 0x5202;
inline constexpr int kTagSteps = 0x5203;
inline constexpr int kTagProbe = 0x5204;
inline constexpr int kTagArrive = 0x5205;  // a rank's agreement record, to rank 0 (timeout mode)

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

/// Ends the job: one line "redist: rank R: <reason>" on stderr, then MPI_Abort on the context's
/// communicator. The collective timeout's way out: a hung peer cannot be waited for any longer.
[[noreturn]] void abort_job(const Context& ctx, const std::string& reason);

/// Completes every request. timeout <= 0: MPI_Waitall. Otherwise polls them (MPI_Testsome, yielding
/// the core in between, never sleeping) and calls abort_job(blame()) when they are not all done
/// `timeout` seconds after the call.
void wait_all(const Context& ctx, std::span<MPI_Request> requests, double timeout,
              const std::function<std::string()>& blame);

/// Every rank's `bytes` bytes at `mine`, in rank order (the same size on every rank), gathered as
/// gather_records describes.
std::vector<std::byte> gather_fixed(const Context& ctx, const void* mine, std::size_t bytes,
                                    double timeout);

/// Calls the progress callback (if any). Under a timeout (> 0) an exception from it ends the job
/// naming this rank: its peers would otherwise wait for its messages until their own deadline.
void report_progress(const Context& ctx, const ProgressCallback& callback, const Progress& progress,
                     double timeout);

/// All ranks' records, in rank order. timeout <= 0: one MPI_Allgather. Otherwise every rank sends
/// its record to rank 0, which names the ranks that did not arrive within `timeout` and aborts, and
/// broadcasts the records; a rank that hears nothing from rank 0 within twice that aborts too.
std::vector<RankRecord> gather_records(const Context& ctx, const RankRecord& mine,
                                       double timeout = 0.0);

/// Second agreement step, after the local preparation: every rank passes its plan digest and,
/// if its own preparation failed, the reason. Throws AgreementError on every rank when some rank
/// failed or the digests differ.
void confirm_plan(const Context& ctx, std::uint64_t digest, const std::string& local_failure,
                  double timeout = 0.0);

/// Seconds since an arbitrary origin (MPI_Wtime).
double now();

/// int for an MPI count; throws InternalError when it does not fit.
int to_int(std::int64_t value, const char* what);

}  // namespace redist::exec::detail
