// The measurements of `redist experiment lau` (lau/experiment.hpp); formatting is in
// experiment_report.cpp.

#include <algorithm>
#include <chrono>
#include <ctime>

#include "redist/core/random.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/load_models.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/lau/window_search.hpp"
#include "redist/report/lau_experiment.hpp"
#include "redist/sim/allport_threads.hpp"

namespace redist::report {

namespace {

constexpr sim::SendMode kModes[2] = {sim::SendMode::single, sim::SendMode::multi};

// Everything Tables 1-3 need from one instance, for both modes (index 0 single, 1 multi).
struct Outcome {
  sim::AllportTime linear[2], traffic[2], window[2], best[2];
  double traffic_min = 0;
  double window_traffic[2] = {0, 0};
  double ours_traffic[2] = {0, 0};
  bool printed_thread_wrong[3] = {false, false, false};
};

Outcome evaluate(const sim::AllportInstance& inst) {
  const sim::ShiftEvaluator eval(inst);
  // The document's tables use even n, where the printed and corrected Traffic rules agree.
  const std::int64_t traffic_x = lau::traffic_shift(eval.base(), lau::TrafficRule::printed);
  Outcome o;
  o.traffic_min =
      static_cast<double>(eval.traffic(traffic_shift(eval.base(), lau::TrafficRule::corrected)));
  std::int64_t ours_multi_x = 0;
  for (int m = 0; m < 2; ++m) {
    o.linear[m] = eval.time(kModes[m], 0);
    o.traffic[m] = eval.time(kModes[m], traffic_x);
    const lau::WindowSearchResult w = lau::window_search(eval, kModes[m]);
    o.window[m] = w.time;
    o.window_traffic[m] = static_cast<double>(eval.traffic(w.shift));
    const lau::OptimalShift best = lau::optimal_shift(eval, kModes[m]);
    o.best[m] = best.time;
    o.ours_traffic[m] = static_cast<double>(eval.traffic(best.shift));
    if (m == 1) ours_multi_x = best.shift;
  }
  const std::int64_t shifts[3] = {0, traffic_x, ours_multi_x};
  for (int k = 0; k < 3; ++k) {
    const auto flows = eval.flows(shifts[k]);
    const auto printed = sim::longest_thread(inst.loads, flows, sim::ThreadRule::printed);
    o.printed_thread_wrong[k] = !printed || *printed != eval.multi_send(shifts[k]).steps;
  }
  return o;
}

double percent_over(double value, double base) {
  return base > 0 ? 100.0 * (value - base) / base : 0.0;
}

void tally(ModeTally& t, const Outcome& o, int m) {
  const sim::AllportTime best = o.best[m];
  const bool linear = o.linear[m] == best, traffic = o.traffic[m] == best,
             window = o.window[m] == best;
  t.linear_opt += linear;
  t.traffic_opt += traffic;
  t.all += linear && traffic && window;
  if (!linear && !traffic) {
    ++t.only_search;
    t.extra_traffic_window += percent_over(o.window_traffic[m], o.traffic_min);
    t.extra_traffic_ours += percent_over(o.ours_traffic[m], o.traffic_min);
  }
  const auto worse = [&](const sim::AllportTime& time) {
    if (time == best || time.deadlock) return;
    t.worse_sum += percent_over(static_cast<double>(time.steps), static_cast<double>(best.steps));
    ++t.worse_count;
  };
  worse(o.linear[m]);
  worse(o.traffic[m]);
  if (!window) {
    ++t.window_misses;
    if (!o.window[m].deadlock)
      t.window_miss_excess +=
          percent_over(static_cast<double>(o.window[m].steps), static_cast<double>(best.steps));
  }
  if (m == 1)
    for (int k = 0; k < 3; ++k) t.printed_thread_wrong[k] += o.printed_thread_wrong[k];
}

void tally_modes(ModesTally& t, const Outcome& o) {
  const auto s = static_cast<double>(o.best[0].steps), mm = static_cast<double>(o.best[1].steps);
  t.worse_sum += percent_over(s, mm);
  t.equal += o.best[0] == o.best[1];
  t.single_sum += s;
  t.multi_sum += mm;
  t.single_max = std::max(t.single_max, o.best[0].steps);
  if (!o.window[0].deadlock && !o.window[1].deadlock) {
    t.window_worse_sum += percent_over(static_cast<double>(o.window[0].steps),
                                       static_cast<double>(o.window[1].steps));
    t.window_equal += o.window[0] == o.window[1];
  }
}

Rng block_rng(std::uint64_t seed, std::size_t n, std::uint64_t tag) {
  return Rng(stream_seed(seed, static_cast<std::uint64_t>(n) << 32 | tag));
}

}  // namespace

Rng ring_row_rng(std::size_t n, std::uint64_t seed, std::uint64_t stream) {
  return block_rng(seed, n, stream);
}

RingRow run_ring(std::size_t n, std::int64_t count, std::uint64_t seed, const lau::LoadModel& model,
                 std::uint64_t stream) {
  RingRow row;
  row.n = n;
  row.instances = count;
  Rng rng = ring_row_rng(n, seed, stream);
  for (std::int64_t k = 0; k < count; ++k) {
    const Outcome o = evaluate(sim::allport_instance(lau::draw_loads(model, rng, n)));
    tally(row.single, o, 0);
    tally(row.multi, o, 1);
    tally_modes(row.modes, o);
  }
  return row;
}

namespace {

OddRow run_odd(std::size_t n, std::int64_t count, std::uint64_t seed) {
  OddRow row;
  row.n = n;
  row.instances = count;
  Rng rng = block_rng(seed, n, 2);
  for (std::int64_t k = 0; k < count; ++k) {
    const sim::ShiftEvaluator eval(sim::allport_instance(lau::random_lau_loads(rng, n, 100, true)));
    const std::int64_t printed = lau::traffic_shift(eval.base(), lau::TrafficRule::printed);
    const std::int64_t corrected = traffic_shift(eval.base(), lau::TrafficRule::corrected);
    row.printed_not_traffic_optimal += eval.traffic(printed) != eval.traffic(corrected);
    for (int m = 0; m < 2; ++m) {
      const sim::AllportTime best = lau::optimal_shift(eval, kModes[m]).time;
      row.traffic_opt_printed[m] += eval.time(kModes[m], printed) == best;
      row.traffic_opt_corrected[m] += eval.time(kModes[m], corrected) == best;
      row.window_misses[m] += lau::window_search(eval, kModes[m]).time != best;
    }
  }
  return row;
}

// Processor time (std::clock), best of three passes over the instances: on a shared machine wall
// time measures the other users too.
template <class Fn>
double microseconds_per_instance(const std::vector<sim::AllportInstance>& instances, Fn fn) {
  double best = 0;
  for (int pass = 0; pass < 3; ++pass) {
    const std::clock_t start = std::clock();
    std::int64_t sink = 0;
    for (const auto& inst : instances) sink += fn(inst);
    const double spent = 1e6 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    volatile std::int64_t keep = sink;  // the work must not be optimised away
    (void)keep;
    best = pass == 0 ? spent : std::min(best, spent);
  }
  return best / static_cast<double>(instances.size());
}

TimingRow run_timing(std::size_t n, std::int64_t max_load, std::int64_t count, std::uint64_t seed) {
  TimingRow row{n, max_load, count};
  Rng rng = block_rng(seed, n, 3 + static_cast<std::uint64_t>(max_load));
  std::vector<sim::AllportInstance> instances;
  for (std::int64_t k = 0; k < count; ++k) {
    instances.push_back(sim::allport_instance(lau::random_lau_loads(rng, n, max_load, true)));
    const sim::ShiftEvaluator eval(instances.back());
    row.mean_total_load += static_cast<double>(instances.back().total());
    const lau::DeficitWindow window =
        lau::deficit_window(eval, lau::traffic_shift(eval.base(), lau::TrafficRule::printed));
    row.mean_window_traffic += static_cast<double>(window.size());
    row.window_defined += window.defined;
    row.mean_window_linear += static_cast<double>(lau::deficit_window(eval, 0).size());
  }
  for (double* mean : {&row.mean_total_load, &row.mean_window_traffic, &row.mean_window_linear})
    *mean /= static_cast<double>(count);
  row.window_search_us = microseconds_per_instance(instances, [](const sim::AllportInstance& inst) {
    return lau::window_search(sim::ShiftEvaluator(inst), sim::SendMode::single).shift;
  });
  row.optimal_us = microseconds_per_instance(instances, [](const sim::AllportInstance& inst) {
    return lau::optimal_shift(sim::ShiftEvaluator(inst), sim::SendMode::single).shift;
  });
  row.optimal_multi_us = microseconds_per_instance(instances, [](const sim::AllportInstance& inst) {
    return lau::optimal_shift(sim::ShiftEvaluator(inst), sim::SendMode::multi).shift;
  });
  return row;
}

void note(std::ostream* progress, const std::string& line) {
  if (progress) *progress << "[experiment lau] " << line << std::endl;
}

}  // namespace

LauExperimentReport run_lau_experiment(const LauExperimentOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  LauExperimentReport report;
  report.options = options;
  const auto pick = [&](std::int64_t given, std::int64_t full, std::int64_t quick) {
    return given > 0 ? given : options.quick ? quick : full;
  };
  const std::int64_t ring_count = pick(options.instances, 50'000, 2'000);
  const std::int64_t odd_count = pick(options.odd_instances, 10'000, 1'000);
  const std::int64_t timing_count = pick(options.timing_instances, 5'000, 200);
  const std::int64_t fit_count = pick(options.fit_instances, 10'000, 300);
  for (std::size_t n : {50, 30, 20, 10, 4}) {
    report.rings.push_back(
        run_ring(n, ring_count, options.seed, lau::candidate_load_models().front(), 1));
    note(options.progress, "Tables 1-3: n = " + std::to_string(n) + " done (" +
                               std::to_string(ring_count) + " instances)");
  }
  for (std::size_t n : {51, 31, 21, 11, 5})
    report.odd.push_back(run_odd(n, odd_count, options.seed));
  note(options.progress,
       "odd n (Traffic index): done (" + std::to_string(odd_count) + " instances per n)");
  for (std::int64_t max_load : {200, 100, 40}) {
    for (std::size_t n : {10, 20, 50})
      report.timing.push_back(run_timing(n, max_load, timing_count, options.seed));
    note(options.progress, "Table 4: max load " + std::to_string(max_load) + " done");
  }
  report.fits = run_generator_fit(fit_count, options.seed);
  note(options.progress,
       "generator fit: " + std::to_string(report.fits.size()) + " candidates done");
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace redist::report
