#pragma once
// Ordered ring redistribution of real data (document 000 section 1, executed with MPI).
//
// Every rank holds a contiguous slice of one global ordered sequence of fixed-size items; after the
// collective call every rank holds its new contiguous slice, in global order:
//
//   before   P0 [ 0  1  2  3  4  5 ]  P1 [ 6 ]        P2 [ 7  8 ]     counts 6, 1, 2;
//   NewShare::count(3) kept     P0 [ 0  1  2 ]           P1 [ 3  4  5 ]  P2 [ 6  7  8 ]  default
//   (WrapPolicy::forbid): P0 gives
//                                                                     3 4 5 to P1, which gives 6 to
//                                                                     P2
//   rotated  P0 [ 1  2  3 ]           P1 [ 4  5  6 ]  P2 [ 7  8  0 ]  WrapPolicy::allow (best ring
//   plan): P0
//                                                                     gives 4 5 to P1 and its first
//                                                                     item 0 to its predecessor P2
//                                                                     over the wrap-around edge
//
// A rank only ever gives its first items to its predecessor and its last items to its successor;
// items that must go further are forwarded in order by the ranks in between.
//
// Order. By default the global order is kept: slices stay in rank order (flow shift 0, no traffic
// over the wrap-around edge P_{n-1} -> P_0; the "linear" plan). WrapPolicy::allow lets the planner
// use that edge (always possible on a bidirectional ring, often necessary on a unidirectional one):
// the last items of the sequence may become P_0's first items, the sequence is read circularly and
// every slice starts F_{n-1} items earlier than the unrotated layout would say. The report's
// new_first (and the slice's first()) gives each rank's first global index. A unidirectional ring
// that must move items backwards needs WrapPolicy::allow.
//
// Typed calls (std::vector<T>), variable-size items and split phase: redistribute.hpp,
// variable_items.hpp, ordered_request.hpp. Timeout: OrderedOptions::timeout_seconds.
//
// Agreement (agreement.hpp). Loads, wishes and item sizes are all-gathered and checked identically
// on every rank; each rank plans (ring/plan.hpp) from the same data; the plans' digests are
// compared by one all-reduce. Any problem throws AgreementError on every rank before a byte moves:
// the caller's data is untouched.
//
// Transfer. Neighbour-only non-blocking messages, in each link's plan order, items batched into
// messages of chunk_items items (from the L + m*b model, link_model.hpp, unless given), forwarded
// as soon as they arrive (pipelined). Messages above max_message_bytes and counts above INT_MAX are
// split into several MPI messages transparently. OrderedTransport::alltoallv moves the same items
// with one MPI_Alltoallv straight to the new owners instead (the baseline of BENCHMARKS.md).
//
// Memory. Staging: at most 2 * window buffers of one message each (<= 2 * window * max(chunk bytes,
// item size): 64 MiB with the defaults; only items passing through a rank are staged), from the
// context's pool, plus O(n) plan data. Data: the OrderedSlice overload builds the new slice in
// place around the items that stay when the slice's free room allows (no copy, no second buffer;
// the room is `slack` of the slice, 25% by default), else in its second buffer, which it keeps for
// next time (so at worst old slice + new slice, each with its slack); the span overload writes into
// the caller's output buffer (old + new slice).

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "redist/exec/agreement.hpp"
#include "redist/exec/context.hpp"
#include "redist/exec/ordered_options.hpp"
#include "redist/exec/ordered_report.hpp"
#include "redist/exec/ordered_request.hpp"
#include "redist/exec/ordered_slice.hpp"

namespace redist::exec {

/// Makes room for this rank's new slice once its count is agreed: storage for `items` items.
using MakeOutput = std::function<std::byte*(std::int64_t items)>;

/// Collective. Replaces `slice` by this rank's new slice.
OrderedReport redistribute(Context& ctx, OrderedSlice& slice, NewShare share,
                           const OrderedOptions& options = {});

/// Collective. The new slice goes to the storage make_output(new count) returns (the typed calls of
/// redistribute.hpp pass a fresh vector's).
OrderedReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                           const MakeOutput& make_output, NewShare share,
                           const OrderedOptions& options = {});

/// Split phase (ordered_request.hpp): the agreement happens here, the data moves in test()/wait().
OrderedRequest redistribute_start(Context& ctx, OrderedSlice& slice, NewShare share,
                                  const OrderedOptions& options = {});
OrderedRequest redistribute_start(Context& ctx, std::int64_t item_bytes,
                                  std::span<const std::byte> input, const MakeOutput& make_output,
                                  NewShare share, const OrderedOptions& options = {});

/// Collective. `input` holds this rank's items (a whole number of item_bytes); the new slice is
/// written to the start of `output` (room for the new count needed, checked collectively).
/// `first`: global index of this rank's first item, or kUnknownFirst on every rank for rank order.
OrderedReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                           std::span<std::byte> output, NewShare share,
                           const OrderedOptions& options = {}, std::int64_t first = kUnknownFirst);

}  // namespace redist::exec
