// The ring transport as a Transfer (transfer.hpp): the ring plan's messages for each field in turn.

#include <algorithm>
#include <array>

#include "mpi_support.hpp"
#include "ordered_messages.hpp"
#include "plan_messages.hpp"
#include "ring_executor.hpp"
#include "transfer.hpp"

namespace redist::exec::detail {

namespace {

class RingFieldsTransfer final : public Transfer {
 public:
  RingFieldsTransfer(const Plan::State& plan, MPI_Comm comm, const std::vector<Field>& fields)
      : plan_(plan), comm_(comm), fields_(fields) {
    options_.window = std::max(1, plan.options.window);
    options_.max_message_bytes = std::max<std::int64_t>(
        1, std::min(plan.options.max_message_bytes, plan.options.mpi_int_limit));
    options_.plan_order = plan.options.plan_order;
    // One message list per item size (fields of the same size share it); the chunk keeps the
    // plan's bytes per message.
    const std::int64_t chunk_bytes =
        plan.plan.chunk_items * std::max<std::int64_t>(1, plan.plan.layout.item_bytes);
    for (const Field& f : fields) {
      const std::int64_t chunk = std::max<std::int64_t>(1, chunk_bytes / f.item_bytes);
      if (plan.plan.plan_messages)  // the plan's own messages, in items whatever the item size
        messages_.push_back(
            rank_plan_messages(plan.plan.ring, plan.plan.instance, plan.plan.schedule, plan.rank));
      else if (plan.plan.ordered_routes)
        messages_.push_back(ordered_message_plan(plan.plan.layout.loads, plan.plan.layout.targets,
                                                 plan.plan.schedule, plan.rank, chunk));
      else
        messages_.push_back(
            rank_message_plan(plan.plan.ring, plan.plan.schedule, plan.rank, chunk));
    }
    if (!fields_.empty()) start_field();
  }

  Poll poll() override {
    Poll out;
    while (current_ < fields_.size()) {
      bool done = false;
      out.completed += run_->poll(done);
      if (!done) return out;
      add(run_->stats(), run_->progress());
      run_.reset();
      if (++current_ < fields_.size()) start_field();
      ++out.completed;
    }
    out.done = true;
    return out;
  }

  void abandon() noexcept override {
    if (run_) run_->abandon();
  }

  [[nodiscard]] std::vector<int> waiting_for() const override {
    std::vector<int> peers;
    for (const LinkMessages& side : messages_.empty()
                                        ? std::array<LinkMessages, 2>{}
                                        : messages_[std::min(current_, messages_.size() - 1)].side)
      if (side.peer >= 0 && std::find(peers.begin(), peers.end(), side.peer) == peers.end())
        peers.push_back(side.peer);
    return peers;
  }

  void fill(TransferReport& report) const override {
    report.bytes_sent = stats_.bytes_sent;
    report.bytes_received = stats_.bytes_received;
    report.messages_sent = stats_.messages_sent;
    report.mpi_messages = stats_.mpi_messages;
    report.staging_peak_bytes = stats_.staging_peak_bytes;
    report.chunk_items = messages_.empty() ? 0 : chunk_of_first_;
  }

  [[nodiscard]] Progress progress() const override {
    Progress p = done_;
    if (run_) {
      const Progress now = run_->progress();
      p.bytes_done += now.bytes_done;
      p.bytes_total += now.bytes_total;
      p.messages_done += now.messages_done;
      p.messages_total += now.messages_total;
    }
    return p;
  }

 private:
  void start_field() {
    const Field& f = fields_[current_];
    // The ring engine addresses the output from the new slice's first item, as Field does.
    run_ = std::make_unique<RingTransfer>(*plan_.ctx, comm_, messages_[current_], f.item_bytes,
                                          f.input, f.output, options_);
    if (current_ == 0) chunk_of_first_ = chunk_items(current_);
  }

  [[nodiscard]] std::int64_t chunk_items(std::size_t field) const {
    if (plan_.plan.plan_messages) return plan_.plan.chunk_items;  // the plan's largest message
    const std::int64_t chunk_bytes =
        plan_.plan.chunk_items * std::max<std::int64_t>(1, plan_.plan.layout.item_bytes);
    return std::max<std::int64_t>(1, chunk_bytes / fields_[field].item_bytes);
  }

  void add(const RingRunStats& s, const Progress& p) {
    stats_.bytes_sent += s.bytes_sent;
    stats_.bytes_received += s.bytes_received;
    stats_.messages_sent += s.messages_sent;
    stats_.mpi_messages += s.mpi_messages;
    stats_.staging_peak_bytes = std::max(stats_.staging_peak_bytes, s.staging_peak_bytes);
    done_.bytes_done += p.bytes_done;
    done_.bytes_total += p.bytes_total;
    done_.messages_done += p.messages_done;
    done_.messages_total += p.messages_total;
  }

  const Plan::State& plan_;
  MPI_Comm comm_;
  std::vector<Field> fields_;
  std::vector<RankMessagePlan> messages_;
  RingRunOptions options_;
  std::size_t current_ = 0;
  std::unique_ptr<RingTransfer> run_;
  RingRunStats stats_;
  Progress done_;
  std::int64_t chunk_of_first_ = 0;
};

}  // namespace

std::unique_ptr<Transfer> make_ring_transfer(const Plan::State& plan, MPI_Comm comm,
                                             const std::vector<Field>& fields) {
  return std::make_unique<RingFieldsTransfer>(plan, comm, fields);
}

}  // namespace redist::exec::detail
