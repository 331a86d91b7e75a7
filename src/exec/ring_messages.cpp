#include "ring_messages.hpp"

#include <algorithm>
#include <string>

#include "redist/core/error.hpp"

namespace redist::exec {

namespace {

std::int64_t floor_mod(std::int64_t a, std::int64_t m) {
  const std::int64_t r = a % m;
  return r < 0 ? r + m : r;
}

std::int64_t floor_quot(std::int64_t a, std::int64_t m) { return (a - floor_mod(a, m)) / m; }

std::size_t prev_index(std::size_t k, std::size_t n) { return (k + n - 1) % n; }

// Residues (mod N) of every old and every new slice start: the positions where messages are cut
// besides the grid (see the header).
std::vector<std::int64_t> boundary_residues(const RingFlows& ring) {
  const std::int64_t total = ring.total();
  std::vector<std::int64_t> residues;
  residues.reserve(2 * ring.size());
  for (std::size_t k = 0; k < ring.size(); ++k) {
    residues.push_back(floor_mod(ring.start[k], total));
    residues.push_back(ring.new_start(k));
  }
  std::sort(residues.begin(), residues.end());
  residues.erase(std::unique(residues.begin(), residues.end()), residues.end());
  return residues;
}

// Cut positions strictly inside (lo, hi), sorted; hi - lo <= N so at most two wraps are involved.
std::vector<std::int64_t> cuts_inside(const RingFlows& ring, std::int64_t lo, std::int64_t hi,
                                      std::int64_t chunk) {
  const std::int64_t total = ring.total();
  const std::vector<std::int64_t> residues = boundary_residues(ring);
  std::vector<std::int64_t> cuts;
  for (std::int64_t w = floor_quot(lo, total); w <= floor_quot(hi - 1, total); ++w) {
    const std::int64_t base = w * total;
    for (const std::int64_t r : residues)
      if (base + r > lo && base + r < hi) cuts.push_back(base + r);
    const std::int64_t from = std::max(lo + 1, base);
    const std::int64_t to = std::min(hi, base + total);
    for (std::int64_t k = (from - base + chunk - 1) / chunk; base + k * chunk < to; ++k)
      cuts.push_back(base + k * chunk);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

std::vector<LinkMessage> to_local(const std::vector<Piece>& pieces, std::int64_t origin) {
  std::vector<LinkMessage> out;
  out.reserve(pieces.size());
  for (const Piece& p : pieces) out.push_back({p.first - origin, p.items, -1, 0});
  return out;
}

// Pairs every forwarded send of side `out` with the received message it forwards (side 1 - out), in
// order: a relay forwards first-in first-out, and the global cut set makes the pieces identical.
void link_forwarding(RankMessagePlan& plan, int out) {
  std::vector<LinkMessage>& sends = plan.side[out].sends;
  std::vector<LinkMessage>& recvs = plan.side[1 - out].recvs;
  std::size_t r = 0;
  for (std::size_t s = 0; s < sends.size(); ++s) {
    if (is_own(sends[s], plan.load)) continue;
    while (r < recvs.size() && is_kept(recvs[r], plan)) ++r;
    REDIST_ASSERT(r < recvs.size() && recvs[r].first == sends[s].first &&
                  recvs[r].items == sends[s].items);
    sends[s].partner = static_cast<std::int64_t>(r);
    recvs[r].partner = static_cast<std::int64_t>(s);
    ++r;
  }
  for (; r < recvs.size(); ++r) REDIST_ASSERT(is_kept(recvs[r], plan));
}

// Plan time of each send: when the plan's transfer on that link sends the message's first item
// (one-port plans never overlap a rank's transfers, so this orders sends across both links). A
// spaced transfer (docs/design.md "Schedule") sends its k-th item (0-based) at start + k spacing;
// the executor does not pace its messages, it only uses these instants to order them. Back to back,
// the transfer's start.
void set_planned_starts(LinkMessages& link, const Schedule& plan, std::size_t n, std::size_t rank,
                        bool succ) {
  const std::vector<const Transfer*> batches = link_transfers(plan, n, rank, succ);
  std::size_t b = 0;
  std::int64_t batch_first = 0;  // items of the link sent before batch b
  std::int64_t batch_end = batches.empty() ? 0 : batches[0]->items;
  std::int64_t sent = 0;
  for (LinkMessage& m : link.sends) {
    while (b + 1 < batches.size() && sent >= batch_end) {
      batch_first = batch_end;
      batch_end += batches[++b]->items;
    }
    if (batches.empty()) {
      m.planned_start = 0;
    } else {
      const Transfer& t = *batches[b];
      m.planned_start = t.start + Ticks{t.spacing} * std::max<std::int64_t>(0, sent - batch_first);
    }
    sent += m.items;
  }
}

}  // namespace

std::int64_t RingFlows::target(std::size_t k) const {
  const std::size_t n = size();
  return start[k + 1] - start[k] - flows[k] + flows[prev_index(k, n)];
}

std::int64_t RingFlows::new_start(std::size_t k) const {
  const std::int64_t total = this->total();
  if (total == 0) return 0;
  return floor_mod(start[k] - flows[prev_index(k, size())], total);
}

bool uses_succ_link(std::size_t n, const Transfer& transfer) {
  if (transfer.link) return *transfer.link == Link::succ;
  return static_cast<std::size_t>(transfer.to) == (static_cast<std::size_t>(transfer.from) + 1) % n;
}

std::vector<const Transfer*> link_transfers(const Schedule& schedule, std::size_t n,
                                            std::size_t from, bool succ) {
  std::vector<const Transfer*> out;
  for (const Transfer& t : schedule.transfers)
    if (static_cast<std::size_t>(t.from) == from && uses_succ_link(n, t) == succ) out.push_back(&t);
  std::stable_sort(out.begin(), out.end(),
                   [](const Transfer* a, const Transfer* b) { return a->start < b->start; });
  return out;
}

ScheduleFlows schedule_flows(std::size_t n, const Schedule& schedule) {
  std::vector<std::int64_t> right(n, 0);
  std::vector<std::int64_t> left(n, 0);
  for (const Transfer& t : schedule.transfers) {
    const auto from = static_cast<std::size_t>(t.from);
    if (uses_succ_link(n, t))
      right[from] += t.items;
    else
      left[prev_index(from, n)] += t.items;
  }
  ScheduleFlows out;
  out.flows.resize(n);
  for (std::size_t e = 0; e < n; ++e) {
    out.flows[e] = right[e] - left[e];
    if (right[e] > 0 && left[e] > 0) out.two_way = true;
  }
  return out;
}

RingFlows make_ring_flows(const std::vector<std::int64_t>& loads,
                          const std::vector<std::int64_t>& targets,
                          const std::vector<std::int64_t>& flows) {
  const std::size_t n = loads.size();
  REDIST_ASSERT(n > 0 && targets.size() == n && flows.size() == n);
  RingFlows ring;
  ring.start.assign(n + 1, 0);
  for (std::size_t k = 0; k < n; ++k) ring.start[k + 1] = ring.start[k] + loads[k];
  ring.flows = flows;
  const std::int64_t total = ring.total();
  bool all_right = true;
  bool all_left = true;
  for (std::size_t e = 0; e < n; ++e) {
    if (flows[e] - flows[prev_index(e, n)] != loads[e] - targets[e])
      throw InternalError("ring flows do not realise the targets at rank " + std::to_string(e));
    if (flows[e] > total || -flows[e] > total)
      throw InternalError("ring flow larger than the number of items on edge " + std::to_string(e));
    all_right = all_right && flows[e] > 0;
    all_left = all_left && flows[e] < 0;
  }
  if (all_right || all_left)
    throw InternalError("ring flows circulate: no plan moves items all the way round");
  return ring;
}

std::vector<Piece> edge_pieces(const RingFlows& ring, std::size_t edge, std::int64_t chunk_items) {
  const std::int64_t flow = ring.flows[edge];
  if (flow == 0 || ring.total() == 0) return {};
  REDIST_ASSERT(chunk_items > 0);
  const std::int64_t boundary = ring.start[edge + 1];
  const std::int64_t lo = flow > 0 ? boundary - flow : boundary;
  const std::int64_t hi = flow > 0 ? boundary : boundary - flow;
  const std::vector<std::int64_t> cuts = cuts_inside(ring, lo, hi, chunk_items);
  std::vector<Piece> pieces;
  pieces.reserve(cuts.size() + 1);
  std::int64_t from = lo;
  for (const std::int64_t c : cuts) {
    pieces.push_back({from, c - from});
    from = c;
  }
  pieces.push_back({from, hi - from});
  if (flow > 0)
    std::reverse(pieces.begin(), pieces.end());  // rightwards: farthest-going items first
  return pieces;
}

RankMessagePlan rank_geometry(const RingFlows& ring, std::size_t rank) {
  const std::size_t n = ring.size();
  const std::size_t left_edge = prev_index(rank, n);
  RankMessagePlan out;
  out.load = ring.start[rank + 1] - ring.start[rank];
  out.target = ring.target(rank);
  out.output_origin = -ring.flows[left_edge];
  out.kept_first = std::max<std::int64_t>(0, out.output_origin);
  out.kept_items = std::max<std::int64_t>(
      0, std::min(out.load, out.output_origin + out.target) - out.kept_first);
  out.new_start = ring.new_start(rank);
  if (n == 1) return out;
  out.side[succ_side].peer = static_cast<int>((rank + 1) % n);
  out.side[pred_side].peer = static_cast<int>(left_edge);
  return out;
}

RankMessagePlan rank_message_plan(const RingFlows& ring, const Schedule& plan, std::size_t rank,
                                  std::int64_t chunk_items) {
  const std::size_t n = ring.size();
  const std::size_t left_edge = prev_index(rank, n);
  RankMessagePlan out = rank_geometry(ring, rank);
  if (n == 1) return out;

  LinkMessages& succ = out.side[succ_side];
  LinkMessages& pred = out.side[pred_side];
  std::vector<LinkMessage> right = to_local(edge_pieces(ring, rank, chunk_items), ring.start[rank]);
  std::vector<LinkMessage> left =
      to_local(edge_pieces(ring, left_edge, chunk_items), ring.start[left_edge + 1]);
  (ring.flows[rank] > 0 ? succ.sends : succ.recvs) = std::move(right);
  (ring.flows[left_edge] < 0 ? pred.sends : pred.recvs) = std::move(left);

  link_forwarding(out, succ_side);
  link_forwarding(out, pred_side);
  set_planned_starts(succ, plan, n, rank, true);
  set_planned_starts(pred, plan, n, rank, false);
  return out;
}

}  // namespace redist::exec
