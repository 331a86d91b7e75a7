#pragma once
// The one-call redistributions (docs/api.md "Redistribute in one call"): make a plan and execute it
// (plan.hpp), for a std::vector of plain structs, an OrderedSlice, or raw bytes.
//
//   struct Particle { double x, y, z; std::int64_t id; };
//   std::vector<Particle> mine = ...;               // this rank's piece of the global order
//   redist::exec::Context ctx(MPI_COMM_WORLD);
//   auto report = redist::exec::redistribute(ctx, mine, redist::exec::NewShare::weight(my_speed));
//   // mine now holds this rank's new contiguous piece, global order kept
//
// Order. The global order is rank 0's items, then rank 1's, and so on. By default it is kept:
// after the call rank 0 holds the first report.new_count items of that order, rank 1 the next ones.
// PlanOptions::wrap = WrapPolicy::allow lets the planner rotate it (periodic data only):
//
//   before          P0 [ 0 1 2 3 4 5 ]   P1 [ 6 ]         P2 [ 7 8 ]       every rank asks for 3
//   kept (default)  P0 [ 0 1 2 ]         P1 [ 3 4 5 ]     P2 [ 6 7 8 ]
//   rotated         P0 [ 1 2 3 ]         P1 [ 4 5 6 ]     P2 [ 7 8 0 ]     (read circularly from
//                                                                          report.new_first)
//
// Items are copied as bytes (std::memcpy semantics), so T must be trivially copyable: no pointers
// into other ranks' memory, no std::string or std::vector members. The vector calls allocate the new
// vector; OrderedSlice keeps spare room instead, and moves only the items that change rank.
// Redistributing the same layout again and again? Make the Plan once and execute it (plan.hpp).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/ordered_slice.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/plan_options.hpp"
#include "redist/exec/request.hpp"
#include "redist/exec/transfer_report.hpp"

namespace redist::exec {

namespace detail {

template <class T>
constexpr void require_movable_as_bytes() {
  static_assert(std::is_trivially_copyable_v<T>,
                "redist::exec::redistribute: the item type must be trivially copyable (it travels "
                "as raw bytes; no std::string, std::vector or pointer members)");
  static_assert(std::is_default_constructible_v<T>,
                "redist::exec::redistribute: the item type must be default constructible (the new "
                "vector is sized before the items arrive)");
}

/// Plans for `items`, allocates the new vector (a failure to allocate fails the call on every rank)
/// and starts moving; the new vector replaces `items` on success. With counts, the new vector is
/// allocated and the vector's other requests checked before the agreement, whose one collective
/// then carries every check: the data moves without a status exchange of its own.
template <class T>
Request start_vector(Context& ctx, std::vector<T>& items, NewShare share,
                     const PlanOptions& options) {
  require_movable_as_bytes<T>();
  auto next = std::make_shared<std::vector<T>>();
  const bool known = share.kind != NewShare::Kind::weight;
  int problem = owner_busy(ctx, &items) ? 2 : 0;
  if (known && problem == 0) {
    const std::int64_t count = share.kind == NewShare::Kind::count
                                   ? share.count_value
                                   : (ctx.rank() < static_cast<int>(share.all_counts.size())
                                          ? share.all_counts[static_cast<std::size_t>(ctx.rank())]
                                          : 0);
    try {
      next->resize(static_cast<std::size_t>(std::max<std::int64_t>(count, 0)));
    } catch (const std::bad_alloc&) {
      problem = 1;
    } catch (const std::length_error&) {
      problem = 1;
    }
  }
  const Plan plan =
      make_plan(ctx, static_cast<std::int64_t>(items.size()), share, options,
                static_cast<std::int64_t>(sizeof(T)), kUnknownFirst, "redistribute", problem);
  std::string failure;
  if (!known) {
    try {
      next->resize(static_cast<std::size_t>(plan.new_count()));
    } catch (const std::bad_alloc&) {
      failure =
          "could not allocate the new vector of " + std::to_string(plan.new_count()) + " items";
    }
  }
  const Field f = field(items, *next);
  const double agreement = plan.agreement_seconds();
  return start_execution(
      plan, std::span<const Field>(&f, 1), &items, failure,
      [&items, next, agreement](TransferReport& report) {
        items.swap(*next);
        std::vector<T>().swap(*next);
        report.agreement_seconds = agreement;
      },
      next, "redistribute", known);
}

}  // namespace detail

/// Collective. Replaces `items` by this rank's new piece (a new vector; on failure `items` is as it
/// was). `share`: its new count, every rank's counts, or a weight (new_share.hpp).
template <class T>
TransferReport redistribute(Context& ctx, std::vector<T>& items, NewShare share,
                            const PlanOptions& options = {}) {
  return detail::start_vector(ctx, items, share, options).wait();
}

/// Collective, split phase (request.hpp): the vector must stay untouched until wait(), which swaps
/// the new piece in. Destroying the request completes it first, as wait() would (errors aside).
template <class T>
Request redistribute_start(Context& ctx, std::vector<T>& items, NewShare share,
                           const PlanOptions& options = {}) {
  return detail::start_vector(ctx, items, share, options);
}

/// Collective. Replaces the slice's items by this rank's new slice (in place when its free room
/// allows: only the items that change rank are copied).
TransferReport redistribute(Context& ctx, OrderedSlice& slice, NewShare share,
                            const PlanOptions& options = {});
Request redistribute_start(Context& ctx, OrderedSlice& slice, NewShare share,
                           const PlanOptions& options = {});

/// Collective. `input` holds this rank's items (a whole number of item_bytes); the new piece is
/// written to the start of `output` (room for the new count needed; input and output must not
/// overlap). `first`: global index of this rank's first item, or kUnknownFirst on every rank.
TransferReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                            std::span<std::byte> output, NewShare share,
                            const PlanOptions& options = {}, std::int64_t first = kUnknownFirst);

}  // namespace redist::exec
