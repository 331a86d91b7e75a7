#pragma once
// A redistribution plan, made once and executed as often as needed (docs/api.md "Plans").
//
// Ranks hold contiguous pieces of one global ordered sequence: rank 0 the first items, rank 1 the
// next ones, and so on. A Plan is the agreed change of that layout: every rank's old and new count,
// the transport chosen for the network and this rank's messages. Making it is one collective call
// with one small all-gather; executing it moves the items of any number of arrays laid out that way
// (any trivially copyable item type, several fields at once), forward or backward, blocking or
// split phase, out of place or in place.
//
//   redist::exec::Plan plan = redist::exec::Plan::make(ctx, particles.size(),
//                                                      redist::exec::NewShare::weight(speed));
//   std::vector<double> x_next(plan.new_count()), v_next(plan.new_count());
//   plan.execute({redist::exec::field(x, x_next), redist::exec::field(v, v_next)});
//   ...                                         // work on the new layout
//   plan.reversed().execute(...);               // and back
//
//   old counts 6 1 2, new counts 3 3 3:   P0 [ 0 1 2 3 4 5 ]  P1 [ 6 ]        P2 [ 7 8 ]
//                                         P0 [ 0 1 2 ]        P1 [ 3 4 5 ]    P2 [ 6 7 8 ]
//                                         P0 sends 3 4 5 to P1; P1 sends 6 to P2
//
// A Plan refers to its Context (which must outlive it) and is cheap to copy. Executing is
// collective: every rank executes the same plan with the same item size and number of fields
// (checked: a difference fails the call on every rank).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "redist/exec/context.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/ordered_slice.hpp"
#include "redist/exec/plan_options.hpp"
#include "redist/exec/request.hpp"
#include "redist/exec/transfer_report.hpp"

namespace redist::exec {

/// One array moved by an execution: `item_bytes` bytes per item, this rank's old items at `input`
/// (input_items of them) and room for its new items at `output` (output_items). For an in-place
/// execution `input` and `output` point into the same storage (InPlaceField).
struct Field {
  const std::byte* input = nullptr;
  std::int64_t input_items = 0;
  std::byte* output = nullptr;
  std::int64_t output_items = 0;
  std::int64_t item_bytes = 0;
};

/// A field of T: the old items and room for the new ones (output.size() >= the new count).
template <class T>
Field field(std::span<const T> input, std::span<T> output) {
  static_assert(std::is_trivially_copyable_v<T>,
                "redist::exec: items travel as bytes and must be trivially copyable");
  return {reinterpret_cast<const std::byte*>(input.data()), static_cast<std::int64_t>(input.size()),
          reinterpret_cast<std::byte*>(output.data()), static_cast<std::int64_t>(output.size()),
          static_cast<std::int64_t>(sizeof(T))};
}
template <class T>
Field field(const std::vector<T>& input, std::vector<T>& output) {
  return field(std::span<const T>(input), std::span<T>(output));
}

class Plan;

namespace detail {
/// The one-call API's way in (redistribute.hpp): an execution with this rank's failure found
/// before it (an output it could not allocate), what to do on success, and what to keep alive.
/// `checked`: the plan's agreement already carried every local check of this execution (the
/// one-call API with counts, whose buffers are sized before the agreement), so that it needs no
/// status exchange of its own; the same on every rank.
Request start_execution(const Plan& plan, std::span<const Field> fields, const void* owner,
                        const std::string& local_failure,
                        std::function<void(TransferReport&)> on_success,
                        std::shared_ptr<void> keep_alive, const char* call = "execute",
                        bool checked = false);
/// Plan::make with the name of the call that errors carry ("redistribute"), and this rank's own
/// problem with the call, found before it (refused on every rank): 0, or could not allocate (1),
/// or a request in flight on the same data (2).
Plan make_plan(Context& ctx, std::int64_t count, NewShare share, const PlanOptions& options,
               std::int64_t item_bytes, std::int64_t first, const char* call,
               int local_problem = 0);
/// Whether a request on `owner` (a vector, a slice) is in flight on this rank.
bool owner_busy(const Context& ctx, const void* owner) noexcept;
}  // namespace detail

class Plan {
 public:
  /// An empty plan (executing it throws).
  Plan();

