#include "matrix_app.hpp"

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <thread>

#include "adaptive_rebalance.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/errors.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/redistribute.hpp"
#include "speed_trace.hpp"

namespace redist::example {

namespace {

using Clock = std::chrono::steady_clock;

// A scheme: redistribute every `period` iterations (0: never), or adaptively (kAdaptive).
constexpr int kAdaptive = -1;

struct SchemeResult {
  int period = 0;
  std::vector<int> redistributed_after;  // iterations after which a redistribution ran
  std::vector<double> iteration_s;       // each iteration's compute time, max over ranks
  std::vector<double> redistribution_s;  // after each iteration (0 when none)
  int redistributions = 0;
  double agreement_s =
      0.0;              // of the redistributions: gather, checks, planning (max over ranks each)
  double wall_s = 0.0;  // the whole scheme from its barrier: synchronisations included
  std::int64_t bytes_moved = 0;
  std::int64_t wrong_columns = 0;
};

double max_over_ranks(const exec::Context& ctx, double value) {
  double out = 0.0;
  exec::check_mpi(MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, MPI_MAX, ctx.comm()), "MPI_Allreduce");
  return out;
}

std::int64_t sum_over_ranks(const exec::Context& ctx, std::int64_t value) {
  std::int64_t out = 0;
  exec::check_mpi(MPI_Allreduce(&value, &out, 1, MPI_INT64_T, MPI_SUM, ctx.comm()),
                  "MPI_Allreduce");
  return out;
}

// Columns of `rows` doubles; column c starts as c * rows + i in row i, and every iteration adds 1.
exec::OrderedSlice initial_columns(const exec::Context& ctx, const MatrixOptions& opt,
                                   const std::vector<SpeedTrace>& traces) {
  std::vector<double> weights;
  for (const SpeedTrace& t : traces) weights.push_back(t.at(1));
  const std::vector<std::int64_t> counts = exec::counts_from_weights(weights, opt.columns);
  std::int64_t first = 0;
  for (int r = 0; r < ctx.rank(); ++r) first += counts[static_cast<std::size_t>(r)];
  exec::OrderedSlice slice(opt.rows * static_cast<std::int64_t>(sizeof(double)));
  slice.resize(counts[static_cast<std::size_t>(ctx.rank())]);
  slice.set_first(first, opt.columns);
  for (std::int64_t k = 0; k < slice.size(); ++k) {
    auto* column = reinterpret_cast<double*>(slice.item(k).data());
    for (std::int64_t i = 0; i < opt.rows; ++i)
      column[i] = static_cast<double>((first + k) * opt.rows + i);
  }
  return slice;
}

// The real update of the owned columns, then the emulated compute time of a rank of this speed.
void compute(exec::OrderedSlice& slice, const MatrixOptions& opt, double speed) {
  const auto started = Clock::now();
  for (std::int64_t k = 0; k < slice.size(); ++k) {
    auto* column = reinterpret_cast<double*>(slice.item(k).data());
    for (std::int64_t i = 0; i < opt.rows; ++i) column[i] += 1.0;
  }
  const auto busy = std::chrono::duration<double, std::micro>(static_cast<double>(slice.size()) *
                                                              opt.column_us / speed);
  const auto until = started + std::chrono::duration_cast<Clock::duration>(busy);
  if (opt.spin) {
    while (Clock::now() < until) {}
  } else {
    std::this_thread::sleep_until(until);
  }
}

std::int64_t wrong_columns(const exec::OrderedSlice& slice, const MatrixOptions& opt) {
  std::int64_t wrong = 0;
  for (std::int64_t k = 0; k < slice.size(); ++k) {
    const auto* column = reinterpret_cast<const double*>(slice.item(k).data());
    const std::int64_t c = slice.global_index(k);
    for (std::int64_t i = 0; i < opt.rows; ++i)
      if (column[i] != static_cast<double>(c * opt.rows + i + opt.iterations)) {
        ++wrong;
        break;
      }
  }
  return wrong;
}

// The new counts of this iteration's redistribution, if the scheme redistributes now. Fixed schemes
// rebalance to the trace's current speeds (share of this rank); the adaptive one decides from the
// measured compute times (adaptive_rebalance.hpp) and gives every rank's count.
std::optional<exec::NewShare> scheme_share(const exec::Context& ctx, int period, int t,
                                           const MatrixOptions& opt,
                                           const exec::OrderedSlice& slice, double compute_s,
                                           double speed, AdaptiveRebalancer& adaptive,
                                           std::vector<std::int64_t>& counts) {
  if (t >= opt.iterations) return std::nullopt;
  if (period == kAdaptive) {
    auto decided = adaptive.after_iteration(ctx, t, slice.size(), compute_s, slice.first());
    if (!decided) return std::nullopt;
    counts = std::move(*decided);
    return exec::NewShare::counts(counts);
  }
  if (period > 0 && t % period == 0) return exec::NewShare::weight(speed);
  return std::nullopt;
}

SchemeResult run_scheme(exec::Context& ctx, const MatrixOptions& opt,
                        const std::vector<SpeedTrace>& traces, int period) {
  SchemeResult result;
  result.period = period;
  exec::OrderedSlice slice = initial_columns(ctx, opt, traces);
  exec::PlanOptions redist_options;
  redist_options.kind = opt.unidirectional ? RingKind::unidirectional : RingKind::bidirectional;
  redist_options.wrap =
      exec::WrapPolicy::allow;  // the best ring plan: columns are found by global index
  AdaptiveRebalancer adaptive(opt.columns, opt.rows * static_cast<std::int64_t>(sizeof(double)),
                              opt.iterations, redist_options);
  std::vector<std::int64_t> counts;
  const SpeedTrace& mine = traces[static_cast<std::size_t>(ctx.rank())];
  exec::check_mpi(MPI_Barrier(ctx.comm()), "MPI_Barrier");
  const double scheme_started = MPI_Wtime();
  for (int t = 1; t <= opt.iterations; ++t) {
    const double started = MPI_Wtime();
    compute(slice, opt, mine.at(t));
    const double compute_s = MPI_Wtime() - started;
    // The synchronisation of an iterative application (a global reduction per iteration). Its time,
    // and that of the adaptive scheme's decision, shows in wall_s only: total_s is what the
    // simulation's coordinator, whose messages are free, can be compared with.
    result.iteration_s.push_back(max_over_ranks(ctx, compute_s));
    const auto share =
        scheme_share(ctx, period, t, opt, slice, compute_s, mine.at(t), adaptive, counts);
    double redistribution = 0.0;
    if (share) {
      const double r0 = MPI_Wtime();
      const exec::TransferReport report = exec::redistribute(ctx, slice, *share, redist_options);
      redistribution = max_over_ranks(ctx, MPI_Wtime() - r0);
      result.agreement_s += max_over_ranks(ctx, report.agreement_seconds);
      if (period == kAdaptive) adaptive.observe(redistribution);
      result.bytes_moved += sum_over_ranks(ctx, report.bytes_sent);
      ++result.redistributions;
      result.redistributed_after.push_back(t);
    }
    result.redistribution_s.push_back(redistribution);
  }
  result.wall_s = max_over_ranks(ctx, MPI_Wtime() - scheme_started);
  result.wrong_columns = sum_over_ranks(ctx, wrong_columns(slice, opt));
  return result;
}

std::string scheme_name(int period, int iterations) {
  if (period == kAdaptive) return "adaptive";
  if (period <= 0) return "none";
  if (period * 2 >= iterations) return "once@" + std::to_string(period);
  return "every " + std::to_string(period);
}

double total_of(const SchemeResult& r) {
  double total = 0.0;
  for (std::size_t t = 0; t < r.iteration_s.size(); ++t)
    total += r.iteration_s[t] + r.redistribution_s[t];
  return total;
}

void print_header(const exec::Context& ctx, const MatrixOptions& opt,
                  const std::vector<SpeedTrace>& traces) {
  std::printf("redist MPI example: iterative column matrix (document 000 section 8)\n");
  std::printf(
      "%d ranks, %lld x %lld matrix (%lld bytes per column), %d iterations, %.0f us per column at "
      "speed 1, %s ring%s\n",
      ctx.size(), static_cast<long long>(opt.rows), static_cast<long long>(opt.columns),
      static_cast<long long>(opt.rows * 8), opt.iterations, opt.column_us,
      opt.unidirectional ? "unidirectional" : "bidirectional",
      opt.probe ? ", probed link costs" : "");
  for (std::size_t r = 0; r < traces.size(); ++r)
    std::printf("  rank %zu speed %s\n", r, describe(traces[r]).c_str());
}

void print_iterations(const std::vector<SchemeResult>& results, const MatrixOptions& opt) {
  std::printf(
      "\nper-iteration time in ms (* = a redistribution followed; its time is in the next "
      "column)\n%-9s",
      "iteration");
  for (const SchemeResult& r : results)
    std::printf(" %16s", scheme_name(r.period, opt.iterations).c_str());
  std::printf("\n");
  for (int t = 0; t < opt.iterations; ++t) {
    std::printf("%-9d", t + 1);
    for (const SchemeResult& r : results) {
      const auto i = static_cast<std::size_t>(t);
      char cell[40];
      if (r.redistribution_s[i] > 0.0)
        std::snprintf(cell, sizeof cell, "%.2f*+%.2f", 1e3 * r.iteration_s[i],
                      1e3 * r.redistribution_s[i]);
      else
        std::snprintf(cell, sizeof cell, "%.2f", 1e3 * r.iteration_s[i]);
      std::printf(" %16s", cell);
    }
    std::printf("\n");
  }
}

void print_totals(const std::vector<SchemeResult>& results, const MatrixOptions& opt) {
  if (results.empty()) return;  // --periods with no scheme and no --adaptive
  const double baseline = total_of(results.front());
  std::printf("\n%-10s %15s %10s %12s %16s %10s %11s %12s %10s\n", "scheme", "redistributions",
              "total_s", "iterations_s", "redistribution_s", "moved_MB", "vs_first_%",
              "agreement_s", "wall_s");
  for (const SchemeResult& r : results) {
    double redistribution = 0.0;
    for (const double x : r.redistribution_s) redistribution += x;
    const double total = total_of(r);
    std::printf("%-10s %15d %10.3f %12.3f %16.4f %10.2f %+11.1f %12.4f %10.3f\n",
                scheme_name(r.period, opt.iterations).c_str(), r.redistributions, total,
                total - redistribution, redistribution, static_cast<double>(r.bytes_moved) / 1e6,
                100.0 * (total - baseline) / baseline, r.agreement_s, r.wall_s);
  }
  for (const SchemeResult& r : results) {
    if (r.period != kAdaptive) continue;
    std::printf("adaptive: redistributed after iteration");
    for (const int t : r.redistributed_after) std::printf(" %d", t);
    std::printf("%s\n", r.redistributed_after.empty() ? "s: none" : "");
  }
}

}  // namespace

int run_matrix_app(exec::Context& ctx, const MatrixOptions& opt) {
  const std::vector<SpeedTrace> traces =
      speed_traces(static_cast<std::size_t>(ctx.size()), opt.iterations, opt.seed);
  if (opt.probe) exec::probe_ring_links(ctx);
  if (ctx.rank() == 0) print_header(ctx, opt, traces);
  std::vector<SchemeResult> results;
  for (const int period : opt.periods) results.push_back(run_scheme(ctx, opt, traces, period));
  if (opt.adaptive) results.push_back(run_scheme(ctx, opt, traces, kAdaptive));
  std::int64_t wrong = 0;
  for (const SchemeResult& r : results) wrong += r.wrong_columns;
  if (ctx.rank() == 0) {
    if (opt.per_iteration) print_iterations(results, opt);
    print_totals(results, opt);
    std::printf("\ncheck: %s\n",
                wrong == 0
                    ? "every column updated exactly once per iteration under every scheme: OK"
                    : "WRONG column contents (see above)");
    std::fflush(stdout);
  }
  return wrong == 0 ? 0 : 1;
}

}  // namespace redist::example
