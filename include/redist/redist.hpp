#pragma once
// redist's pure layers in one include (redist::core, pkg-config redist): exact decimals and ring
// instances (core), JSON codecs (io), validators and evaluators (sim), the ring planners and bounds
// (ring, document 000), the all-port Lau planners (lau, document 002) and the permutation
// redistribution (perm, document 003). No MPI, no SimGrid; the executor is <redist/mpi.hpp>.
// Every public header of these layers is listed here (the header-hygiene test checks it).

#include "redist/version.hpp"

#include "redist/core/decimal.hpp"
#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"
#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/core/wide_int.hpp"

#include "redist/io/allport_io.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/io/perm_io.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/io/schedule_svg.hpp"

#include "redist/sim/allport_executor.hpp"
#include "redist/sim/allport_instance.hpp"
#include "redist/sim/allport_shift_evaluator.hpp"
#include "redist/sim/allport_threads.hpp"
#include "redist/sim/allport_time.hpp"
#include "redist/sim/ring_validator.hpp"

#include "redist/ring/bounds.hpp"
#include "redist/ring/exact_search.hpp"
#include "redist/ring/flow_timing.hpp"
#include "redist/ring/generator.hpp"
#include "redist/ring/homogeneous_bidirectional.hpp"
#include "redist/ring/path_banding.hpp"
#include "redist/ring/path_timing.hpp"
#include "redist/ring/plan.hpp"
#include "redist/ring/plan_memory.hpp"
#include "redist/ring/shift_planners.hpp"
#include "redist/ring/system6.hpp"

#include "redist/lau/execution_svg.hpp"
#include "redist/lau/experiment.hpp"
#include "redist/lau/experiment_report.hpp"
#include "redist/lau/flow_drawing.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/optimal.hpp"
#include "redist/lau/planner.hpp"
#include "redist/lau/published_tables.hpp"
#include "redist/lau/svg_plot.hpp"
#include "redist/lau/traffic.hpp"
#include "redist/lau/window_search.hpp"

#include "redist/perm/bottleneck.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/experiment.hpp"
#include "redist/perm/generator.hpp"
#include "redist/perm/greedy.hpp"
#include "redist/perm/hopcroft_karp.hpp"
#include "redist/perm/instance.hpp"
#include "redist/perm/solution.hpp"
#include "redist/perm/stencil.hpp"
#include "redist/perm/step_schedule.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"
#include "redist/perm/weighted_matching.hpp"
