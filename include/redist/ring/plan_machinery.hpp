#pragma once
// How a plan is made, as opposed to what it is: the memory and threading services a planner may
// ask for, supplied by the caller (RingPlanOptions::machinery).
//
// The planners are pure algorithms: they never start a thread, block a signal or advise the kernel
// about memory. Where such a service would make a large plan faster or smaller, they ask the
// machinery, and the plain machinery, plan_ring's default, answers by doing nothing or by doing
// the work in order on the calling thread. The plans are the same whatever the machinery does.
// The `redist` program supplies one that faults pages in on a second thread, hands consumed pages
// back to the system and validates beside writing (src/app/program_machinery.hpp; BENCHMARKS.md
// "Machinery supplied from outside").

#include <functional>
#include <memory>

namespace redist::ring {

/// A service started by a PlanMachinery on some memory: destroying it stops it and waits for it,
/// which the planner does before that memory moves or is freed.
class MachineryTask {
 public:
  virtual ~MachineryTask() = default;
};

/// The services, each with its plain answer; derive and override those you want to supply. Calls
/// come from the planning thread, one at a time; a machinery is used by one plan at a time unless
/// its overrides allow more.
class PlanMachinery {
 public:
  virtual ~PlanMachinery() = default;

  /// The planner is about to write [begin, end) from the front and will not move or free it while
  /// the returned task lives; whatever the machinery does there meanwhile must leave the contents
  /// to the planner (e.g. fault the pages in ahead of it). Plain: nothing (nullptr).
  virtual std::unique_ptr<MachineryTask> prefault(void* begin, void* end) const;

  /// [begin, end), part of a buffer the planner still owns, will not be read again before it is
  /// written: the machinery may hand pages inside it back to the system, after which they read as
  /// zero. Returns the address from which on [begin, end) was handed back, `end` when nothing was.
  /// Plain: nothing handed back (`end`).
  virtual const void* release(const void* begin, const void* end) const;

  /// Runs two independent jobs and returns when both are done: `second` on the calling thread,
  /// `first` on it before `second` or beside it on another thread. Neither may throw. Plain: first,
  /// then second.
  virtual void run_both(const std::function<void()>& first,
                        const std::function<void()>& second) const;

  /// The plain machinery: no thread, no signal mask, no advice to the kernel.
  static const PlanMachinery& plain();
};

}  // namespace redist::ring
