#include "mpi_support.hpp"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

void abort_job(const Context& ctx, const std::string& reason) {
  std::fprintf(stderr, "redist: rank %d: %s\n", ctx.rank(), reason.c_str());
  std::fflush(stderr);
  MPI_Abort(ctx.comm(), 3);
  std::abort();  // MPI_Abort does not return; this only tells the compiler
}

void wait_all(const Context& ctx, std::span<MPI_Request> requests, double timeout,
              const std::function<std::string()>& blame) {
  const int count = static_cast<int>(requests.size());
  if (timeout <= 0.0) {
    check_mpi(MPI_Waitall(count, requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    return;
  }
  const double deadline = now() + timeout;
  std::vector<int> done(requests.size());
  for (;;) {
    int outcount = 0;
    check_mpi(MPI_Testsome(count, requests.data(), &outcount, done.data(), MPI_STATUSES_IGNORE),
              "MPI_Testsome");
    if (outcount == MPI_UNDEFINED) return;  // every request is complete (and MPI_REQUEST_NULL)
    if (outcount == 0 && now() > deadline) abort_job(ctx, blame());
    if (outcount == 0) std::this_thread::yield();
  }
}

namespace {

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

std::string missing_ranks(const std::vector<MPI_Request>& arrivals) {
  std::string list;
  int listed = 0;
  for (std::size_t k = 0; k < arrivals.size(); ++k) {
    if (arrivals[k] == MPI_REQUEST_NULL) continue;
    if (listed++ == 8) return list + ", ...";
    list += (list.empty() ? "" : ", ") + std::to_string(k + 1);
  }
  return list;
}

// Rank 0's side of the timed gather: one receive per rank, so that the ranks still missing at the
// deadline are known by name.
void collect_arrivals(const Context& ctx, std::byte* all, std::size_t bytes, double timeout) {
  const auto ranks = static_cast<std::size_t>(ctx.size());
  std::vector<MPI_Request> arrivals(ranks - 1, MPI_REQUEST_NULL);
  for (std::size_t r = 1; r < ranks; ++r)
    check_mpi(MPI_Irecv(all + r * bytes, to_int(static_cast<std::int64_t>(bytes), "record"),
                        MPI_BYTE, static_cast<int>(r), kTagArrive, ctx.comm(), &arrivals[r - 1]),
              "MPI_Irecv");
  wait_all(ctx, arrivals, timeout, [&] {
    return "redistribute: rank(s) " + missing_ranks(arrivals) + " did not arrive within " +
           seconds_text(timeout) + " (skipped the collective call, or failed before it)";
  });
}

}  // namespace

std::vector<std::byte> gather_fixed(const Context& ctx, const void* mine, std::size_t bytes,
                                    double timeout) {
  std::vector<std::byte> all(static_cast<std::size_t>(ctx.size()) * bytes);
  const int count = to_int(static_cast<std::int64_t>(bytes), "record");
  if (timeout <= 0.0) {
    check_mpi(MPI_Allgather(mine, count, MPI_BYTE, all.data(), count, MPI_BYTE, ctx.comm()),
              "MPI_Allgather");
    return all;
  }
  std::vector<MPI_Request> requests;
  if (ctx.rank() == 0) {
    std::memcpy(all.data(), mine, bytes);
    collect_arrivals(ctx, all.data(), bytes, timeout);
  } else {
    requests.emplace_back();
    check_mpi(MPI_Isend(mine, count, MPI_BYTE, 0, kTagArrive, ctx.comm(), &requests.back()),
              "MPI_Isend");
  }
  requests.emplace_back();
  check_mpi(MPI_Ibcast(all.data(), to_int(static_cast<std::int64_t>(all.size()), "records"),
                       MPI_BYTE, 0, ctx.comm(), &requests.back()),
            "MPI_Ibcast");
  // Rank 0 names the missing ranks after `timeout`; the others give it that long before blaming it.
  wait_all(ctx, requests, ctx.rank() == 0 ? timeout : 2.0 * timeout, [&] {
    return "redistribute: no answer from rank 0 within " + seconds_text(2.0 * timeout) +
           " (rank 0, or a rank it waits for, did not arrive)";
  });
  return all;
}

std::vector<RankRecord> gather_records(const Context& ctx, const RankRecord& mine, double timeout) {
  const std::vector<std::byte> bytes = gather_fixed(ctx, &mine, sizeof(RankRecord), timeout);
  std::vector<RankRecord> all(static_cast<std::size_t>(ctx.size()));
  std::memcpy(all.data(), bytes.data(), bytes.size());
  return all;
}

void report_progress(const Context& ctx, const ProgressCallback& callback, const Progress& progress,
                     double timeout) {
  if (!callback) return;
  if (timeout <= 0.0) {
    callback(progress);
    return;
  }
  try {
    callback(progress);
  } catch (const std::exception& e) {
    abort_job(ctx, std::string("redistribute: the progress callback threw: ") + e.what());
  } catch (...) {
    abort_job(ctx, "redistribute: the progress callback threw a non-standard exception");
  }
}

void confirm_plan(const Context& ctx, std::uint64_t digest, const std::string& local_failure,
                  double timeout) {
  // One all-reduce with MAX: max(d) and max(~d) = ~min(d) tell whether all digests are equal, and
  // the third entry names the highest failing rank (+1).
  std::uint64_t mine[3] = {digest, ~digest,
                           local_failure.empty() ? 0 : static_cast<std::uint64_t>(ctx.rank()) + 1};
  std::uint64_t all[3] = {0, 0, 0};
  MPI_Request request = MPI_REQUEST_NULL;
  check_mpi(MPI_Iallreduce(mine, all, 3, MPI_UINT64_T, MPI_MAX, ctx.comm(), &request),
            "MPI_Iallreduce");
  wait_all(ctx, std::span(&request, 1), timeout, [&] {
    return "redistribute: the plan check did not complete within " + seconds_text(timeout) +
           " (a rank failed after the arguments were gathered)";
  });
  if (!local_failure.empty())
    throw AgreementError("redistribute", "rank " + std::to_string(ctx.rank()), local_failure);
  if (all[2] != 0)
    throw AgreementError("redistribute", "rank " + std::to_string(all[2] - 1),
                         "could not prepare the redistribution (that rank's error says why)");
  if (all[0] != ~all[1])
    throw AgreementError(
        "redistribute", "plan",
        "the ranks computed different plans (different options, link models or library versions)");
}

double now() { return MPI_Wtime(); }

int to_int(std::int64_t value, const char* what) {
  if (value < 0 || value > INT_MAX)
    throw InternalError(std::string(what) + " does not fit an MPI count");
  return static_cast<int>(value);
}

}  // namespace redist::exec::detail
