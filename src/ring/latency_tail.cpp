// Messages of g items planned as document 000 items, the remainders last (latency_super.hpp,
// plan_with_tails; docs/latency.md "Large rings").
//
// On a unidirectional ring with the flows of the fewest items, F_i = g Phi_i + rho_i. Every
// processor keeps its load's remainder s_i = l_i mod g aside and holds l'_i = floor(l_i / g) pieces
// of g items; a piece over link i takes L_i + g c_i and is forwarded once it has arrived, which is
// an item of that cost in document 000's model. Phi is chosen along the line from the edge without
// flow as the largest that leaves no processor sending more pieces than it holds and receives,
// Phi_i = min(floor(F_i / g), Phi_{i-1} + l'_i), so P_i ends the pieces' plan with g t'_i + s_i
// items, t'_i = l'_i - (Phi_i - Phi_{i-1}) >= 0, besides what rho_{i-1} brings. The pieces go in one
// stretch per link (pieces_in_one_stretch). Then link i sends its rho_i in messages of g (the last
// one the rest) once P_i holds them: right after its last piece, at the same spacing, when enough
// upstream pieces have arrived by then (the remainder is then the last message of the link's
// transfer: one transfer per link), else as a transfer of its own as soon as they have. Real
// holdings never fall below g times the pieces' holdings, so the pieces' plan stays valid; the
// remainders go after every piece their sender sends, from items it holds. A remainder that its
// receiver's target cannot absorb is partly forwarded, so remainders can wait for one another along
// the ring: latency_plan.cpp then plans the remainders first as well (latency_super.cpp, whose
// large-ring super-items are planned in one stretch per link the same way) and keeps the faster.

#include <algorithm>
#include <vector>

#include "latency_super.hpp"
#include "redist/core/error.hpp"
#include "ring/ring_steps.hpp"

