#include "segment_exchange.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

#include "mpi_support.hpp"

namespace redist::exec::detail {

namespace {

using PerPeer = std::vector<std::vector<Segment>>;

PerPeer split_by_peer(const std::vector<Segment>& segments, std::size_t peers, std::int64_t cap) {
  PerPeer out(peers);
  for (const Segment& s : segments)
    for (std::int64_t done = 0; done < s.items; done += cap)
      out[static_cast<std::size_t>(s.peer)].push_back(
          {s.peer, s.offset + done, std::min(cap, s.items - done)});
  return out;
}

std::int64_t local_rounds(const PerPeer& a, const PerPeer& b) {
  std::size_t most = 0;
  for (const auto& list : a) most = std::max(most, list.size());
  for (const auto& list : b) most = std::max(most, list.size());
  return static_cast<std::int64_t>(most);
}

// One side (send or receive) of one round: counts and displacements in items, either in place
// (offsets fit an int) or through a packed pool buffer.
class RoundSide {
 public:
  RoundSide(Context& ctx, const PerPeer& pieces, std::size_t round, std::byte* base,
            std::int64_t item_bytes, std::int64_t int_limit)
      : pieces_(pieces), round_(round), base_(base), item_bytes_(item_bytes) {
    const std::size_t peers = pieces.size();
    counts_.assign(peers, 0);
    displs_.assign(peers, 0);
    std::int64_t packed_items = 0;
    for (std::size_t k = 0; k < peers; ++k) {
      const Segment* s = piece(k);
      if (s == nullptr) continue;
      counts_[k] = static_cast<int>(s->items);
      in_place_ = in_place_ && s->offset + s->items <= int_limit;
      packed_items += s->items;
    }
    if (in_place_) {
      for (std::size_t k = 0; k < peers; ++k)
        if (const Segment* s = piece(k)) displs_[k] = static_cast<int>(s->offset);
      return;
    }
    pack_ = ctx.pool().acquire(static_cast<std::size_t>(packed_items * item_bytes));
    std::int64_t at = 0;
    for (std::size_t k = 0; k < peers; ++k) {
      displs_[k] = to_int(at, "packed displacement");
      at += counts_[k];
    }
  }

  [[nodiscard]] bool in_place() const noexcept { return in_place_; }
  [[nodiscard]] std::byte* buffer() noexcept { return in_place_ ? base_ : pack_.data(); }
  [[nodiscard]] const int* counts() const noexcept { return counts_.data(); }
  [[nodiscard]] const int* displs() const noexcept { return displs_.data(); }
  // Items exchanged with other ranks (the piece a rank passes to itself is a local copy).
  [[nodiscard]] std::int64_t items_with_others(int self) const noexcept {
    std::int64_t total = 0;
    for (std::size_t k = 0; k < counts_.size(); ++k)
      if (static_cast<int>(k) != self) total += counts_[k];
    return total;
  }

  // Packed send side: copy each piece into place before the collective.
  void pack() { copy(true); }
  // Packed receive side: copy each piece out after the collective.
  void unpack() { copy(false); }

 private:
  const Segment* piece(std::size_t peer) const {
    return round_ < pieces_[peer].size() ? &pieces_[peer][round_] : nullptr;
  }

  void copy(bool into_pack) {
    if (in_place_) return;
    for (std::size_t k = 0; k < pieces_.size(); ++k) {
      const Segment* s = piece(k);
      if (s == nullptr) continue;
      std::byte* user = base_ + s->offset * item_bytes_;
      std::byte* packed = pack_.data() + static_cast<std::int64_t>(displs_[k]) * item_bytes_;
      const auto bytes = static_cast<std::size_t>(s->items * item_bytes_);
      if (into_pack)
        std::memcpy(packed, user, bytes);
      else
        std::memcpy(user, packed, bytes);
    }
  }

  const PerPeer& pieces_;
  std::size_t round_;
  std::byte* base_;
  std::int64_t item_bytes_;
  bool in_place_ = true;
  std::vector<int> counts_;
  std::vector<int> displs_;
  PooledBuffer pack_;
};

}  // namespace

// One round in flight: both sides' counts and buffers, and the item datatype.
struct SegmentExchange::Round {
  Round(Context& ctx, const PerPeer& sends, const PerPeer& recvs, std::size_t round,
        const std::byte* send_base, std::byte* recv_base, std::int64_t item_bytes,
        std::int64_t int_limit)
      // MPI_Ialltoallv only reads the send buffer; RoundSide is shared by both directions.
      : out(ctx, sends, round, const_cast<std::byte*>(send_base), item_bytes, int_limit),
        in(ctx, recvs, round, recv_base, item_bytes, int_limit),
        type(item_bytes) {}
  RoundSide out;
  RoundSide in;
  ItemType type;
};

SegmentExchange::SegmentExchange(Context& ctx, MPI_Comm comm, std::int64_t item_bytes,
                                 const std::byte* send_base, const std::vector<Segment>& sends,
                                 std::byte* recv_base, const std::vector<Segment>& recvs,
                                 std::int64_t max_items_per_round, std::int64_t int_limit)
    : ctx_(ctx),
      comm_(comm),
      item_bytes_(item_bytes),
      send_base_(send_base),
      recv_base_(recv_base),
      int_limit_(int_limit) {
  const auto peers = static_cast<std::size_t>(ctx.size());
  const std::int64_t cap = std::max<std::int64_t>(
      1, std::min<std::int64_t>(max_items_per_round, std::min<std::int64_t>(int_limit, INT_MAX) /
                                                         static_cast<std::int64_t>(peers)));
  send_pieces_ = split_by_peer(sends, peers, cap);
  recv_pieces_ = split_by_peer(recvs, peers, cap);
  rounds_ = local_rounds(send_pieces_, recv_pieces_);
  check_mpi(MPI_Iallreduce(MPI_IN_PLACE, &rounds_, 1, MPI_INT64_T, MPI_MAX, comm_, &request_),
            "MPI_Iallreduce");
}

SegmentExchange::~SegmentExchange() = default;

void SegmentExchange::post_round() {
  current_ =
      std::make_unique<Round>(ctx_, send_pieces_, recv_pieces_, static_cast<std::size_t>(round_),
                              send_base_, recv_base_, item_bytes_, int_limit_);
  Round& r = *current_;
  r.out.pack();
  check_mpi(
      MPI_Ialltoallv(r.out.buffer(), r.out.counts(), r.out.displs(), r.type.get(), r.in.buffer(),
                     r.in.counts(), r.in.displs(), r.type.get(), comm_, &request_),
      "MPI_Ialltoallv");
}

bool SegmentExchange::test() {
  while (!done_) {
    int complete = 0;
    check_mpi(MPI_Test(&request_, &complete, MPI_STATUS_IGNORE), "MPI_Test");
    if (complete == 0) return false;
    if (current_) {  // a round has completed
      current_->in.unpack();
      stats_.packed = stats_.packed || !current_->out.in_place() || !current_->in.in_place();
      stats_.items_sent += current_->out.items_with_others(ctx_.rank());
      stats_.items_received += current_->in.items_with_others(ctx_.rank());
      current_.reset();
    }
    stats_.rounds = static_cast<int>(rounds_);
    ++round_;
    if (round_ >= rounds_) {
      done_ = true;
      break;
    }
    post_round();
  }
  return true;
}

}  // namespace redist::exec::detail
