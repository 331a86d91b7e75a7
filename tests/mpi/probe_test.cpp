// The link probe: finite positive models, identical on every rank, stored in the context; a
// redistribution planned with them still delivers every item in order.

#include <mpi.h>

#include <cmath>
#include <vector>

#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/redistribute.hpp"

namespace redist::mpitest {

namespace {

void probe_then_redistribute(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  exec::ProbeOptions opt;
  opt.large_bytes = 64 << 10;
  opt.repetitions = 3;
  const exec::RingLinkModels models = exec::probe_ring_links(ctx, opt);
  MPI_CHECK_EQ(models.size(), n);
  std::vector<double> flat;
  for (std::size_t k = 0; k < n; ++k)
    for (const auto* m : {&models.succ[k], &models.pred[k]}) {
      MPI_CHECK(std::isfinite(m->latency_s) && m->latency_s > 0.0);
      MPI_CHECK(std::isfinite(m->seconds_per_byte) && m->seconds_per_byte > 0.0);
      flat.push_back(m->latency_s);
      flat.push_back(m->seconds_per_byte);
    }
  std::vector<double> low(flat.size()), high(flat.size());
  exec::check_mpi(MPI_Allreduce(flat.data(), low.data(), static_cast<int>(flat.size()), MPI_DOUBLE,
                                MPI_MIN, MPI_COMM_WORLD),
                  "MPI_Allreduce");
  exec::check_mpi(MPI_Allreduce(flat.data(), high.data(), static_cast<int>(flat.size()), MPI_DOUBLE,
                                MPI_MAX, MPI_COMM_WORLD),
                  "MPI_Allreduce");
  MPI_CHECK(low == high);
  MPI_CHECK(n == 1 || ctx.links_measured());

  std::vector<std::int64_t> loads(n, 0);
  loads[n / 2] = 300;
  exec::OrderedSlice slice = make_slice(ctx, 512, loads, -1, 3);
  const std::int64_t want =
      300 / static_cast<std::int64_t>(n) + (ctx.rank() < 300 % static_cast<int>(n) ? 1 : 0);
  const auto report = exec::redistribute(ctx, slice, exec::NewShare::count(want));
  verify_slice(ctx, slice, want, 300, 3, "probed");
  MPI_CHECK(report.predicted_seconds >= 0.0);
  ctx.set_link_models(exec::RingLinkModels::uniform(n));
}

}  // namespace

std::vector<TestCase> probe_cases() {
  return {{"probe.measure_then_redistribute", probe_then_redistribute}};
}

}  // namespace redist::mpitest
