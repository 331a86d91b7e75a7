#include "redist/exec/ordered_redistribute.hpp"

#include <cmath>
#include <functional>

#include "mpi_support.hpp"
#include "redist/exec/ordered_plan.hpp"
#include "redist/exec/slice_overlap.hpp"
#include "ring_executor.hpp"
#include "segment_exchange.hpp"

namespace redist::exec {

namespace {

RankRecord make_record(std::int64_t item_bytes, std::size_t input_bytes, NewShare share, std::int64_t first,
                       std::int64_t output_items) {
  RankRecord rec;
  rec.magic = kRecordMagic;
  rec.item_bytes = item_bytes;
  const auto bytes = static_cast<std::int64_t>(input_bytes);
  rec.load = item_bytes > 0 ? bytes / item_bytes : 0;
  if (item_bytes > 0 && bytes % item_bytes != 0) rec.issue = static_cast<std::int32_t>(LocalIssue::bytes_not_multiple);
  rec.target = share.items < 0 ? -1 : share.items;
  rec.weight = share.weight;
  const bool bad_weight = share.items < 0 && (!std::isfinite(share.weight) || share.weight < 0.0);
  if (share.items < -1 || bad_weight) rec.issue = static_cast<std::int32_t>(LocalIssue::bad_target);
  rec.first = first;
  rec.output_items = output_items;
  return rec;
}

std::string failure_text(const std::exception& e) {
  if (const auto* input = dynamic_cast<const InputError*>(&e)) return input->field() + ": " + input->reason();
  return e.what();
}

struct Prepared {
  AgreedLayout layout;
  ExecPlan plan;
  RankMessagePlan messages;
  double seconds = 0.0;
};

// Gather and check (identical verdict everywhere), then plan and prepare locally; any local failure
// and any digest difference are turned into the same refusal on every rank by confirm_plan.
Prepared agree_and_plan(Context& ctx, const RankRecord& mine, const OrderedOptions& options,
                        const std::function<void(std::int64_t, std::int64_t, bool)>& make_room) {
  const double started = detail::now();
  Prepared prep;
  prep.layout = agree_on_layout(detail::gather_records(ctx, mine));
  std::string failure;
  try {
    prep.plan = build_exec_plan(prep.layout, ctx.link_models(), options);
    const auto rank = static_cast<std::size_t>(ctx.rank());
    if (options.transport == OrderedTransport::ring)
      prep.messages = rank_message_plan(prep.plan.ring, prep.plan.schedule, rank, prep.plan.chunk_items);
    // The ring executor can build the new slice around the kept items, in place: received items only
    // land before or after the old slice, never on items still to be sent (ordered_slice.hpp).
    const std::size_t left_edge = (rank + prep.layout.loads.size() - 1) % prep.layout.loads.size();
    const bool in_place = options.transport == OrderedTransport::ring;
    make_room(prep.layout.targets[rank], -prep.plan.ring.flows[left_edge], in_place);
  } catch (const std::exception& e) {
    failure = failure_text(e);
    if (failure.empty()) failure = "unknown error";
  }
  detail::confirm_plan(ctx, failure.empty() ? prep.plan.digest : 0, failure);
  prep.seconds = detail::now() - started;
  return prep;
}

void move_data(Context& ctx, const Prepared& prep, const std::byte* input, std::byte* output,
               const OrderedOptions& options, OrderedReport& report) {
  const std::int64_t item_bytes = prep.layout.item_bytes;
  const auto rank = static_cast<std::size_t>(ctx.rank());
  if (options.transport == OrderedTransport::alltoallv) {
    const auto stats = detail::exchange_segments(ctx, item_bytes, input, ordered_send_segments(prep.plan.ring, rank), output,
                                                 ordered_recv_segments(prep.plan.ring, rank), options.max_items_per_round,
                                                 options.mpi_int_limit);
    report.bytes_sent = stats.items_sent * item_bytes;
    report.bytes_received = stats.items_received * item_bytes;
    report.mpi_messages = stats.rounds;
    if (options.progress) options.progress(Progress{report.bytes_sent + report.bytes_received, report.bytes_sent + report.bytes_received, 1, 1});
    return;
  }
  detail::RingRunOptions run;
  run.window = std::max(1, options.window);
  run.max_message_bytes = std::max<std::int64_t>(1, std::min(options.max_message_bytes, options.mpi_int_limit));
  run.plan_order = options.plan_order;
  run.progress = &options.progress;
  const detail::RingRunStats stats = detail::run_ring_messages(ctx, prep.messages, item_bytes, input, output, run);
  report.bytes_sent = stats.bytes_sent;
  report.bytes_received = stats.bytes_received;
  report.messages_sent = stats.messages_sent;
  report.mpi_messages = stats.mpi_messages;
  report.staging_peak_bytes = stats.staging_peak_bytes;
}

OrderedReport run_ordered(Context& ctx, const RankRecord& mine, const std::byte* input, const OrderedOptions& options,
                          const std::function<std::byte*(std::int64_t, std::int64_t, bool)>& make_room) {
  std::byte* output = nullptr;
  const Prepared prep = agree_and_plan(ctx, mine, options, [&](std::int64_t count, std::int64_t origin, bool in_place) {
    output = make_room(count, origin, in_place);
  });
  const auto rank = static_cast<std::size_t>(ctx.rank());
  OrderedReport report;
  report.total_items = prep.layout.total;
  report.new_count = prep.layout.targets[rank];
  report.new_first = prep.layout.total == 0 ? 0 : (prep.layout.origin + prep.plan.ring.new_start(rank)) % prep.layout.total;
  report.flows = prep.plan.ring.flows;
  report.chunk_items = prep.plan.chunk_items;
  report.framework = prep.plan.framework;
  report.method = prep.plan.method;
  report.predicted_seconds = prep.plan.predicted_seconds;
  report.agreement_seconds = prep.seconds;
  const double started = detail::now();
  move_data(ctx, prep, input, output, options, report);
  report.transfer_seconds = detail::now() - started;
  return report;
}

}  // namespace

OrderedReport redistribute(Context& ctx, OrderedSlice& slice, NewShare share, const OrderedOptions& options) {
  const RankRecord mine = make_record(slice.item_bytes(), slice.bytes().size(), share, slice.first(), -1);
  OrderedReport report = run_ordered(ctx, mine, slice.bytes().data(), options,
                                     [&](std::int64_t count, std::int64_t origin, bool in_place) {
                                       return slice.prepare_next(count, origin, in_place).data();
                                     });
  slice.commit_next(report.new_count, report.new_first, report.total_items);
  return report;
}

OrderedReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                           std::span<std::byte> output, NewShare share, const OrderedOptions& options,
                           std::int64_t first) {
  const std::int64_t room = item_bytes > 0 ? static_cast<std::int64_t>(output.size()) / item_bytes : 0;
  const RankRecord mine = make_record(item_bytes, input.size(), share, first, room);
  return run_ordered(ctx, mine, input.data(), options,
                     [&](std::int64_t, std::int64_t, bool) { return output.data(); });
}

}  // namespace redist::exec
