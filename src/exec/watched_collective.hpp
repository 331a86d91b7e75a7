#pragma once
// The collective steps of a call, safe against a rank that fails or never comes (docs/api.md
// "Errors"). Internal.
//
// Every call is: one small agreement (gather_fixed: an all-gather of fixed-size records), the data
// movement, and one small status exchange (StatusExchange: an all-reduce of a failure word and a
// key) that runs beside the data. A rank that fails locally still takes part in the status exchange
// with its failure, so every rank learns of it, stops, and throws the same CallError, whose text the
// failing rank broadcasts. Without a timeout the collectives are waited for as MPI waits; with one
// they are polled, and every rank also sends rank 0 a token saying it arrived: when a collective has
// not completed after `timeout`, rank 0 names the ranks whose token is missing and tells every rank
// that arrived, and all of them throw TimeoutError. A rank that hears nothing from rank 0 for twice
// the timeout throws naming rank 0.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "max_reduction.hpp"
#include "redist/exec/context.hpp"

namespace redist::exec::detail {

class WatchedCollective {
 public:
  /// Adopts `request`, a non-blocking collective that this rank has just posted on ctx.comm() as
  /// every rank of the call does; `buffers` owns its buffers (kept alive should the collective be
  /// abandoned). `call` names the call in messages ("redistribute").
  WatchedCollective(Context& ctx, MPI_Request request, std::shared_ptr<void> buffers,
                    double timeout, std::string call);
  /// The same for a reduction by point-to-point messages (max_reduction.hpp), which it owns.
  WatchedCollective(Context& ctx, std::unique_ptr<MaxReduction> reduction, double timeout,
                    std::string call);
  ~WatchedCollective();
  WatchedCollective(const WatchedCollective&) = delete;
  WatchedCollective& operator=(const WatchedCollective&) = delete;

  /// True once the collective has completed (then never again false).
  bool test();
  /// Completes it, or throws TimeoutError (and marks the context unusable).
  void wait();
  [[nodiscard]] MPI_Comm comm() const noexcept { return comm_; }
  [[nodiscard]] MaxReduction* reduction() const noexcept { return reduction_.get(); }

 private:
  void post_token_receive(std::size_t rank);
  void post_verdict_receive();
  void poll_tokens();
  [[noreturn]] void time_out();
  void finish() noexcept;

  void watch();

  Context& ctx_;
  MPI_Comm comm_;
  MPI_Request request_ = MPI_REQUEST_NULL;
  std::unique_ptr<MaxReduction> reduction_;
  std::shared_ptr<void> buffers_;
  double timeout_;
  std::string call_;
  double started_ = 0.0;
  std::uint64_t sequence_ = 0;
  bool done_ = false;
  // Timeout mode: rank 0's token receives, or this rank's token send and verdict receive.
  std::vector<MPI_Request> tokens_;
  std::vector<std::uint64_t> token_values_;
  std::vector<char> arrived_;
  MPI_Request token_send_ = MPI_REQUEST_NULL;
  MPI_Request verdict_ = MPI_REQUEST_NULL;
  std::unique_ptr<std::uint64_t> token_value_;
  std::vector<std::uint64_t> verdict_values_;
};

/// Every rank's `bytes` bytes at `mine`, in rank order: the agreement's one collective.
std::vector<std::byte> gather_fixed(Context& ctx, const void* mine, std::size_t bytes,
                                    double timeout, const std::string& call);

/// One rank's outcome, exchanged by all: the failure text (empty: none) and a key that must be the
/// same everywhere (a digest of the plan and the data layout being moved).
class StatusExchange {
 public:
  /// `tag` (Context::reserve_status_tags) tells this exchange's messages from those of other
  /// exchanges in flight; every rank passes the same.
  StatusExchange(Context& ctx, std::uint64_t key, const std::string& failure, double timeout,
                 std::string call, int tag);
  /// A refusal of this rank's arguments: every rank throws it as an AgreementError.
  StatusExchange(Context& ctx, std::uint64_t key, const AgreementError& refusal, double timeout,
                 std::string call, int tag);
  bool test() { return collective_.test(); }
  void wait() { collective_.wait(); }
  /// After completion: whether some rank failed or the keys differ.
  [[nodiscard]] bool failed() const noexcept;
  /// After completion: throws on every rank when failed(): the failing rank's own error (its text
  /// broadcast from it; an AgreementError stays one, anything else is a CallError), and marks the
  /// context so that the next call starts on a fresh communicator.
  void conclude();

 private:
  Context& ctx_;
  std::string failure_;
  double timeout_;
  std::string call_;
  MaxReduction* reduction_;  // owned by collective_
  WatchedCollective collective_;
};

}  // namespace redist::exec::detail
