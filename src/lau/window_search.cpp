#include "redist/lau/window_search.hpp"

#include <algorithm>

namespace redist::lau {

DeficitWindow deficit_window(const sim::ShiftEvaluator& eval, std::int64_t shift) {
  const auto& loads = eval.loads();
  const auto& base = eval.base();
  const std::size_t n = eval.size();
  DeficitWindow w;
  const auto add = [&w](std::int64_t d) {
    w.d_min = w.defined ? std::min(w.d_min, d) : d;
    w.d_max = w.defined ? std::max(w.d_max, d) : d;
    w.defined = true;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t right = base[i] + shift;                      // s_i
    const std::int64_t left = base[i == 0 ? n - 1 : i - 1] + shift;  // s_{i-1}
    if (right > loads[i]) add(right - loads[i]);                     // red, sends to its successor
    if (-left > loads[i]) add(left + loads[i]);  // red, sends to its predecessor
  }
  return w;
}

WindowSearchResult window_search(const sim::ShiftEvaluator& eval, sim::SendMode mode,
                                 TrafficRule start_rule, std::int64_t max_evaluations) {
  WindowSearchResult r;
  r.start_shift = traffic_shift(eval.base(), start_rule);
  r.window = deficit_window(eval, r.start_shift);
  r.shift = r.start_shift;
  if (!r.window.defined) {  // Fig. 9: h = 0
    r.time = eval.time(mode, r.shift);
    r.evaluations = 1;
    return r;
  }
  if (r.window.size() > max_evaluations) {
    r.completed = false;
    return r;
  }
  std::int64_t best_key = 0;
  for (std::int64_t h = r.window.d_min; h <= r.window.d_max; ++h) {
    const sim::AllportTime t = eval.time(mode, r.start_shift - h);
    ++r.evaluations;
    if (r.evaluations == 1 || t.key() < best_key) {
      best_key = t.key();
      r.time = t;
      r.shift = r.start_shift - h;
    }
  }
  return r;
}

}  // namespace redist::lau
