// The MPI_Alltoallv transport as a Transfer (transfer.hpp): every field in turn, each one exchange
// straight to the new owners (rounds when counts exceed an MPI int, segment_exchange.hpp). The
// rank's own kept items travel inside the collective, as a hand-written MPI_Alltoallv does.

#include <memory>

#include "segment_exchange.hpp"
#include "slice_overlap.hpp"
#include "transfer.hpp"

namespace redist::exec::detail {

namespace {

class AlltoallvTransfer final : public Transfer {
 public:
  AlltoallvTransfer(const Plan::State& plan, MPI_Comm comm, const std::vector<Field>& fields)
      : plan_(plan),
        comm_(comm),
        fields_(fields),
        sends_(ordered_send_segments(plan.plan.ring, plan.rank)),
        recvs_(ordered_recv_segments(plan.plan.ring, plan.rank)) {
    if (!fields_.empty()) start_field();
  }

  Poll poll() override {
    Poll out;
    while (current_ < fields_.size()) {
      if (!exchange_->test()) return out;
      add(exchange_->stats());
      exchange_.reset();
      ++out.completed;
      if (++current_ < fields_.size()) start_field();
    }
    out.done = true;
    return out;
  }

  // A collective cannot be cancelled: an unfinished exchange stays with the communicator, which
  // the failed call retires.
  void abandon() noexcept override {
    if (!exchange_) return;
    static_cast<void>(exchange_.release());
    plan_.ctx->collective_abandoned();
  }

  [[nodiscard]] std::vector<int> waiting_for() const override { return {}; }

  void fill(TransferReport& report) const override {
    report.bytes_sent = bytes_sent_;
    report.bytes_received = bytes_received_;
    report.mpi_messages = rounds_;
  }

  [[nodiscard]] Progress progress() const override {
    return {bytes_sent_ + bytes_received_, 0, static_cast<std::int64_t>(current_),
            static_cast<std::int64_t>(fields_.size())};
  }

 private:
  void start_field() {
    const Field& f = fields_[current_];
    exchange_ = std::make_unique<SegmentExchange>(
        *plan_.ctx, comm_, f.item_bytes, f.input, sends_, f.output, recvs_,
        plan_.options.max_items_per_round, plan_.options.mpi_int_limit);
  }

  void add(const ExchangeStats& stats) {
    const std::int64_t item_bytes = fields_[current_].item_bytes;
    bytes_sent_ += stats.items_sent * item_bytes;
    bytes_received_ += stats.items_received * item_bytes;
    rounds_ += stats.rounds;
  }

  const Plan::State& plan_;
  MPI_Comm comm_;
  std::vector<Field> fields_;
  std::vector<Segment> sends_;
  std::vector<Segment> recvs_;
  std::size_t current_ = 0;
  std::unique_ptr<SegmentExchange> exchange_;
  std::int64_t bytes_sent_ = 0;
  std::int64_t bytes_received_ = 0;
  std::int64_t rounds_ = 0;
};

}  // namespace

std::unique_ptr<Transfer> make_alltoallv_transfer(const Plan::State& plan, MPI_Comm comm,
                                                  const std::vector<Field>& fields) {
  return std::make_unique<AlltoallvTransfer>(plan, comm, fields);
}

}  // namespace redist::exec::detail
