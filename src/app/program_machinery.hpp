#pragma once
// The `redist` program's plan machinery (redist/ring/plan_machinery.hpp): what makes `redist plan`
// fast and small at n = 10^6 and beyond, kept out of the planners, which only ask for it.
//
// - prefault: the pages of a large buffer the planner is about to fill are faulted in on a second
//   thread (app/background_prefault.hpp), off the planner's core (BENCHMARKS.md "Small pages,
//   faulted in beside the planner").
// - release: consumed memory goes back to the system in whole 2 MiB pages (io/huge_pages.hpp), so
//   that a paced planner's held ALAP curve and its transfers never add up at peak.
// - run_both: the first job (plan_ring's validation) on a second thread with every signal blocked
//   there, the second (writing the schedule) on the calling thread; writing a large schedule takes
//   about as long as validating it. A handler of the program's (removing temporary output files,
//   io/output_files.hpp) then always runs on the calling thread. Where no thread can be had, one
//   after the other.
// The program's operator new (app/huge_page_new.cpp: one malloc arena, huge pages on request) is the
// rest of its memory policy; it is linked into the program, not part of this object.

#include "redist/ring/plan_machinery.hpp"

namespace redist::app {

class ProgramMachinery : public ring::PlanMachinery {
 public:
  std::unique_ptr<ring::MachineryTask> prefault(void* begin, void* end) const override;
  const void* release(const void* begin, const void* end) const override;
  void run_both(const std::function<void()>& first,
                const std::function<void()>& second) const override;
};

}  // namespace redist::app
