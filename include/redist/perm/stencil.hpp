#pragma once
// Redistribution coupled with a 1-D stencil (document 003 section 5). N items on a circular array,
// K iterations of a three-point stencil: item d needs items d-1 and d+1 (mod N). Per iteration a
// processor sends each of its items once to every other processor that hosts a neighbour of it
// (N_ij of section 5.1, counted per item and receiving processor), then updates its items.
//
//   volume model:  T = tau_comm RedistVol   + K (tau_comm sum_ij N_ij           + tau_calc max load)
//   steps model:   T = tau_comm RedistSteps + K (tau_comm max_i max(sent, recv) + tau_calc max load)
//
// Choosing the partition and its placement together is strongly NP-complete for both models
// (Theorems 3 and 4), so redist uses a documented heuristic that takes the best of three plans:
//  1. owner-computes: no redistribution, iterate on the initial layout;
//  2. block: the full-block partition (item d -> part floor(d P / N), optimal for the stencil
//     alone, section 5.2) placed by the exact VolumeRedistrib / StepRedistrib solver of the model;
//  3. improved blocks: starting from 2, and again from blocks that follow the initial layout (one
//     block per processor, sized by its load, in the order of its items' mean position: the layout
//     itself when it is already made of contiguous blocks), alternate (a) local search on the P - 1
//     inner block boundaries: each moves to the best position between its neighbours for the whole
//     objective (a longer block may keep more items in place at the price of a higher max load;
//     blocks may become empty), and (b) exact relabelling of the new blocks (VolumeRedistrib /
//     StepRedistrib again), until neither improves; keep the better of the two.
// Plan 3 never costs more than plan 2, and the choice is never worse than any fixed strategy among
// these. Its true gap, against the exhaustive optimum of tiny instances (stencil_optimum.hpp), is
// measured by `redist experiment perm` and stated in docs/perm.md: optimal on about two thirds of
// them, far off when communication is expensive and gathering items on fewer processors pays.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "redist/perm/instance.hpp"

namespace redist::perm {

enum class CommModel { volume, steps };

struct StencilModel {
  CommModel model = CommModel::volume;
  std::int64_t iterations = 1;  // K
  double tau_comm = 1.0;
  double tau_calc = 1.0;
};

/// The per-iteration terms of a distribution (processor of every item).
struct StencilIteration {
  std::int64_t comm = 0;  // sum of N_ij (volume model) or max over processors of max(sent, recv)
  std::int64_t max_load = 0;  // items on the busiest processor
};

StencilIteration stencil_iteration(std::span<const Proc> processor_of_item, std::size_t processors,
                                   CommModel model);

/// RedistVol or RedistSteps between two distributions of the same items.
std::int64_t redistribution_cost(std::span<const Proc> from, std::span<const Proc> to,
                                 std::size_t processors, CommModel model);

struct StencilPlan {
  std::string strategy;                 // "owner-computes", "block" or "improved-blocks"
  std::vector<Proc> processor_of_item;  // the target distribution
  std::int64_t redistribution = 0;      // RedistVol or RedistSteps
  StencilIteration iteration;
  double total = 0.0;  // the model's T
};

struct StencilChoice {
  StencilPlan owner_computes, block, improved_blocks;
  [[nodiscard]] const StencilPlan& best() const;
};

/// Builds the three plans; `initial` gives every item's processor (ids < processors).
StencilChoice plan_stencil(std::span<const Proc> initial, std::size_t processors,
                           const StencilModel& model);

/// Total cost of a plan under the model (used for every plan and by the tests).
double stencil_total(const StencilModel& model, std::int64_t redistribution,
                     const StencilIteration& iteration);

}  // namespace redist::perm
