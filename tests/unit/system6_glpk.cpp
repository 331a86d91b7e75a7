#include "unit/system6_glpk.hpp"

#include <glpk.h>

#include <memory>
#include <vector>

namespace redist::testing {

namespace {

struct ProblemDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};

// Sparse rows for glp_load_matrix (1-based, index 0 unused).
struct Triplets {
  std::vector<int> rows{0}, cols{0};
  std::vector<double> values{0.0};
  void add(int row, int col, double value) {
    rows.push_back(row);
    cols.push_back(col);
    values.push_back(value);
  }
};

}  // namespace

std::optional<double> glpk_system6(const RingInstance& inst, GlpkMethod method) {
  const int n = static_cast<int>(inst.size());
  if (n < 2) return 0.0;
  glp_term_out(GLP_OFF);
  std::unique_ptr<glp_prob, ProblemDeleter> lp(glp_create_prob());
  glp_prob* p = lp.get();
  glp_set_obj_dir(p, GLP_MIN);
  // Columns: 1..n = S_{i,i+1}, n+1..2n = S_{i,i-1}, 2n+1 = tau.
  const auto fwd = [n](int i) { return (i + n) % n + 1; };
  const auto back = [n](int i) { return n + (i + n) % n + 1; };
  const int tau = 2 * n + 1;
  glp_add_cols(p, tau);
  for (int c = 1; c <= tau; ++c) {
    glp_set_col_bnds(p, c, GLP_LO, 0.0, 0.0);
    if (method == GlpkMethod::integer && c != tau) glp_set_col_kind(p, c, GLP_IV);
  }
  glp_set_obj_coef(p, tau, 1.0);
  glp_add_rows(p, 3 * n);
  const auto delta = inst.imbalances();
  Triplets m;
  for (int i = 0; i < n; ++i) {
    const int conservation = 3 * i + 1, send = 3 * i + 2, receive = 3 * i + 3;
    const auto cost_succ = [&](int j) {
      return static_cast<double>(inst.succ_cost[static_cast<std::size_t>((j + n) % n)]);
    };
    const auto cost_pred = [&](int j) {
      return static_cast<double>(inst.pred_cost[static_cast<std::size_t>((j + n) % n)]);
    };
    const auto d = static_cast<double>(delta[static_cast<std::size_t>(i)]);
    glp_set_row_bnds(p, conservation, GLP_FX, d, d);
    m.add(conservation, fwd(i), 1.0);
    m.add(conservation, back(i), 1.0);
    m.add(conservation, back(i + 1), -1.0);
    m.add(conservation, fwd(i - 1), -1.0);
    glp_set_row_bnds(p, send, GLP_UP, 0.0, 0.0);
    m.add(send, fwd(i), cost_succ(i));
    m.add(send, back(i), cost_pred(i));
    m.add(send, tau, -1.0);
    glp_set_row_bnds(p, receive, GLP_UP, 0.0, 0.0);
    m.add(receive, back(i + 1), cost_pred(i + 1));
    m.add(receive, fwd(i - 1), cost_succ(i - 1));
    m.add(receive, tau, -1.0);
  }
  glp_load_matrix(p, static_cast<int>(m.rows.size()) - 1, m.rows.data(), m.cols.data(),
                  m.values.data());
  if (method == GlpkMethod::simplex) {
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = GLP_ON;
    if (glp_simplex(p, &parm) != 0 || glp_get_status(p) != GLP_OPT) return std::nullopt;
    return glp_get_obj_val(p);
  }
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  if (glp_intopt(p, &parm) != 0 || glp_mip_status(p) != GLP_OPT) return std::nullopt;
  return glp_mip_obj_val(p);
}

}  // namespace redist::testing
