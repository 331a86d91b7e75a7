// What the C interface and the Fortran module add to an execution of a plan (BENCHMARKS.md
// "Bindings"): one plan made once, executed on the same arrays of doubles through the C++ API
// (Plan::execute), the C interface (redist_plan_execute) and the Fortran module (plan%execute, via
// bindings_fortran_execute.f90), the three in a rotating order within each repetition. A time is
// the maximum over the ranks of one execution (a barrier before each); medians over the
// repetitions. Every output is checked item by item after every execution.
//
//   mpirun -np 4 bench_bindings_executor --sizes 1MiB,64MiB --reps 41
//
// The layout: ramp (old shares 1..n, new shares equal), so most items change rank.

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "redist/exec/plan.hpp"
#include "redist/redist_mpi.h"

#ifdef REDIST_BENCH_FORTRAN
extern "C" int redist_bench_fortran_execute(void* plan, const double* input,
                                            std::int64_t input_items, double* output,
                                            std::int64_t output_items);
#endif

namespace {

using redist::exec::Plan;

std::int64_t parse_size(const std::string& text) {
  const std::size_t digits = text.find_first_not_of("0123456789");
  const std::int64_t value = std::stoll(text.substr(0, digits));
  const std::string unit = digits == std::string::npos ? "" : text.substr(digits);
  if (unit == "KiB") return value << 10;
  if (unit == "MiB") return value << 20;
  if (unit == "GiB") return value << 30;
  return value;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CLI::App app("redist: C++, C and Fortran executions of one plan");
  std::string sizes = "1MiB,64MiB";
  int reps = 41;
  app.add_option("--sizes", sizes, "total bytes over all ranks, comma separated");
  app.add_option("--reps", reps, "repetitions (each runs every interface once)");
  CLI11_PARSE(app, argc, argv);
  int status = 0;
  {
    redist::exec::Context ctx(MPI_COMM_WORLD);
    redist_context* c_ctx = nullptr;
    redist_context_create(MPI_COMM_WORLD, &c_ctx);
    if (rank == 0)
      std::printf("%-8s %-9s %12s %12s %12s %10s %10s %10s\n", "size", "interface", "median_us",
                  "min_us", "max_us", "vs_cpp", "paired", "reps");
    for (std::size_t from = 0; from < sizes.size();) {
      const std::size_t comma = std::min(sizes.find(',', from), sizes.size());
      const std::string label = sizes.substr(from, comma - from);
      from = comma + 1;
      const std::int64_t total = parse_size(label) / 8;
      // ramp: rank r holds a share r + 1 of the items now, an equal share after.
      std::vector<double> ramp(static_cast<std::size_t>(size)), even(ramp.size(), 1.0);
      for (int r = 0; r < size; ++r) ramp[static_cast<std::size_t>(r)] = r + 1.0;
      const auto old_counts = redist::exec::counts_from_weights(ramp, total);
      const auto new_counts = redist::exec::counts_from_weights(even, total);
      std::int64_t first = 0;
      for (int r = 0; r < rank; ++r) first += old_counts[static_cast<std::size_t>(r)];
      const std::int64_t count = old_counts[static_cast<std::size_t>(rank)];
      std::vector<double> input(static_cast<std::size_t>(count));
      for (std::int64_t k = 0; k < count; ++k)
        input[static_cast<std::size_t>(k)] = double(first + k);
      const Plan plan = Plan::make(ctx, count, redist::exec::NewShare::counts(new_counts), {}, 8);
      redist_share share = redist_share_counts(new_counts.data(), size);
      redist_plan* c_plan = nullptr;
      redist_plan_make(c_ctx, count, &share, nullptr, 8, REDIST_UNKNOWN_FIRST, &c_plan);
      std::vector<double> output(static_cast<std::size_t>(plan.new_count()));
      const auto n = static_cast<std::int64_t>(output.size());
      const redist_field field{input.data(), count, output.data(), n, 8};
      std::vector<std::pair<std::string, std::function<int()>>> interfaces = {
          {"C++",
           [&] {
             return plan.execute({redist::exec::field(input, output)}).new_count == n ? 0 : 1;
           }},
          {"C", [&] { return static_cast<int>(redist_plan_execute(c_plan, &field, 1, nullptr)); }},
      };
#ifdef REDIST_BENCH_FORTRAN
      interfaces.emplace_back("Fortran", [&] {
        return redist_bench_fortran_execute(c_plan, input.data(), count, output.data(), n);
      });
#endif
      std::vector<std::vector<double>> times(interfaces.size());
      for (int rep = 0; rep < reps + 1; ++rep) {
        for (std::size_t j = 0; j < interfaces.size(); ++j) {
          const std::size_t which = (j + static_cast<std::size_t>(rep)) % interfaces.size();
          std::fill(output.begin(), output.end(), -1.0);
          MPI_Barrier(MPI_COMM_WORLD);
          const double t0 = MPI_Wtime();
          const int failed = interfaces[which].second();
          double seconds = MPI_Wtime() - t0, slowest = 0;
          MPI_Allreduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
          const std::int64_t new_first = plan.new_first();
          bool right = failed == 0;
          for (std::int64_t k = 0; k < n && right; ++k)
            right = output[static_cast<std::size_t>(k)] == double(new_first + k);
          if (!right) {
            std::fprintf(stderr, "rank %d: %s: wrong output (%s)\n", rank,
                         interfaces[which].first.c_str(), redist_last_error());
            status = 1;
          }
          if (rep > 0) times[which].push_back(slowest * 1e6);  // the first round warms up
        }
      }
      const double cpp = median(times[0]);
      for (std::size_t j = 0; j < interfaces.size() && rank == 0; ++j) {
        const auto [lo, hi] = std::minmax_element(times[j].begin(), times[j].end());
        std::vector<double> ratios;
        for (std::size_t r = 0; r < times[j].size(); ++r)
          ratios.push_back(times[j][r] / times[0][r]);
        std::printf("%-8s %-9s %12.3f %12.3f %12.3f %+9.2f%% %+9.2f%% %10d\n", label.c_str(),
                    interfaces[j].first.c_str(), median(times[j]), *lo, *hi,
                    100.0 * (median(times[j]) / cpp - 1.0), 100.0 * (median(ratios) - 1.0), reps);
      }
      redist_plan_free(c_plan);
    }
    redist_context_free(c_ctx);
  }
  MPI_Finalize();
  return status;
}
