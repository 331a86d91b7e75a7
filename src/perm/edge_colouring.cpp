#include "redist/perm/edge_colouring.hpp"

#include <algorithm>

#include "perm/hopcroft_karp.hpp"
#include "redist/core/error.hpp"

namespace redist::perm {

namespace {

constexpr std::uint32_t kDummy = UINT32_MAX;

// A bipartite multigraph on sender groups x receiver groups as pairs with multiplicities, sorted by
// sender group (structure of arrays, so that the receivers array doubles as Hopcroft-Karp's
// adjacency). origin[k] is the demand entry a pair carries, or kDummy for padding.
struct Pairs {
  std::vector<Proc> src, dst;
  std::vector<std::int64_t> mult;
  std::vector<std::uint32_t> origin;

  [[nodiscard]] std::size_t size() const { return src.size(); }
  void push(Proc s, Proc d, std::int64_t m, std::uint32_t from) {
    src.push_back(s);
    dst.push_back(d);
    mult.push_back(m);
    origin.push_back(from);
  }
  void reserve(std::size_t n) {
    src.reserve(n);
    dst.reserve(n);
    mult.reserve(n);
    origin.reserve(n);
  }
  void resize(std::size_t n) {
    src.resize(n);
    dst.resize(n);
    mult.resize(n);
    origin.resize(n);
  }
  // Entry k becomes pair `from` of `other` with multiplicity m.
  void set(std::size_t k, const Pairs& other, std::size_t from, std::int64_t m) {
    src[k] = other.src[from];
    dst[k] = other.dst[from];
    mult[k] = m;
    origin[k] = other.origin[from];
  }
  void swap_entries(std::size_t i, std::size_t j) {
    std::swap(src[i], src[j]);
    std::swap(dst[i], dst[j]);
    std::swap(mult[i], mult[j]);
    std::swap(origin[i], origin[j]);
  }
  // Drops pairs of multiplicity 0, keeping the order.
  void compact() {
    std::size_t out = 0;
    for (std::size_t k = 0; k < size(); ++k)
      if (mult[k] != 0) set(out++, *this, k, mult[k]);
    resize(out);
  }
};

// Each sender's pairs as the slice [begin, end) of the sender-sorted pairs (Hopcroft-Karp's
// adjacency), and the senders that have any.
struct SenderSlices {
  std::vector<std::size_t> begin, end;
  std::vector<Proc> senders;

  SenderSlices(const Pairs& g, std::size_t n) : begin(n, 0), end(n, 0) {
    for (std::size_t k = g.size(); k-- > 0;) begin[g.src[k]] = k;
    for (std::size_t k = 0; k < g.size(); ++k) end[g.src[k]] = k + 1;
    for (std::size_t s = 0; s < n; ++s)
      if (end[s] > begin[s]) senders.push_back(static_cast<Proc>(s));
  }
};

class RegularColourer {
 public:
  RegularColourer(std::size_t groups, const std::vector<PairDemand>& demand)
      : n_(groups), demand_(demand) {}

  void colour(Pairs g, std::int64_t degree, std::int64_t repeat) {
    g.compact();
    if (degree == 0) return;
    // As many items per pair as pairs: peel whole matchings instead. Halving would split g into two
    // different halves at every level for as long as the multiplicities stay large, which is
    // exponential in log(degree) (10^12 items per pair never finished); peeling costs at most one
    // step group per pair (fuzz/regressions/perm/colouring_{huge,many}_items_per_pair.bin).
    if (static_cast<std::uint64_t>(degree) >= g.size()) {
      peel_all(std::move(g), degree, repeat);
      return;
    }
    if (degree % 2 == 1) {
      degree -= peel_matching(g, degree, repeat);
      g.compact();
      if (degree == 0) return;
    }
    if (std::all_of(g.mult.begin(), g.mult.end(), [](std::int64_t m) { return m % 2 == 0; })) {
      for (auto& m : g.mult) m /= 2;
      colour(std::move(g), degree / 2, repeat * 2);
      return;
    }
    auto [a, b] = euler_split(g);
    g = Pairs{};
    colour(std::move(a), degree / 2, repeat);
    colour(std::move(b), degree / 2, repeat);
  }

  StepSchedule take() { return std::move(out_); }

 private:
  // One perfect matching of the regular support, used r times (r odd, at most every multiplicity on
  // it and at most the degree, so the degree left is even). Returns r.
  std::int64_t peel_matching(Pairs& g, std::int64_t degree, std::int64_t repeat) {
    const std::vector<std::size_t> m = perfect_matching(g);
    std::int64_t r = degree;
    for (std::size_t k : m) r = std::min(r, g.mult[k]);
    if (r % 2 == 0) --r;
    StepGroup group;
    group.repeat = repeat * r;
    for (std::size_t k : m) {
      g.mult[k] -= r;
      if (g.origin[k] != kDummy)
        group.pairs.push_back({demand_[g.origin[k]].src, demand_[g.origin[k]].dst});
    }
    emit(std::move(group));
    return r;
  }

