// GLPK back end (libglpk-dev): glp_intopt with its presolver and cuts. GLPK has no node limit of
// its own; a callback counts the nodes and stops the search, keeping the best bound seen so far.
#include <glpk.h>

#include <csetjmp>
#include <new>
#include <string>

#include "milp_solver.hpp"
#include "redist/core/error.hpp"

namespace redist::milp_detail {

namespace {

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

// GLPK's coefficient arrays, 1-based (element 0 unused), made before GLPK runs (see Escape).
struct Matrix {
  std::vector<int> rows{0}, cols{0};
  std::vector<double> values{0.0};
};

Matrix matrix_of(const exact::MilpProblem& p) {
  Matrix m;
  m.rows.reserve(p.entries.size() + 1);
  m.cols.reserve(p.entries.size() + 1);
  m.values.reserve(p.entries.size() + 1);
  for (const auto& e : p.entries) {
    m.rows.push_back(e.row + 1);
    m.cols.push_back(e.column + 1);
    m.values.push_back(e.value);
  }
  return m;
}

int bound_kind(double lo, double up) {
  const bool has_lo = lo > -1e29, has_up = up < 1e29;
  return has_lo && has_up ? (lo == up ? GLP_FX : GLP_DB)
         : has_lo         ? GLP_LO
         : has_up         ? GLP_UP
                          : GLP_FR;
}

void load(glp_prob* lp, const exact::MilpProblem& p, const Matrix& m) {
  glp_set_obj_dir(lp, GLP_MIN);
  glp_add_rows(lp, static_cast<int>(p.rows()));
  glp_add_cols(lp, static_cast<int>(p.columns()));
  for (std::size_t i = 0; i < p.rows(); ++i)
    glp_set_row_bnds(lp, static_cast<int>(i + 1), bound_kind(p.row_lower[i], p.row_upper[i]),
                     p.row_lower[i], p.row_upper[i]);
  for (std::size_t j = 0; j < p.columns(); ++j) {
    const int col = static_cast<int>(j + 1);
    glp_set_col_bnds(lp, col, bound_kind(p.column_lower[j], p.column_upper[j]), p.column_lower[j],
                     p.column_upper[j]);
    glp_set_obj_coef(lp, col, p.objective[j]);
    if (p.integer[j]) glp_set_col_kind(lp, col, GLP_IV);
  }
  glp_load_matrix(lp, static_cast<int>(p.entries.size()), m.rows.data(), m.cols.data(),
                  m.values.data());
}

// GLPK reports a failure, its memory running out above all ("glp_alloc: no memory available"),
// through an error hook and aborts the program when the hook returns (GLPK manual, glp_error_hook):
// `redist exact` under a memory limit died of SIGABRT (issue 27 item 7). The hook jumps back to
// run_glpk instead, and glp_free_env then frees everything GLPK held. Only C frames and frames
// without destructors lie between the two (everything C++ is made before), so the jump skips no
// destructor. GLPK's terminal output is kept here for the message, not printed.
struct Escape {
  std::jmp_buf jump;
  char said[512] = {};
  std::size_t length = 0;
};

extern "C" int keep_glpk_output(void* info, const char* text) {
  auto* escape = static_cast<Escape*>(info);
  for (; *text != '\0' && escape->length + 1 < sizeof escape->said; ++text)
    escape->said[escape->length++] = *text == '\n' ? ' ' : *text;
  return 1;  // handled: GLPK prints nothing
}

extern "C" void leave_glpk(void* info) { std::longjmp(static_cast<Escape*>(info)->jump, 1); }

struct Outcome {
  int rc = 0;
  int status = 0;
  double objective = 0;
};

// glp_intopt on the problem; false when GLPK failed (escape->said says why). `solution` has one
// element per column already, filled when GLPK found one.
bool run_glpk(const exact::MilpProblem& problem, const Matrix& matrix, glp_iocp& parm,
              Escape& escape, Outcome& out, std::vector<double>& solution) {
  glp_term_hook(keep_glpk_output, &escape);
  glp_error_hook(leave_glpk, &escape);
  if (setjmp(escape.jump) != 0) {
    glp_free_env();  // the problem and everything else GLPK allocated
    return false;
  }
  glp_prob* lp = glp_create_prob();
  load(lp, problem, matrix);
  out.rc = glp_intopt(lp, &parm);
  out.status = glp_mip_status(lp);
  if (out.status == GLP_OPT || out.status == GLP_FEAS) {
    for (std::size_t j = 0; j < problem.columns(); ++j)
      solution[j] = glp_mip_col_val(lp, static_cast<int>(j + 1));
    out.objective = glp_mip_obj_val(lp);
  }
  glp_delete_prob(lp);
  glp_error_hook(nullptr, nullptr);
  glp_term_hook(nullptr, nullptr);
  return true;
}

}  // namespace

MilpAnswer solve_with_glpk(const exact::MilpProblem& problem, std::int64_t node_limit) {
  const Matrix matrix = matrix_of(problem);
  std::vector<double> solution(problem.columns());
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
  Escape escape;
  Outcome out;
  if (!run_glpk(problem, matrix, parm, escape, out, solution)) {
    const std::string said(escape.said, escape.length);
    if (said.find("no memory available") != std::string::npos) throw std::bad_alloc();
    throw InternalError("GLPK failed: " + said);
  }

  MilpAnswer answer;
  answer.nodes = state.nodes;
  if (out.rc == GLP_ENOPFS || out.status == GLP_NOFEAS) {
    answer.outcome = MilpAnswer::Outcome::infeasible;
    return answer;
  }
  if (out.status == GLP_OPT || out.status == GLP_FEAS) {
    answer.solution = std::move(solution);
    answer.objective = out.objective;
  }
  answer.outcome = out.status == GLP_OPT && out.rc == 0 ? MilpAnswer::Outcome::optimal
                                                        : MilpAnswer::Outcome::stopped;
  answer.bound = answer.outcome == MilpAnswer::Outcome::optimal ? answer.objective
                 : state.bound_seen                             ? state.bound
                                                                : -1e300;
  return answer;
}

}  // namespace redist::milp_detail
