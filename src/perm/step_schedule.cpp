#include "redist/perm/step_schedule.hpp"

#include <algorithm>
#include <sstream>

#include "redist/core/error.hpp"

namespace redist::perm {

std::int64_t StepSchedule::steps() const {
  std::int64_t total = 0;
  for (const StepGroup& g : groups) total += g.repeat;
  return total;
}

std::vector<PairDemand> transfer_demand(const PermInstance& instance,
                                        const Assignment& assignment) {
  REDIST_ASSERT(is_permutation(assignment, instance.processors()));
  std::vector<PairDemand> demand;
  for (std::size_t i = 0; i < instance.processors(); ++i)
    for (const CountEntry& e : instance.row(static_cast<Proc>(i)))
      if (assignment[e.part] != i)
        demand.push_back({static_cast<Proc>(i), assignment[e.part], e.count});
  std::sort(demand.begin(), demand.end(), [](const PairDemand& a, const PairDemand& b) {
    return a.src != b.src ? a.src < b.src : a.dst < b.dst;
  });
  return demand;
}

std::int64_t max_port_degree(std::size_t processors, const std::vector<PairDemand>& demand) {
  std::vector<std::int64_t> sent(processors, 0), received(processors, 0);
  std::int64_t best = 0;
  for (const PairDemand& d : demand) {
    best = std::max(best, sent[d.src] += d.items);
    best = std::max(best, received[d.dst] += d.items);
  }
  return best;
}

namespace {

// Items moved so far per demanded pair: open addressing on (src, dst), sized once from the demand,
// so the check costs O(1) per listed pair even for schedules with millions of them.
class PairTotals {
 public:
  explicit PairTotals(const std::vector<PairDemand>& demand) {
    std::size_t cap = 16;
    while (cap < 2 * demand.size()) cap *= 2;
    keys_.assign(cap, kEmpty);
    values_.assign(cap, 0);
    for (const PairDemand& d : demand) {
      std::size_t slot = home(key(d.src, d.dst));
      while (keys_[slot] != kEmpty && keys_[slot] != key(d.src, d.dst))
        slot = (slot + 1) & (cap - 1);
      keys_[slot] = key(d.src, d.dst);
    }
  }
  std::int64_t* find(Proc src, Proc dst) {
    const std::uint64_t k = key(src, dst);
    for (std::size_t slot = home(k);; slot = (slot + 1) & (keys_.size() - 1)) {
      if (keys_[slot] == k) return &values_[slot];
      if (keys_[slot] == kEmpty) return nullptr;
    }
  }

 private:
  static constexpr std::uint64_t kEmpty = UINT64_MAX;
  static std::uint64_t key(Proc src, Proc dst) {
    return (static_cast<std::uint64_t>(src) << 32) | dst;
  }
  std::size_t home(std::uint64_t k) const {
    return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ULL) >> 20) & (keys_.size() - 1);
  }
  std::vector<std::uint64_t> keys_;
  std::vector<std::int64_t> values_;
};

StepCheck fail(std::size_t group, const char* rule, std::string message) {
  return StepCheck{false, 0, StepViolation{group, rule, std::move(message)}};
}

// Message text without std::string operator+ chains (GCC 12 warns spuriously on those).
template <class... Parts>
std::string text(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

std::string pair_text(const TransferPair& p) { return text("(", p.src, ", ", p.dst, ")"); }

// One group: ids in range, no self pair, distinct senders and receivers. `stamp` marks, per
// processor, the last group that used it as sender (first half) or receiver (second half).
std::optional<StepCheck> check_group(std::size_t g, const StepGroup& group, std::size_t n,
                                     std::vector<std::size_t>& stamp) {
  if (group.repeat < 1) return fail(g, "repeat", text("repeat must be >= 1, got ", group.repeat));
  for (const TransferPair& p : group.pairs) {
    if (p.src >= n || p.dst >= n)
      return fail(g, "range", text("pair ", pair_text(p), " names a processor out of range"));
    if (p.src == p.dst) return fail(g, "self", text("pair ", pair_text(p), " sends to itself"));
    if (stamp[p.src] == g)
      return fail(g, "one-port-send", text("processor ", p.src, " sends twice in one step"));
    if (stamp[n + p.dst] == g)
      return fail(g, "one-port-receive", text("processor ", p.dst, " receives twice in one step"));
    stamp[p.src] = g;
    stamp[n + p.dst] = g;
  }
  return std::nullopt;
}

}  // namespace

StepCheck check_step_schedule(std::size_t processors, const std::vector<PairDemand>& demand,
                              const StepSchedule& schedule) {
  std::vector<std::size_t> stamp(2 * processors, SIZE_MAX);
  PairTotals moved(demand);
  std::int64_t steps = 0;
  for (std::size_t g = 0; g < schedule.groups.size(); ++g) {
    const StepGroup& group = schedule.groups[g];
    if (auto bad = check_group(g, group, processors, stamp)) return *bad;
    if (__builtin_add_overflow(steps, group.repeat, &steps))
      return fail(g, "repeat", "total number of steps overflows");
    for (const TransferPair& p : group.pairs) {
      std::int64_t* m = moved.find(p.src, p.dst);
      if (m == nullptr)
        return fail(g, "demand", text("pair ", pair_text(p), " moves items it has no demand for"));
      if (__builtin_add_overflow(*m, group.repeat, m))
        return fail(g, "demand", text("pair ", pair_text(p), " moves too much"));
    }
  }
  const std::size_t end = schedule.groups.size();
  for (std::size_t k = 0; k < demand.size(); ++k) {
    const PairDemand& d = demand[k];
    const std::int64_t got = *moved.find(d.src, d.dst);
    if (got != d.items)
      return fail(
          end, "demand",
          text("pair ", pair_text({d.src, d.dst}), " moves ", got, " items, demand is ", d.items));
  }
  return StepCheck{true, steps, std::nullopt};
}

}  // namespace redist::perm
