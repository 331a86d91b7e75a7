#include "redist/exec/ordered_redistribute.hpp"

#include <functional>
#include <optional>
#include <stdexcept>

#include "mpi_support.hpp"
#include "redist/exec/ordered_plan.hpp"
#include "redist/exec/ordered_request.hpp"
#include "redist/exec/slice_overlap.hpp"
#include "ring_executor.hpp"
#include "segment_exchange.hpp"

namespace redist::exec {

namespace {

std::string failure_text(const std::exception& e) {
  if (const auto* input = dynamic_cast<const InputError*>(&e))
    return input->field() + ": " + input->reason();
  return e.what();
}

// (count, local position of the new slice's first item, whether it may be built in place) ->
// storage.
using MakeRoom = std::function<std::byte*(std::int64_t, std::int64_t, bool)>;

struct Prepared {
  AgreedLayout layout;
  ExecPlan plan;
  RankMessagePlan messages;
  std::byte* output = nullptr;
  double seconds = 0.0;
};

// Gather and check (identical verdict everywhere), then plan and prepare locally; any local failure
// and any digest difference are turned into the same refusal on every rank by confirm_plan.
Prepared agree_and_plan(Context& ctx, const RankRecord& mine, const OrderedOptions& options,
                        const MakeRoom& make_room) {
  const double started = detail::now();
  Prepared prep;
  prep.layout = agree_on_layout(detail::gather_records(ctx, mine, options.timeout_seconds));
  std::string failure;
  try {
    prep.plan = build_exec_plan(prep.layout, ctx.link_models(), options);
    const auto rank = static_cast<std::size_t>(ctx.rank());
    if (options.transport == OrderedTransport::ring)
      prep.messages =
          rank_message_plan(prep.plan.ring, prep.plan.schedule, rank, prep.plan.chunk_items);
    // The ring executor can build the new slice around the kept items, in place: received items
    // only land before or after the old slice, never on items still to be sent (ordered_slice.hpp).
    const std::size_t left_edge = (rank + prep.layout.loads.size() - 1) % prep.layout.loads.size();
    const bool in_place = options.transport == OrderedTransport::ring;
    prep.output = make_room(prep.layout.targets[rank], -prep.plan.ring.flows[left_edge], in_place);
  } catch (const std::exception& e) {
    failure = failure_text(e);
    if (failure.empty()) failure = "unknown error";
  }
  detail::confirm_plan(ctx, failure.empty() ? prep.plan.digest : 0, failure,
                       options.timeout_seconds);
  prep.seconds = detail::now() - started;
  return prep;
}

detail::RingRunOptions ring_run_options(const OrderedOptions& options) {
  detail::RingRunOptions run;
  run.window = std::max(1, options.window);
  run.max_message_bytes =
      std::max<std::int64_t>(1, std::min(options.max_message_bytes, options.mpi_int_limit));
  run.plan_order = options.plan_order;
  run.progress = &options.progress;
  run.timeout = options.timeout_seconds;
  return run;
}

OrderedReport plan_report(const Context& ctx, const Prepared& prep) {
  const auto rank = static_cast<std::size_t>(ctx.rank());
  OrderedReport report;
  report.total_items = prep.layout.total;
  report.new_count = prep.layout.targets[rank];
  report.new_first =
      prep.layout.total == 0
          ? 0
          : (prep.layout.origin + prep.plan.ring.new_start(rank)) % prep.layout.total;
  report.flows = prep.plan.ring.flows;
  report.chunk_items = prep.plan.chunk_items;
  report.framework = prep.plan.framework;
  report.method = prep.plan.method;
  report.predicted_seconds = prep.plan.predicted_seconds;
  report.agreement_seconds = prep.seconds;
  return report;
}

}  // namespace

// A started redistribution: the agreed plan, the caller's buffers, and (ring transport) the
// resumable transfer. Owned by the request so that the plan outlives the messages in flight.
struct OrderedRequest::State {
  Context* ctx = nullptr;
  OrderedOptions options;
  Prepared prep;
  const std::byte* input = nullptr;
  std::optional<detail::RingTransfer> transfer;     // ring transport
  std::optional<detail::SegmentExchange> exchange;  // alltoallv transport
  OrderedReport report;
  double transfer_started = 0.0;
  std::function<void(const OrderedReport&)> on_done;

  void start_exchange() {
    const auto rank = static_cast<std::size_t>(ctx->rank());
    exchange.emplace(*ctx, prep.layout.item_bytes, input,
                     ordered_send_segments(prep.plan.ring, rank), prep.output,
                     ordered_recv_segments(prep.plan.ring, rank), options.max_items_per_round,
                     options.mpi_int_limit, options.timeout_seconds);
  }

  void take(const detail::ExchangeStats& stats) {
    const std::int64_t item_bytes = prep.layout.item_bytes;
    report.bytes_sent = stats.items_sent * item_bytes;
    report.bytes_received = stats.items_received * item_bytes;
    report.mpi_messages = stats.rounds;
    const std::int64_t bytes = report.bytes_sent + report.bytes_received;
    detail::report_progress(*ctx, options.progress, Progress{bytes, bytes, 1, 1},
                            options.timeout_seconds);
  }

