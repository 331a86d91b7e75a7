#pragma once
// What the executor throws (docs/api.md "Errors"). Every collective call either succeeds on every
// rank or throws on every rank taking part, and the caller's data is then as it was before the call:
//
//   AgreementError  the arguments were refused before any data moved (a count that does not add up,
//                   options that differ, a buffer too small, ...). call() names the call, argument()
//                   the rank and the argument (an InputError, whose file() and field() they are).
//   CallError       the call was agreed but failed on some rank while it ran (a progress callback
//                   threw, an allocation failed, a rank's own check refused): rank() says where.
//   TimeoutError    a CallError: some rank did not arrive, or stopped answering, within
//                   timeout_seconds; missing() lists the ranks known to be absent.
//   MpiError        an MPI call itself failed; it names the call. The state of the other ranks is
//                   then MPI's (usually: the job is lost).
//
// The library never calls MPI_Abort, exit or abort: what happens next is the application's choice.

#include <stdexcept>
#include <string>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::exec {

/// An MPI call failed: what() names the call and MPI's own error string.
class MpiError : public std::runtime_error {
 public:
  MpiError(const std::string& call, int code);
  [[nodiscard]] int code() const noexcept { return code_; }

 private:
  int code_;
};

/// Throws MpiError unless rc == MPI_SUCCESS.
void check_mpi(int rc, const char* call);

/// A collective call was refused on every rank before any data moved. call() is the call
/// ("redistribute", "make_plan", ...), argument() the rank and argument ("rank 2: share"); as an
/// InputError (what the command-line program reports) they are its file() and field().
class AgreementError : public InputError {
 public:
  using InputError::InputError;
  [[nodiscard]] const std::string& call() const noexcept { return file(); }
  [[nodiscard]] const std::string& argument() const noexcept { return field(); }
};

/// An agreed collective call failed on some rank while it ran; every rank throws it, with the same
/// message. rank() is the rank where the failure happened (-1 when no single rank is known).
class CallError : public std::runtime_error {
 public:
  CallError(const std::string& message, int rank) : std::runtime_error(message), rank_(rank) {}
  [[nodiscard]] int rank() const noexcept { return rank_; }

 private:
  int rank_;
};

/// Some rank did not arrive, or made no progress, within the call's timeout. missing() lists the
/// ranks that did not arrive (empty when the silent rank is not known). After a TimeoutError the
/// Context is unusable (its communicator may hold an unfinished operation): destroy it and make a
/// new one from the application's communicator.
class TimeoutError : public CallError {
 public:
  TimeoutError(const std::string& message, int rank, std::vector<int> missing)
      : CallError(message, rank), missing_(std::move(missing)) {}
  [[nodiscard]] const std::vector<int>& missing() const noexcept { return missing_; }

 private:
  std::vector<int> missing_;
};

}  // namespace redist::exec
