#pragma once
// Split phase: start a redistribution, compute, then wait (docs/api.md "Split phase").
//
//   redist::exec::Request request = plan.start({redist::exec::field(x, x_next)});
//   while (!request.test()) compute_a_little();   // MPI moves data only inside MPI calls
//   redist::exec::TransferReport report = request.wait();
//
// start() checks its arguments and posts the first messages; the transfer then progresses inside
// test() and wait() (a relay forwards a message only once it sees it has arrived, so an application
// that computes for long should call test() now and then). Until wait() returns, the input must not
// be changed and the output not read. Destroying a request that is still active completes it as
// wait() would (so that the other ranks are not left waiting), but its errors are then lost: call
// wait().

#include <memory>

#include "redist/exec/transfer_report.hpp"

namespace redist::exec {

class Request {
 public:
  Request() noexcept;
  Request(Request&&) noexcept;
  Request& operator=(Request&&) noexcept;
  ~Request();

  /// Progress without blocking; true once this rank's part of the transfer is complete (wait() then
  /// returns at once). Always true on an inactive request. Throws what wait() would throw.
  bool test();
  /// Completes the transfer and returns the report; the request becomes inactive. Throws
  /// std::logic_error on an inactive request, and the call's error (errors.hpp) on failure.
  TransferReport wait();
  [[nodiscard]] bool active() const noexcept { return state_ != nullptr; }

  class State;  // internal
  explicit Request(std::unique_ptr<State> state) noexcept;

 private:
  void finish_quietly() noexcept;
  std::unique_ptr<State> state_;
};

}  // namespace redist::exec
