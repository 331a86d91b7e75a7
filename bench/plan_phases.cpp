// Where `redist plan INSTANCE -o SCHEDULE` spends its CPU time, phase by phase (issue 11: plan
// within Python's json.load of the instance and 3x `redist bounds`): reading the instance, the
// lower bounds, planning (plan_ring, whose exact validation is timed again on its own), writing the
// schedule (streamed, as `plan -o` does) and reading it back. CPU seconds of the process.
//
//   ./build/bench/plan_phases INSTANCE.json SCHEDULE.json [REPEATS]

#include <cstdio>
#include <ctime>
#include <string>

#include "app/plan_output.hpp"
#include "redist/io/output_files.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/plan.hpp"
#include "redist/sim/ring_validator.hpp"

namespace {

double cpu_seconds_since(std::clock_t t0) {
  return static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace redist;
  if (argc < 3) {
    std::fprintf(stderr, "usage: plan_phases INSTANCE.json SCHEDULE.json [REPEATS]\n");
    return 2;
  }
  const std::string instance_path = argv[1];
  const std::string schedule_path = argv[2];
  const int repeats = argc > 3 ? std::stoi(argv[3]) : 1;
  std::printf("| read | bounds | plan (with validation) | validate | write | read schedule |\n");
  std::printf("|---:|---:|---:|---:|---:|---:|\n");
  for (int r = 0; r < repeats; ++r) {
    std::clock_t t0 = std::clock();
    const RingInstance inst = io::read_ring_instance(instance_path);
    const double read_s = cpu_seconds_since(t0);
    t0 = std::clock();
    const ring::RingBounds bounds = ring::ring_lower_bounds(inst);
    const double bounds_s = cpu_seconds_since(t0);
    t0 = std::clock();
    const ring::RingPlan plan = ring::plan_ring(inst);
    const double plan_s = cpu_seconds_since(t0);
    t0 = std::clock();
    const sim::ValidationResult check = sim::validate_ring_schedule(inst, plan.schedule);
    const double validate_s = cpu_seconds_since(t0);
    t0 = std::clock();
    {
      io::OutputFiles outputs({instance_path});
      outputs.declare(schedule_path, "-o");
      outputs.set_producer(schedule_path,
                           [&](const io::TextWriter& write) { app::write_plan_json(plan, write); });
      outputs.commit();
    }
    const double write_s = cpu_seconds_since(t0);
    t0 = std::clock();
    const Schedule back = io::read_schedule(schedule_path, inst.size());
    const double read_back_s = cpu_seconds_since(t0);
    std::printf("| %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |  (%zu transfers, %s, bound %s)\n",
                read_s, bounds_s, plan_s, validate_s, write_s, read_back_s, back.transfers.size(),
                check.valid ? "valid" : "INVALID", format_int128(bounds.best).c_str());
  }
  return 0;
}
