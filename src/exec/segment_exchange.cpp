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
      out[static_cast<std::size_t>(s.peer)].push_back({s.peer, s.offset + done, std::min(cap, s.items - done)});
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
  RoundSide(Context& ctx, const PerPeer& pieces, std::size_t round, std::byte* base, std::int64_t item_bytes,
            std::int64_t int_limit)
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
      if (into_pack) std::memcpy(packed, user, bytes);
      else std::memcpy(user, packed, bytes);
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

ExchangeStats exchange_segments(Context& ctx, std::int64_t item_bytes, const std::byte* send_base,
                                const std::vector<Segment>& sends, std::byte* recv_base,
                                const std::vector<Segment>& recvs, std::int64_t max_items_per_round,
                                std::int64_t int_limit, double timeout) {
  const auto peers = static_cast<std::size_t>(ctx.size());
  const std::int64_t cap =
      std::max<std::int64_t>(1, std::min<std::int64_t>(max_items_per_round, std::min<std::int64_t>(int_limit, INT_MAX) / static_cast<std::int64_t>(peers)));
  const PerPeer send_pieces = split_by_peer(sends, peers, cap);
  const PerPeer recv_pieces = split_by_peer(recvs, peers, cap);
  std::int64_t rounds = local_rounds(send_pieces, recv_pieces);
  const auto stalled = [timeout](const char* call) {
    return [timeout, call] {
      return std::string("redistribute: ") + call + " did not complete within " + std::to_string(timeout) +
             " s (a rank stopped or failed during the transfer)";
    };
  };
  MPI_Request request = MPI_REQUEST_NULL;
  check_mpi(MPI_Iallreduce(MPI_IN_PLACE, &rounds, 1, MPI_INT64_T, MPI_MAX, ctx.comm(), &request), "MPI_Iallreduce");
  wait_all(ctx, std::span(&request, 1), timeout, stalled("MPI_Iallreduce"));

  const ItemType type(item_bytes);
  ExchangeStats stats;
  stats.rounds = static_cast<int>(rounds);
  for (std::size_t j = 0; j < static_cast<std::size_t>(rounds); ++j) {
    // MPI_Alltoallv only reads the send buffer; RoundSide is shared by both directions.
    RoundSide out(ctx, send_pieces, j, const_cast<std::byte*>(send_base), item_bytes, int_limit);
    RoundSide in(ctx, recv_pieces, j, recv_base, item_bytes, int_limit);
    out.pack();
    check_mpi(MPI_Ialltoallv(out.buffer(), out.counts(), out.displs(), type.get(), in.buffer(), in.counts(),
                             in.displs(), type.get(), ctx.comm(), &request),
              "MPI_Ialltoallv");
    wait_all(ctx, std::span(&request, 1), timeout, stalled("MPI_Ialltoallv"));
    in.unpack();
    stats.packed = stats.packed || !out.in_place() || !in.in_place();
    stats.items_sent += out.items_with_others(ctx.rank());
    stats.items_received += in.items_with_others(ctx.rank());
  }
  return stats;
}

}  // namespace redist::exec::detail
