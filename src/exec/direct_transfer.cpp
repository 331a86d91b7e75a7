// The direct transport (docs/mpi.md "Transports"): for ordered data every pair of ranks exchanges at
// most two contiguous ranges (two only when a rotated slice straddles the end of the sequence), so
// each goes as one message straight from the sender's input into the receiver's output: no staging,
// no packing, no datatype. Kept items are copied locally in slices between polls (a long copy would
// otherwise starve the messages in flight: MPI progresses only inside MPI calls), or not at all when
// the execution is in place.

#include <algorithm>
#include <cstring>

#include "mpi_support.hpp"
#include "transfer.hpp"

namespace redist::exec::detail {

namespace {

constexpr std::int64_t kCopySliceBytes = std::int64_t{8} << 20;

struct KeptCopy {
  const std::byte* from = nullptr;
  std::byte* to = nullptr;
  std::int64_t bytes = 0;
  std::int64_t done = 0;
};

class DirectTransfer final : public Transfer {
 public:
  // Allocates what the transfer needs; nothing is posted before the first poll, so that a failure
  // here is the call's start failing, before any message exists.
  DirectTransfer(const Plan::State& plan, MPI_Comm comm, const std::vector<Field>& fields)
      : comm_(comm), plan_(plan), fields_(fields) {
    const RankExchange& ex = plan.exchange;
    for (const Field& f : fields)
      for (const auto* list : {&ex.sends, &ex.recvs})
        for (const Segment& s : *list) total_bytes_ += s.items * f.item_bytes;
    max_message_ = std::min(plan.options.max_message_bytes, plan.options.mpi_int_limit);
    const std::int64_t limit =
        std::max<std::int64_t>(1, std::min(max_message_, kMaxMpiMessageBytes));
    std::size_t parts = 0;
    for (const Field& f : fields)
      for (const auto* list : {&ex.sends, &ex.recvs})
        for (const Segment& s : *list)
          parts += static_cast<std::size_t>((s.items * f.item_bytes + limit - 1) / limit);
    requests_.reserve(parts);
    is_send_.reserve(parts);
    part_bytes_.reserve(parts);
    peers_.reserve(parts);
    done_.resize(parts);
    for (const Field& f : fields) {
      if (ex.kept_items == 0) continue;
      const std::byte* from = f.input + ex.kept_old * f.item_bytes;
      std::byte* to = f.output + ex.kept_new * f.item_bytes;
      if (from != to) copies_.push_back({from, to, ex.kept_items * f.item_bytes, 0});
    }
  }

  Poll poll() override {
    if (!posted_) post_all();
    Poll out;
    out.completed = copy_slice() ? 1 : 0;
    const int outcount = requests_.empty() ? 0 : test_some(requests_, done_, statuses_);
    for (int k = 0; k < outcount; ++k) {
      const auto index = static_cast<std::size_t>(done_[static_cast<std::size_t>(k)]);
      bytes_done_ += part_bytes_[index];
      ++completed_requests_;
    }
    out.completed += outcount;
    out.done = completed_requests_ == requests_.size() && copy_at_ == copies_.size();
    return out;
  }

  void abandon() noexcept override {
    give_up(requests_, [this](std::size_t k) { return is_send_[k] != 0; });
  }

  [[nodiscard]] std::vector<int> waiting_for() const override {
    std::vector<int> peers;
    for (std::size_t k = 0; k < requests_.size(); ++k)
      if (requests_[k] != MPI_REQUEST_NULL &&
          std::find(peers.begin(), peers.end(), peers_[k]) == peers.end())
        peers.push_back(peers_[k]);
    return peers;
  }

  void fill(TransferReport& report) const override {
    report.bytes_sent = bytes_sent_;
    report.bytes_received = bytes_received_;
    report.bytes_copied = copied_;
    report.messages_sent = messages_sent_;
    report.mpi_messages = static_cast<std::int64_t>(requests_.size());
  }

  [[nodiscard]] Progress progress() const override {
    return {bytes_done_, total_bytes_, static_cast<std::int64_t>(completed_requests_),
            static_cast<std::int64_t>(requests_.size())};
  }

 private:
  void post_all() {
    posted_ = true;
    const RankExchange& ex = plan_.exchange;
    // Receives first, so that a message never waits for its receive to be posted.
    for (const Field& f : fields_)
      for (const Segment& s : ex.recvs)
        post(false, s.peer, f.output + s.offset * f.item_bytes, s.items * f.item_bytes,
             max_message_);
    for (const Field& f : fields_)
      for (const Segment& s : ex.sends)
        post(true, s.peer, const_cast<std::byte*>(f.input) + s.offset * f.item_bytes,
             s.items * f.item_bytes, max_message_);
    done_.resize(requests_.size());
  }

  void post(bool send, int peer, std::byte* data, std::int64_t bytes, std::int64_t max_message) {
    if (bytes == 0) return;
    const std::size_t before = requests_.size();
    post_parts(comm_, send, peer, kTagDirect, data, bytes, max_message, requests_);
    const std::int64_t limit =
        std::max<std::int64_t>(1, std::min(max_message, kMaxMpiMessageBytes));
    for (std::size_t k = before; k < requests_.size(); ++k) {
      is_send_.push_back(send ? 1 : 0);
      peers_.push_back(peer);
      const auto offset = static_cast<std::int64_t>(k - before) * limit;
      part_bytes_.push_back(std::min(limit, bytes - offset));
    }
    (send ? bytes_sent_ : bytes_received_) += bytes;
    if (send) ++messages_sent_;
  }

  // Copies the next slice of kept items; true when it copied something.
  bool copy_slice() {
    if (copy_at_ == copies_.size()) return false;
    KeptCopy& c = copies_[copy_at_];
    const std::int64_t n = std::min(kCopySliceBytes, c.bytes - c.done);
    std::memmove(c.to + c.done, c.from + c.done, static_cast<std::size_t>(n));
    c.done += n;
    copied_ += n;
    if (c.done == c.bytes) ++copy_at_;
    return true;
  }

  MPI_Comm comm_;
  const Plan::State& plan_;
  std::vector<Field> fields_;
  std::int64_t max_message_ = 0;
  bool posted_ = false;
  std::vector<MPI_Request> requests_;
  std::vector<int> peers_;
  std::vector<char> is_send_;
  std::vector<std::int64_t> part_bytes_;
  std::vector<int> done_;
  std::vector<MPI_Status> statuses_;
  std::vector<KeptCopy> copies_;
  std::size_t copy_at_ = 0;
  std::size_t completed_requests_ = 0;
  std::int64_t bytes_sent_ = 0;
  std::int64_t bytes_received_ = 0;
  std::int64_t messages_sent_ = 0;
  std::int64_t copied_ = 0;
  std::int64_t bytes_done_ = 0;
  std::int64_t total_bytes_ = 0;
};

}  // namespace

std::unique_ptr<Transfer> make_direct_transfer(const Plan::State& plan, MPI_Comm comm,
                                               const std::vector<Field>& fields) {
  return std::make_unique<DirectTransfer>(plan, comm, fields);
}

}  // namespace redist::exec::detail
