#pragma once
// The MPI side of redist (docs/design.md section 2: `exec` is the only layer that includes MPI).
//
// A Context wraps a duplicate of the caller's communicator, so redist's messages never match the
// application's, with MPI_ERRORS_RETURN set on it: every MPI return code is checked and a failure
// throws MpiError naming the call. It also owns what persists between calls: the buffer pool (no
// allocation per call in steady state) and the network model the plans are made for (a flat
// network by default: one node or a switched cluster; a ring of measured links once
// probe_ring_links (cost_probe.hpp) measured them or set_link_models described them).
//
//   MPI_Init(&argc, &argv);
//   {
//     redist::exec::Context ctx(MPI_COMM_WORLD);
//     auto plan = redist::exec::Plan::make(ctx, my_count, redist::exec::NewShare::count(n));
//     ...
//   }                                               // destroy before MPI_Finalize
//   MPI_Finalize();
//
// A failed call leaves the context usable (the next call first replaces its communicator, so that
// messages the failed call left behind never match), except after a TimeoutError: a rank may then
// still be inside the failed call, and the context must be destroyed and made again.

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "redist/exec/buffer_pool.hpp"
#include "redist/exec/errors.hpp"
#include "redist/exec/link_model.hpp"

namespace redist::exec {

class Context {
 public:
  /// Collective over `comm`. MPI must be initialised, and `comm` a valid communicator (not
  /// MPI_COMM_NULL: that rank gets an InputError and must not take part). The Context must be
  /// destroyed before MPI_Finalize.
  explicit Context(MPI_Comm comm = MPI_COMM_WORLD);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  [[nodiscard]] MPI_Comm comm() const noexcept { return comm_; }
  [[nodiscard]] int rank() const noexcept { return rank_; }
  [[nodiscard]] int size() const noexcept { return size_; }

  [[nodiscard]] BufferPool& pool() noexcept { return pool_; }

  [[nodiscard]] Network network() const noexcept { return network_; }
  /// Per-link L and b of the ring in rank order (uniform defaults until set or probed). The same on
  /// every rank (the agreement compares their digests).
  [[nodiscard]] const RingLinkModels& link_models() const noexcept { return links_; }
  [[nodiscard]] bool links_measured() const noexcept { return network_ == Network::ring; }
  /// Describes the network as a ring with these links (also what probe_ring_links stores).
  void set_link_models(RingLinkModels models);
  /// Back to a flat network whose every pair costs `model` (the default).
  void set_flat_network(LinkModel model = {});
  /// A digest of the network model (kind and every link), compared by the agreement.
  [[nodiscard]] std::uint64_t network_digest() const noexcept { return network_digest_; }

  // The executor's bookkeeping (not needed by applications).
  /// Starts a collective call: throws CallError if a TimeoutError left the context unusable, and
  /// replaces the communicator (collectively) after a call that failed on every rank.
  void begin_call();
  /// A call failed on every rank (its messages may be left behind), or timed out.
  void mark_failed(bool timed_out) noexcept;
  /// Number of the next watched collective operation (the same sequence on every rank).
  std::uint64_t next_sequence() noexcept { return ++sequence_; }
  /// A message tag for the next status exchange: every rank reserves them in the same order, and
  /// 64 exchanges in flight at once never share one.
  int reserve_status_tag() noexcept {
    return kStatusTagBase + static_cast<int>(status_tags_++ % 64);
  }
  static constexpr int kStatusTagBase = 0x5300;
  /// An execution (a Request) holds the communicator it started on until it ends: a communicator
  /// replaced meanwhile is freed only once no execution uses it.
  void execution_started() noexcept { ++live_executions_; }
  void execution_ended() noexcept;
  /// A non-blocking collective was left unfinished (a timeout): MPI may still progress it, so no
  /// communicator of this context is ever freed (MPI_Comm_free would pull it from under MPI).
  void collective_abandoned() noexcept { keep_communicators_ = true; }

  /// Buffers written or read by requests still in flight: a second request on the same data is
  /// refused (claim() returns false) instead of corrupting it.
  struct Claim {
    const void* owner = nullptr;  // a container (vector, slice) or nullptr
    const std::byte* read_begin = nullptr;
    const std::byte* read_end = nullptr;
    const std::byte* write_begin = nullptr;
    const std::byte* write_end = nullptr;
  };
  [[nodiscard]] bool claim(const Claim& claim, std::uint64_t& id);
  /// Whether claim() would refuse it.
  [[nodiscard]] bool conflicts(const Claim& claim) const noexcept;
  void release(std::uint64_t id) noexcept;

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  BufferPool pool_;
  RingLinkModels links_;
  Network network_ = Network::flat;
  std::uint64_t network_digest_ = 0;
  void update_network_digest() noexcept;
  bool needs_fresh_comm_ = false;
  bool timed_out_ = false;
  bool keep_communicators_ = false;
  std::uint64_t sequence_ = 0;
  std::uint64_t status_tags_ = 0;
  int live_executions_ = 0;
  std::vector<MPI_Comm> retired_;
  std::uint64_t next_claim_ = 0;
  std::vector<std::pair<std::uint64_t, Claim>> claims_;
};

}  // namespace redist::exec
