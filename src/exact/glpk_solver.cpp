// GLPK back end (libglpk-dev): glp_intopt with its presolver and cuts. GLPK has no node limit of
// its own; a callback counts the nodes and stops the search, keeping the best bound seen so far.
#include <glpk.h>

#include <memory>

#include "milp_solver.hpp"

namespace redist::milp_detail {

namespace {

struct GlpkDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};

struct SearchState {
  std::int64_t node_limit = 0;
  std::int64_t nodes = 0;
  double bound = -1e300;
  bool bound_seen = false;
};

void watch_search(glp_tree* tree, void* info) {
  auto* state = static_cast<SearchState*>(info);
  int active = 0, current = 0, total = 0;
  glp_ios_tree_size(tree, &active, &current, &total);
  state->nodes = total;
  if (const int best = glp_ios_best_node(tree); best != 0) {
    state->bound = glp_ios_node_bound(tree, best);
    state->bound_seen = true;
  }
  if (total > state->node_limit) glp_ios_terminate(tree);
}

void load(glp_prob* lp, const exact::MilpProblem& p) {
  glp_set_obj_dir(lp, GLP_MIN);
  glp_add_rows(lp, static_cast<int>(p.rows()));
  glp_add_cols(lp, static_cast<int>(p.columns()));
  const auto kind = [](double lo, double up) {
    const bool has_lo = lo > -1e29, has_up = up < 1e29;
    return has_lo && has_up ? (lo == up ? GLP_FX : GLP_DB)
           : has_lo         ? GLP_LO
           : has_up         ? GLP_UP
                            : GLP_FR;
  };
  for (std::size_t i = 0; i < p.rows(); ++i)
    glp_set_row_bnds(lp, static_cast<int>(i + 1), kind(p.row_lower[i], p.row_upper[i]),
                     p.row_lower[i], p.row_upper[i]);
  for (std::size_t j = 0; j < p.columns(); ++j) {
    const int col = static_cast<int>(j + 1);
    glp_set_col_bnds(lp, col, kind(p.column_lower[j], p.column_upper[j]), p.column_lower[j],
                     p.column_upper[j]);
    glp_set_obj_coef(lp, col, p.objective[j]);
    if (p.integer[j]) glp_set_col_kind(lp, col, GLP_IV);
  }
  // GLPK's arrays are 1-based: element 0 is unused.
  std::vector<int> rows(1, 0), cols(1, 0);
  std::vector<double> values(1, 0.0);
  for (const auto& e : p.entries) {
    rows.push_back(e.row + 1);
    cols.push_back(e.column + 1);
    values.push_back(e.value);
  }
  glp_load_matrix(lp, static_cast<int>(p.entries.size()), rows.data(), cols.data(), values.data());
}

}  // namespace

MilpAnswer solve_with_glpk(const exact::MilpProblem& problem, std::int64_t node_limit) {
  glp_term_out(GLP_OFF);
  std::unique_ptr<glp_prob, GlpkDeleter> lp(glp_create_prob());
  load(lp.get(), problem);
  SearchState state;
  state.node_limit = node_limit;
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  parm.gmi_cuts = GLP_ON;
  parm.mir_cuts = GLP_ON;
  parm.cb_func = watch_search;
  parm.cb_info = &state;
  const int rc = glp_intopt(lp.get(), &parm);

  MilpAnswer answer;
  answer.nodes = state.nodes;
  const int status = glp_mip_status(lp.get());
  if (rc == GLP_ENOPFS || status == GLP_NOFEAS) {
    answer.outcome = MilpAnswer::Outcome::infeasible;
    return answer;
  }
  if (status == GLP_OPT || status == GLP_FEAS) {
    answer.solution.resize(problem.columns());
    for (std::size_t j = 0; j < problem.columns(); ++j)
      answer.solution[j] = glp_mip_col_val(lp.get(), static_cast<int>(j + 1));
    answer.objective = glp_mip_obj_val(lp.get());
  }
  answer.outcome =
      status == GLP_OPT && rc == 0 ? MilpAnswer::Outcome::optimal : MilpAnswer::Outcome::stopped;
  answer.bound = answer.outcome == MilpAnswer::Outcome::optimal ? answer.objective
                 : state.bound_seen                             ? state.bound
                                                                : -1e300;
  return answer;
}

}  // namespace redist::milp_detail
