#pragma once
// The application API of the MPI executor: redistribute a std::vector of plain structs over the
// ranks of a communicator (docs/api.md is the user guide).
//
//   struct Particle { double x, y, z; std::int64_t id; };
//   std::vector<Particle> mine = ...;                       // this rank's piece of the global
//   order redist::exec::Context ctx(MPI_COMM_WORLD); auto report = redist::exec::redistribute(ctx,
//   mine, redist::exec::NewShare::share(my_speed));
//   // mine now holds this rank's new contiguous piece, global order kept
//
// Order. The global order is rank 0's items, then rank 1's, and so on. By default it is kept: after
// the call rank 0 holds the first report.new_count items of that order, rank 1 the next ones, ...
// (OrderedOptions::wrap = WrapPolicy::forbid). WrapPolicy::allow lets the planner also use the
// wrap-around edge P_{n-1} -> P_0, often cheaper on a ring; the order is then rotated:
//
//   before          P0 [ 0 1 2 3 4 5 ]   P1 [ 6 ]         P2 [ 7 8 ]       every rank asks for 3
//   kept (default)  P0 [ 0 1 2 ]         P1 [ 3 4 5 ]     P2 [ 6 7 8 ]     4 item moves, 3 on P0 ->
//   P1 rotated         P0 [ 1 2 3 ]         P1 [ 4 5 6 ]     P2 [ 7 8 0 ]     3 item moves, at most
//   2 per link
//                   (read circularly from report.new_first: P0 1, P1 4, P2 7)
//
// Items are copied as bytes (std::memcpy semantics), so T must be trivially copyable: no pointers
// into other ranks' memory, no std::string or std::vector members. The call allocates the new
// vector; OrderedSlice (ordered_slice.hpp) reuses its buffers instead.

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "redist/exec/ordered_redistribute.hpp"

namespace redist::exec {

namespace detail {

template <class T>
constexpr void require_movable_as_bytes() {
  static_assert(std::is_trivially_copyable_v<T>,
                "redist::exec::redistribute: the item type must be trivially copyable (it travels "
                "as raw bytes; "
                "no std::string, std::vector or pointer members)");
  static_assert(
      std::is_default_constructible_v<T>,
      "redist::exec::redistribute: the item type must be default constructible (the new vector is "
      "sized before the items arrive)");
}

template <class T>
MakeOutput resize_into(std::vector<T>& next) {
  return [&next](std::int64_t count) {
    next.resize(static_cast<std::size_t>(count));
    return reinterpret_cast<std::byte*>(next.data());
  };
}

}  // namespace detail

/// Collective. Replaces `items` by this rank's new piece: `share` gives its new item count
/// (NewShare::count) or a weight (NewShare::share). Every rank passes the same options.
template <class T>
OrderedReport redistribute(Context& ctx, std::vector<T>& items, NewShare share,
                           const OrderedOptions& options = {}) {
  detail::require_movable_as_bytes<T>();
  std::vector<T> next;
  OrderedReport report = redistribute(ctx, sizeof(T), std::as_bytes(std::span<const T>(items)),
                                      detail::resize_into(next), share, options);
  items.swap(next);
  return report;
}

/// A started redistribution of a std::vector (split phase, ordered_request.hpp): the vector must
/// stay untouched until wait(), which swaps the new piece in. Destroying (or assigning to) a
/// request still active completes it first, as wait() would, errors aside.
template <class T>
class VectorRequest {
 public:
  VectorRequest(OrderedRequest request, std::vector<T>& items, std::vector<T> next)
      : next_(std::move(next)), items_(&items), request_(std::move(request)) {}
  VectorRequest(VectorRequest&&) noexcept = default;
  VectorRequest& operator=(VectorRequest&& other) noexcept {
    if (this != &other) {
      finish_quietly();
      next_ = std::move(other.next_);
      items_ = other.items_;
      request_ = std::move(other.request_);
    }
    return *this;
  }
  ~VectorRequest() { finish_quietly(); }

  /// Progress without blocking; true once the data has all moved.
  bool test() { return request_.test(); }
  /// Completes the transfer, swaps the new piece into the vector and returns the report.
  OrderedReport wait() {
    OrderedReport report = request_.wait();
    items_->swap(next_);
    std::vector<T>().swap(next_);
    return report;
  }
  [[nodiscard]] bool active() const noexcept { return request_.active(); }

 private:
  void finish_quietly() noexcept {
    if (!request_.active()) return;
    try {
      wait();
    } catch (...) {  // a destructor cannot throw; wait() is where errors are reported
    }
  }

  // Declared before the request so that it outlives it: the messages land in its buffer, which
  // moving the request keeps in place.
  std::vector<T> next_;
  std::vector<T>* items_;
  OrderedRequest request_;
};

/// Collective, split phase: agree and start moving; call test() while computing, then wait().
template <class T>
VectorRequest<T> redistribute_start(Context& ctx, std::vector<T>& items, NewShare share,
                                    const OrderedOptions& options = {}) {
  detail::require_movable_as_bytes<T>();
  std::vector<T> next;
  OrderedRequest request =
      redistribute_start(ctx, sizeof(T), std::as_bytes(std::span<const T>(items)),
                         detail::resize_into(next), share, options);
  return VectorRequest<T>(std::move(request), items, std::move(next));
}

}  // namespace redist::exec
