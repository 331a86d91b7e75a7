// redist-mpi-example: redist's MPI executor on real ranks (docs/mpi.md).
//
//   mpirun -np 8 redist-mpi-example matrix            # document 000 section 8's iterative application
//   mpirun -np 5 redist-mpi-example random --seed 7   # a random redistribution, checksum report
//
// Exit status: 0 success, 1 a check failed, 2 bad input (one line on stderr from rank 0).

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <string>

#include "matrix_app.hpp"
#include "random_check.hpp"
#include "redist/exec/agreement.hpp"
#include "redist/exec/mpi_program.hpp"

namespace {

void add_matrix(CLI::App& app, redist::example::MatrixOptions& opt) {
  CLI::App* cmd = app.add_subcommand("matrix", "Iterative column-matrix application, with and without rebalancing");
  cmd->add_option("--rows", opt.rows, "rows of the matrix (doubles per column)")->check(CLI::Range(1, 1 << 24));
  cmd->add_option("--columns", opt.columns, "columns of the matrix")->check(CLI::Range(1, 1 << 24));
  cmd->add_option("--iterations", opt.iterations, "iterations per scheme")->check(CLI::Range(1, 100000));
  cmd->add_option("--column-us", opt.column_us, "compute microseconds per column at speed 1")->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--periods", opt.periods, "schemes: redistribute every k iterations (0 = never)")->delimiter(',')->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", opt.seed, "seed of the speed traces");
  cmd->add_flag("--adaptive", opt.adaptive, "also run the adaptive scheme (decides from measured iteration times)");
  cmd->add_flag("--unidirectional", opt.unidirectional, "plan on a unidirectional ring");
  cmd->add_flag("--probe", opt.probe, "measure the ring links first");
  cmd->add_flag("--spin", opt.spin, "busy-wait the emulated compute time instead of sleeping");
  cmd->add_flag("--summary{false}", opt.per_iteration, "print the totals only, not every iteration");
}

void add_random(CLI::App& app, redist::example::RandomOptions& opt) {
  CLI::App* cmd = app.add_subcommand("random", "A random ordered redistribution with a checksum report");
  cmd->add_option("--seed", opt.seed, "seed of loads and wishes");
  cmd->add_option("--max-items", opt.max_items, "items per rank at most, initially")->check(CLI::Range(0, 1 << 28));
  cmd->add_option("--item-bytes", opt.item_bytes, "bytes per item")->check(CLI::Range(1, 1 << 28));
  cmd->add_option("--rounds", opt.rounds, "successive redistributions")->check(CLI::Range(1, 1000));
  cmd->add_flag("--unidirectional", opt.unidirectional, "plan on a unidirectional ring");
  cmd->add_flag("--alltoallv", opt.alltoallv, "move the data with MPI_Alltoallv instead of the ring executor");
  cmd->add_flag("--probe", opt.probe, "measure the ring links first");
}

int run(int argc, char** argv, int rank) {
  CLI::App app{"redist-mpi-example: redist's MPI executor on real ranks"};
  app.require_subcommand(1);
  redist::example::MatrixOptions matrix;
  redist::example::RandomOptions random;
  add_matrix(app, matrix);
  add_random(app, random);
  if (const auto stop = redist::exec::parse_on_every_rank(app, argc, argv, rank)) return *stop;
  redist::exec::Context ctx(MPI_COMM_WORLD);
  if (app.got_subcommand("matrix")) return redist::example::run_matrix_app(ctx, matrix);
  return redist::example::run_random_check(ctx, random);
}

}  // namespace

int main(int argc, char** argv) {
  return redist::exec::run_mpi_program<redist::exec::AgreementError>(argc, argv, "redist-mpi-example", run);
}