  // Birkhoff-von Neumann: take a perfect matching, use it r times (r its smallest multiplicity),
  // drop the pairs that ran out, repair the matching from the senders that lost their pair, repeat.
  // Every round removes a pair, so at most g.size() rounds; the matching is kept between rounds, so
  // a round costs the few augmenting paths it needs, not a new matching.
  void peel_all(Pairs g, std::int64_t degree, std::int64_t repeat) {
    SenderSlices slices(g, n_);
    std::vector<std::size_t>& end = slices.end;
    const std::vector<Proc>& senders = slices.senders;
    const BipartiteAdjacency adj{g.dst, slices.begin,
                                 end};  // views: the slices shrink in place below
    HopcroftKarp hk(n_, n_);
    std::vector<Proc> freed = senders;
    while (degree > 0) {
      REDIST_ASSERT(hk.augment(adj, freed) == senders.size());  // g stays regular: Hall
      std::int64_t r = degree;
      for (Proc s : senders) r = std::min(r, g.mult[hk.slot_of_left(s)]);
      StepGroup group;
      group.repeat = repeat * r;
      freed.clear();
      for (Proc s : senders) {
        const std::size_t k = hk.slot_of_left(s);
        if (g.origin[k] != kDummy)
          group.pairs.push_back({demand_[g.origin[k]].src, demand_[g.origin[k]].dst});
        g.mult[k] -= r;
        if (g.mult[k] != 0) continue;
        hk.unmatch_left(s, adj);
        g.swap_entries(k, --end[s]);  // out of s's slice; s is free, so no matched slot moves
        freed.push_back(s);
      }
      emit(std::move(group));
      degree -= r;
    }
  }

  // Hopcroft-Karp with the sender-sorted pairs as adjacency; a regular bipartite multigraph always
  // has a perfect matching (Hall). Returns the matched pair of each sender, in sender order.
  std::vector<std::size_t> perfect_matching(const Pairs& g) const {
    const SenderSlices slices(g, n_);
    const std::vector<Proc>& senders = slices.senders;
    const BipartiteAdjacency adj{g.dst, slices.begin, slices.end};
    HopcroftKarp hk(n_, n_);
    REDIST_ASSERT(hk.augment(adj, senders) == senders.size());
    std::vector<std::size_t> chosen;
    chosen.reserve(senders.size());
    for (Proc s : senders) chosen.push_back(hk.slot_of_left(s));
    return chosen;
  }

  // Both halves get floor(mult / 2) of every pair. The pairs of odd multiplicity have an even
  // number at every vertex; pair them up at each sender and at each receiver: following the pairing
  // alternately through receivers and senders walks even cycles, and dealing each cycle's pairs
  // alternately gives every vertex exactly half of its odd pairs on each side. Only small index
  // arrays are touched at random, so this stays cache-friendly for millions of pairs.
  std::pair<Pairs, Pairs> euler_split(const Pairs& g) const {
    std::vector<std::uint32_t> odd;
    for (std::size_t k = 0; k < g.size(); ++k)
      if (g.mult[k] % 2 != 0) odd.push_back(static_cast<std::uint32_t>(k));
    const std::size_t m = odd.size();
    // Senders: the odd pairs are consecutive per sender (the pairs are sender-sorted) and every
    // sender has an even number of them, so t's sender partner is simply t ^ 1.
    std::vector<std::uint32_t> by_dst(m);
    pair_by_receiver(g, odd, by_dst);
    std::vector<std::uint8_t> side(m, 2);  // 0 = A, 1 = B, 2 = not dealt yet
    for (std::size_t t0 = 0; t0 < m; ++t0) {
      std::size_t t = t0;
      while (side[t] == 2) {  // t and its receiver partner go to opposite sides
        const std::size_t u = by_dst[t];
        side[t] = 0;
        side[u] = 1;
        t = u ^ 1;
      }
    }
    Pairs a, b;
    a.resize(g.size());
    b.resize(g.size());
    std::size_t t = 0, na = 0, nb = 0;
    for (std::size_t k = 0; k < g.size(); ++k) {
      const std::int64_t half = g.mult[k] / 2;
      const bool odd_here = t < m && odd[t] == k;
      const std::int64_t to_a = half + (odd_here && side[t] == 0 ? 1 : 0);
      const std::int64_t to_b = half + (odd_here && side[t] == 1 ? 1 : 0);
      t += odd_here ? 1 : 0;
      if (to_a > 0) a.set(na++, g, k, to_a);
      if (to_b > 0) b.set(nb++, g, k, to_b);
    }
    a.resize(na);
    b.resize(nb);
    return {std::move(a), std::move(b)};
  }

  // Counting sort of the odd pairs by receiver, then consecutive ones are partners.
  void pair_by_receiver(const Pairs& g, const std::vector<std::uint32_t>& odd,
                        std::vector<std::uint32_t>& partner) const {
    std::vector<std::size_t> start(n_ + 1, 0);
    for (std::uint32_t k : odd) ++start[g.dst[k] + 1];
    for (std::size_t v = 0; v < n_; ++v) start[v + 1] += start[v];
    std::vector<std::uint32_t> bucket(odd.size());
    for (std::size_t t = 0; t < odd.size(); ++t)
      bucket[start[g.dst[odd[t]]]++] = static_cast<std::uint32_t>(t);
    for (std::size_t x = 0; x < bucket.size(); x += 2) {
      REDIST_ASSERT(x + 1 < bucket.size() && g.dst[odd[bucket[x]]] == g.dst[odd[bucket[x + 1]]]);
      partner[bucket[x]] = bucket[x + 1];
      partner[bucket[x + 1]] = bucket[x];
    }
  }

