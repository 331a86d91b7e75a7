// COIN-OR CBC back end (coinor-libcbc-dev), through its C interface: CBC's own presolve, cuts and
// heuristics, one thread, a node limit and no time limit, so that answers do not depend on the
// machine's speed.
#include <Cbc_C_Interface.h>

#include <memory>
#include <string>

#include "milp_solver.hpp"

namespace redist::milp_detail {

namespace {

struct CbcDeleter {
  void operator()(Cbc_Model* m) const { Cbc_deleteModel(m); }
};

// Column-major copy of the triplets (the layout Cbc_loadProblem takes).
struct ColumnMajor {
  std::vector<CoinBigIndex> start;
  std::vector<int> index;
  std::vector<double> value;
};

ColumnMajor column_major(const exact::MilpProblem& p) {
  ColumnMajor c;
  c.start.assign(p.columns() + 1, 0);
  for (const auto& e : p.entries) ++c.start[static_cast<std::size_t>(e.column) + 1];
  for (std::size_t j = 0; j < p.columns(); ++j) c.start[j + 1] += c.start[j];
  c.index.resize(p.entries.size());
  c.value.resize(p.entries.size());
  std::vector<CoinBigIndex> next(c.start.begin(), c.start.end() - 1);
  for (const auto& e : p.entries) {
    const auto k = static_cast<std::size_t>(next[static_cast<std::size_t>(e.column)]++);
    c.index[k] = e.row;
    c.value[k] = e.value;
  }
  return c;
}

}  // namespace

MilpAnswer solve_with_cbc(const exact::MilpProblem& problem, std::int64_t node_limit) {
  std::unique_ptr<Cbc_Model, CbcDeleter> model(Cbc_newModel());
  const ColumnMajor matrix = column_major(problem);
  Cbc_loadProblem(model.get(), static_cast<int>(problem.columns()),
                  static_cast<int>(problem.rows()), matrix.start.data(), matrix.index.data(),
                  matrix.value.data(), problem.column_lower.data(), problem.column_upper.data(),
                  problem.objective.data(), problem.row_lower.data(), problem.row_upper.data());
  for (std::size_t j = 0; j < problem.columns(); ++j)
    if (problem.integer[j]) Cbc_setInteger(model.get(), static_cast<int>(j));
  Cbc_setObjSense(model.get(), 1);
  Cbc_setLogLevel(model.get(), 0);
  Cbc_setMaximumNodes(model.get(),
                      static_cast<int>(std::min<std::int64_t>(node_limit, 1'000'000'000)));
  Cbc_solve(model.get());

  MilpAnswer answer;
  answer.nodes = Cbc_getNodeCount(model.get());
  if (Cbc_isProvenInfeasible(model.get())) {
    answer.outcome = MilpAnswer::Outcome::infeasible;
    return answer;
  }
  if (const double* best = Cbc_bestSolution(model.get())) {
    answer.solution.assign(best, best + problem.columns());
    answer.objective = Cbc_getObjValue(model.get());
  }
  answer.bound = Cbc_getBestPossibleObjValue(model.get());
  answer.outcome = Cbc_isProvenOptimal(model.get()) && !answer.solution.empty()
                       ? MilpAnswer::Outcome::optimal
                       : MilpAnswer::Outcome::stopped;
  return answer;
}

}  // namespace redist::milp_detail
