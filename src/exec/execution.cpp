#include "execution.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "mpi_support.hpp"

namespace redist::exec {

namespace {

bool overlap(const Field& f) {
  const std::byte* in_end = f.input + f.input_items * f.item_bytes;
  const std::byte* out_end = f.output + f.output_items * f.item_bytes;
  return f.input < out_end && f.output < in_end && f.input_items > 0 && f.output_items > 0;
}

std::string rank_list(const std::vector<int>& ranks) {
  std::string list;
  for (std::size_t k = 0; k < ranks.size(); ++k)
    list += (k == 0 ? "" : k + 1 == ranks.size() ? " and " : ", ") + std::to_string(ranks[k]);
  return list;
}

}  // namespace

Request::State::State(std::shared_ptr<const Plan::State> plan, std::vector<Field> fields,
                      std::string call, const void* owner, const std::string& local_failure,
                      bool checked)
    : plan_(std::move(plan)),
      ctx_(*plan_->ctx),
      fields_(std::move(fields)),
      call_(std::move(call)),
      owner_(owner),
      local_failure_(local_failure),
      checked_(checked) {
  ctx_.begin_call();
  comm_ = ctx_.comm();
  ctx_.execution_started();
  try {
    start();
  } catch (...) {
    if (claimed_) ctx_.release(claim_);
    ctx_.execution_ended();
    throw;
  }
}

void Request::State::start() {
  // Both tags now, in the order every rank starts its requests (an end status may be reached in
  // another order on another rank).
  start_tag_ = ctx_.reserve_status_tag();
  end_tag_ = ctx_.reserve_status_tag();
  started_ = detail::now();
  last_progress_ = started_;
  timeout_ = plan_->options.timeout_seconds;
  need_end_ = timeout_ > 0.0 || plan_->plan.layout.any_progress;
  const std::string who = "rank " + std::to_string(ctx_.rank());
  std::optional<AgreementError> refusal;
  if (local_failure_.empty()) {
    if (const auto bad = check_fields())
      refusal.emplace(call_, who + ": " + bad->first, bad->second);
  } else {
    failure_ = call_ + ": " + who + ": " + local_failure_;
  }
  if (!refusal && failure_.empty() && plan_->plan.transport != Transport::alltoallv) {
    try {
      transfer_ = plan_->plan.transport == Transport::ring
                      ? detail::make_ring_transfer(*plan_, comm_, fields_)
                      : detail::make_direct_transfer(*plan_, comm_, fields_);
    } catch (const MpiError&) {
      throw;
    } catch (...) {
      failure_ = call_ + ": " + who +
                 ": preparing the transfer failed: " + detail::current_exception_text();
    }
  }
  if (refusal || !failure_.empty()) phase_ = Phase::finishing;
  if (checked_ && !refusal && failure_.empty()) {
    // The agreement carried every check this rank could fail: nothing to tell the others before
    // the data moves (a failure found now would be a bug of the one-call API).
    start_concluded_ = true;
    return;
  }
  if (checked_) throw InternalError(call_ + ": a checked execution failed its own checks");
  if (!plan_->options.checked_executions) {
    // The caller chose executions without a status exchange: this rank fails alone.
    start_concluded_ = true;
    if (refusal) throw *refusal;
    if (!failure_.empty()) throw CallError(failure_, ctx_.rank());
    return;
  }
  if (refusal)
    start_status_.emplace(ctx_, key(), *refusal, timeout_, call_, start_tag_);
  else
    start_status_.emplace(ctx_, key(), failure_, timeout_, call_, start_tag_);
}

Request::State::~State() {
  if (claimed_) ctx_.release(claim_);
  transfer_.reset();
  start_status_.reset();
  end_status_.reset();
  ctx_.execution_ended();
}

std::optional<std::pair<std::string, std::string>> Request::State::check_fields() {
  const Plan::State& p = *plan_;
  using Refusal = std::pair<std::string, std::string>;
  if (fields_.empty()) return Refusal{"fields", "none given"};
  for (std::size_t k = 0; k < fields_.size(); ++k) {
    const Field& f = fields_[k];
    const std::string name = fields_.size() == 1 ? "" : "field " + std::to_string(k) + ": ";
    if (f.item_bytes <= 0) return Refusal{name + "item_bytes", "must be positive"};
    if (f.input_items != p.old_count)
      return Refusal{name + "input", std::to_string(f.input_items) +
                                         " items, the plan's old count on this rank is " +
                                         std::to_string(p.old_count)};
    if (f.output == nullptr && f.output_items < 0)
      return Refusal{
          name + "in place",
          "not enough free room around the items (the plan needs " +
              std::to_string(std::max<std::int64_t>(0, -p.shift)) + " before them and " +
              std::to_string(std::max<std::int64_t>(0, p.shift + p.new_count - p.old_count)) +
              " after them)"};
    if (f.output_items < p.new_count)
      return Refusal{name + "output", "room for " + std::to_string(f.output_items) +
                                          " items, the new piece has " +
                                          std::to_string(p.new_count)};
    if ((f.input == nullptr && f.input_items > 0) || (f.output == nullptr && p.new_count > 0))
      return Refusal{name + "buffer", "a null pointer"};
    if (p.plan.transport == Transport::alltoallv && overlap(f))
      return Refusal{name + "output",
                     "the alltoallv transport cannot execute in place (MPI forbids aliased "
                     "buffers): use the direct transport"};
  }
  Context::Claim claim;
  claim.owner = owner_;
  claim.read_begin = fields_[0].input;
  claim.read_end = fields_[0].input + fields_[0].input_items * fields_[0].item_bytes;
  claim.write_begin = fields_[0].output;
  claim.write_end = fields_[0].output + p.new_count * fields_[0].item_bytes;
  if (!ctx_.claim(claim, claim_))
    return Refusal{"input",
                   "a redistribution of the same data is still in flight on this rank "
                   "(wait() for it first)"};
  claimed_ = true;
  return std::nullopt;
}

std::uint64_t Request::State::key() const {
  Digest d;
  d.add(static_cast<std::int64_t>(plan_->plan.key));
  d.add(static_cast<std::int64_t>(plan_->reversed));
  d.add(static_cast<std::int64_t>(fields_.size()));
  for (const Field& f : fields_) d.add(f.item_bytes);
  return d.value();
}

void Request::State::fail_locally(const std::string& reason) {
  if (failure_.empty()) failure_ = call_ + ": rank " + std::to_string(ctx_.rank()) + ": " + reason;
}

void Request::State::call_progress() noexcept {
  const ProgressCallback& callback = plan_->options.progress;
  if (!callback || !transfer_) return;
  try {
    callback(transfer_->progress());
  } catch (...) {
    // The data keeps moving (the peers wait for it); the end status fails the call everywhere.
    fail_locally("the progress callback threw: " + detail::current_exception_text());
  }
}

void Request::State::move_data(bool block) {
  for (;;) {
    if (!transfer_) {  // alltoallv: posted once every rank is known to be ready
      if (start_status_) {
        if (!start_status_->test()) {
          if (!block) return;
          start_status_->wait();
        }
        start_status_->conclude();
        start_concluded_ = true;
      }
      transfer_ = detail::make_alltoallv_transfer(*plan_, comm_, fields_);
    }
    detail::Poll poll;
    try {
      poll = transfer_->poll();
    } catch (const MpiError&) {
      throw;
    } catch (...) {
      transfer_->abandon();
      fail_locally(detail::current_exception_text());
      phase_ = Phase::finishing;
      return;
    }
    if (poll.completed > 0) {
      last_progress_ = detail::now();
      call_progress();
    }
    if (poll.done) {
      phase_ = Phase::finishing;
      return;
    }
    if (!start_concluded_ && start_status_ && start_status_->test() && start_status_->failed()) {
      transfer_->abandon();
      start_concluded_ = true;
      start_status_->conclude();  // throws on every rank
    }
    if (!block) return;
    if (timeout_ > 0.0 && detail::now() - last_progress_ > timeout_) {
      const std::vector<int> peers = transfer_->waiting_for();
      transfer_->abandon();
      fail_locally(
          "no message " +
          (peers.empty() ? std::string("of the transfer") : "to or from rank " + rank_list(peers)) +
          " completed within " + detail::seconds_text(timeout_) +
          " (that rank stopped or failed during the transfer)");
      phase_ = Phase::finishing;
      return;
    }
    if (poll.completed == 0)
      backoff_.idle();
    else
      backoff_.reset();
  }
}

bool Request::State::finish(bool block) {
  if (!start_concluded_) {
    if (!start_status_->test()) {
      if (!block) return false;
      start_status_->wait();
    }
    start_concluded_ = true;
    start_status_->conclude();
  }
  if (need_end_) {
    if (!end_status_) end_status_.emplace(ctx_, key(), failure_, timeout_, call_, end_tag_);
    if (!end_status_->test()) {
      if (!block) return false;
      end_status_->wait();
    }
    end_status_->conclude();
  }
  if (!failure_.empty())  // a failure no status could carry (see docs/api.md "Errors")
    throw CallError(failure_, ctx_.rank());
  return true;
}

bool Request::State::step(bool block) {
  if (phase_ == Phase::done) return true;
  if (phase_ == Phase::moving) move_data(block);
  if (phase_ == Phase::moving) return false;
  if (!finish(block)) return false;
  phase_ = Phase::done;
  const Plan::State& p = *plan_;
  report_.total_items = p.plan.layout.total;
  report_.new_count = p.new_count;
  report_.new_first = p.new_first;
  report_.flows = p.plan.ring.flows;
  static const char* const names[] = {"automatic", "direct", "alltoallv", "ring"};
  report_.transport = p.plan.layout.total == 0 ? "none" : names[static_cast<int>(p.plan.transport)];
  report_.transport_reason = p.plan.reason;
  report_.framework = p.plan.framework;
  report_.method = p.plan.method;
  report_.chunk_items = p.plan.transport == Transport::ring ? p.plan.chunk_items : 0;
  report_.predicted_seconds = p.plan.predicted_seconds;
  if (transfer_) transfer_->fill(report_);
  report_.transfer_seconds = detail::now() - started_;
  if (on_success) on_success(report_);
  return true;
}

TransferReport Request::State::wait() {
  step(true);
  return report_;
}

Request::Request() noexcept = default;
Request::Request(std::unique_ptr<State> state) noexcept : state_(std::move(state)) {}
Request::Request(Request&&) noexcept = default;
Request& Request::operator=(Request&& other) noexcept {
  if (this != &other) {
    finish_quietly();
    state_ = std::move(other.state_);
  }
  return *this;
}
Request::~Request() { finish_quietly(); }

void Request::finish_quietly() noexcept {
  if (!state_) return;
  try {
    wait();
  } catch (...) {  // a destructor cannot throw; wait() is where errors are reported
  }
}

bool Request::test() {
  if (!state_) return true;
  try {
    return state_->test();
  } catch (...) {
    state_.reset();
    throw;
  }
}

TransferReport Request::wait() {
  if (!state_) throw std::logic_error("redist::exec::Request::wait: the request is not active");
  std::unique_ptr<State> state = std::move(state_);
  return state->wait();
}

}  // namespace redist::exec
