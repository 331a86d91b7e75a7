#pragma once
// redist's MPI executor in one include (redist::mpi, pkg-config redist-mpi): the Context, the ordered
// ring redistribution and the permutation transport, progress, the link probe, and the pure layers
// (<redist/redist.hpp>) they plan with. The only redist header set that includes <mpi.h>
// (docs/design.md section 2). Every exec header is listed here (the header-hygiene test checks it).

#include "redist/redist.hpp"

#include "redist/exec/agreement.hpp"
#include "redist/exec/buffer_pool.hpp"
#include "redist/exec/context.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/ordered_options.hpp"
#include "redist/exec/ordered_plan.hpp"
#include "redist/exec/ordered_redistribute.hpp"
#include "redist/exec/ordered_slice.hpp"
#include "redist/exec/permutation_plan.hpp"
#include "redist/exec/permutation_redistribute.hpp"
#include "redist/exec/progress.hpp"
#include "redist/exec/ring_messages.hpp"
#include "redist/exec/slice_overlap.hpp"
