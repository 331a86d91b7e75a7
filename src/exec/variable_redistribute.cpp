#include <algorithm>
#include <numeric>

#include "mpi_support.hpp"
#include "redist/exec/item_cut.hpp"
#include "redist/exec/redistribute.hpp"
#include "redist/exec/variable_items.hpp"

namespace redist::exec {

namespace {

RankRecord variable_record(const Context& ctx, const VariableItems& items, NewShare share,
                           const OrderedOptions& options) {
  RankRecord rec = rank_record(options, ctx.link_models(), detail::place_of(ctx), 1,
                               items.bytes.size(), share, kUnknownFirst, -1);
  rec.items = items.count();
  std::int64_t sum = 0;
  bool negative = false;
  for (const std::int64_t size : items.sizes) {
    negative = negative || size < 0;
    sum += std::max<std::int64_t>(size, 0);
  }
  if (negative || sum != static_cast<std::int64_t>(items.bytes.size()))
    rec.issue = static_cast<std::int32_t>(LocalIssue::bad_item_sizes);
  return rec;
}

std::vector<std::int64_t> prefix(const std::vector<std::int64_t>& values) {
  std::vector<std::int64_t> out(values.size() + 1, 0);
  std::partial_sum(values.begin(), values.end(), out.begin() + 1);
  return out;
}

// Every boundary between new pieces, (byte, item) for j = 0..P. The ideal byte boundary T_j lies in
// exactly one rank's old bytes (or at the end); that rank moves it to its nearest item boundary and
// the others learn it through one all-reduce (sum of the owners' contributions).
struct Boundaries {
  std::vector<std::int64_t> bytes;
  std::vector<std::int64_t> items;
};

Boundaries item_boundaries(const Context& ctx, const VariableItems& mine,
                           const AgreedLayout& layout, const std::vector<std::int64_t>& item_counts,
                           double timeout) {
  const std::size_t n = layout.loads.size();
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const std::vector<std::int64_t> old_bytes = prefix(layout.loads);
  const std::vector<std::int64_t> old_items = prefix(item_counts);
  const std::vector<std::int64_t> ideal = prefix(layout.targets);
  const std::vector<std::int64_t> offsets = mine.offsets();
  std::vector<std::int64_t> found(2 * (n + 1), 0);
  const std::int64_t lo = old_bytes[rank];
  const std::int64_t hi = old_bytes[rank + 1];
  for (auto j = static_cast<std::size_t>(std::lower_bound(ideal.begin(), ideal.end(), lo) -
                                         ideal.begin());
       j <= n && ideal[j] < hi; ++j) {
    const std::size_t chosen = nearest_item_boundary(offsets, ideal[j] - lo);
    found[2 * j] = lo + offsets[chosen];
    found[2 * j + 1] = old_items[rank] + static_cast<std::int64_t>(chosen);
  }
  MPI_Request request = MPI_REQUEST_NULL;
  check_mpi(MPI_Iallreduce(MPI_IN_PLACE, found.data(),
                           detail::to_int(static_cast<std::int64_t>(found.size()), "boundaries"),
                           MPI_INT64_T, MPI_SUM, ctx.comm(), &request),
            "MPI_Iallreduce");
  detail::wait_all(ctx, std::span(&request, 1), timeout, [] {
    return std::string("redistribute: the item boundaries did not arrive in time (a rank failed)");
  });
  Boundaries out;
  for (std::size_t j = 0; j <= n; ++j) {
    // Nobody owns the start or the end: every rank knows them (items of zero bytes at the very end
    // go to the last rank whose share starts before it; with no bytes at all, all go to rank 0).
    const bool at_end = j > 0 && ideal[j] >= old_bytes[n];
    out.bytes.push_back(at_end ? old_bytes[n] : found[2 * j]);
    out.items.push_back(at_end ? old_items[n] : found[2 * j + 1]);
  }
  return out;
}

}  // namespace

VariableReport redistribute(Context& ctx, VariableItems& items, NewShare share,
                            const OrderedOptions& options) {
  const std::vector<RankRecord> records = detail::gather_records(
      ctx, variable_record(ctx, items, share, options), options.timeout_seconds);
  const AgreedLayout layout =
      agree_on_layout(records);            // bytes as 1-byte items: the plan is on bytes
  if (options.wrap != WrapPolicy::forbid)  // the options are agreed: the same verdict on every rank
    throw AgreementError("redistribute", "options.wrap",
                         "variable-size items keep the global order: a rotation would cut the "
                         "bytes and the sizes at "
                         "different items");
  std::vector<std::int64_t> item_counts;
  for (const RankRecord& rec : records) item_counts.push_back(rec.items);
  const Boundaries cut = item_boundaries(ctx, items, layout, item_counts, options.timeout_seconds);

  const auto rank = static_cast<std::size_t>(ctx.rank());
  VariableReport report;
  report.new_bytes = cut.bytes[rank + 1] - cut.bytes[rank];
  report.new_items = cut.items[rank + 1] - cut.items[rank];
  report.first_item = cut.items[rank];
  report.share_bytes = layout.targets[rank];
  VariableItems next;
  report.data =
      redistribute(ctx, 1, std::as_bytes(std::span(items.bytes)), detail::resize_into(next.bytes),
                   NewShare::count(report.new_bytes), options);
  report.sizes =
      redistribute(ctx, sizeof(std::int64_t), std::as_bytes(std::span(items.sizes)),
                   detail::resize_into(next.sizes), NewShare::count(report.new_items), options);
  items = std::move(next);
  return report;
}

}  // namespace redist::exec
