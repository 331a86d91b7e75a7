#pragma once
// One execution of a plan on this rank (the state behind a Request): the local checks, the status
// exchange that runs beside the data (watched_collective.hpp), the transport's transfer, the
// progress callback, the timeout, and the report. Internal.
//
// The protocol, the same on every rank:
//   1. check the arguments locally (sizes, room, a request already in flight on the same data) and
//      post the start status (an all-reduce of a failure word and the plan's key);
//   2. move the data (unless this rank failed in 1.; the alltoallv transport waits for the start
//      status first, since a collective cannot be abandoned), polling the start status beside it:
//      when it reports a failure, the data still in flight is abandoned and every rank throws the
//      failing rank's text;
//   3. with a timeout or a progress callback anywhere, post the end status, which carries what
//      failed during the movement (a callback that threw, a peer that stopped answering).
// The caller's data is left as it was on failure: receives land only in the output (or, in place,
// in the free room around the old items) and the caller commits nothing until success.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mpi_support.hpp"
#include "plan_state.hpp"
#include "redist/exec/request.hpp"
#include "transfer.hpp"
#include "watched_collective.hpp"

namespace redist::exec {

class Request::State {
 public:
  /// `owner`: the container being redistributed (a vector, a slice), claimed for the duration.
  /// `local_failure`: a failure of this rank found before the call (e.g. allocating the output).
  /// `checked`: the agreement already carried this execution's local checks (start_execution).
  State(std::shared_ptr<const Plan::State> plan, std::vector<Field> fields, std::string call,
        const void* owner, const std::string& local_failure, bool checked = false);
  ~State();
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  /// Advances without blocking; true once done (success). Throws the call's error.
  bool test() { return step(false); }
  /// Runs to the end and returns the report. Throws the call's error.
  TransferReport wait();

  /// Called once on success, before wait() returns (commits a slice, swaps a vector in).
  std::function<void(TransferReport&)> on_success;
  std::shared_ptr<void> keep_alive;  // the output buffer of a one-call redistribution

 private:
  void start();
  bool step(bool block);
  void move_data(bool block);
  bool finish(bool block);
  /// The first thing wrong with this rank's fields (field, reason), or nothing; claims the data.
  std::optional<std::pair<std::string, std::string>> check_fields();
  std::uint64_t key() const;
  void call_progress() noexcept;
  void fail_locally(const std::string& reason);

  std::shared_ptr<const Plan::State> plan_;
  Context& ctx_;
  MPI_Comm comm_ = MPI_COMM_NULL;  // the communicator this execution started on
  std::vector<Field> fields_;
  std::string call_;
  const void* owner_;
  std::string local_failure_;
  bool checked_ = false;
  std::uint64_t claim_ = 0;
  bool claimed_ = false;
  bool need_end_ = false;
  double timeout_ = 0.0;
  std::string failure_;  // this rank's first failure
  std::optional<detail::StatusExchange> start_status_;
  std::optional<detail::StatusExchange> end_status_;
  bool start_concluded_ = false;
  int start_tag_ = 0;
  int end_tag_ = 0;
  std::unique_ptr<detail::Transfer> transfer_;
  enum class Phase { moving, finishing, done } phase_ = Phase::moving;
  double started_ = 0.0;
  double last_progress_ = 0.0;
  TransferReport report_;
  detail::Backoff backoff_;
};

}  // namespace redist::exec
