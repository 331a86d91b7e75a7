#include "ring_executor.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <utility>

#include "mpi_support.hpp"
#include "redist/core/error.hpp"

namespace redist::exec::detail {

namespace {

// Own items that stay are copied in slices between MPI calls, so a large copy never starves the
// messages already posted (MPI progresses only inside MPI calls).
constexpr std::int64_t kCopySliceBytes = std::int64_t{8} << 20;

struct Pending {
  int side = 0;
  bool send = false;
  std::size_t index = 0;
};

struct SideState {
  std::size_t next_send = 0;
  std::size_t next_recv = 0;
  int sends_open = 0;
  int recvs_open = 0;
  std::vector<int> send_parts_left;
  std::vector<int> recv_parts_left;
  std::vector<char> received;
  std::vector<PooledBuffer> staging;  // per received message that passes through
  // The plan's own messages (RankMessagePlan::plan_messages): the received items this side relays,
  // a scratch buffer for each send that mixes own and relayed items, and how many receives in a row
  // from the first have arrived (a relayed send waits for its partner among them).
  PooledBuffer relay;
  std::vector<PooledBuffer> send_scratch;
  std::size_t recv_prefix = 0;
};

}  // namespace

class RingTransfer::Run {
 public:
  Run(Context& ctx, MPI_Comm comm, const RankMessagePlan& plan, std::int64_t item_bytes,
      const std::byte* input, std::byte* output, const RingRunOptions& options)
      : ctx_(ctx),
        comm_(comm),
        plan_(plan),
        item_bytes_(item_bytes),
        input_(input),
        output_(output),
        options_(options) {
    for (int s = 0; s < 2; ++s) prepare_side(s);
    if (options_.plan_order) build_plan_order();
    if (plan_.plan_messages) prepare_plan_messages();
    // Every staging buffer this run can use is taken now, before any message is posted, so that
    // running short of memory is a failure of the call's start, not of a half-done transfer.
    if (staging_bytes_ > 0)
      for (int k = 0; k < 2 * options_.window; ++k)
        free_staging_.push_back(ctx_.pool().acquire(static_cast<std::size_t>(staging_bytes_)));
    requests_.reserve(static_cast<std::size_t>(8 * options_.window));
    pending_.reserve(static_cast<std::size_t>(8 * options_.window));
  }

  // One round without blocking: post, copy a slice of kept items, complete what has arrived.
  // Returns how many requests or copy slices completed; `done` once everything is done.
  int poll(bool& done) {
    int completed = 0;
    if (!finished()) {
      post_receives(pred_side);
      post_receives(succ_side);
      post_sends();
      if (copy_kept_slice()) ++completed;
      if (requests_.empty()) {
        if (kept_done_ == plan_.kept_items && !finished())
          throw InternalError("ring executor stalled: messages left but nothing in flight");
      } else {
        completed += test_some();
      }
    }
    done = finished();
    return completed;
  }

  // After a failure elsewhere: receives cancelled, sends left to MPI.
  void abandon() noexcept {
    give_up(requests_, [this](std::size_t k) { return pending_[k].send; });
    requests_.clear();
    pending_.clear();
  }

  [[nodiscard]] const RingRunStats& stats() const noexcept { return stats_; }
  [[nodiscard]] Progress progress() const noexcept {
    return {bytes_done_, bytes_total_, messages_done_, messages_total_};
  }

 private:
  void prepare_side(int s) {
    const LinkMessages& link = plan_.side[s];
    SideState& st = state_[s];
    st.send_parts_left.assign(link.sends.size(), 0);
    st.recv_parts_left.assign(link.recvs.size(), 0);
    st.received.assign(link.recvs.size(), 0);
    st.staging.resize(link.recvs.size());
    for (const LinkMessage& m : link.sends) add_total(m);
    for (const LinkMessage& m : link.recvs) {
      add_total(m);
      if (m.partner >= 0) staging_bytes_ = std::max(staging_bytes_, bytes_of(m));
    }
  }

