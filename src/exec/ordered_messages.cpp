#include "ordered_messages.hpp"

#include <algorithm>
#include <map>

#include "redist/core/error.hpp"

namespace redist::exec {

namespace {

std::vector<std::int64_t> prefix(const std::vector<std::int64_t>& counts) {
  std::vector<std::int64_t> out(counts.size() + 1, 0);
  for (std::size_t k = 0; k < counts.size(); ++k) out[k + 1] = out[k] + counts[k];
  return out;
}

// The global cut set: every old and new first item, every transfer's block ends.
std::vector<std::int64_t> cut_positions(const std::vector<std::int64_t>& before,
                                        const std::vector<std::int64_t>& after,
                                        const Schedule& schedule) {
  std::vector<std::int64_t> cuts(before.begin(), before.end());
  cuts.insert(cuts.end(), after.begin(), after.end());
  for (const Transfer& t : schedule.transfers) {
    cuts.push_back(t.first);
    cuts.push_back(t.first + t.items);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  return cuts;
}

// The pieces of block [lo, hi): cut at the global cuts and at the chunk grid, farthest first.
void block_pieces(const std::vector<std::int64_t>& cuts, std::int64_t lo, std::int64_t hi,
                  std::int64_t chunk, bool towards_successor, Ticks start,
                  std::vector<LinkMessage>& out, std::int64_t origin) {
  std::vector<LinkMessage> pieces;
  auto it = std::upper_bound(cuts.begin(), cuts.end(), lo);
  for (std::int64_t at = lo; at < hi;) {
    std::int64_t end = hi;
    if (it != cuts.end() && *it < end) end = *it;
    end = std::min(end, (at / chunk + 1) * chunk);
    pieces.push_back({at - origin, end - at, -1, start});
    at = end;
    while (it != cuts.end() && *it <= at) ++it;
  }
  if (towards_successor) std::reverse(pieces.begin(), pieces.end());
  out.insert(out.end(), pieces.begin(), pieces.end());
}

// The messages over one link, P_from -> P_to by the given side of P_from, in the plan's order.
std::vector<LinkMessage> link_messages(const Schedule& schedule, std::size_t n, std::size_t from,
                                       bool succ, const std::vector<std::int64_t>& cuts,
                                       std::int64_t chunk, std::int64_t origin) {
  const std::vector<const Transfer*> transfers = link_transfers(schedule, n, from, succ);
  std::vector<LinkMessage> out;
  for (const Transfer* t : transfers)
    block_pieces(cuts, t->first, t->first + t->items, chunk, succ, t->start, out, origin);
  return out;
}

// Pairs every forwarded send of side `out` with the received message of the other side it
// forwards, and reorders the forwarded sends into arrival order (first in, first out) in the
// slots the plan gave forwarded messages.
void link_forwarding(RankMessagePlan& plan, int out) {
  std::vector<LinkMessage>& sends = plan.side[out].sends;
  std::vector<LinkMessage>& recvs = plan.side[1 - out].recvs;
  std::map<std::int64_t, std::size_t> arrival;  // first position -> index among the receives
  for (std::size_t r = 0; r < recvs.size(); ++r)
    if (!is_kept(recvs[r], plan)) arrival.emplace(recvs[r].first, r);
  std::vector<std::size_t> slots;
  std::vector<LinkMessage> forwarded;
  for (std::size_t s = 0; s < sends.size(); ++s) {
    if (is_own(sends[s], plan.load)) continue;
    slots.push_back(s);
    forwarded.push_back(sends[s]);
  }
  REDIST_ASSERT(forwarded.size() == arrival.size());
  std::stable_sort(forwarded.begin(), forwarded.end(),
                   [&](const LinkMessage& a, const LinkMessage& b) {
                     return arrival.at(a.first) < arrival.at(b.first);
                   });
  for (std::size_t k = 0; k < slots.size(); ++k) {
    LinkMessage& m = sends[slots[k]];
    const Ticks planned = m.planned_start;
    m = forwarded[k];
    m.planned_start = planned;  // the slot's time, for the plan-order option
    const std::size_t r = arrival.at(m.first);
    REDIST_ASSERT(recvs[r].items == m.items);
    m.partner = static_cast<std::int64_t>(r);
    recvs[r].partner = static_cast<std::int64_t>(slots[k]);
  }
}

}  // namespace

RankMessagePlan ordered_message_plan(const std::vector<std::int64_t>& loads,
                                     const std::vector<std::int64_t>& targets,
                                     const Schedule& schedule, std::size_t rank,
                                     std::int64_t chunk_items) {
  REDIST_ASSERT(names_items(schedule) || schedule.transfers.empty());
  REDIST_ASSERT(chunk_items > 0);
  const std::size_t n = loads.size();
  const std::vector<std::int64_t> before = prefix(loads);
  const std::vector<std::int64_t> after = prefix(targets);
  RankMessagePlan out;
  out.load = loads[rank];
  out.target = targets[rank];
  out.output_origin = after[rank] - before[rank];
  out.kept_first = std::max<std::int64_t>(0, out.output_origin);
  out.kept_items = std::max<std::int64_t>(
      0, std::min(out.load, out.output_origin + out.target) - out.kept_first);
  out.new_start = after[rank];
  if (n == 1) return out;
  const std::size_t next = (rank + 1) % n;
  const std::size_t prev = (rank + n - 1) % n;
  const std::vector<std::int64_t> cuts = cut_positions(before, after, schedule);
  const std::int64_t origin = before[rank];
  LinkMessages& succ = out.side[succ_side];
  LinkMessages& pred = out.side[pred_side];
  succ.peer = static_cast<int>(next);
  pred.peer = static_cast<int>(prev);
  succ.sends = link_messages(schedule, n, rank, true, cuts, chunk_items, origin);
  pred.sends = link_messages(schedule, n, rank, false, cuts, chunk_items, origin);
  // What arrives by the successor link is what P_next sends by its predecessor link, and the
  // reverse (on two ranks, the `link` field tells the two apart).
  succ.recvs = link_messages(schedule, n, next, false, cuts, chunk_items, origin);
  pred.recvs = link_messages(schedule, n, prev, true, cuts, chunk_items, origin);
  link_forwarding(out, succ_side);
  link_forwarding(out, pred_side);
  return out;
}

}  // namespace redist::exec