  void take(const detail::RingRunStats& stats) {
    report.bytes_sent = stats.bytes_sent;
    report.bytes_received = stats.bytes_received;
    report.messages_sent = stats.messages_sent;
    report.mpi_messages = stats.mpi_messages;
    report.staging_peak_bytes = stats.staging_peak_bytes;
  }
};

OrderedRequest::OrderedRequest() noexcept = default;
OrderedRequest::OrderedRequest(OrderedRequest&&) noexcept = default;
OrderedRequest& OrderedRequest::operator=(OrderedRequest&& other) noexcept {
  if (this != &other) {
    finish_quietly();
    state_ = std::move(other.state_);
  }
  return *this;
}
OrderedRequest::~OrderedRequest() { finish_quietly(); }

void OrderedRequest::finish_quietly() noexcept {
  if (!state_) return;
  try {
    wait();
  } catch (...) {  // a destructor cannot throw; wait() is where errors are reported
  }
}

bool OrderedRequest::test() {
  if (!state_) return true;
  return state_->transfer ? state_->transfer->test() : state_->exchange->test();
}

OrderedReport OrderedRequest::wait() {
  if (!state_) throw std::logic_error("redistribute: wait() on a request that is not active");
  std::unique_ptr<State> state = std::move(state_);
  if (state->transfer)
    state->take(state->transfer->wait());
  else
    state->take(state->exchange->wait());
  state->report.transfer_seconds = detail::now() - state->transfer_started;
  if (state->on_done) state->on_done(state->report);
  return state->report;
}

namespace {

OrderedRequest start_ordered(Context& ctx, const RankRecord& mine, const std::byte* input,
                             const OrderedOptions& options, const MakeRoom& make_room,
                             std::function<void(const OrderedReport&)> on_done) {
  auto state = std::make_unique<OrderedRequest::State>();
  state->ctx = &ctx;
  state->options = options;
  state->input = input;
  state->on_done = std::move(on_done);
  state->prep = agree_and_plan(ctx, mine, state->options, make_room);
  state->report = plan_report(ctx, state->prep);
  state->transfer_started = detail::now();
  if (options.transport == OrderedTransport::ring)
    state->transfer.emplace(ctx, state->prep.messages, state->prep.layout.item_bytes, input,
                            state->prep.output, ring_run_options(state->options));
  else
    state->start_exchange();
  return OrderedRequest(std::move(state));
}

}  // namespace

OrderedRequest::OrderedRequest(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}

OrderedRequest redistribute_start(Context& ctx, std::int64_t item_bytes,
                                  std::span<const std::byte> input, const MakeOutput& make_output,
                                  NewShare share, const OrderedOptions& options) {
  const RankRecord mine = rank_record(options, ctx.link_models(), detail::place_of(ctx), item_bytes,
                                      input.size(), share, kUnknownFirst, -1);
  return start_ordered(ctx, mine, input.data(), options,
                       [&](std::int64_t count, std::int64_t, bool) { return make_output(count); },
                       {});
}

OrderedRequest redistribute_start(Context& ctx, OrderedSlice& slice, NewShare share,
                                  const OrderedOptions& options) {
  const RankRecord mine =
      rank_record(options, ctx.link_models(), detail::place_of(ctx), slice.item_bytes(),
                  slice.bytes().size(), share, slice.first(), -1);
  return start_ordered(
      ctx, mine, slice.bytes().data(), options,
      [&](std::int64_t count, std::int64_t origin, bool in_place) {
        return slice.prepare_next(count, origin, in_place).data();
      },
      [&slice](const OrderedReport& report) {
        slice.commit_next(report.new_count, report.new_first, report.total_items);
      });
}

OrderedReport redistribute(Context& ctx, OrderedSlice& slice, NewShare share,
                           const OrderedOptions& options) {
  return redistribute_start(ctx, slice, share, options).wait();
}

OrderedReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                           const MakeOutput& make_output, NewShare share,
                           const OrderedOptions& options) {
  return redistribute_start(ctx, item_bytes, input, make_output, share, options).wait();
}

OrderedReport redistribute(Context& ctx, std::int64_t item_bytes, std::span<const std::byte> input,
                           std::span<std::byte> output, NewShare share,
                           const OrderedOptions& options, std::int64_t first) {
  const std::int64_t room =
      item_bytes > 0 ? static_cast<std::int64_t>(output.size()) / item_bytes : 0;
  const RankRecord mine = rank_record(options, ctx.link_models(), detail::place_of(ctx), item_bytes,
                                      input.size(), share, first, room);
  return start_ordered(ctx, mine, input.data(), options,
                       [&](std::int64_t, std::int64_t, bool) { return output.data(); }, {})
      .wait();
}

}  // namespace redist::exec