  // Buffers of the plan's own messages, all taken before anything is posted: per side the relayed
  // items, and a scratch buffer for each message that mixes own and relayed items (a send) or kept
  // and relayed ones (a receive); plan_messages.hpp says why there is at most one of each per side.
  void prepare_plan_messages() {
    std::int64_t bytes = 0;
    const auto take = [&](std::int64_t b) {
      bytes += b;
      return ctx_.pool().acquire(static_cast<std::size_t>(b));
    };
    for (int s = 0; s < 2; ++s) {
      SideState& st = state_[s];
      const LinkMessages& link = plan_.side[s];
      if (plan_.relay_items[s] > 0) st.relay = take(plan_.relay_items[s] * item_bytes_);
      st.send_scratch.resize(link.sends.size());
      for (std::size_t k = 0; k < link.sends.size(); ++k)
        if (!is_own(link.sends[k], plan_.load) && !in_relay(1 - s, link.sends[k]))
          st.send_scratch[k] = take(bytes_of(link.sends[k]));
      for (std::size_t k = 0; k < link.recvs.size(); ++k)
        if (!is_kept(link.recvs[k], plan_) && !in_relay(s, link.recvs[k]))
          st.staging[k] = take(bytes_of(link.recvs[k]));
    }
    stats_.staging_peak_bytes = bytes;
  }

  [[nodiscard]] bool in_relay(int s, const LinkMessage& m) const {
    return m.first >= plan_.relay_first[s] &&
           m.first + m.items <= plan_.relay_first[s] + plan_.relay_items[s];
  }

  std::byte* relay_at(int s, std::int64_t local_position) {
    return state_[s].relay.data() + (local_position - plan_.relay_first[s]) * item_bytes_;
  }

  // Copies the items of `m` (held at `data`) that fall in [lo, hi) to `to(position)`, or the other
  // way round when `gather`.
  template <class At>
  void copy_part(const LinkMessage& m, std::byte* data, std::int64_t lo, std::int64_t hi, At at,
                 bool gather) {
    lo = std::max(lo, m.first);
    hi = std::min(hi, m.first + m.items);
    if (hi <= lo) return;
    std::byte* here = data + (lo - m.first) * item_bytes_;
    const auto bytes = static_cast<std::size_t>((hi - lo) * item_bytes_);
    if (gather)
      std::memcpy(here, at(lo), bytes);
    else
      std::memcpy(at(lo), here, bytes);
  }

  std::byte* plan_recv_target(int s, std::size_t k) {
    const LinkMessage& m = plan_.side[s].recvs[k];
    if (is_kept(m, plan_)) return output_at(m.first);
    if (in_relay(s, m)) return relay_at(s, m.first);
    return state_[s].staging[k].data();  // kept and relayed items: scattered on arrival
  }

  // The source of send k of side s, or null while a relayed item it holds has not arrived.
  const std::byte* plan_send_source(int s, std::size_t k) {
    const LinkMessage& m = plan_.side[s].sends[k];
    if (m.partner >= 0 && state_[1 - s].recv_prefix <= static_cast<std::size_t>(m.partner))
      return nullptr;
    if (is_own(m, plan_.load)) return input_ + m.first * item_bytes_;
    if (in_relay(1 - s, m)) return relay_at(1 - s, m.first);
    std::byte* to = state_[s].send_scratch[k].data();
    // MPI never writes the input; copy_part only reads from it when gathering.
    copy_part(
        m, to, 0, plan_.load,
        [this](std::int64_t x) { return const_cast<std::byte*>(input_ + x * item_bytes_); }, true);
    copy_part(
        m, to, plan_.relay_first[1 - s], plan_.relay_first[1 - s] + plan_.relay_items[1 - s],
        [this, s](std::int64_t x) { return relay_at(1 - s, x); }, true);
    return to;
  }

  // A received message of kept and relayed items: each part to where it belongs.
  void scatter_received(int s, std::size_t k) {
    const LinkMessage& m = plan_.side[s].recvs[k];
    if (is_kept(m, plan_) || in_relay(s, m)) return;
    std::byte* from = state_[s].staging[k].data();
    copy_part(
        m, from, plan_.output_origin, plan_.output_origin + plan_.target,
        [this](std::int64_t x) { return output_at(x); }, false);
    copy_part(
        m, from, plan_.relay_first[s], plan_.relay_first[s] + plan_.relay_items[s],
        [this, s](std::int64_t x) { return relay_at(s, x); }, false);
  }

  void add_total(const LinkMessage& m) {
    ++messages_total_;
    bytes_total_ += bytes_of(m);
  }

  void build_plan_order() {
    for (int s : {succ_side, pred_side})
      for (std::size_t i = 0; i < plan_.side[s].sends.size(); ++i) merged_.emplace_back(s, i);
    std::stable_sort(merged_.begin(), merged_.end(), [this](const auto& a, const auto& b) {
      return plan_.side[a.first].sends[a.second].planned_start <
             plan_.side[b.first].sends[b.second].planned_start;
    });
  }

