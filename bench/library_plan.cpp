// `redist plan INSTANCE -o SCHEDULE` as a library user who ignores the plan machinery would write
// it: read the instance, plan_ring with the default (plain) machinery, so planning and validation
// run one after the other on the one thread, then write the schedule, the same JSON text as the
// program's. No global operator new of the program's, no thread, no prefault, no page handed back
// (BENCHMARKS.md "Machinery supplied from outside" times it next to `redist plan`).
//
//   ./build/bench/library_plan INSTANCE.json SCHEDULE.json

#include <cstdio>
#include <string>
#include <string_view>

#include "app/plan_output.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/ring/plan.hpp"

int main(int argc, char** argv) {
  using namespace redist;
  if (argc != 3) {
    std::fprintf(stderr, "usage: library_plan INSTANCE.json SCHEDULE.json\n");
    return 2;
  }
  const RingInstance inst = io::read_ring_instance(argv[1]);
  const ring::RingPlan plan = ring::plan_ring(inst);  // validated, on this thread alone
  std::FILE* out = std::fopen(argv[2], "wb");
  if (out == nullptr) {
    std::perror(argv[2]);
    return 2;
  }
  bool written = true;
  app::write_plan_json(plan, [&](std::string_view text) {
    written = written && std::fwrite(text.data(), 1, text.size(), out) == text.size();
  });
  written = std::fclose(out) == 0 && written;
  if (!written) {
    std::fprintf(stderr, "%s: write failed\n", argv[2]);
    return 2;
  }
  std::printf("%zu transfers, makespan %s\n", plan.schedule.transfers.size(),
              format_int128(*plan.schedule.makespan).c_str());
  return 0;
}
