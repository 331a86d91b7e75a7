#pragma once
// The C interface's plumbing (docs/c_api.md "Conventions"): every entry point runs its body inside
// `guarded`, which turns any exception into a status and this thread's last error, so that no C++
// exception ever crosses into C (or Fortran). Private to src/capi.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "redist/io/output_files.hpp"
#include "redist/redist.h"

namespace redist::capi {

/// A C caller's mistake the library detects itself: a NULL handle or pointer, a negative size.
class UsageError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Records an error for redist_last_error and friends on this thread.
void record_error(redist_status status, const std::string& message, int rank = -1,
                  std::vector<int> missing = {}) noexcept;

/// Records the exception being handled (call inside a catch block) and returns its status: the
/// core errors (InputError, InternalError, std::bad_alloc, UsageError, any std::exception).
redist_status record_current_exception() noexcept;

/// Runs `body` and returns REDIST_OK, or the status of what it threw, recorded. `translate`, when
/// given, handles the exceptions of an upper layer first (the MPI executor's): it rethrows the
/// current exception inside its own try block and returns the status it recorded.
template <class Body>
redist_status guarded(Body&& body, redist_status (*translate)() noexcept = nullptr) noexcept {
  try {
    body();
    return REDIST_OK;
  } catch (...) {
    return translate != nullptr ? translate() : record_current_exception();
  }
}

/// Runs an accessor: its value, or `fallback` with the error recorded.
template <class T, class Body>
T guarded_value(T fallback, Body&& body) noexcept {
  T value = fallback;
  guarded([&] { value = body(); });
  return value;
}

/// The object behind a handle; UsageError "<call>: <what>: a null pointer" for NULL.
template <class T>
T& deref(T* handle, const char* call, const char* what) {
  if (handle == nullptr) throw UsageError(std::string(call) + ": " + what + ": a null pointer");
  return *handle;
}
/// A string argument; UsageError for NULL.
inline const char* text_arg(const char* text, const char* call, const char* what) {
  return &deref(text, call, what);
}
/// Checks an out-parameter and sets it to NULL (a failed call leaves NULL behind).
template <class T>
T*& out_handle(T** out, const char* call) {
  if (out == nullptr) throw UsageError(std::string(call) + ": the result pointer is null");
  *out = nullptr;
  return *out;
}

/// A copy of `text` in memory the C caller releases with redist_free (std::bad_alloc when none).
char* copy_text(const std::string& text);

/// Writes the text that `produce` streams to `path` through a temporary in the same folder renamed
/// into place (no signal handlers: a library installs none); InputError naming `path` on failure.
void write_file_atomically(const std::string& path, const io::TextProducer& produce);

}  // namespace redist::capi