  [[nodiscard]] std::int64_t bytes_of(const LinkMessage& m) const { return m.items * item_bytes_; }
  [[nodiscard]] bool finished() const {
    return messages_done_ == messages_total_ && kept_done_ == plan_.kept_items;
  }
  static int send_tag(int side) { return side == succ_side ? kTagRightward : kTagLeftward; }
  static int recv_tag(int side) { return side == succ_side ? kTagLeftward : kTagRightward; }

  std::byte* output_at(std::int64_t local_position) const {
    return output_ + (local_position - plan_.output_origin) * item_bytes_;
  }

  int post_message(int side, bool send, std::size_t index, std::byte* data, std::int64_t bytes) {
    const std::int64_t limit = std::min(options_.max_message_bytes, kMaxMpiMessageBytes);
    const int peer = plan_.side[side].peer;
    int parts = 0;
    for (std::int64_t offset = 0; offset < bytes; offset += limit, ++parts) {
      const int count = static_cast<int>(std::min(limit, bytes - offset));
      MPI_Request request = MPI_REQUEST_NULL;
      if (send)
        check_mpi(MPI_Isend(data + offset, count, MPI_BYTE, peer, send_tag(side), comm_, &request),
                  "MPI_Isend");
      else
        check_mpi(MPI_Irecv(data + offset, count, MPI_BYTE, peer, recv_tag(side), comm_, &request),
                  "MPI_Irecv");
      requests_.push_back(request);
      pending_.push_back({side, send, index});
    }
    stats_.mpi_messages += parts;
    return parts;
  }

  void post_receives(int s) {
    const std::vector<LinkMessage>& recvs = plan_.side[s].recvs;
    SideState& st = state_[s];
    while (st.next_recv < recvs.size() && st.recvs_open < options_.window) {
      const LinkMessage& m = recvs[st.next_recv];
      std::byte* target = nullptr;
      if (plan_.plan_messages) {
        target = plan_recv_target(s, st.next_recv);
      } else if (m.partner >= 0) {
        if (free_staging_.empty()) return;
        st.staging[st.next_recv] = std::move(free_staging_.back());
        free_staging_.pop_back();
        target = st.staging[st.next_recv].data();
        ++staging_count_;
        stats_.staging_peak_bytes =
            std::max(stats_.staging_peak_bytes, staging_count_ * staging_bytes_);
      } else {
        target = output_at(m.first);
      }
      st.recv_parts_left[st.next_recv] = post_message(s, false, st.next_recv, target, bytes_of(m));
      ++st.recvs_open;
      ++st.next_recv;
    }
  }

  // Posts the next send of side s if its items are here and the window allows.
  bool post_next_send(int s, int open_limit, int open_now) {
    const std::vector<LinkMessage>& sends = plan_.side[s].sends;
    SideState& st = state_[s];
    if (st.next_send >= sends.size() || open_now >= open_limit) return false;
    const LinkMessage& m = sends[st.next_send];
    const std::byte* source = input_ + m.first * item_bytes_;
    if (plan_.plan_messages) {
      source = plan_send_source(s, st.next_send);
      if (source == nullptr) return false;  // relayed items still on their way
    } else if (m.partner >= 0) {
      const auto through = static_cast<std::size_t>(m.partner);
      if (!state_[1 - s].received[through]) return false;  // forwarded: wait for it to arrive
      source = state_[1 - s].staging[through].data();
    }
    // MPI_Isend does not write to the buffer; the cast only satisfies the common helper.
    st.send_parts_left[st.next_send] =
        post_message(s, true, st.next_send, const_cast<std::byte*>(source), bytes_of(m));
    ++st.sends_open;
    ++st.next_send;
    return true;
  }

  void post_sends() {
    if (!options_.plan_order) {
      for (int s : {succ_side, pred_side})
        while (post_next_send(s, options_.window, state_[s].sends_open)) {}
      return;
    }
    while (merged_next_ < merged_.size()) {
      const auto [s, index] = merged_[merged_next_];
      REDIST_ASSERT(state_[s].next_send == index);
      if (!post_next_send(s, options_.window, state_[0].sends_open + state_[1].sends_open)) return;
      ++merged_next_;
    }
  }

