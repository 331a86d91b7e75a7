// `redist experiment perm` on a quick run: Table 1a's reference columns are measured on the
// assignments (not implied by the volume), and the draws of one point are independent streams.

#include <gtest/gtest.h>

#include "redist/report/perm_experiment.hpp"

namespace redist::perm {
namespace {

report::PermExperimentReport quick_run(std::uint64_t seed, bool stencil = false) {
  report::PermExperimentOptions o;
  o.quick = true;
  o.draws = 6;
  o.seed = seed;
  o.stencil = stencil;
  return report::run_perm_experiment(o);
}

TEST(PermExperiment, ReferenceColumnsAreConsistentMeasurements) {
  const report::PermExperimentReport r = quick_run(2013);
  ASSERT_FALSE(r.table1a.empty());
  for (const report::SkewedSetRow& row : r.table1a) {
    for (int k = 0; k < 2; ++k) {
      EXPECT_GE(row.reference_exact[k], 0.0);
      // An exact recovery places every part: the part share is at least the exact share.
      EXPECT_LE(row.reference_exact[k], row.reference_parts[k] + 1e-12);
      EXPECT_LE(row.reference_parts[k], 1.0 + 1e-12);
    }
    // The reference moves exactly half the tiles, so an optimum that moves fewer cannot be it.
    const double half = static_cast<double>(row.tiles * row.tiles) / 2;
    if (row.volume[1] < half - 1e-9) {
      EXPECT_LT(row.reference_exact[0], 1.0) << row.tiles;
    }
  }
}

TEST(PermExperiment, ChunkSetRowsObeyTheOptima) {
  const report::PermExperimentReport r = quick_run(2013);
  ASSERT_EQ(r.table1b.size(), r.table1a.size());
  for (const report::ChunkSetRow& row : r.table1b) {
    const double tiles = static_cast<double>(row.tiles * row.tiles);
    EXPECT_LE(row.volume[0], tiles);
    // Means of per-matrix optima: D_vol moves no more than either other, D_steps needs no more
    // steps.
    EXPECT_LE(row.volume[1], row.volume[0] + 1e-9);
    EXPECT_LE(row.volume[1], row.volume[2] + 1e-9);
    EXPECT_LE(row.steps[2], row.steps[0] + 1e-9);
    EXPECT_LE(row.steps[2], row.steps[1] + 1e-9);
    EXPECT_GE(row.owner_imbalance, 1.0);
  }
}

// The stencil columns are normalised by references the heuristic did not choose: the best fixed
// strategy (P = 16) or the exhaustive optimum (P = 3, N = 9), so the heuristic's own columns can
// move away from 1 in either direction that the references allow, and nowhere else.
TEST(PermExperiment, StencilColumnsAreRelativeToIndependentReferences) {
  const report::PermExperimentReport r = quick_run(2013, true);
  ASSERT_EQ(r.stencil.size(), 40U);
  ASSERT_EQ(r.stencil_tiny.size(), 40U);
  bool gain = false, gap = false;
  for (const report::StencilRow& row : r.stencil) {
    EXPECT_EQ(row.reference, "best fixed");
    // Every fixed strategy is at least the best one; the choice is never worse than it.
    for (double fixed : {row.owner, row.canonical_block, row.block}) EXPECT_GE(fixed, 1.0 - 1e-12);
    EXPECT_LE(row.choice, 1.0 + 1e-12);
    EXPECT_LE(row.worst_choice, 1.0 + 1e-12);
    EXPECT_LE(row.improved, row.block + 1e-12);
    gain |= row.choice < 0.99;
  }
  for (const report::StencilRow& row : r.stencil_tiny) {
    EXPECT_EQ(row.reference, "optimum");
    for (double plan : {row.owner, row.canonical_block, row.block, row.improved, row.choice})
      EXPECT_GE(plan, 1.0 - 1e-12);  // nothing beats the exhaustive optimum
    EXPECT_GE(row.worst_choice, row.choice - 1e-12);
    EXPECT_LE(row.choice_at_reference, row.draws);
    gap |= row.choice > 1.01;
  }
  EXPECT_TRUE(gain);  // the local search beats every fixed strategy somewhere
  EXPECT_TRUE(gap);   // and misses the optimum somewhere: the columns are not 1 by construction
}

TEST(PermExperiment, SeedsGiveIndependentDraws) {
  const report::PermExperimentReport a = quick_run(1), b = quick_run(2), again = quick_run(1);
  ASSERT_EQ(a.figure1.size(), b.figure1.size());
  EXPECT_EQ(a.figure1.back().canonical_volume, again.figure1.back().canonical_volume);
  bool differs = false;
  for (std::size_t k = 0; k < a.figure1.size(); ++k)
    differs |= a.figure1[k].vol_volume.mean != b.figure1[k].vol_volume.mean;
  EXPECT_TRUE(differs);
  // Under the old derivation (draw d used seed + d + 1) seeds 1 and 2 shared five of their six
  // instances per point; independent streams make the spreads differ too.
  EXPECT_NE(a.figure1.back().vol_volume.stddev, b.figure1.back().vol_volume.stddev);
}

}  // namespace
}  // namespace redist::perm
