#include "redist/exec/redistribute.hpp"

#include "agreement.hpp"
#include "plan_state.hpp"

namespace redist::exec {

namespace {
const char* const kCall = "redistribute";
}  // namespace

Request redistribute_start(Context& ctx, OrderedSlice& slice, NewShare share,
                           const PlanOptions& options) {
  const Plan plan = detail::make_plan(ctx, slice.size(), share, options, slice.item_bytes(),
                                      slice.first(), kCall);
  const bool in_place = plan.transport() != Transport::alltoallv;  // MPI forbids aliased buffers
  std::string failure;
  std::span<std::byte> next;
  try {
    next = slice.prepare_next(plan.new_count(), plan.new_offset_shift(), in_place);
  } catch (const std::bad_alloc&) {
    failure = "could not allocate the slice's second buffer for " +
              std::to_string(plan.new_count()) + " items";
  }
  const std::span<const std::byte> old = slice.bytes();
  const Field f{old.data(), slice.size(), next.data(), failure.empty() ? plan.new_count() : 0,
                slice.item_bytes()};
  const double agreement = plan.agreement_seconds();
  return detail::start_execution(
      plan, std::span<const Field>(&f, 1), &slice, failure,
      [&slice, agreement](TransferReport& report) {
        slice.commit_next(report.new_count, report.new_first, report.total_items);
        report.agreement_seconds = agreement;
      },
      {}, kCall);
}

TransferReport redistribute(Context& ctx, OrderedSlice& slice, NewShare share,
                            const PlanOptions& options) {
  return redistribute_start(ctx, slice, share, options).wait();
}

TransferReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                            std::span<std::byte> output, NewShare share, const PlanOptions& options,
                            std::int64_t first) {
  ctx.begin_call();
  // A partial item, a bad item size, an output too small or a request in flight on the same data
  // is refused by the agreement, on every rank, naming this one. With counts every such check is
  // in the agreement, so the data moves without a status exchange of its own.
  const std::int64_t room =
      item_bytes > 0 ? static_cast<std::int64_t>(output.size()) / item_bytes : 0;
  const bool known = share.kind != NewShare::Kind::weight;
  RankRecord mine = rank_record_bytes(
      options, ctx.network_digest(),
      {static_cast<std::size_t>(ctx.rank()), static_cast<std::size_t>(ctx.size())}, item_bytes,
      input.size(), share, first, known ? room : -1);
  Context::Claim claim;
  claim.read_begin = input.data();
  claim.read_end = input.data() + input.size();
  claim.write_begin = output.data();
  claim.write_end = output.data() + output.size();
  if (mine.issue == 0 && ctx.conflicts(claim))
    mine.issue = static_cast<std::int32_t>(LocalIssue::request_active);
  const Plan plan(make_plan_state_from_record(ctx, mine, options, kCall));
  const Field f{input.data(), plan.old_count(), output.data(), room, item_bytes};
  const double agreement = plan.agreement_seconds();
  return detail::start_execution(
             plan, std::span<const Field>(&f, 1), input.data(), {},
             [agreement](TransferReport& report) { report.agreement_seconds = agreement; }, {},
             kCall, known)
      .wait();
}

}  // namespace redist::exec