  // Copies the next slice of kept own items; true while some remain. Nothing to copy when the new
  // slice is built in place (the kept items are already where they belong).
  bool copy_kept_slice() {
    if (kept_done_ == plan_.kept_items) return false;
    if (output_at(plan_.kept_first) == input_ + plan_.kept_first * item_bytes_) {
      kept_done_ = plan_.kept_items;
      return false;
    }
    const std::int64_t items = std::min(plan_.kept_items - kept_done_,
                                        std::max<std::int64_t>(1, kCopySliceBytes / item_bytes_));
    const std::int64_t position = plan_.kept_first + kept_done_;
    std::memcpy(output_at(position), input_ + position * item_bytes_,
                static_cast<std::size_t>(items * item_bytes_));
    kept_done_ += items;
    return kept_done_ < plan_.kept_items;
  }

  // Tests the requests in flight; returns how many completed.
  int test_some() {
    const int outcount = detail::test_some(requests_, done_, statuses_);
    for (int k = 0; k < outcount; ++k)
      on_part_done(pending_[static_cast<std::size_t>(done_[static_cast<std::size_t>(k)])]);
    compact();
    return outcount;
  }

  void compact() {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < requests_.size(); ++i) {
      if (requests_[i] == MPI_REQUEST_NULL) continue;
      requests_[kept] = requests_[i];
      pending_[kept] = pending_[i];
      ++kept;
    }
    requests_.resize(kept);
    pending_.resize(kept);
  }

  void on_part_done(const Pending& p) {
    SideState& st = state_[p.side];
    int& left = p.send ? st.send_parts_left[p.index] : st.recv_parts_left[p.index];
    if (--left > 0) return;
    ++messages_done_;
    if (p.send)
      finish_send(p.side, p.index);
    else
      finish_recv(p.side, p.index);
  }

  void finish_send(int s, std::size_t index) {
    const LinkMessage& m = plan_.side[s].sends[index];
    --state_[s].sends_open;
    ++stats_.messages_sent;
    stats_.bytes_sent += bytes_of(m);
    bytes_done_ += bytes_of(m);
    if (!plan_.plan_messages &&
        m.partner >= 0) {  // the staging buffer of a forwarded message goes back to the pool
      free_staging_.push_back(
          std::move(state_[1 - s].staging[static_cast<std::size_t>(m.partner)]));
      --staging_count_;
    }
  }

  void finish_recv(int s, std::size_t index) {
    const LinkMessage& m = plan_.side[s].recvs[index];
    --state_[s].recvs_open;
    SideState& st = state_[s];
    st.received[index] = 1;
    if (plan_.plan_messages) {
      scatter_received(s, index);
      while (st.recv_prefix < st.received.size() && st.received[st.recv_prefix]) ++st.recv_prefix;
    }
    ++stats_.messages_received;
    stats_.bytes_received += bytes_of(m);
    bytes_done_ += bytes_of(m);
  }

  Context& ctx_;
  MPI_Comm comm_;
  const RankMessagePlan& plan_;
  std::int64_t item_bytes_;
  const std::byte* input_;
  std::byte* output_;
  RingRunOptions options_;

  std::array<SideState, 2> state_;
  std::vector<std::pair<int, std::size_t>> merged_;
  std::size_t merged_next_ = 0;
  std::vector<MPI_Request> requests_;
  std::vector<Pending> pending_;
  std::vector<int> done_;
  std::vector<MPI_Status> statuses_;
  std::int64_t staging_bytes_ = 0;
  std::int64_t staging_count_ = 0;
  std::int64_t kept_done_ = 0;
  std::int64_t messages_done_ = 0;
  std::int64_t messages_total_ = 0;
  std::int64_t bytes_done_ = 0;
  std::int64_t bytes_total_ = 0;
  std::vector<PooledBuffer> free_staging_;
  RingRunStats stats_;
};

RingTransfer::RingTransfer(Context& ctx, MPI_Comm comm, const RankMessagePlan& plan,
                           std::int64_t item_bytes, const std::byte* input, std::byte* output,
                           const RingRunOptions& options) {
  REDIST_ASSERT(options.window >= 1 && options.max_message_bytes >= 1 && item_bytes >= 1);
  run_ = std::make_unique<Run>(ctx, comm, plan, item_bytes, input, output, options);
}

RingTransfer::~RingTransfer() = default;
RingTransfer::RingTransfer(RingTransfer&&) noexcept = default;
RingTransfer& RingTransfer::operator=(RingTransfer&&) noexcept = default;

int RingTransfer::poll(bool& done) { return run_->poll(done); }

void RingTransfer::abandon() noexcept { run_->abandon(); }

const RingRunStats& RingTransfer::stats() const noexcept { return run_->stats(); }

Progress RingTransfer::progress() const noexcept { return run_->progress(); }

}  // namespace redist::exec::detail
