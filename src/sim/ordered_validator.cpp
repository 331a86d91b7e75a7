#include "redist/sim/ordered_validator.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/core/ordered_items.hpp"
#include "ring_batches.hpp"

namespace redist::sim {

namespace {

using detail::Candidate;
using detail::proc;

// One transfer seen from one processor: it sends (or receives) the items [lo, hi); item g leaves
// (arrives) at base + (g - anchor) * step, so step is -period when the highest item goes first.
struct ItemEvent {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  std::int64_t anchor = 0;
  Ticks base = 0;
  Ticks step = 0;
  bool arrival = false;
  std::uint32_t transfer = 0;

  Ticks at(std::int64_t g) const { return base + static_cast<Ticks>(g - anchor) * step; }
};

int rule_rank(const std::string& rule) {
  if (rule == "neighbour" || rule == "spacing") return 0;
  if (rule == "one-port") return 1;
  return rule == "holdings" ? 2 : 3;
}

// Transfer indices by processor (CSR), each once as a departure and once as an arrival.
struct EventTable {
  std::vector<std::uint32_t> entries;  // transfer index * 2 + (1 when an arrival)
  std::vector<std::size_t> offset;     // n + 1
};

class IdentityChecker {
 public:
  IdentityChecker(const RingInstance& inst, const Schedule& sched, int scale, Ticks makespan)
      : inst_(inst),
        sched_(sched),
        layout_(OrderedLayout::of(inst)),
        factor_(pow10_ticks(scale - sched.time_scale)),
        scale_(scale),
        makespan_(makespan) {}

  void run(Candidate& found) {
    const EventTable table = build_table();
    std::vector<ItemEvent> events;
    for (std::size_t p = 0; p < inst_.size(); ++p) {
      events.clear();
      for (std::size_t e = table.offset[p]; e < table.offset[p + 1]; ++e)
        events.push_back(event(table.entries[e] >> 1, (table.entries[e] & 1U) != 0));
      check_processor(p, events, found);
    }
  }

 private:
  // Transfers on a link of the ring at a pace the link allows; the others are reported by the
  // count rules at their start, before any item of theirs could matter.
  std::optional<bool> usable_link(const Transfer& t) const {
    const auto succ = detail::uses_succ_link(inst_, t);
    if (!succ || t.items == 0) return std::nullopt;
    const Ticks cost = inst_.cost(static_cast<std::size_t>(t.from), *succ);
    if (t.spacing != 0 && t.spacing * factor_ < cost) return std::nullopt;
    return succ;
  }

  EventTable build_table() const {
    const std::size_t n = inst_.size();
    EventTable table;
    table.offset.assign(n + 2, 0);
    for (const Transfer& t : sched_.transfers)
      if (usable_link(t)) {
        ++table.offset[static_cast<std::size_t>(t.from) + 2];
        ++table.offset[static_cast<std::size_t>(t.to) + 2];
      }
    for (std::size_t p = 1; p < table.offset.size(); ++p) table.offset[p] += table.offset[p - 1];
    table.entries.resize(table.offset.back());
    for (std::size_t i = 0; i < sched_.transfers.size(); ++i) {
      const Transfer& t = sched_.transfers[i];
      if (!usable_link(t)) continue;
      const auto index = static_cast<std::uint32_t>(i);
      table.entries[table.offset[static_cast<std::size_t>(t.from) + 1]++] = index * 2;
      table.entries[table.offset[static_cast<std::size_t>(t.to) + 1]++] = index * 2 + 1;
    }
    table.offset.pop_back();
    return table;
  }

  ItemEvent event(std::uint32_t index, bool arrival) const {
    const Transfer& t = sched_.transfers[index];
    const bool succ = *detail::uses_succ_link(inst_, t);
    const Ticks cost = inst_.cost(static_cast<std::size_t>(t.from), succ);
    const Ticks period = t.spacing == 0 || t.items == 1 ? cost : t.spacing * factor_;
    ItemEvent e;
    e.lo = t.first;
    e.hi = t.first + t.items;
    // Farthest first: towards the successor the highest item leaves first.
    e.anchor = succ ? e.hi - 1 : e.lo;
    e.step = succ ? -period : period;
    e.base = t.start * factor_ + (arrival ? cost : 0);
    e.arrival = arrival;
    e.transfer = index;
    return e;
  }

