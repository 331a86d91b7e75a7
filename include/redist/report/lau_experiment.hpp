#pragma once
// `redist experiment lau`: document 002's section 6 regenerated (Tables 1-4), with the corrections
// of docs/errata.md items 5-7 measured rather than assumed.
//
//   Tables 1-2  for n in {4, 10, 20, 30, 50}, random instances (loads uniform in 0..100, whole
//               average by rejection), how often Linear, Traffic and the window search are optimal
//               in each mode, against the true optimum over every shift (optimal.hpp); how often
//               the window search misses; how often the printed thread definition disagrees with
//               execution (multi-send).
//   Table 3     single-send versus multi-send optimum.
//   odd n       the printed versus corrected Traffic index (docs/errata.md item 7; the document's
//               tables use even n only, where both rules agree).
//   Table 4     runtime of the window search versus ours, mean window sizes, versus n and max load.
//   fit         candidate load generators against Tables 1-3 (generator_fit.hpp).
// Every instance comes from a seeded generator: the same options give the same counts.

#include <cstdint>
#include <ostream>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/lau/load_models.hpp"
#include "redist/report/lau_generator_fit.hpp"

namespace redist::report {

struct LauExperimentOptions {
  bool quick = false;
  std::uint64_t seed = 2001;
  std::int64_t instances = 0;         // per n for Tables 1-3; 0: 50,000 (quick: 2,000)
  std::int64_t odd_instances = 0;     // per n for the odd-n table; 0: 10,000 (quick: 1,000)
  std::int64_t timing_instances = 0;  // per row of Table 4; 0: 5,000 (quick: 200)
  std::int64_t fit_instances = 0;     // per n and candidate generator; 0: 10,000 (quick: 300)
  std::ostream* progress = nullptr;   // one line per finished block
};

/// Tables 1 and 2: one mode, one ring size. "optimal" means the true optimum over every shift.
struct ModeTally {
  std::int64_t linear_opt = 0;
  std::int64_t traffic_opt = 0;
  std::int64_t all = 0;             // Linear, Traffic and the window search all optimal
  std::int64_t only_search = 0;     // neither Linear nor Traffic optimal (the document's "Opt")
  double extra_traffic_window = 0;  // sums over only_search instances of 100 (traffic - min) / min
  double extra_traffic_ours = 0;
  double worse_sum = 0;  // sum over non-optimal Linear and Traffic schedules of 100 (T - T*) / T*
  std::int64_t worse_count = 0;
  std::int64_t window_misses = 0;                    // the window search's schedule is not optimal
  double window_miss_excess = 0;                     // sum of 100 (T - T*) / T* over the misses
  std::int64_t printed_thread_wrong[3] = {0, 0, 0};  // multi only: Linear, Traffic, our schedule

  [[nodiscard]] double mean_worse() const {
    return worse_count ? worse_sum / static_cast<double>(worse_count) : 0;
  }
};

/// Table 3: the optimal single-send time against the optimal multi-send time.
struct ModesTally {
  double worse_sum = 0;  // sum of 100 (T_s* - T_m*) / T_m*
  std::int64_t equal = 0;
  double window_worse_sum = 0;  // the same with the window search's optima
  std::int64_t window_equal = 0;
  double single_sum = 0, multi_sum = 0;  // sums of T_s* and T_m* (their means explain % worse)
  std::int64_t single_max = 0;           // the largest T_s*
};

struct RingRow {
  std::size_t n = 0;
  std::int64_t instances = 0;
  ModeTally single, multi;
  ModesTally modes;
};

struct OddRow {
  std::size_t n = 0;
  std::int64_t instances = 0;
  std::int64_t printed_not_traffic_optimal = 0;
  std::int64_t traffic_opt_printed[2] = {0, 0};  // single, multi
  std::int64_t traffic_opt_corrected[2] = {0, 0};
  std::int64_t window_misses[2] = {0, 0};  // the window search as published (printed start)
};

struct TimingRow {
  std::size_t n = 0;
  std::int64_t max_load = 0;
  std::int64_t instances = 0;
  double mean_total_load = 0;
  double mean_window_traffic = 0;   // Delta of the Traffic schedule (0 when no node is red)
  std::int64_t window_defined = 0;  // instances whose Traffic schedule has a red node
  double mean_window_linear = 0;
  double window_search_us = 0;  // per instance, single-send, Traffic + deficits + every h
  double optimal_us = 0;        // per instance, ours, single-send
  double optimal_multi_us = 0;  // per instance, ours, multi-send
};

struct LauExperimentReport {
  LauExperimentOptions options;
  std::vector<RingRow> rings;
  std::vector<OddRow> odd;
  std::vector<TimingRow> timing;
  std::vector<GeneratorFit> fits;  // candidate load generators against Tables 1-3
  double seconds = 0;
};

LauExperimentReport run_lau_experiment(const LauExperimentOptions& options);

/// One row of Tables 1-3: `count` instances of ring size n drawn from `model`, from stream `stream`
/// of `seed` (the tables use stream 1 and the first candidate model).
RingRow run_ring(std::size_t n, std::int64_t count, std::uint64_t seed, const lau::LoadModel& model,
                 std::uint64_t stream);

/// The generator run_ring draws its instances from: instance k is the k-th call of
/// lau::draw_loads(model, rng, n) (so that a test can redraw and re-time them).
Rng ring_row_rng(std::size_t n, std::uint64_t seed, std::uint64_t stream);

}  // namespace redist::report
