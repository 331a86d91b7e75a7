#pragma once
// redist's algorithms in one include (redist::core, pkg-config redist): exact decimals and ring
// instances (core), validators and evaluators (sim), the ring planners, their bounds and generator
// (ring, document 000; the pipeline forms of document 004), the all-port Lau planners (lau,
// document 002) and the permutation redistribution (perm, document 003). Files and JSON are in
// <redist/io.hpp>, the experiments, CSV tables and drawings in <redist/report.hpp>, the MPI executor
// in <redist/mpi.hpp> (docs/architecture.md "Installed headers"). Kept small so that it parses in a
// fraction of a second (BENCHMARKS.md "Parse time of the umbrella headers"). Every installed header
// of these layers is listed here or in <redist/io.hpp> (the header-hygiene test checks it).

#include "redist/version.hpp"

#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/core/ordered_items.hpp"
#include "redist/core/random.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/core/wide_int.hpp"

#include "redist/sim/adaptive_policy.hpp"
#include "redist/sim/allport_executor.hpp"
#include "redist/sim/allport_instance.hpp"
#include "redist/sim/allport_shift_evaluator.hpp"
#include "redist/sim/allport_threads.hpp"
#include "redist/sim/allport_time.hpp"
#include "redist/sim/ordered_validator.hpp"
#include "redist/sim/ring_validator.hpp"
#include "redist/sim/speed_window.hpp"

#include "redist/ring/bounds.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/ordered_bounds.hpp"
#include "redist/ring/ordered_plan.hpp"
#include "redist/ring/pipeline.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/plan_machinery.hpp"
#include "redist/ring/routed_range.hpp"
#include "redist/ring/system6_solution.hpp"

#include "redist/lau/generator.hpp"
#include "redist/lau/load_models.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/lau/planner.hpp"
#include "redist/lau/traffic.hpp"
#include "redist/lau/window_search.hpp"

#include "redist/perm/bottleneck.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/generated_instance.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/greedy.hpp"
#include "redist/perm/instance.hpp"
#include "redist/perm/perm_io.hpp"
#include "redist/perm/plan.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/stencil.hpp"
#include "redist/perm/stencil_optimum.hpp"
#include "redist/perm/step_schedule.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"
#include "redist/perm/weighted_matching.hpp"