  void check_processor(std::size_t p, std::vector<ItemEvent>& events, Candidate& found) {
    p_ = p;
    own_ = {layout_.before[p], layout_.before[p + 1]};
    target_ = {layout_.after[p], layout_.after[p + 1]};
    std::vector<std::int64_t> cuts = {own_.first, own_.second, target_.first, target_.second};
    for (const ItemEvent& e : events) {
      cuts.push_back(e.lo);
      cuts.push_back(e.hi);
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::sort(events.begin(), events.end(),
              [](const ItemEvent& a, const ItemEvent& b) { return a.lo < b.lo; });
    active_.clear();
    std::size_t next = 0;
    for (std::size_t c = 0; c + 1 < cuts.size(); ++c) {
      const std::int64_t x = cuts[c], y = cuts[c + 1];
      std::erase_if(active_, [x](const ItemEvent& e) { return e.hi <= x; });
      while (next < events.size() && events[next].lo <= x) {
        if (events[next].hi > x) active_.push_back(events[next]);
        ++next;
      }
      check_range(x, y, found);
    }
  }

  bool owned(std::int64_t g) const { return g >= own_.first && g < own_.second; }
  bool targeted(std::int64_t g) const { return g >= target_.first && g < target_.second; }

  // The order of the active events for item g: by time, an arrival before a departure at the
  // same instant (an item may be forwarded from the instant it has arrived).
  std::vector<std::uint32_t> order_at(std::int64_t g) const {
    std::vector<std::uint32_t> order(active_.size());
    for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      const Ticks ta = active_[a].at(g), tb = active_[b].at(g);
      if (ta != tb) return ta < tb;
      if (active_[a].arrival != active_[b].arrival) return active_[a].arrival;
      return active_[a].transfer < active_[b].transfer;
    });
    return order;
  }

  // Items [x, y): every active event covers them all, and so do own_ and target_.
  void check_range(std::int64_t x, std::int64_t y, Candidate& found) {
    if (active_.empty()) {
      if (owned(x) != targeted(x)) offer_final(x, found);
      return;
    }
    const auto first = order_at(x);
    const auto last = order_at(y - 1);
    if (first == last) return judge(first, x, y, found);
    if (y - x == 2) {
      judge(first, x, x + 1, found);
      return judge(last, y - 1, y, found);
    }
    const std::int64_t mid = x + (y - x) / 2;
    check_range(x, mid, found);
    check_range(mid, y, found);
  }

  // Items [u, v) whose events all come in `order`: replays them from the start.
  void judge(const std::vector<std::uint32_t>& order, std::int64_t u, std::int64_t v,
             Candidate& found) {
    bool held = owned(u);
    for (const std::uint32_t k : order) {
      const ItemEvent& e = active_[k];
      if (e.arrival == held) {  // receives an item it holds, or sends one it does not
        const std::int64_t g = e.at(u) <= e.at(v - 1) ? u : v - 1;
        const Transfer& t = sched_.transfers[e.transfer];
        found.offer(e.at(g), static_cast<std::int64_t>(p_), 2, "holdings",
                    proc(static_cast<std::int64_t>(p_)) +
                        (e.arrival ? " receives item " : " must send item ") + std::to_string(g) +
                        " (transfer " + std::to_string(e.transfer) + ": P" +
                        std::to_string(t.from) + " -> P" + std::to_string(t.to) +
                        ") at t=" + format_ticks(e.at(g), scale_) +
                        (e.arrival ? " but already holds it" : " but does not hold it"));
        return;
      }
      held = e.arrival;
    }
    if (held != targeted(u)) offer_final(u, found);
  }

  void offer_final(std::int64_t g, Candidate& found) const {
    const auto p = static_cast<std::int64_t>(p_);
    const std::string range =
        "[" + std::to_string(target_.first) + ", " + std::to_string(target_.second) + ")";
    found.offer(
        makespan_, p, 3, "final-load",
        targeted(g)
            ? proc(p) + " ends without item " + std::to_string(g) + " of its new range " + range
            : proc(p) + " ends with item " + std::to_string(g) + ", outside its new range " +
                  range + " (it belongs to P" + std::to_string(layout_.destination_of(g)) + ")");
  }

  const RingInstance& inst_;
  const Schedule& sched_;
  OrderedLayout layout_;
  Ticks factor_;
  int scale_;
  Ticks makespan_;
  std::size_t p_ = 0;
  std::pair<std::int64_t, std::int64_t> own_, target_;
  std::vector<ItemEvent> active_;
};

void require_named_blocks(const Schedule& sched, std::int64_t total) {
  if (!sched.transfers.empty() && !names_items(sched))
    throw InputError("", "transfers[0].first",
                     "missing required field: an ordered schedule names the items of every "
                     "transfer");
  for (std::size_t i = 0; i < sched.transfers.size(); ++i) {
    const Transfer& t = sched.transfers[i];
    if (t.first < 0 || t.first > total - t.items)
      throw InputError(
          "", indexed("transfers", i) + ".first",
          "items " + std::to_string(t.first) + " .. " + std::to_string(t.first + t.items - 1) +
              " are not all items of the instance (0 .. " + std::to_string(total - 1) + ")");
  }
}

}  // namespace

ValidationResult validate_ordered_schedule(const RingInstance& original, const Schedule& sched) {
  require_named_blocks(sched, original.total_items());
  ValidationResult counts = detail::validate_item_counts(original, sched);
  const int scale = counts.time_scale;
  std::optional<RingInstance> finer;
  if (scale != original.cost_scale) finer = rescaled(original, scale);
  const RingInstance& inst = finer ? *finer : original;

  Candidate found;
  if (counts.violation)
    found.offer(counts.violation->time, counts.violation->processor,
                rule_rank(counts.violation->rule), counts.violation->rule.c_str(),
                counts.violation->message);
  IdentityChecker(inst, sched, scale, counts.makespan).run(found);
  counts.valid = !found.best.has_value();
  counts.violation = found.best;
  return counts;
}

}  // namespace redist::sim
