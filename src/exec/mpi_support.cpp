#include "mpi_support.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <thread>

#include "redist/core/error.hpp"

namespace redist::exec::detail {

ItemType::ItemType(std::int64_t item_bytes) {
  constexpr std::int64_t kBlock = std::int64_t{1} << 30;
  if (item_bytes <= INT_MAX) {
    check_mpi(MPI_Type_contiguous(static_cast<int>(item_bytes), MPI_BYTE, &type_),
              "MPI_Type_contiguous");
  } else {
    // q blocks of 1 GiB followed by the remainder, as one struct type.
    MPI_Datatype block = MPI_DATATYPE_NULL;
    check_mpi(MPI_Type_contiguous(static_cast<int>(kBlock), MPI_BYTE, &block),
              "MPI_Type_contiguous");
    parts_.push_back(block);
    MPI_Datatype blocks = MPI_DATATYPE_NULL;
    check_mpi(MPI_Type_contiguous(to_int(item_bytes / kBlock, "item blocks"), block, &blocks),
              "MPI_Type_contiguous");
    parts_.push_back(blocks);
    const int lengths[2] = {1, static_cast<int>(item_bytes % kBlock)};
    const MPI_Aint displacements[2] = {0, static_cast<MPI_Aint>(item_bytes - item_bytes % kBlock)};
    MPI_Datatype types[2] = {blocks, MPI_BYTE};
    check_mpi(MPI_Type_create_struct(2, lengths, displacements, types, &type_),
              "MPI_Type_create_struct");
  }
  check_mpi(MPI_Type_commit(&type_), "MPI_Type_commit");
}

ItemType::~ItemType() {
  int finalised = 0;
  if (MPI_Finalized(&finalised) != MPI_SUCCESS || finalised != 0) return;
  if (type_ != MPI_DATATYPE_NULL) MPI_Type_free(&type_);
  for (MPI_Datatype& t : parts_) MPI_Type_free(&t);
}

double now() { return MPI_Wtime(); }

void Backoff::idle() noexcept {
  if (++empty_ % 64 == 0) std::this_thread::yield();
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

int to_int(std::int64_t value, const char* what) {
  if (value < 0 || value > INT_MAX)
    throw InternalError(std::string(what) + " does not fit an MPI count");
  return static_cast<int>(value);
}

int post_parts(MPI_Comm comm, bool send, int peer, int tag, std::byte* data, std::int64_t bytes,
               std::int64_t max_message, std::vector<MPI_Request>& requests) {
  const std::int64_t limit = std::max<std::int64_t>(1, std::min(max_message, kMaxMpiMessageBytes));
  int parts = 0;
  for (std::int64_t offset = 0; offset < bytes; offset += limit, ++parts) {
    const int count = static_cast<int>(std::min(limit, bytes - offset));
    MPI_Request request = MPI_REQUEST_NULL;
    if (send)
      check_mpi(MPI_Isend(data + offset, count, MPI_BYTE, peer, tag, comm, &request), "MPI_Isend");
    else
      check_mpi(MPI_Irecv(data + offset, count, MPI_BYTE, peer, tag, comm, &request), "MPI_Irecv");
    requests.push_back(request);
  }
  return parts;
}

bool wait_all(std::span<MPI_Request> requests, double timeout) {
  const int count = static_cast<int>(requests.size());
  if (timeout <= 0.0) {
    check_mpi(MPI_Waitall(count, requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    return true;
  }
  std::vector<int> done(requests.size());
  double last = now();
  Backoff backoff;
  for (;;) {
    int outcount = 0;
    check_mpi(MPI_Testsome(count, requests.data(), &outcount, done.data(), MPI_STATUSES_IGNORE),
              "MPI_Testsome");
    if (outcount == MPI_UNDEFINED) return true;  // every request is complete (MPI_REQUEST_NULL)
    if (outcount > 0) last = now();
    if (outcount == 0 && now() - last > timeout) return false;
    if (outcount == 0) backoff.idle();
  }
}

int test_some(std::vector<MPI_Request>& requests, std::vector<int>& done,
              std::vector<MPI_Status>& statuses) {
  done.resize(requests.size());
  statuses.resize(requests.size());
  int outcount = 0;
  const int rc = MPI_Testsome(static_cast<int>(requests.size()), requests.data(), &outcount,
                              done.data(), statuses.data());
  if (rc == MPI_ERR_IN_STATUS) {
    for (int k = 0; k < outcount; ++k) {
      const MPI_Status& st = statuses[static_cast<std::size_t>(k)];
      if (st.MPI_ERROR == MPI_SUCCESS) continue;
      char text[MPI_MAX_ERROR_STRING];
      int length = 0;
      MPI_Error_string(st.MPI_ERROR, text, &length);
      throw std::runtime_error("a message from or to rank " + std::to_string(st.MPI_SOURCE) +
                               " failed: " + std::string(text, static_cast<std::size_t>(length)) +
                               " (do all ranks execute the same plan with the same item size?)");
    }
  }
  check_mpi(rc, "MPI_Testsome");
  return outcount == MPI_UNDEFINED ? 0 : outcount;
}

std::string current_exception_text() {
  try {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "a non-standard exception";
  }
}

}  // namespace redist::exec::detail
