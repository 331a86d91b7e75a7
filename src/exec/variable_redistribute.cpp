#include <algorithm>
#include <cstring>
#include <numeric>

#include "item_cut.hpp"
#include "mpi_support.hpp"
#include "plan_state.hpp"
#include "redist/exec/variable_items.hpp"
#include "watched_collective.hpp"

namespace redist::exec {

namespace {

const char* const kCall = "redistribute";

RankRecord variable_record(const Context& ctx, const VariableItems& items, NewShare share,
                           const PlanOptions& options) {
  RankRecord rec = rank_record_bytes(options, ctx.network_digest(), detail::place_of(ctx), 1,
                                     items.bytes.size(), share, kUnknownFirst, -1);
  rec.items = items.count();
  std::int64_t sum = 0;
  bool negative = false;
  for (const std::int64_t size : items.sizes) {
    negative = negative || size < 0;
    sum += std::max<std::int64_t>(size, 0);
  }
  if ((negative || sum != static_cast<std::int64_t>(items.bytes.size())) && rec.issue == 0)
    rec.issue = static_cast<std::int32_t>(LocalIssue::bad_item_sizes);
  return rec;
}

std::vector<std::int64_t> prefix(const std::vector<std::int64_t>& values) {
  std::vector<std::int64_t> out(values.size() + 1, 0);
  std::partial_sum(values.begin(), values.end(), out.begin() + 1);
  return out;
}

std::vector<std::int64_t> differences(const std::vector<std::int64_t>& bounds) {
  std::vector<std::int64_t> out(bounds.size() - 1);
  for (std::size_t k = 0; k + 1 < bounds.size(); ++k) out[k] = bounds[k + 1] - bounds[k];
  return out;
}

// Every boundary between new pieces, (byte, item) for j = 0..P. The first and the last are fixed
// (the start and the end of the sequence, known to every rank). An interior ideal byte boundary
// T_j lies in exactly one rank's old bytes (or at the end); that rank moves it to its nearest item
// boundary and the others learn it through one all-reduce (the sum of the owners' contributions).
struct Boundaries {
  std::vector<std::int64_t> bytes;
  std::vector<std::int64_t> items;
};

Boundaries item_boundaries(Context& ctx, const VariableItems& mine, const AgreedLayout& layout,
                           const std::vector<std::int64_t>& item_counts, double timeout) {
  const std::size_t n = layout.loads.size();
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const std::vector<std::int64_t> old_bytes = prefix(layout.loads);
  const std::vector<std::int64_t> old_items = prefix(item_counts);
  const std::vector<std::int64_t> ideal = prefix(layout.targets);
  const std::vector<std::int64_t> offsets = mine.offsets();
  auto shared = std::make_shared<std::vector<std::int64_t>>(2 * (n + 1), 0);
  std::vector<std::int64_t>& found = *shared;
  const std::int64_t lo = old_bytes[rank];
  const std::int64_t hi = old_bytes[rank + 1];
  for (std::size_t j = 1; j < n; ++j) {
    if (ideal[j] < lo || ideal[j] >= hi) continue;
    const std::size_t chosen = nearest_item_boundary(offsets, ideal[j] - lo);
    found[2 * j] = lo + offsets[chosen];
    found[2 * j + 1] = old_items[rank] + static_cast<std::int64_t>(chosen);
  }
  MPI_Request request = MPI_REQUEST_NULL;
  check_mpi(MPI_Iallreduce(MPI_IN_PLACE, found.data(),
                           detail::to_int(static_cast<std::int64_t>(found.size()), "boundaries"),
                           MPI_INT64_T, MPI_SUM, ctx.comm(), &request),
            "MPI_Iallreduce");
  detail::WatchedCollective(ctx, request, shared, timeout, kCall).wait();
  Boundaries out;
  for (std::size_t j = 0; j <= n; ++j) {
    // Nobody owns the start or the end: every rank knows them (items of zero bytes at the very
    // start go to the first rank, at the very end to the last rank whose share starts before it).
    const bool at_start = j == 0;
    const bool at_end = j > 0 && (j == n || ideal[j] >= old_bytes[n]);
    out.bytes.push_back(at_start ? 0 : at_end ? old_bytes[n] : found[2 * j]);
    out.items.push_back(at_start ? 0 : at_end ? old_items[n] : found[2 * j + 1]);
  }
  return out;
}

// A plan every rank builds from data every rank has: no communication.
Plan local_plan(Context& ctx, const PlanOptions& options, const std::vector<std::int64_t>& loads,
                const std::vector<std::int64_t>& targets, std::int64_t item_bytes) {
  AgreedLayout layout;
  layout.item_bytes = item_bytes;
  layout.loads = loads;
  layout.targets = targets;
  layout.total = std::accumulate(loads.begin(), loads.end(), std::int64_t{0});
  layout.any_progress = static_cast<bool>(options.progress);
  return Plan(make_plan_state(
      ctx, options, build_layout_plan(layout, ctx.network(), ctx.link_models(), options), false));
}

}  // namespace

VariableReport redistribute(Context& ctx, VariableItems& items, NewShare share,
                            const PlanOptions& options) {
  ctx.begin_call();
  const RankRecord mine = variable_record(ctx, items, share, options);
  // Full records: the boundaries need every rank's item count.
  const std::vector<std::byte> gathered =
      detail::gather_fixed(ctx, &mine, sizeof mine, options.timeout_seconds, kCall);
  std::vector<RankRecord> records(static_cast<std::size_t>(ctx.size()));
  std::memcpy(records.data(), gathered.data(), gathered.size());
  AgreedLayout layout = agree_on_layout(records, kCall);  // bytes as 1-byte items
  if (options.wrap != WrapPolicy::forbid)  // the options are agreed: the same verdict everywhere
    throw AgreementError(kCall, "options.wrap",
                         "variable-size items keep the global order: a rotation would cut the "
                         "bytes and the sizes at different items");
  std::vector<std::int64_t> item_counts;
  for (const RankRecord& rec : records) item_counts.push_back(rec.items);
  const Boundaries cut = item_boundaries(ctx, items, layout, item_counts, options.timeout_seconds);

  PlanOptions agreed = options;
  if (layout.any_progress && !agreed.progress)  // every rank must run the same end status
    agreed.progress = [](const Progress&) {};
  const Plan bytes_plan = local_plan(ctx, agreed, layout.loads, differences(cut.bytes), 1);
  const Plan sizes_plan = local_plan(ctx, agreed, item_counts, differences(cut.items),
                                     static_cast<std::int64_t>(sizeof(std::int64_t)));
  const auto rank = static_cast<std::size_t>(ctx.rank());
  VariableReport report;
  report.new_bytes = cut.bytes[rank + 1] - cut.bytes[rank];
  report.new_items = cut.items[rank + 1] - cut.items[rank];
  report.first_item = cut.items[rank];
  report.share_bytes = layout.targets[rank];
  VariableItems next;
  std::string failure;
  try {
    next.bytes.resize(static_cast<std::size_t>(report.new_bytes));
    next.sizes.resize(static_cast<std::size_t>(report.new_items));
  } catch (const std::bad_alloc&) {
    failure = "could not allocate the new piece (" + std::to_string(report.new_bytes) + " bytes)";
  }
  const Field bytes_field{reinterpret_cast<const std::byte*>(items.bytes.data()),
                          static_cast<std::int64_t>(items.bytes.size()), next.bytes.data(),
                          static_cast<std::int64_t>(next.bytes.size()), 1};
  report.data = detail::start_execution(bytes_plan, std::span<const Field>(&bytes_field, 1), &items,
                                        failure, {}, {}, kCall)
                    .wait();
  const Field sizes_field = field(items.sizes, next.sizes);
  report.sizes = detail::start_execution(sizes_plan, std::span<const Field>(&sizes_field, 1),
                                         &items.sizes, {}, {}, {}, kCall)
                     .wait();
  items = std::move(next);
  return report;
}

}  // namespace redist::exec
