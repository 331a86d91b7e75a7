#pragma once
// System 6 of document 000 handed, as printed, to a real LP solver (GLPK): the independent oracle
// of the flow-shift solver. Used only by tests and benchmarks; the library never links GLPK.
//
// Variables: S_{i,i+1} >= 0 and S_{i,i-1} >= 0 for every P_i, and tau. Per processor:
//   S_{i,i+1} + S_{i,i-1} - S_{i+1,i} - S_{i-1,i} = delta_i                       (conservation)
//   S_{i,i+1} succ_cost[i] + S_{i,i-1} pred_cost[i] <= tau                          (one-port send)
//   S_{i+1,i} pred_cost[i+1] + S_{i-1,i} succ_cost[i-1] <= tau                      (one-port
//   receive)
// Minimise tau. With n = 2 the four S variables are four distinct links, as in redist.

#include <optional>

#include "redist/core/ring_instance.hpp"

namespace redist::testing {

enum class GlpkMethod { simplex, integer };

/// The optimum tau in ticks (as a double), or nullopt when GLPK fails. `integer` makes every S
/// variable integral (branch and cut): tau_int.
std::optional<double> glpk_system6(const RingInstance& instance, GlpkMethod method);

}  // namespace redist::testing
