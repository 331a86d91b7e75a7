#pragma once
// `redist experiment perm`: document 003's simulations regenerated from seeded instances.
//
//   Figure 1   P = 32, D = 1..20 items per processor, random balanced layouts (section 4.3.1):
//              volume and steps of the min-volume and min-steps assignments relative to the canonical one
//              (mean and standard deviation over the draws).
//   Figure 2   P = 32, D = 20, skew alpha = 0..1 (section 4.3.2), same ratios.
//   Table 1a   SkewedSet on a 4 x 4 grid (section 6.3.3), n x n tiles: the volume and step columns
//              of owner-computes, D_can, D_vol and D_steps, and how often D_vol and D_steps
//              recover the reference block-cyclic labelling (compared part by part).
//   Table 1b   ChunkSet-like layouts on a 4 x 4 grid: the same volume and step columns, and the
//              load imbalance owner-computes would keep.
//   Stencil    section 5: the coupling heuristic (stencil.hpp) against each fixed strategy, for
//              several K and tau_comm / tau_calc, both cost models: on P = 16, N = 256 relative to
//              the best fixed strategy of each draw (the optimum is out of reach), and on P = 3,
//              N = 9 relative to the exhaustive optimum (stencil_optimum.hpp): its true gap.
// Every instance comes from a seeded generator: the same options give the same numbers.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace redist::report {

struct PermExperimentOptions {
  bool quick = false;
  std::uint64_t seed = 2013;
  std::size_t draws = 0;  // per point; 0: 50 (quick: 10)
  bool stencil = true;    // the stencil tables (the P = 3 one enumerates 3^9 distributions a draw)
  std::ostream* progress = nullptr;
};

struct MeanStd {
  double mean = 0;
  double stddev = 0;
};

/// One point of Figure 1 (x = D) or Figure 2 (x = alpha); ratios are "assignment / canonical".
struct FigurePoint {
  double x = 0;
  double canonical_volume = 0, canonical_steps = 0;  // means
  double canonical_volume_std = 0;                   // across the draws (sample)
  MeanStd vol_volume, vol_steps;                     // D_vol
  MeanStd steps_volume, steps_steps;                 // D_steps
};

struct SkewedSetRow {
  std::size_t tiles = 0;         // n (the matrix has n x n tiles)
  double volume[3] = {0, 0, 0};  // mean over matrices: D_can, D_vol, D_steps
  double steps[3] = {0, 0, 0};
  // How far D_vol and D_steps recover the reference labelling (the relabelled block-cyclic layout
  // SkewedSet starts from), index 0 = D_vol, 1 = D_steps; measured on the assignments themselves:
  double reference_exact[2] = {0, 0};  // fraction of matrices whose assignment is the reference
  double reference_parts[2] = {0, 0};  // mean fraction of parts placed on their reference processor
};

/// Table 1b: ChunkSet-like layouts (generator.hpp) on a 4 x 4 grid; the document reports "around
/// 90% of the tiles moved" by all three redistributions and a load imbalance that owner-computes
/// keeps.
struct ChunkSetRow {
  std::size_t tiles = 0;         // n (the matrix has n x n tiles)
  double volume[3] = {0, 0, 0};  // mean over matrices: D_can, D_vol, D_steps
  double steps[3] = {0, 0, 0};
  double owner_imbalance = 0;  // mean of (most tiles on one processor) / (tiles / P)
};

/// Mean cost of each plan relative to a reference computed without the heuristic: the best fixed
/// strategy of the same draw (owner-computes, D_can or the optimally placed full blocks), or the
/// exhaustive optimum on tiny instances. A fixed column >= 1 says how much that strategy loses; the
/// improved and choice columns say how much the heuristic gains (< 1 against the best fixed
/// strategy) or loses (> 1 against the optimum).
struct StencilRow {
  std::string layout;  // "random" (balanced, section 6.2) or "blocks" (contiguous, random sizes)
  std::string model;   // "volume" or "steps"
  std::int64_t iterations = 0;
  double ratio = 0;  // tau_comm / tau_calc
  std::size_t processors = 0, items = 0;
  std::string reference;       // "best fixed" or "optimum"
  double owner = 0;            // owner-computes
  double canonical_block = 0;  // full blocks, part j on processor j (D_can)
  double block = 0;            // full blocks, optimally placed
  double improved = 0;         // locally improved blocks
  double choice = 0;           // the heuristic's choice: the best of owner, block, improved
  double worst_choice = 0;     // the largest choice / reference over the draws
  std::size_t choice_at_reference = 0;  // draws where the choice costs exactly the reference
  std::size_t picked[3] = {0, 0, 0};    // how often the choice was owner / block / improved
  std::size_t draws = 0;
};

struct PermExperimentReport {
  std::size_t draws = 0;
  std::vector<FigurePoint> figure1, figure2;
  std::vector<SkewedSetRow> table1a;
  std::vector<ChunkSetRow> table1b;
  std::vector<StencilRow> stencil;       // P = 16, N = 256, against the best fixed strategy
  std::vector<StencilRow> stencil_tiny;  // P = 3, N = 9, against the exhaustive optimum
};

PermExperimentReport run_perm_experiment(const PermExperimentOptions& options);

/// Plain-text tables for the terminal.
std::string format_perm_experiment(const PermExperimentReport& report);

/// Writes figure1.csv/.svg, figure2.csv/.svg, table1a.csv, table1b.csv, stencil.csv,
/// stencil_tiny.csv into
/// `directory` (created if needed); returns the paths written.
std::vector<std::string> write_perm_experiment(const PermExperimentReport& report,
                                               const std::string& directory);
/// The names write_perm_experiment gives its files, in order (checked before the experiment runs).
std::vector<std::string> perm_experiment_files(const PermExperimentOptions& options);

}  // namespace redist::report
