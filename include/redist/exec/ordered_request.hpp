#pragma once
// Split-phase ordered redistribution: start it, compute, then wait (docs/api.md "Split phase").
//
//   auto request = redist::exec::redistribute_start(ctx, slice, share);   // agreement + first
//   posts while (!request.test()) compute_a_little();                           // messages
//   progress OrderedReport report = request.wait();                                // the new slice
//   is in place
//
// redistribute_start() runs the agreement (collective, small messages: the arguments are gathered
// and checked, the plan is made and its digest compared, so every refusal still happens there, on
// every rank, before any data moves) and posts the first non-blocking messages. The ring transport
// then progresses inside test() and wait(): MPI moves data only inside MPI calls, and relays
// forward a message only when they see it arrive, so an application that computes for long should
// call test() now and then. With OrderedTransport::alltoallv each round is one MPI_Ialltoallv, the
// next one posted by test() or wait() once the previous one has completed.
// Until wait() returns, the input must not be changed and the output not read. Destroying a request
// that is still active completes it (errors are then lost: call wait()).

#include <memory>

#include "redist/exec/ordered_report.hpp"

namespace redist::exec {

class OrderedRequest {
 public:
  OrderedRequest() noexcept;
  OrderedRequest(OrderedRequest&&) noexcept;
  OrderedRequest& operator=(OrderedRequest&&) noexcept;
  ~OrderedRequest();

  /// Progress without blocking; true once this rank's part of the transfer is complete (wait() then
  /// returns at once). Always true on an inactive request.
  bool test();
  /// Completes the transfer and returns the report; the request becomes inactive. Throws
  /// std::logic_error on an inactive request.
  OrderedReport wait();
  [[nodiscard]] bool active() const noexcept { return state_ != nullptr; }

  struct State;  // internal: built by redistribute_start
  explicit OrderedRequest(std::unique_ptr<State> state) noexcept;

 private:
  void finish_quietly() noexcept;
  std::unique_ptr<State> state_;
};

}  // namespace redist::exec
