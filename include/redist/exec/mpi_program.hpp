#pragma once
// The main() of an MPI command-line program (redist-probe, redist-mpi-example): initialise MPI,
// parse the options on every rank, run, report errors, finalise. Header-only; its users link CLI11.
//
// Errors of type AgreedError are raised by every rank alike (bad input that all ranks read, a plan
// the ranks disagree on), so rank 0 alone reports them, with exit status 2; any other exception is
// one rank's own and is reported by that rank, with exit status 1.

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <optional>

namespace redist::exec {

/// Parses on every rank; only rank 0 prints help or the parse error. Returns the exit status when
/// the program should stop here (0 after --help, 2 after a parse error), nullopt to go on.
inline std::optional<int> parse_on_every_rank(CLI::App& app, int argc, char** argv, int rank) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) return app.exit(e) == 0 ? 0 : 2;
    return e.get_exit_code() == 0 ? 0 : 2;
  }
  return std::nullopt;
}

/// Runs run(argc, argv, rank) between MPI_Init and MPI_Finalize; returns the process's exit status.
template <class AgreedError, class Run>
int run_mpi_program(int argc, char** argv, const char* name, Run run) {
  if (MPI_Init(&argc, &argv) != MPI_SUCCESS) return 2;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int status = 0;
  try {
    status = run(argc, argv, rank);
  } catch (const AgreedError& e) {
    if (rank == 0) std::fprintf(stderr, "%s: %s\n", name, e.what());
    status = 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: rank %d: %s\n", name, rank, e.what());
    status = 1;
  }
  MPI_Finalize();
  return status;
}

}  // namespace redist::exec