  // Appends a step group, merging it into the previous one when they are the same step.
  void emit(StepGroup group) {
    if (group.pairs.empty()) return;
    std::sort(group.pairs.begin(), group.pairs.end(),
              [](const TransferPair& x, const TransferPair& y) { return x.src < y.src; });
    if (!out_.groups.empty()) {
      StepGroup& last = out_.groups.back();
      const bool same = last.pairs.size() == group.pairs.size() &&
                        std::equal(last.pairs.begin(), last.pairs.end(), group.pairs.begin(),
                                   [](const TransferPair& x, const TransferPair& y) {
                                     return x.src == y.src && x.dst == y.dst;
                                   });
      if (same) {
        last.repeat += group.repeat;
        return;
      }
    }
    out_.groups.push_back(std::move(group));
  }

  std::size_t n_;
  const std::vector<PairDemand>& demand_;
  StepSchedule out_;
};

// Next-fit packing of one side's processors into groups of total degree <= Delta. Colouring the
// merged multigraph colours the original (a group sends or receives at most one item per step, so
// each of its processors does too), and it needs far fewer padding pairs when most degrees are
// below Delta. Returns each processor's group (kNoProc without items) and each group's degree.
std::vector<std::int64_t> group_side(const std::vector<std::int64_t>& degree, std::int64_t delta,
                                     std::vector<Proc>& group) {
  std::vector<std::int64_t> fill;
  group.assign(degree.size(), kNoProc);
  for (std::size_t v = 0; v < degree.size(); ++v) {
    if (degree[v] == 0) continue;
    if (fill.empty() || fill.back() + degree[v] > delta) fill.push_back(0);
    fill.back() += degree[v];
    group[v] = static_cast<Proc>(fill.size() - 1);
  }
  return fill;
}

// The demand on sender groups x receiver groups, plus dummy pairs that raise every group's degree
// to Delta (both sides are given the same number of groups, so they lack the same total), sorted by
// sender group.
Pairs regular_pairs(std::size_t n, const std::vector<PairDemand>& demand, std::int64_t delta,
                    std::size_t& groups) {
  std::vector<std::int64_t> sent(n, 0), received(n, 0);
  for (const PairDemand& d : demand) {
    REDIST_ASSERT(d.src < n && d.dst < n && d.src != d.dst && d.items > 0);
    sent[d.src] += d.items;
    received[d.dst] += d.items;
  }
  std::vector<Proc> sgroup, rgroup;
  std::vector<std::int64_t> send_gap = group_side(sent, delta, sgroup),
                            recv_gap = group_side(received, delta, rgroup);
  groups = std::max(send_gap.size(), recv_gap.size());
  send_gap.resize(groups, 0);
  recv_gap.resize(groups, 0);
  for (auto& g : send_gap) g = delta - g;
  for (auto& g : recv_gap) g = delta - g;
  std::vector<std::vector<std::size_t>> by_sender(groups);  // demand indices per sender group
  for (std::size_t k = 0; k < demand.size(); ++k) by_sender[sgroup[demand[k].src]].push_back(k);
  std::vector<PairDemand> dummies;
  for (std::size_t s = 0, r = 0; s < groups; ++s)
    while (send_gap[s] > 0) {
      while (recv_gap[r] == 0) ++r;
      const std::int64_t m = std::min(send_gap[s], recv_gap[r]);
      dummies.push_back({static_cast<Proc>(s), static_cast<Proc>(r), m});
      send_gap[s] -= m;
      recv_gap[r] -= m;
    }
  Pairs g;
  g.reserve(demand.size() + dummies.size());
  std::size_t next_dummy = 0;
  for (std::size_t s = 0; s < groups; ++s) {
    for (std::size_t k : by_sender[s])
      g.push(static_cast<Proc>(s), rgroup[demand[k].dst], demand[k].items,
             static_cast<std::uint32_t>(k));
    for (; next_dummy < dummies.size() && dummies[next_dummy].src == s; ++next_dummy)
      g.push(static_cast<Proc>(s), dummies[next_dummy].dst, dummies[next_dummy].items, kDummy);
  }
  return g;
}

}  // namespace

StepSchedule colour_transfers(std::size_t processors, const std::vector<PairDemand>& demand) {
  REDIST_ASSERT(demand.size() < kDummy);
  const std::int64_t degree = max_port_degree(processors, demand);
  std::size_t groups = 0;
  Pairs pairs = regular_pairs(processors, demand, degree, groups);
  RegularColourer colourer(groups, demand);
  colourer.colour(std::move(pairs), degree, 1);
  StepSchedule s = colourer.take();
  REDIST_ASSERT(s.steps() == degree);
  return s;
}

}  // namespace redist::perm
