#pragma once
// redist's MPI executor in one include (redist::mpi, pkg-config redist-mpi): the Context, plans made
// once and executed many times, the one-call redistributions (typed vectors, slices, byte spans,
// variable-size items), the permutation transport, progress and the link probe (docs/api.md). The
// only redist header set that includes <mpi.h> (docs/design.md section 2). Every installed exec
// header is listed here (the header-hygiene test checks it).

#include "redist/version.hpp"

#include "redist/exec/buffer_pool.hpp"
#include "redist/exec/context.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/errors.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/ordered_slice.hpp"
#include "redist/exec/parts_options.hpp"
#include "redist/exec/permutation_redistribute.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/plan_options.hpp"
#include "redist/exec/prediction.hpp"
#include "redist/exec/progress.hpp"
#include "redist/exec/redistribute.hpp"
#include "redist/exec/request.hpp"
#include "redist/exec/transfer_report.hpp"
#include "redist/exec/variable_items.hpp"