namespace redist::ring::detail {

namespace {

// The pieces' flows and the remainders (see the file's comment).
struct Pieces {
  std::size_t zero = 0;  // the edge without flow
  std::vector<std::int64_t> phi, rho;
};

std::size_t edge_without_flow(const RingPrefix& prefix) {
  std::size_t zero = 0;
  while (zero < prefix.size() && prefix.sums[zero] != prefix.lo) ++zero;
  return zero;
}

// A piece's time over link i.
Ticks piece_time(const RingInstance& inst, std::size_t i, std::int64_t g) {
  return Ticks{inst.latency(i, true)} + Ticks{g} * inst.succ_cost[i];
}

Pieces cut_into_pieces(const RingInstance& inst, const RingPrefix& prefix, std::int64_t g) {
  const std::size_t n = inst.size();
  Pieces p;
  p.zero = edge_without_flow(prefix);
  p.phi.assign(n, 0);
  p.rho.assign(n, 0);
  std::int64_t before = 0;  // Phi of the edge into the current processor
  for (std::size_t k = 1, i = next_of(p.zero, n); k <= n; ++k, i = next_of(i, n)) {
    const std::int64_t flow = prefix.sums[i] - prefix.lo;
    p.phi[i] = std::min(flow / g, before + inst.loads[i] / g);
    p.rho[i] = flow - g * p.phi[i];
    before = p.phi[i];
  }
  return p;
}

// The pieces' plan, directly, in one transfer per link: link i sends its Phi_i pieces from s_i, one
// every p_i, p_i its piece time L_i + g c_i, or its upstream link's pace when that is slower and it
// relays. Its upstream link does the same from s_{i-1}, so the j-th upstream piece is at P_i by
// s_{i-1} + j p_{i-1}, and P_i holds a piece for its k-th send at s_i + (k-1) p_i when l'_i + (pieces
// arrived by then) >= k: for k > l'_i that asks s_i >= s_{i-1} + (k - l'_i) p_{i-1} - (k - 1) p_i,
// linear in k, so its two ends k = l'_i + 1 and k = Phi_i decide (Phi_i <= Phi_{i-1} + l'_i: the
// upstream pieces suffice). A link that needs no upstream piece starts at 0 at its own pace. On a
// homogeneous ring s_i = max(0, s_{i-1} + (1 - l'_i) p): the end times of document 000's ASAP
// timing.
struct PieceLink {
  Ticks start = 0, pace = 0;
};

PieceLink next_piece_link(const PieceLink& up, std::int64_t phi_up, std::int64_t phi,
                          std::int64_t held, Ticks time) {
  PieceLink link{0, time};
  if (phi_up > 0 && phi > held) {
    link.pace = std::max(time, up.pace);
    const auto needs = [&](std::int64_t send) {
      return up.start + Ticks{send - held} * up.pace - Ticks{send - 1} * link.pace;
    };
    link.start = std::max({Ticks{0}, needs(held + 1), needs(phi)});
  }
  return link;
}

// Each link's one transfer of pieces (its index in `out`, or none).
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

// `held(i)`: the pieces P_i holds at the start; `time(i)`: a piece's time over link i. Each piece is
// written as a message of `g` items (g = 1: an item).
template <class Held, class Time>
std::vector<std::size_t> pieces_in_one_stretch(std::size_t n, std::size_t zero,
                                               const std::vector<std::int64_t>& phi,
                                               const Held& held, const Time& time, std::int64_t g,
                                               std::vector<Transfer>& out, Ticks& makespan) {
  std::vector<std::size_t> transfer_of(n, kNone);
  out.reserve(n);
  PieceLink link;
  for (std::size_t k = 1, i = next_of(zero, n); k <= n; ++k, i = next_of(i, n)) {
    const std::size_t up = prev_of(i, n);
    const Ticks own = time(i);
    link = next_piece_link(link, phi[up], phi[i], held(i), own);
    if (phi[i] == 0) continue;
    transfer_of[i] = out.size();
    Transfer& t = out.emplace_back(static_cast<std::int64_t>(i),
                                   static_cast<std::int64_t>(next_of(i, n)), phi[i] * g, link.start,
                                   std::nullopt, link.pace == own ? Ticks{0} : link.pace);
    if (g > 1) set_message_size(t, g);
    makespan = std::max(makespan, link.start + Ticks{phi[i] - 1} * link.pace + own);
  }
  return transfer_of;
}

}  // namespace

std::optional<ShiftPlan> plan_with_tails(const RingInstance& inst, const RingPrefix& prefix,
                                         std::int64_t g) {
  const std::size_t n = inst.size();
  if (inst.bidirectional() || n < 2 || g < 2) return std::nullopt;
  const Pieces p = cut_into_pieces(inst, prefix, g);
  // The pieces' transfers, then the remainders that cannot close their link's: room for all of them
  // at once (growing a million 64-byte transfers copied them all, a tenth of the plan's time at
  // 10^6; capacity never touched costs no memory).
  std::vector<Transfer> transfers;
  transfers.reserve(n + static_cast<std::size_t>(std::count_if(p.rho.begin(), p.rho.end(),
                                                               [](auto r) { return r != 0; })));
  Ticks makespan = 0;
  const std::vector<std::size_t> transfer_of = pieces_in_one_stretch(
      n, p.zero, p.phi, [&](std::size_t i) { return inst.loads[i] / g; },
      [&](std::size_t i) { return piece_time(inst, i, g); }, g, transfers, makespan);
  // The pace of transfer t, the end of its k-th piece (from 1), the end of link i's pieces, and when
  // the r-th piece over link i has arrived (0 for r <= 0).
  const auto period = [&](const Transfer& t) {
    return t.spacing != 0 ? t.spacing : piece_time(inst, static_cast<std::size_t>(t.from), g);
  };
  const auto piece_end = [&](const Transfer& t, std::int64_t k) {
    return t.start + Ticks{k - 1} * period(t) +
           piece_time(inst, static_cast<std::size_t>(t.from), g);
  };
  const auto pieces_end = [&](std::size_t i) {
    return transfer_of[i] == kNone ? Ticks{0} : piece_end(transfers[transfer_of[i]], p.phi[i]);
  };
  const auto arrived = [&](std::size_t i, std::int64_t r) -> Ticks {
    return r <= 0 ? Ticks{0} : piece_end(transfers[transfer_of[i]], r);
  };
  Ticks upstream_rest_end = 0;  // of the remainder into the current processor
  for (std::size_t k = 1, i = next_of(p.zero, n); k <= n; ++k, i = next_of(i, n)) {
    const std::size_t up = prev_of(i, n);
    const std::int64_t rest = p.rho[i];
    const Ticks rest_into = upstream_rest_end;
    upstream_rest_end = 0;
    if (rest == 0) continue;
    // After all its pieces have left, P_i holds g (t'_i - Phi_{i-1} + r) + s_i items once r
    // upstream pieces have arrived (t'_i = l'_i - Phi_i + Phi_{i-1}), and rho_{i-1} more once the
    // upstream remainder has.
    const std::int64_t spare = inst.loads[i] % g, kept = inst.loads[i] / g - p.phi[i] + p.phi[up];
    const std::int64_t need = p.phi[up] - kept + (rest - spare + g - 1) / g;
    const Ticks ready = need <= p.phi[up] ? arrived(up, need) : std::max(pieces_end(up), rest_into);
    const std::int64_t messages = (rest + g - 1) / g;
    const Ticks last =
        Ticks{inst.latency(i, true)} + Ticks{rest - (messages - 1) * g} * inst.succ_cost[i];
    if (transfer_of[i] != kNone) {
      Transfer& tail = transfers[transfer_of[i]];
      const Ticks slot = tail.start + Ticks{p.phi[i]} * period(tail);
      if (slot >= ready) {  // the link's transfer carries the remainder on
        upstream_rest_end = slot + Ticks{messages - 1} * period(tail) + last;
        tail.items += rest;
        set_message_size(tail, g);
        makespan = std::max(makespan, upstream_rest_end);
        continue;
      }
    }
    const Ticks begin = std::max(ready, pieces_end(i));
    Transfer t(static_cast<std::int64_t>(i), static_cast<std::int64_t>(next_of(i, n)), rest, begin);
    set_message_size(t, g);
    transfers.push_back(t);  // after every piece's transfer: transfer_of stays valid
    upstream_rest_end = begin + Ticks{messages - 1} * piece_time(inst, i, g) + last;
    makespan = std::max(makespan, upstream_rest_end);
  }
  ShiftPlan out;
  out.schedule.time_scale = inst.cost_scale;
  out.schedule.transfers = std::move(transfers);
  out.schedule.makespan = makespan;
  out.schedule.flow_shift = -prefix.lo;
  out.method = "messages of " + std::to_string(g) +
               " items, each link's in one stretch as early as its upstream pieces allow, "
               "remainders last";
  return out;
}

std::int64_t best_tail_piece(const RingInstance& inst, const RingPrefix& prefix,
                             const std::vector<std::int64_t>& candidates) {
  const std::size_t n = inst.size(), zero = edge_without_flow(prefix);
  // The pieces' makespan for g, with each remainder right after its link's last piece: what
  // plan_with_tails builds when its remainders close their links' transfers.
  const auto estimate = [&](std::int64_t g) {
    Ticks longest = 0;
    std::int64_t before = 0;
    PieceLink link;
    for (std::size_t k = 1, i = next_of(zero, n); k <= n; ++k, i = next_of(i, n)) {
      const std::int64_t flow = prefix.sums[i] - prefix.lo, own = inst.loads[i] / g;
      const std::int64_t phi = std::min(flow / g, before + own);
      const Ticks time = piece_time(inst, i, g);
      link = next_piece_link(link, before, phi, own, time);
      before = phi;
      const std::int64_t rest = flow - g * phi;
      const Ticks tail =
          rest > 0 ? Ticks{inst.latency(i, true)} + Ticks{rest} * inst.succ_cost[i] : Ticks{0};
      longest = std::max(longest, link.start + Ticks{phi} * link.pace + tail);
    }
    return longest;
  };
  std::int64_t best = 0;
  Ticks best_time = 0;
  for (const std::int64_t g : candidates) {
    const Ticks t = estimate(g);
    if (best == 0 || t < best_time) {
      best = g;
      best_time = t;
    }
  }
  return best;
}

RingPlan pieces_in_one_stretch(const RingInstance& pieces, const std::vector<std::int64_t>& phi) {
  const std::size_t n = pieces.size();
  std::size_t zero = 0;
  while (zero < n && phi[zero] != 0) ++zero;
  RingPlan plan;
  plan.schedule.time_scale = pieces.cost_scale;
  Ticks makespan = 0;
  if (zero < n)
    pieces_in_one_stretch(
        n, zero, phi, [&](std::size_t i) { return pieces.loads[i]; },
        [&](std::size_t i) { return Ticks{pieces.succ_cost[i]}; }, 1, plan.schedule.transfers,
        makespan);
  plan.schedule.makespan = makespan;
  plan.schedule.flow_shift = 0;
  plan.method = "each link's super-items in one stretch, as early as its upstream ones allow";
  return plan;
}

}  // namespace redist::ring::detail
