#include "redist/exec/plan.hpp"

#include <cstring>
#include <stdexcept>

#include "execution.hpp"
#include "mpi_support.hpp"
#include "plan_state.hpp"
#include "watched_collective.hpp"

namespace redist::exec {

namespace {

const char* const kMake = "make_plan";
const char* const kExecute = "execute";

const Plan::State& require_state(const std::shared_ptr<const Plan::State>& state) {
  if (!state) throw std::logic_error("redist::exec::Plan: the plan is empty (use Plan::make)");
  return *state;
}

const std::shared_ptr<const Plan::State>& require(const std::shared_ptr<const Plan::State>& state) {
  require_state(state);
  return state;
}

std::int64_t circular(std::int64_t position, std::int64_t total) {
  return total == 0 ? 0 : ((position % total) + total) % total;
}

// The whole plan, hashed: what options.verify compares with one more collective.
std::uint64_t full_digest(const LayoutPlan& plan) {
  Digest d;
  d.add(static_cast<std::int64_t>(plan.key));
  d.add(plan.instance.succ_cost);
  d.add(plan.instance.pred_cost);
  for (const Transfer& t : plan.schedule.transfers) {
    d.add(static_cast<std::int64_t>(t.from));
    d.add(static_cast<std::int64_t>(t.to));
    d.add(t.items);
    d.add(static_cast<std::int64_t>(t.start));
    d.add(static_cast<std::int64_t>(t.start >> 64));
    d.add(static_cast<std::int64_t>(t.spacing));
  }
  d.add(plan.reason);
  return d.value();
}

}  // namespace

std::vector<RankRecord> gather_records(Context& ctx, const RankRecord& mine, double timeout,
                                       const char* call, bool& verified) {
  const auto ranks = static_cast<std::size_t>(ctx.size());
  const CompactRecord small = compact_record(mine);
  const std::vector<std::byte> bytes =
      detail::gather_fixed(ctx, &small, sizeof small, timeout, call);
  std::vector<CompactRecord> compact(ranks);
  std::memcpy(compact.data(), bytes.data(), bytes.size());
  verified = true;
  if (auto full = expand_records(compact, mine)) return std::move(*full);
  verified = false;
  // Something is wrong somewhere (every rank sees it): the full records say what, and who.
  const std::vector<std::byte> again = detail::gather_fixed(ctx, &mine, sizeof mine, timeout, call);
  std::vector<RankRecord> records(ranks);
  std::memcpy(records.data(), again.data(), again.size());
  return records;
}

std::shared_ptr<Plan::State> make_plan_state(Context& ctx, const PlanOptions& options,
                                             LayoutPlan plan, bool reversed) {
  auto state = std::make_shared<Plan::State>();
  state->ctx = &ctx;
  state->options = options;
  state->rank = static_cast<std::size_t>(ctx.rank());
  state->reversed = reversed;
  const RingFlows& ring = plan.ring;
  const std::size_t k = state->rank;
  const std::int64_t total = plan.layout.total;
  state->old_count = plan.layout.loads[k];
  state->new_count = plan.layout.targets[k];
  state->old_first = circular(plan.layout.origin + ring.start[k], total);
  state->new_first = circular(plan.layout.origin + ring.new_start(k), total);
  state->shift = -ring.flows[(k + ring.size() - 1) % ring.size()];
  state->exchange = rank_exchange(ring, k);
  state->plan = std::move(plan);
  return state;
}

Plan::Plan() = default;
Plan::Plan(std::shared_ptr<const State> state) : state_(std::move(state)) {}

Plan Plan::make(Context& ctx, std::int64_t count, NewShare share, const PlanOptions& options,
                std::int64_t item_bytes, std::int64_t first) {
  return detail::make_plan(ctx, count, share, options, item_bytes, first, kMake);
}

bool detail::owner_busy(const Context& ctx, const void* owner) noexcept {
  Context::Claim claim;
  claim.owner = owner;
  return ctx.conflicts(claim);
}

Plan detail::make_plan(Context& ctx, std::int64_t count, NewShare share, const PlanOptions& options,
                       std::int64_t item_bytes, std::int64_t first, const char* call,
                       int local_problem) {
  ctx.begin_call();
  RankRecord mine = rank_record(options, ctx.network_digest(), detail::place_of(ctx), item_bytes,
                                count, share, first, -1);
  if (item_bytes < 0 && mine.issue == 0)
    mine.issue = static_cast<std::int32_t>(LocalIssue::bad_item_bytes);
  if (local_problem != 0 && mine.issue == 0)
    mine.issue = static_cast<std::int32_t>(local_problem == 1 ? LocalIssue::allocation_failed
                                                              : LocalIssue::request_active);
  return Plan(make_plan_state_from_record(ctx, mine, options, call));
}

std::shared_ptr<Plan::State> make_plan_state_from_record(Context& ctx, const RankRecord& mine,
                                                         const PlanOptions& options,
                                                         const char* call) {
  const double started = detail::now();
  bool verified = false;
  const std::vector<RankRecord> records =
      gather_records(ctx, mine, options.timeout_seconds, call, verified);
  const AgreedLayout layout = agree_on_layout(records, call, verified);
  LayoutPlan plan = build_layout_plan(layout, ctx.network(), ctx.link_models(), options);
  if (options.verify) {
    // The former second round: the whole plan's digest, compared everywhere before data moves.
    detail::StatusExchange check(ctx, full_digest(plan), std::string(), options.timeout_seconds,
                                 call, ctx.reserve_status_tag());
    check.wait();
    check.conclude();
  }
  auto state = make_plan_state(ctx, options, std::move(plan), false);
  state->agreement_seconds = detail::now() - started;
  return state;
}

Context& Plan::context() const { return *require_state(state_).ctx; }
const PlanOptions& Plan::options() const { return require_state(state_).options; }
std::int64_t Plan::total() const { return require_state(state_).plan.layout.total; }
std::int64_t Plan::old_count() const { return require_state(state_).old_count; }
std::int64_t Plan::new_count() const { return require_state(state_).new_count; }
std::int64_t Plan::old_first() const { return require_state(state_).old_first; }
std::int64_t Plan::new_first() const { return require_state(state_).new_first; }
std::vector<std::int64_t> Plan::old_counts() const {
  return require_state(state_).plan.layout.loads;
}
std::vector<std::int64_t> Plan::new_counts() const {
  return require_state(state_).plan.layout.targets;
}
std::int64_t Plan::room_before() const {
  return std::max<std::int64_t>(0, -require_state(state_).shift);
}
std::int64_t Plan::room_after() const {
  const State& s = require_state(state_);
  return std::max<std::int64_t>(0, s.shift + s.new_count - s.old_count);
}
std::int64_t Plan::new_offset_shift() const { return require_state(state_).shift; }
Transport Plan::transport() const { return require_state(state_).plan.transport; }
const std::string& Plan::transport_reason() const { return require_state(state_).plan.reason; }
double Plan::predicted_seconds() const { return require_state(state_).plan.predicted_seconds; }
double Plan::agreement_seconds() const { return require_state(state_).agreement_seconds; }

Plan Plan::reversed() const {
  const State& s = require_state(state_);
  auto back = make_plan_state(
      *s.ctx, s.options,
      reversed_layout_plan(s.plan, s.ctx->network(), s.ctx->link_models(), s.options), !s.reversed);
  return Plan(std::move(back));
}

Request Plan::start(std::span<const Field> fields) const {
  return detail::start_execution(*this, fields, nullptr, {}, {}, {}, kExecute);
}

Request detail::start_execution(const Plan& plan, std::span<const Field> fields, const void* owner,
                                const std::string& local_failure,
                                std::function<void(TransferReport&)> on_success,
                                std::shared_ptr<void> keep_alive, const char* call, bool checked) {
  auto state = std::make_unique<Request::State>(require(plan.state()),
                                                std::vector<Field>(fields.begin(), fields.end()),
                                                call, owner, local_failure, checked);
  state->on_success = std::move(on_success);
  state->keep_alive = std::move(keep_alive);
  return Request(std::move(state));
}

TransferReport Plan::execute(std::span<const Field> fields) const { return start(fields).wait(); }

TransferReport Plan::execute(OrderedSlice& slice) const {
  const State& s = require_state(state_);
  // Room for the new slice: in place around the kept items when the slice's free room allows,
  // else in its second buffer. Nothing changes in the slice until the call succeeded.
  const bool in_place = s.plan.transport != Transport::alltoallv;  // MPI forbids aliased buffers
  const std::span<std::byte> next = slice.prepare_next(s.new_count, s.shift, in_place);
  const std::span<const std::byte> old = slice.bytes();
  const Field f{old.data(), slice.size(), next.data(), s.new_count, slice.item_bytes()};
  return detail::start_execution(*this, std::span<const Field>(&f, 1), &slice, {},
                                 [&slice](TransferReport& report) {
                                   slice.commit_next(report.new_count, report.new_first,
                                                     report.total_items);
                                 },
                                 {})
      .wait();
}

}  // namespace redist::exec
