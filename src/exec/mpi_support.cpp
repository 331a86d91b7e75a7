#include "mpi_support.hpp"

#include <climits>

#include "redist/core/error.hpp"

namespace redist::exec::detail {

ItemType::ItemType(std::int64_t item_bytes) {
  constexpr std::int64_t kBlock = std::int64_t{1} << 30;
  if (item_bytes <= INT_MAX) {
    check_mpi(MPI_Type_contiguous(static_cast<int>(item_bytes), MPI_BYTE, &type_), "MPI_Type_contiguous");
  } else {
    // q blocks of 1 GiB followed by the remainder, as one struct type.
    MPI_Datatype block = MPI_DATATYPE_NULL;
    check_mpi(MPI_Type_contiguous(static_cast<int>(kBlock), MPI_BYTE, &block), "MPI_Type_contiguous");
    parts_.push_back(block);
    MPI_Datatype blocks = MPI_DATATYPE_NULL;
    check_mpi(MPI_Type_contiguous(to_int(item_bytes / kBlock, "item blocks"), block, &blocks), "MPI_Type_contiguous");
    parts_.push_back(blocks);
    const int lengths[2] = {1, static_cast<int>(item_bytes % kBlock)};
    const MPI_Aint displacements[2] = {0, static_cast<MPI_Aint>(item_bytes - item_bytes % kBlock)};
    MPI_Datatype types[2] = {blocks, MPI_BYTE};
    check_mpi(MPI_Type_create_struct(2, lengths, displacements, types, &type_), "MPI_Type_create_struct");
  }
  check_mpi(MPI_Type_commit(&type_), "MPI_Type_commit");
}

ItemType::~ItemType() {
  int finalised = 0;
  if (MPI_Finalized(&finalised) != MPI_SUCCESS || finalised != 0) return;
  if (type_ != MPI_DATATYPE_NULL) MPI_Type_free(&type_);
  for (MPI_Datatype& t : parts_) MPI_Type_free(&t);
}

std::vector<RankRecord> gather_records(const Context& ctx, const RankRecord& mine) {
  std::vector<RankRecord> all(static_cast<std::size_t>(ctx.size()));
  check_mpi(MPI_Allgather(&mine, static_cast<int>(sizeof(RankRecord)), MPI_BYTE, all.data(),
                          static_cast<int>(sizeof(RankRecord)), MPI_BYTE, ctx.comm()),
            "MPI_Allgather");
  return all;
}

void confirm_plan(const Context& ctx, std::uint64_t digest, const std::string& local_failure) {
  // One all-reduce with MAX: max(d) and max(~d) = ~min(d) tell whether all digests are equal, and the
  // third entry names the highest failing rank (+1).
  std::uint64_t mine[3] = {digest, ~digest, local_failure.empty() ? 0 : static_cast<std::uint64_t>(ctx.rank()) + 1};
  std::uint64_t all[3] = {0, 0, 0};
  check_mpi(MPI_Allreduce(mine, all, 3, MPI_UINT64_T, MPI_MAX, ctx.comm()), "MPI_Allreduce");
  if (!local_failure.empty())
    throw AgreementError("redistribute", "rank " + std::to_string(ctx.rank()), local_failure);
  if (all[2] != 0)
    throw AgreementError("redistribute", "rank " + std::to_string(all[2] - 1),
                         "could not prepare the redistribution (that rank's error says why)");
  if (all[0] != ~all[1])
    throw AgreementError("redistribute", "plan",
                         "the ranks computed different plans (different options, link models or library versions)");
}

double now() { return MPI_Wtime(); }

int to_int(std::int64_t value, const char* what) {
  if (value < 0 || value > INT_MAX) throw InternalError(std::string(what) + " does not fit an MPI count");
  return static_cast<int>(value);
}

}  // namespace redist::exec::detail
