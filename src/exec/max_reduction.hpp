#pragma once
// A small all-reduce (maximum of a few 64-bit words) by point-to-point messages, posted
// non-blocking and advanced by test(), so that an execution polls it beside its data messages
// (execution.hpp). Up to kFloodRanks ranks every rank sends its words to every other rank: one round
// of tiny messages, which runs beside the data instead of after it. Beyond, recursive doubling over
// the largest power of two m <= n ranks, the n - m others folded in first and told the result
// last: log2(m) rounds of one message each way. (A non-blocking MPI_Iallreduce of a few words does a
// reduce and then a broadcast.) Internal.

#include <mpi.h>

#include <array>
#include <cstdint>
#include <vector>

namespace redist::exec::detail {

class MaxReduction {
 public:
  static constexpr int kWords = 3;
  static constexpr int kFloodRanks = 16;
  using Words = std::array<std::uint64_t, kWords>;

  /// Starts the reduction of `mine` over `comm`; `tag` must be used by no other message in flight
  /// between the same ranks (every rank passes the same one).
  MaxReduction(MPI_Comm comm, int rank, int size, int tag, const Words& mine);
  ~MaxReduction();
  MaxReduction(const MaxReduction&) = delete;
  MaxReduction& operator=(const MaxReduction&) = delete;

  /// Advances without blocking; true once `result()` holds every rank's maximum.
  bool test();
  [[nodiscard]] const Words& result() const noexcept { return value_; }

 private:
  struct Exchange {
    int partner = 0;
    bool send = false;
    bool receive = false;
  };
  void post(const Exchange& e);

  MPI_Comm comm_;
  int tag_;
  std::vector<Exchange> steps_;
  std::size_t next_ = 0;
  Words value_{};
  Words incoming_{};
  Words outgoing_{};
  std::array<MPI_Request, 2> requests_{MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  // Flooding: every other rank's words, and the requests of the one round.
  std::vector<Words> flood_in_;
  std::vector<MPI_Request> flood_requests_;
};

}  // namespace redist::exec::detail