  /// Collective. This rank holds `count` items now and asks for `share`. `first`: global index of
  /// this rank's first item, or kUnknownFirst on every rank (rank order from item 0).
  /// `item_bytes` (optional, > 0) is the size the plan is tuned for (ring transport chunks).
  static Plan make(Context& ctx, std::int64_t count, NewShare share,
                   const PlanOptions& options = {}, std::int64_t item_bytes = 0,
                   std::int64_t first = kUnknownFirst);

  [[nodiscard]] bool empty() const noexcept { return state_ == nullptr; }
  [[nodiscard]] Context& context() const;
  [[nodiscard]] const PlanOptions& options() const;

  [[nodiscard]] std::int64_t total() const;      // items over all ranks
  [[nodiscard]] std::int64_t old_count() const;  // this rank's
  [[nodiscard]] std::int64_t new_count() const;
  [[nodiscard]] std::int64_t old_first() const;  // global index of this rank's first item
  [[nodiscard]] std::int64_t new_first() const;  //   (mod total when the order is rotated)
  [[nodiscard]] std::vector<std::int64_t> old_counts() const;  // every rank's
  [[nodiscard]] std::vector<std::int64_t> new_counts() const;
  /// In-place execution: free items needed before and after this rank's old items, and where the
  /// new items start relative to the old first item (negative: before it).
  [[nodiscard]] std::int64_t room_before() const;
  [[nodiscard]] std::int64_t room_after() const;
  [[nodiscard]] std::int64_t new_offset_shift() const;

  [[nodiscard]] Transport transport() const;
  [[nodiscard]] const std::string& transport_reason() const;
  [[nodiscard]] double predicted_seconds() const;
  /// Seconds the make() call spent agreeing and planning on this rank.
  [[nodiscard]] double agreement_seconds() const;

  /// The reverse change (new layout back to old), for the same ranks. Local: no communication.
  [[nodiscard]] Plan reversed() const;

  /// Collective. Moves every field's items to the new layout (blocking).
  TransferReport execute(std::span<const Field> fields) const;
  TransferReport execute(std::initializer_list<Field> fields) const {
    return execute(std::span<const Field>(fields.begin(), fields.size()));
  }
  /// Collective, split phase: the messages are posted here and progress in test() and wait(). The
  /// buffers must stay untouched until wait() returns.
  [[nodiscard]] Request start(std::span<const Field> fields) const;
  [[nodiscard]] Request start(std::initializer_list<Field> fields) const {
    return start(std::span<const Field>(fields.begin(), fields.size()));
  }

  /// Collective. `items` becomes this rank's new piece (a new vector; the old one is kept on
  /// failure).
  template <class T>
  requires(!std::is_same_v<T, Field>) TransferReport execute(std::vector<T>& items)
  const {
    std::vector<T> next(static_cast<std::size_t>(new_count()));
    TransferReport report = execute({field(items, next)});
    items.swap(next);
    return report;
  }
  /// A field executed in place: `storage` holds this rank's old items from index `offset` on
  /// (old_count() of them); the new items end up from index offset + new_offset_shift() on. The
  /// storage needs room_before() free items before the old ones and room_after() after them (too
  /// little room fails the execution on every rank). The items that stay are never read or
  /// written: only the items that move are copied.
  template <class T>
  [[nodiscard]] Field in_place(std::span<T> storage, std::int64_t offset) const {
    static_assert(std::is_trivially_copyable_v<T>,
                  "redist::exec: items travel as bytes and must be trivially copyable");
    const auto size = static_cast<std::int64_t>(sizeof(T));
    auto* base = reinterpret_cast<std::byte*>(storage.data());
    const std::int64_t first_new = offset + new_offset_shift();
    const bool fits =
        offset >= 0 && offset + old_count() <= static_cast<std::int64_t>(storage.size()) &&
        first_new >= 0 && first_new + new_count() <= static_cast<std::int64_t>(storage.size());
    if (!fits) return {base, old_count(), nullptr, -1, size};
    return {base + offset * size, old_count(), base + first_new * size, new_count(), size};
  }

  /// Collective. In place on an OrderedSlice (ordered_slice.hpp): only the items that move are
  /// copied when the slice's free room allows, else the new slice is built in its second buffer.
  TransferReport execute(OrderedSlice& slice) const;

  // Internal: the agreed plan (State is defined in the library's sources only).
  struct State;
  explicit Plan(std::shared_ptr<const State> state);
  [[nodiscard]] const std::shared_ptr<const State>& state() const noexcept { return state_; }

 private:
  std::shared_ptr<const State> state_;
};

}  // namespace redist::exec
