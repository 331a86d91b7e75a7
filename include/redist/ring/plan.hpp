#pragma once
// The ring planner facade (`redist plan`): detects the framework of an instance, runs the right
// planner, and returns a schedule with its makespan, the best proved lower bound and whether
// optimality is proved. Every schedule it returns is accepted by validate_ring_schedule with
// exactly the reported makespan (the planner checks this before returning).
//
//   framework                    planner                                  optimal when
//   unidirectional (any costs)   ASAP on the minimal flows (Alg. 1 / 2)   loads, targets >= 1
//                                (back_to_back: batched, may be           (Lemma 5)
//                                batch_limited)
//   homogeneous bidirectional    the holdings-aware construction          loads, targets >= 1
//                                (ring/homogeneous_bidirectional.cpp)     (Lemma 6)
//   heterogeneous bidirectional  System 6 + Lemma 9 when light; else the  makespan = a proved
//                                best of several shifts and executors,    bound
//                                and where that misses the bound, of
//                                list scheduling + local search

#include <cstdint>
#include <functional>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/ring/bounds.hpp"
#include "redist/ring/plan_machinery.hpp"

namespace redist::ring {

struct RingPlan {
  Schedule schedule;      // makespan, lower_bound, status and flow_shift filled in
  std::string framework;  // "unidirectional-homogeneous", ..., "bidirectional-heterogeneous"
  std::string method;     // which construction produced the schedule
  RingBounds bounds;      // every bound that applies, including system6_integer where relevant
  // Only with RingPlanOptions::back_to_back: the optimal timing needs more batches than a schedule
  // may hold (max_schedule_batches): a relay between two saturated slower links must forward in
  // bursts whose number grows with the flow, even on 4 processors. The schedule is then valid but
  // later (docs/ring_unidirectional.md, "Back-to-back batches only").
  bool batch_limited = false;
};

struct RingPlanOptions {
  // Never emit spaced transfers (docs/design.md "Schedule"): for consumers that execute
  // back-to-back batches only. Relays then forward in batches, which may cost optimality
  // (batch_limited).
  bool back_to_back = false;
  // Search effort of the general heterogeneous bidirectional planner (ring/local_search.hpp): 0
  // tries the list scheduler's seeds only, each unit adds 48 local-search moves. Deterministic. The
  // list scheduler competes on rings of up to 25,000 processors per unit (at least one unit).
  int effort = 1;
  // How the plan is made, not what it is (ring/plan_machinery.hpp): memory and threading services
  // the planners may use. nullptr: PlanMachinery::plain(), and plan_ring blocks no signal, gives
  // the kernel no advice and starts no thread (the exact validator it calls hands a schedule of
  // 2^17 transfers or more to the machinery's run_both in two halves, sim/ring_validator.hpp). Not
  // owned; must outlive the call.
  const PlanMachinery* machinery = nullptr;
};

RingPlan plan_ring(const RingInstance& instance, const RingPlanOptions& options = {});

/// Receives a plan while the validator checks it.
using PlanConsumer = std::function<void(const RingPlan&)>;

/// As plan_ring, and hands the plan to `while_validating` (on the calling thread). The validation
/// and the consumer are two jobs for the machinery's run_both: with the plain machinery the
/// validation comes first and a rejected plan never reaches the consumer; a machinery may run them
/// side by side (the `redist` program does: writing a large schedule takes about as long as
/// validating it, BENCHMARKS.md), and then, when the validator rejects the plan, InternalError is
/// thrown after the consumer finished, so the consumer must keep what it does revocable
/// (io::OutputFiles::stage writes temporaries that only a later commit renames). Otherwise an
/// exception of the consumer is rethrown. Returns once both are done. The plan handed over may not
/// be the object returned: keep no reference to it.
RingPlan plan_ring(const RingInstance& instance, const RingPlanOptions& options,
                   const PlanConsumer& while_validating);

}  // namespace redist::ring
