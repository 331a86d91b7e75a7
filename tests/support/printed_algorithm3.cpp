#include "support/printed_algorithm3.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace redist::testing {

namespace {

std::int64_t ceil_half(std::int64_t v) { return (std::abs(v) + 1) / 2; }

// The sends of one call, at most one per ordered pair of neighbours (the document: "only one data
// item is sent from P_i to P_j to satisfy all these rules").
class StepSends {
 public:
  explicit StepSends(std::size_t n) : n_(n) {}
  std::size_t succ(std::size_t i) const { return (i + 1) % n_; }
  std::size_t pred(std::size_t i) const { return (i + n_ - 1) % n_; }
  void to_succ(std::size_t i) { add(i, succ(i), Link::succ); }
  void to_pred(std::size_t i) { add(i, pred(i), Link::pred); }
  bool sends(std::size_t from, std::size_t to) const { return pairs_.count({from, to}) > 0; }
  bool is_sending(std::size_t i) const {
    return std::any_of(list_.begin(), list_.end(), [&](const auto& s) { return s.from == i; });
  }
  bool is_receiving(std::size_t i) const {
    return std::any_of(list_.begin(), list_.end(), [&](const auto& s) { return s.to == i; });
  }
  std::size_t size() const { return list_.size(); }
  struct Send {
    std::size_t from, to;
    Link link;
  };
  const std::vector<Send>& list() const { return list_; }

 private:
  void add(std::size_t from, std::size_t to, Link link) {
    if (pairs_.insert({from, to}).second) list_.push_back({from, to, link});
  }
  std::size_t n_;
  std::set<std::pair<std::size_t, std::size_t>> pairs_;
  std::vector<Send> list_;
};

// Lines 3-18: the maximal slices (neither one processor nor the whole ring) send or receive
// through their two ends.
void slice_rules(const std::vector<std::int64_t>& delta, std::int64_t dmax, StepSends& s) {
  const std::size_t n = delta.size();
  for (std::size_t k = 0; k < n; ++k) {
    std::int64_t sum = delta[k];
    for (std::size_t len = 2; len + 1 <= n; ++len) {
      const std::size_t l = (k + len - 1) % n;
      sum += delta[l];
      if (dmax != 2) {
        if (sum > 1 && ceil_half(sum) == dmax) s.to_pred(k), s.to_succ(l);  // lines 4-6
        if (sum < -1 && ceil_half(sum) == dmax) s.to_succ(s.pred(k)), s.to_pred(s.succ(l));
      } else {
        if (sum >= 3) s.to_succ(l);           // lines 11-12
        if (sum == 4) s.to_pred(k);           // lines 13-14
        if (sum <= -3) s.to_succ(s.pred(k));  // lines 15-16
        if (sum == -4) s.to_pred(s.succ(l));  // lines 17-18
      }
    }
  }
}

// Lines 25-30: a balanced processor passes on, in the same step, what a neighbour sends it.
void forwarding_rules(const std::vector<std::int64_t>& delta, ForwardingRules rules, StepSends& s) {
  const std::size_t n = delta.size();
  for (bool changed = true; changed;) {
    const std::size_t before = s.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (delta[i] != 0) continue;
      if (s.sends(s.pred(i), i)) s.to_succ(i);
      if (s.sends(s.succ(i), i)) s.to_pred(i);
    }
    changed = rules == ForwardingRules::until_stable && s.size() != before;
  }
}

}  // namespace

std::int64_t printed_delta_max(const std::vector<std::int64_t>& delta) {
  const std::size_t n = delta.size();
  std::int64_t best = 0;
  for (std::size_t i = 0; i < n; ++i) {
    best = std::max(best, std::abs(delta[i]));
    std::int64_t sum = delta[i];
    for (std::size_t len = 2; len <= n; ++len) {
      sum += delta[(i + len - 1) % n];
      best = std::max(best, ceil_half(sum));
    }
  }
  return best;
}

PrintedAlgorithm3Run run_printed_algorithm3(const RingInstance& inst, ForwardingRules rules,
                                            int max_steps) {
  const std::size_t n = inst.size();
  const Ticks c = inst.succ_cost.empty() ? 1 : inst.succ_cost[0];
  std::vector<std::int64_t> delta(n);
  for (std::size_t i = 0; i < n; ++i) delta[i] = inst.loads[i] - inst.targets[i];
  PrintedAlgorithm3Run run;
  run.schedule.time_scale = inst.cost_scale;
  for (int step = 1; step <= max_steps; ++step) {
    const std::int64_t dmax = printed_delta_max(delta);  // line 1
    if (dmax == 0) {
      run.ended = true;
      break;
    }
    StepSends s(n);
    slice_rules(delta, dmax, s);
    for (std::size_t i = 0; i < n; ++i)  // lines 19-21
      if (delta[i] == dmax && !s.is_sending(i)) s.to_succ(i);
    for (std::size_t i = 0; i < n; ++i)  // lines 22-24
      if (delta[i] == -dmax && !s.is_receiving(i)) s.to_succ(s.pred(i));
    if (dmax == 1) forwarding_rules(delta, rules, s);
    for (const StepSends::Send& send : s.list()) {
      std::optional<Link> link;
      if (n == 2) link = send.link;
      run.schedule.transfers.emplace_back(static_cast<std::int64_t>(send.from),
                                          static_cast<std::int64_t>(send.to), 1, (step - 1) * c,
                                          link);
      --delta[send.from];
      ++delta[send.to];
    }
    run.steps = step;
  }
  return run;
}

}  // namespace redist::testing
