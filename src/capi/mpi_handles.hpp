#pragma once
// What the opaque handles of <redist/redist_mpi.h> hold, and the executor's errors as C statuses.
// Private to src/capi.

#include "redist/exec/context.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/request.hpp"
#include "redist/redist_mpi.h"

// NOLINTBEGIN(readability-identifier-naming): the C interface's type names

struct redist_context {
  redist::exec::Context context;
  explicit redist_context(MPI_Comm comm) : context(comm) {}
};

struct redist_plan {
  redist::exec::Plan plan;
};

struct redist_request {
  redist::exec::Request request;
};

// NOLINTEND(readability-identifier-naming)

namespace redist::capi {

/// The executor's exceptions (errors.hpp) as statuses, recorded with their rank and missing ranks;
/// anything else as record_current_exception does. Call inside a catch block.
redist_status record_executor_exception() noexcept;

/// `guarded` for the executor's entry points.
template <class Body>
redist_status guarded_mpi(Body&& body) noexcept {
  return guarded(std::forward<Body>(body), &record_executor_exception);
}

/// The C options as the executor's (NULL: the defaults).
exec::PlanOptions plan_options(const redist_plan_options* options);
/// The C share as the executor's; UsageError for a NULL share or an unknown kind.
exec::NewShare new_share(const redist_share* share, const char* call);
/// A field executed in place in `storage_items` items of `item_bytes` at `base`, the old items from
/// index `offset` on: Plan::in_place (plan.hpp) on bytes, for an item size known only at run time.
/// Too little room gives a field every rank's execution refuses.
exec::Field in_place_field(const exec::Plan& plan, std::byte* base, std::int64_t storage_items,
                           std::int64_t offset, std::int64_t item_bytes);
/// The report as C numbers (report may be NULL).
void fill_report(const exec::TransferReport& from, redist_report* report);

}  // namespace redist::capi
