// The routing relaxation (src/ring/ordered_relaxation.hpp) against GLPK solving the same linear
// program as written: minimise T subject to every port's load <= T over fractional routes. Every
// Lagrangian bound is at most the LP's optimum (weak duality), which the relaxation's bound must
// respect, and the relaxation should come close to it (docs/ordered.md "The routing relaxation").

#include <glpk.h>
#include <gtest/gtest.h>

#include <iostream>

#include "redist/core/random.hpp"
#include "redist/ring/generator.hpp"
#include "ring/ordered_relaxation.hpp"
#include "ring/ordered_routes.hpp"

namespace redist::ring {
namespace {

// Whether edge e (between P_e and P_e+1) lies on the way from s to d rightwards / leftwards.
bool on_right_way(std::size_t s, std::size_t d, std::size_t e, std::size_t n) {
  return (e + n - s) % n < (d + n - s) % n;
}
bool on_left_way(std::size_t s, std::size_t d, std::size_t e, std::size_t n) {
  return (e + n - d) % n < (s + n - d) % n;
}

// Variables r_b (items of block b rightwards) in [0, m_b] and T; rows: send_i - T <= 0 and
// receive_i - T <= 0 written out port by port.
double lp_optimum(const RingInstance& inst, const std::vector<ItemBlock>& blocks) {
  const std::size_t n = inst.size(), count = blocks.size();
  glp_prob* lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  glp_add_cols(lp, static_cast<int>(count + 1));
  for (std::size_t b = 0; b < count; ++b)
    glp_set_col_bnds(lp, static_cast<int>(b + 1), GLP_DB, 0, static_cast<double>(blocks[b].items));
  const int t = static_cast<int>(count + 1);
  glp_set_col_bnds(lp, t, GLP_LO, 0, 0);
  glp_set_obj_coef(lp, t, 1);
  glp_add_rows(lp, static_cast<int>(2 * n));
  for (std::size_t i = 0; i < n; ++i)
    for (int receive = 0; receive < 2; ++receive) {
      const std::size_t before = (i + n - 1) % n, after = (i + 1) % n;
      // Rightward items over edge `r_edge` at cost cr, leftward over `l_edge` at cost cl.
      const std::size_t r_edge = receive ? before : i, l_edge = receive ? i : before;
      const double cr = static_cast<double>(inst.succ_cost[r_edge]);
      const double cl = static_cast<double>(receive ? inst.pred_cost[after] : inst.pred_cost[i]);
      std::vector<int> index{0};
      std::vector<double> value{0};
      double constant = 0;
      for (std::size_t b = 0; b < count; ++b) {
        const auto s = static_cast<std::size_t>(blocks[b].from),
                   d = static_cast<std::size_t>(blocks[b].to);
        const double right = on_right_way(s, d, r_edge, n) ? cr : 0;
        const double left = on_left_way(s, d, l_edge, n) ? cl : 0;
        // load = right * r + left * (m - r)
        constant += left * static_cast<double>(blocks[b].items);
        if (right != left) {
          index.push_back(static_cast<int>(b + 1));
          value.push_back(right - left);
        }
      }
      index.push_back(t);
      value.push_back(-1);
      const int row = static_cast<int>(2 * i + static_cast<std::size_t>(receive) + 1);
      glp_set_mat_row(lp, row, static_cast<int>(index.size() - 1), index.data(), value.data());
      glp_set_row_bnds(lp, row, GLP_UP, 0, -constant);
    }
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  EXPECT_EQ(glp_simplex(lp, &parm), 0);
  const double optimum = glp_get_obj_val(lp);
  glp_delete_prob(lp);
  return optimum;
}

TEST(OrderedRelaxation, ItsBoundNeverExceedsTheLpOptimumAndComesClose) {
  Rng rng(31);
  static const RingShape shapes[] = {RingShape::uniform, RingShape::gather, RingShape::scatter,
                                     RingShape::heavy,   RingShape::blocks, RingShape::forward};
  double ratio_sum = 0;
  int rings = 0;
  for (int round = 0; round < 120; ++round) {
    RingGenOptions opt;
    opt.n = round % 2 == 0 ? 8 : 32;
    opt.kind = RingKind::bidirectional;
    opt.heterogeneous = true;
    opt.max_load = 100;
    opt.max_cost = 10;
    opt.shape = shapes[round % 6];
    opt.seed = rng.next();
    const RingInstance inst = generate_ring_instance(opt);
    const OrderedLayout layout = OrderedLayout::of(inst);
    const auto blocks = moving_blocks(layout);
    if (blocks.empty()) continue;
    const double lp = lp_optimum(inst, blocks);
    const auto relaxed =
        detail::relax_routing(inst, blocks, std::vector<std::int64_t>(blocks.size(), 0),
                              detail::relaxation_evaluations(inst.size(), blocks.size(), 1));
    const auto bound = static_cast<double>(relaxed.lower_bound);
    EXPECT_LE(bound, lp * (1 + 1e-9) + 1) << "round " << round;
    ratio_sum += bound / lp;
    ++rings;
  }
  std::cout << "routing relaxation: mean bound / LP optimum " << ratio_sum / rings << " over "
            << rings << " rings\n";
  EXPECT_GT(ratio_sum / rings, 0.97);
}

}  // namespace
}  // namespace redist::ring
