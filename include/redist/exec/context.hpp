#pragma once
// The MPI side of redist (docs/design.md section 2: `exec` is the only layer that includes MPI).
//
// A Context wraps a duplicate of the caller's communicator, so redist's messages can never match
// the application's, with MPI_ERRORS_RETURN set on it: every MPI call's return code is checked and
// a failure throws MpiError naming the call (STYLE.md "Check every MPI return code at the
// boundary"). It also owns what persists between redistributions: the buffer pool (no allocation
// per call in steady state) and the link models used for chunking and planning (uniform defaults
// until the probe of cost_probe.hpp measures them or the caller sets them).
//
//   MPI_Init(&argc, &argv);
//   {
//     redist::exec::Context ctx(MPI_COMM_WORLD);
//     redist::exec::probe_ring_links(ctx);          // optional: real per-link L and b
//     redist::exec::redistribute(ctx, slice, redist::exec::NewShare::count(n_i));
//   }                                               // destroy before MPI_Finalize
//   MPI_Finalize();

#include <mpi.h>

#include <stdexcept>
#include <string>

#include "redist/exec/buffer_pool.hpp"
#include "redist/exec/link_model.hpp"

namespace redist::exec {

/// An MPI call failed: what() names the call and MPI's own error string.
class MpiError : public std::runtime_error {
 public:
  MpiError(const std::string& call, int code);
  [[nodiscard]] int code() const noexcept { return code_; }

 private:
  int code_;
};

/// Throws MpiError unless rc == MPI_SUCCESS.
void check_mpi(int rc, const char* call);

class Context {
 public:
  /// Collective over `comm`. MPI must be initialised; the Context must be destroyed before
  /// MPI_Finalize.
  explicit Context(MPI_Comm comm = MPI_COMM_WORLD);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  [[nodiscard]] MPI_Comm comm() const noexcept { return comm_; }
  [[nodiscard]] int rank() const noexcept { return rank_; }
  [[nodiscard]] int size() const noexcept { return size_; }

  [[nodiscard]] BufferPool& pool() noexcept { return pool_; }

  /// Per-link L and b of the ring in rank order; uniform defaults until set or probed. Must be the
  /// same on every rank (the plan digest check catches a difference).
  [[nodiscard]] const RingLinkModels& link_models() const noexcept { return links_; }
  [[nodiscard]] bool links_measured() const noexcept { return links_measured_; }
  void set_link_models(RingLinkModels models);

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  BufferPool pool_;
  RingLinkModels links_;
  bool links_measured_ = false;
};

}  // namespace redist::exec
