#include "redist/exec/permutation_redistribute.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>

#include "mpi_support.hpp"
#include "step_executor.hpp"
#include "watched_collective.hpp"

namespace redist::exec {

namespace {

constexpr std::int64_t kPartsMagic = 0x7265646973747033;  // "redistp3"
constexpr std::size_t kHeader = 5;  // magic, item_bytes, items, issue, progress callback set
const char* const kCall = "redistribute_parts";

// This rank's row of the count matrix behind a small header; local problems become an issue code.
std::vector<std::int64_t> local_row(std::size_t ranks, std::int64_t item_bytes,
                                    std::size_t input_bytes,
                                    std::span<const perm::Proc> part_of_item,
                                    const PartsOptions& options) {
  std::vector<std::int64_t> row(kHeader + ranks, 0);
  row[4] = options.progress ? 1 : 0;
  const auto bytes = static_cast<std::int64_t>(input_bytes);
  const std::int64_t items = item_bytes > 0 ? bytes / item_bytes : 0;
  row[0] = kPartsMagic;
  row[1] = item_bytes;
  row[2] = items;
  if (item_bytes > 0 && bytes % item_bytes != 0) row[3] = 1;
  if (static_cast<std::int64_t>(part_of_item.size()) != items) row[3] = 2;
  for (const perm::Proc part : part_of_item) {
    if (part >= ranks) {
      row[3] = 3;
      break;
    }
    ++row[kHeader + part];
  }
  return row;
}

const char* issue_text(std::int64_t issue) {
  switch (issue) {
    case 1:
      return "the data is not a whole number of items";
    case 2:
      return "part_of_item does not have one entry per item";
    case 3:
      return "a part number is not below the number of ranks";
    default:
      return "local error";
  }
}

// The same verdict on every rank: the rows are identical everywhere after the all-gather.
std::vector<std::int64_t> agreed_counts(const std::vector<std::int64_t>& rows, std::size_t ranks) {
  const std::size_t width = kHeader + ranks;
  std::vector<std::int64_t> counts(ranks * ranks);
  // Item sizes are compared with the majority's, so that the odd rank out is the one named.
  std::vector<std::uint64_t> sizes(ranks);
  for (std::size_t r = 0; r < ranks; ++r)
    sizes[r] = static_cast<std::uint64_t>(rows[r * width + 1]);
  const Majority common = majority(sizes);
  const std::int64_t usual_bytes = rows[common.rank * width + 1];
  for (std::size_t r = 0; r < ranks; ++r) {
    const std::int64_t* row = rows.data() + r * width;
    const std::string who = "rank " + std::to_string(r);
    if (row[0] != kPartsMagic)
      throw AgreementError("redistribute_parts", who, "not in the same redistribution call");
    if (row[3] != 0) throw AgreementError("redistribute_parts", who, issue_text(row[3]));
    if (row[1] <= 0)
      throw AgreementError("redistribute_parts", who + ": item_bytes", "must be positive");
    if (row[1] != usual_bytes)
      throw AgreementError("redistribute_parts", who + ": item_bytes",
                           std::to_string(row[1]) + ", while " + std::to_string(common.votes) +
                               " of the " + std::to_string(ranks) + " ranks pass " +
                               std::to_string(usual_bytes));
    std::copy(row + kHeader, row + width, counts.begin() + static_cast<std::ptrdiff_t>(r * ranks));
  }
  return counts;
}

struct Agreed {
  PermExecPlan plan;
  PartsResult result;
  std::vector<std::int64_t> source_offset;
  bool any_progress = false;
};

Agreed agree(Context& ctx, std::int64_t item_bytes, std::size_t input_bytes,
             std::span<const perm::Proc> part_of_item, const PartsOptions& options) {
  const auto ranks = static_cast<std::size_t>(ctx.size());
  const std::vector<std::int64_t> mine =
      local_row(ranks, item_bytes, input_bytes, part_of_item, options);
  const std::vector<std::byte> gathered = detail::gather_fixed(
      ctx, mine.data(), mine.size() * sizeof(std::int64_t), options.timeout_seconds, kCall);
  std::vector<std::int64_t> rows(ranks * mine.size());
  std::memcpy(rows.data(), gathered.data(), gathered.size());
  std::vector<std::int64_t> counts = agreed_counts(rows, ranks);
  Agreed out;
  for (std::size_t r = 0; r < ranks; ++r)
    out.any_progress = out.any_progress || rows[r * mine.size() + 4] != 0;
  std::string failure;
  try {
    out.plan = build_perm_plan(ranks, std::move(counts), options);
    const perm::Proc part = out.plan.part_of[static_cast<std::size_t>(ctx.rank())];
    std::int64_t at = 0;
    for (std::size_t s = 0; s < ranks; ++s) {
      out.source_offset.push_back(at);
      out.result.from_rank.push_back(out.plan.counts[s * ranks + part]);
      at += out.plan.counts[s * ranks + part];
    }
    out.result.part = part;
    out.result.items = at;
    out.result.item_bytes = item_bytes;
    out.result.data = Bytes(static_cast<std::size_t>(at * item_bytes));
  } catch (const AgreementError& e) {  // this rank's options refused (a fixed assignment)
    detail::StatusExchange status(ctx, 0, e, options.timeout_seconds, kCall,
                                  ctx.reserve_status_tag());
    status.wait();
    status.conclude();
  } catch (const std::exception& e) {
    failure = std::string(kCall) + ": rank " + std::to_string(ctx.rank()) + ": " + e.what();
  }
  // Before any data moves: a rank that failed to prepare (or planned differently) fails the call
  // on every rank.
  detail::StatusExchange status(ctx, out.plan.digest, failure, options.timeout_seconds, kCall,
                                ctx.reserve_status_tag());
  status.wait();
  status.conclude();
  return out;
}

}  // namespace

PartsResult redistribute_parts(Context& ctx, std::int64_t item_bytes,
                               std::span<const std::byte> items,
                               std::span<const perm::Proc> part_of_item,
                               const PartsOptions& options) {
  ctx.begin_call();
  const double started = detail::now();
  Agreed agreed = agree(ctx, item_bytes, items.size(), part_of_item, options);
  PartsResult result = std::move(agreed.result);
  result.assignment = agreed.plan.solution.assignment;
  result.volume = agreed.plan.solution.volume;
  result.steps = agreed.plan.solution.steps;
  const double moving = detail::now();
  result.agreement_seconds = moving - started;

  detail::PartsJob job;
  job.plan = &agreed.plan;
  job.item_bytes = item_bytes;
  job.input = items.data();
  job.part_of_item = part_of_item.data();
  job.local_items = static_cast<std::int64_t>(part_of_item.size());
  job.output = result.data.data();
  job.source_offset = std::move(agreed.source_offset);
  std::string failure;
  const std::function<void(const Progress&)> progress = [&](const Progress& p) {
    if (!options.progress) return;
    try {
      options.progress(p);
    } catch (...) {  // the data keeps moving; the end status fails the call everywhere
      if (failure.empty())
        failure = std::string(kCall) + ": rank " + std::to_string(ctx.rank()) +
                  ": the progress callback threw: " + detail::current_exception_text();
    }
  };
  try {
    detail::copy_kept_items(ctx, job);
    result.bytes_sent = options.transport == PermTransport::steps
                            ? detail::run_parts_steps(ctx, job, options, progress)
                            : detail::run_parts_alltoallv(ctx, job, options, progress);
  } catch (const MpiError&) {
    throw;
  } catch (...) {
    if (failure.empty()) failure = detail::current_exception_text();
  }
  if (options.timeout_seconds > 0.0 || agreed.any_progress) {
    detail::StatusExchange end(ctx, agreed.plan.digest, failure, options.timeout_seconds, kCall,
                               ctx.reserve_status_tag());
    end.wait();
    end.conclude();
  } else if (!failure.empty()) {
    throw CallError(failure, ctx.rank());
  }
  result.transfer_seconds = detail::now() - moving;
  return result;
}

}  // namespace redist::exec
