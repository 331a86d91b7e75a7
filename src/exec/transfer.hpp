#pragma once
// One rank's data movement for one execution, whatever the transport, on the communicator the
// execution started on: posted when made (or at its first poll), advanced by polling (never blocking, so that the execution can watch its status exchange and the timeout
// beside it), abandoned after a failure. Internal.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "plan_state.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/transfer_report.hpp"

namespace redist::exec::detail {

struct Poll {
  bool done = false;
  int completed = 0;  // requests (or copy slices) completed by this poll
};

class Transfer {
 public:
  virtual ~Transfer() = default;
  /// Advances without blocking.
  virtual Poll poll() = 0;
  /// Gives up after a failure elsewhere: receives cancelled, sends left to MPI. Never throws.
  virtual void abandon() noexcept = 0;
  /// Bytes and messages so far (into the report), and the progress numbers.
  virtual void fill(TransferReport& report) const = 0;
  [[nodiscard]] virtual Progress progress() const = 0;
  /// The ranks this rank still waits for (for a timeout's message).
  [[nodiscard]] virtual std::vector<int> waiting_for() const = 0;
};

/// The direct transport: every field's pieces straight to their new owners (point-to-point, from
/// and into the caller's memory), the kept items copied locally unless already in place.
std::unique_ptr<Transfer> make_direct_transfer(const Plan::State& plan, MPI_Comm comm,
                                               const std::vector<Field>& fields);

/// One MPI_Alltoallv per field and round (segment_exchange.hpp). Collective: post only once the
/// call's status says every rank is ready.
std::unique_ptr<Transfer> make_alltoallv_transfer(const Plan::State& plan, MPI_Comm comm,
                                                  const std::vector<Field>& fields);

/// The ring transport: the ring plan's neighbour messages, relays forwarding what passes through
/// (ring_executor.hpp), field after field.
std::unique_ptr<Transfer> make_ring_transfer(const Plan::State& plan, MPI_Comm comm,
                                             const std::vector<Field>& fields);

}  // namespace redist::exec::detail
