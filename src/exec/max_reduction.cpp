#include "max_reduction.hpp"

#include <algorithm>

#include "redist/exec/errors.hpp"

namespace redist::exec::detail {

MaxReduction::MaxReduction(MPI_Comm comm, int rank, int size, int tag, const Words& mine)
    : comm_(comm), tag_(tag), value_(mine) {
  if (size <= kFloodRanks) {
    outgoing_ = mine;
    flood_in_.resize(static_cast<std::size_t>(size));
    flood_requests_.reserve(2 * static_cast<std::size_t>(size));
    for (int r = 0; r < size; ++r) {
      if (r == rank) continue;
      flood_requests_.emplace_back();
      check_mpi(MPI_Irecv(flood_in_[static_cast<std::size_t>(r)].data(), kWords, MPI_UINT64_T, r,
                          tag_, comm_, &flood_requests_.back()),
                "MPI_Irecv");
    }
    for (int r = 0; r < size; ++r) {
      if (r == rank) continue;
      flood_requests_.emplace_back();
      check_mpi(MPI_Isend(outgoing_.data(), kWords, MPI_UINT64_T, r, tag_, comm_,
                          &flood_requests_.back()),
                "MPI_Isend");
    }
    flood_in_[static_cast<std::size_t>(rank)] = mine;
    return;
  }
  int pow2 = 1;
  while (pow2 * 2 <= size) pow2 *= 2;
  const int extra = size - pow2;  // ranks pow2 .. size-1 fold into ranks 0 .. extra-1
  if (rank >= pow2) {
    steps_ = {{rank - pow2, true, false}, {rank - pow2, false, true}};
  } else {
    if (rank < extra) steps_.push_back({rank + pow2, false, true});
    for (int d = 1; d < pow2; d *= 2) steps_.push_back({rank ^ d, true, true});
    if (rank < extra) steps_.push_back({rank + pow2, true, false});
  }
  if (!steps_.empty()) post(steps_[0]);
}

MaxReduction::~MaxReduction() {
  // Only reached unfinished when the call failed for another reason: the receives are cancelled,
  // the sends left to MPI (the communicator is retired with the failed call).
  const std::size_t receives = flood_in_.empty() ? 0 : flood_in_.size() - 1;
  for (std::size_t k = 0; k < flood_requests_.size(); ++k) {
    if (flood_requests_[k] == MPI_REQUEST_NULL) continue;
    if (k < receives) {
      MPI_Cancel(&flood_requests_[k]);
      MPI_Wait(&flood_requests_[k], MPI_STATUS_IGNORE);
    } else {
      MPI_Request_free(&flood_requests_[k]);
    }
  }
  if (requests_[1] != MPI_REQUEST_NULL) {
    MPI_Cancel(&requests_[1]);
    MPI_Wait(&requests_[1], MPI_STATUS_IGNORE);
  }
  if (requests_[0] != MPI_REQUEST_NULL) MPI_Request_free(&requests_[0]);
}

void MaxReduction::post(const Exchange& e) {
  outgoing_ = value_;
  if (e.send)
    check_mpi(
        MPI_Isend(outgoing_.data(), kWords, MPI_UINT64_T, e.partner, tag_, comm_, &requests_[0]),
        "MPI_Isend");
  if (e.receive)
    check_mpi(
        MPI_Irecv(incoming_.data(), kWords, MPI_UINT64_T, e.partner, tag_, comm_, &requests_[1]),
        "MPI_Irecv");
}

bool MaxReduction::test() {
  if (!flood_in_.empty()) {
    if (flood_requests_.empty()) return true;
    int complete = 0;
    check_mpi(MPI_Testall(static_cast<int>(flood_requests_.size()), flood_requests_.data(),
                          &complete, MPI_STATUSES_IGNORE),
              "MPI_Testall");
    if (complete == 0) return false;
    flood_requests_.clear();
    for (const Words& w : flood_in_)
      for (int k = 0; k < kWords; ++k) value_[k] = std::max(value_[k], w[k]);
    return true;
  }
  while (next_ < steps_.size()) {
    int complete = 0;
    check_mpi(MPI_Testall(2, requests_.data(), &complete, MPI_STATUSES_IGNORE), "MPI_Testall");
    if (complete == 0) return false;
    if (steps_[next_].receive)
      for (int k = 0; k < kWords; ++k) value_[k] = std::max(value_[k], incoming_[k]);
    if (++next_ < steps_.size()) post(steps_[next_]);
  }
  return true;
}

}  // namespace redist::exec::detail
