// redist-mpi-example: redist's MPI executor on real ranks (docs/mpi.md).
//
//   mpirun -np 8 redist-mpi-example matrix            # document 000 section 8's iterative
//   application mpirun -np 5 redist-mpi-example random --seed 7   # a random redistribution,
//   checksum report mpirun -np 8 redist-mpi-example stencil --ratio 10 # document 003 section 6.2's
//   stencil experiment
//
// Exit status: 0 success, 1 a check failed, 2 bad input (one line on stderr from rank 0).

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <string>

#include "matrix_app.hpp"
#include "random_check.hpp"
#include "redist/exec/errors.hpp"
#include "redist/exec/mpi_program.hpp"
#include "redist/exec/new_share.hpp"
#include "stencil_app.hpp"

namespace {

void add_matrix(CLI::App& app, redist::example::MatrixOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "matrix", "Iterative column-matrix application, with and without rebalancing");
  cmd->add_option("--rows", opt.rows, "rows of the matrix (doubles per column)")
      ->check(CLI::Range(1, 1 << 24));
  cmd->add_option("--columns", opt.columns, "columns of the matrix")->check(CLI::Range(1, 1 << 24));
  cmd->add_option("--iterations", opt.iterations, "iterations per scheme")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--column-us", opt.column_us, "compute microseconds per column at speed 1")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--periods", opt.periods, "schemes: redistribute every k iterations (0 = never)")
      ->delimiter(',')
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", opt.seed, "seed of the speed traces");
  cmd->add_flag("--adaptive", opt.adaptive,
                "also run the adaptive scheme (decides from measured iteration times)");
  cmd->add_flag("--unidirectional", opt.unidirectional, "plan on a unidirectional ring");
  cmd->add_flag("--probe", opt.probe, "measure the ring links first");
  cmd->add_flag("--spin", opt.spin, "busy-wait the emulated compute time instead of sleeping");
  cmd->add_flag("--summary{false}", opt.per_iteration,
                "print the totals only, not every iteration");
}

void add_random(CLI::App& app, redist::example::RandomOptions& opt) {
  CLI::App* cmd =
      app.add_subcommand("random", "A random ordered redistribution with a checksum report");
  cmd->add_option("--seed", opt.seed, "seed of loads and wishes");
  cmd->add_option("--max-items", opt.max_items, "items per rank at most, initially")
      ->check(CLI::Range(0, 1 << 28));
  cmd->add_option("--item-bytes", opt.item_bytes, "bytes per item")->check(CLI::Range(1, 1 << 28));
  cmd->add_option("--rounds", opt.rounds, "successive redistributions")->check(CLI::Range(1, 1000));
  cmd->add_flag("--unidirectional", opt.unidirectional, "plan on a unidirectional ring");
  cmd->add_flag("--alltoallv", opt.alltoallv,
                "move the data with MPI_Alltoallv instead of the ring executor");
  cmd->add_flag("--probe", opt.probe, "measure the ring links first");
}

void add_stencil(CLI::App& app, redist::example::StencilOptions& opt) {
  CLI::App* cmd = app.add_subcommand(
      "stencil", "Document 003's stencil experiment: owner-computes, D_can, D_vol, D_steps");
  cmd->add_option("--dist", opt.distribution,
                  "initial distribution: random (1-D), skewed-set or chunk-set (2-D tiles)");
  cmd->add_option("--tiles-per-rank", opt.tiles_per_rank, "random: tiles per rank (D)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--side", opt.side, "skewed-set, chunk-set: n x n tiles")
      ->check(CLI::Range(3, 4096));
  cmd->add_option("--tile-doubles", opt.tile_values, "doubles per tile")
      ->check(CLI::Range(1, 1 << 24));
  cmd->add_option("--iterations", opt.iterations,
                  "K: stencil iterations (times reported after 0..K)")
      ->check(CLI::Range(0, 10000));
  cmd->add_option("--ratio", opt.ratio, "tau_comm / tau_calc (document 003: 1 and 10)")
      ->check(CLI::Range(1e-6, 1e6));
  cmd->add_option("--calc-ms", opt.calc_ms, "tau_calc in ms instead of measured tau_comm / ratio")
      ->check(CLI::Range(0.0, 1e5));
  cmd->add_option("--layouts", opt.layouts, "initial distributions")->check(CLI::Range(1, 10000));
  cmd->add_option("--repetitions", opt.repetitions, "runs of each strategy per distribution")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--seed", opt.seed, "seed of the initial distributions");
  cmd->add_option("--csv", opt.csv, "write one row per run and K to this file (rank 0)");
  cmd->add_flag("--corrupt", opt.corrupt,
                "tests only: alter one tile value; the check must report it");
}

int run(int argc, char** argv, int rank) {
  CLI::App app{"redist-mpi-example: redist's MPI executor on real ranks"};
  app.require_subcommand(1);
  redist::example::MatrixOptions matrix;
  redist::example::RandomOptions random;
  add_matrix(app, matrix);
  add_random(app, random);
  redist::example::StencilOptions stencil;
  add_stencil(app, stencil);
  if (const auto stop = redist::exec::parse_on_every_rank(app, argc, argv, rank)) return *stop;
  redist::exec::Context ctx(MPI_COMM_WORLD);
  if (app.got_subcommand("matrix")) return redist::example::run_matrix_app(ctx, matrix);
  if (app.got_subcommand("stencil")) return redist::example::run_stencil_app(ctx, stencil);
  return redist::example::run_random_check(ctx, random);
}

}  // namespace

int main(int argc, char** argv) {
  return redist::exec::run_mpi_program<redist::exec::AgreementError>(argc, argv,
                                                                     "redist-mpi-example", run);
}
