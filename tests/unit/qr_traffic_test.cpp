// The tiled-QR traffic count of the stencil example (examples/mpi_example/qr_traffic.hpp):
// hand-counted small cases and invariants.
#include "qr_traffic.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace redist::example {
namespace {

TEST(QrTraffic, OneRankSendsNothingAndIsBalanced) {
  const std::vector<int> owner(25, 0);
  const QrTraffic q = qr_traffic(owner, 5, 1);
  EXPECT_EQ(q.tiles_sent, 0);
  EXPECT_DOUBLE_EQ(q.max_work_share, 1.0);
  EXPECT_DOUBLE_EQ(qr_traffic(owner, 5, 2).max_work_share, 2.0);  // rank 1 idle
}

// 2 x 2 tiles on four ranks: V00 to the UNMQR (1), the triangle to TSQRT (1), V10 to TSMQR (1),
// A(0,1) to TSMQR (1), then the triangle and A(0,1) home (2): 6. Work 4 / 6 / 6 / 12 + 4 of 32.
TEST(QrTraffic, TwoByTwoOnFourRanksByHand) {
  const std::vector<int> owner = {0, 1, 2, 3};
  const QrTraffic q = qr_traffic(owner, 2, 4);
  EXPECT_EQ(q.tiles_sent, 6);
  EXPECT_DOUBLE_EQ(q.max_work_share, 16.0 * 4 / 32);
}

// Relabelling the ranks changes neither count; a column-per-rank layout keeps the panel on one
// rank.
TEST(QrTraffic, InvariantUnderRelabellingAndPanelLocality) {
  const std::int64_t n = 4;
  std::vector<int> cols(16), relabelled(16);
  for (std::int64_t r = 0; r < n; ++r)
    for (std::int64_t c = 0; c < n; ++c) {
      cols[static_cast<std::size_t>(r * n + c)] = static_cast<int>(c);
      relabelled[static_cast<std::size_t>(r * n + c)] = static_cast<int>((c + 1) % n);
    }
  const QrTraffic a = qr_traffic(cols, n, 4), b = qr_traffic(relabelled, n, 4);
  EXPECT_EQ(a.tiles_sent, b.tiles_sent);
  EXPECT_DOUBLE_EQ(a.max_work_share, b.max_work_share);
  // Columns: the panel's triangle never moves; each panel k sends its reflectors (GEQRT and n-1-k
  // TSQRTs) to the n-1-k ranks of the trailing columns: sum over k of (n - k) (n - 1 - k) = 20.
  EXPECT_EQ(a.tiles_sent, 20);
}

}  // namespace
}  // namespace redist::example
