// The C interface's error state and helpers (capi_support.hpp), and the entry points of
// <redist/redist.h> "Errors".

#include "capi_support.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <new>

#include "redist/core/error.hpp"
#include "redist/version.hpp"

namespace redist::capi {

namespace {

struct LastError {
  redist_status status = REDIST_OK;
  std::string message;
  int rank = -1;
  std::vector<int> missing;
};

// Per thread, as errno: a call on one thread never overwrites another thread's error.
LastError& last_error() {
  thread_local LastError error;
  return error;
}

}  // namespace

void record_error(redist_status status, const std::string& message, int rank,
                  std::vector<int> missing) noexcept {
  LastError& error = last_error();
  error.status = status;
  error.rank = rank;
  try {
    error.message = message;
    error.missing = std::move(missing);
  } catch (...) {  // no memory left for the message: the status still tells
    error.message.clear();
    error.missing.clear();
  }
}

redist_status record_current_exception() noexcept {
  try {
    throw;
  } catch (const InputError& e) {
    record_error(REDIST_ERROR_INPUT, e.what());
    return REDIST_ERROR_INPUT;
  } catch (const InternalError& e) {
    record_error(REDIST_ERROR_INTERNAL, std::string("internal error: ") + e.what());
    return REDIST_ERROR_INTERNAL;
  } catch (const UsageError& e) {
    record_error(REDIST_ERROR_USAGE, e.what());
    return REDIST_ERROR_USAGE;
  } catch (const std::bad_alloc&) {
    record_error(REDIST_ERROR_NO_MEMORY, "out of memory");
    return REDIST_ERROR_NO_MEMORY;
  } catch (const std::logic_error& e) {  // e.g. waiting on an inactive request
    record_error(REDIST_ERROR_USAGE, e.what());
    return REDIST_ERROR_USAGE;
  } catch (const std::exception& e) {
    record_error(REDIST_ERROR_INTERNAL, std::string("internal error: ") + e.what());
    return REDIST_ERROR_INTERNAL;
  } catch (...) {
    record_error(REDIST_ERROR_INTERNAL, "internal error: an unknown exception");
    return REDIST_ERROR_INTERNAL;
  }
}

char* copy_text(const std::string& text) {
  auto* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy == nullptr) throw std::bad_alloc();
  std::memcpy(copy, text.data(), text.size());
  copy[text.size()] = '\0';
  return copy;
}

void write_file_atomically(const std::string& path, const io::TextProducer& produce) {
  const auto fail = [&](const std::string& what, int error) {
    throw InputError(path, "", what + ": " + std::strerror(error));
  };
  const std::size_t slash = path.rfind('/');
  const std::string folder = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.empty() || name == "." || name == "..") throw InputError(path, "", "not a file name");
  // A fresh name next to the target (a rename is atomic only within one file system), created
  // with mode 0666 so that the umask applies as it would to the file itself.
  std::string temporary;
  int fd = -1;
  for (int attempt = 0; fd < 0; ++attempt) {
    temporary =
        folder + "." + name + ".redist-" + std::to_string(getpid()) + "-" + std::to_string(attempt);
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && (errno != EEXIST || attempt > 1000))
      fail("cannot create a file in its folder", errno);
  }
  int error = 0;
  try {
    produce([&](std::string_view piece) {
      while (error == 0 && !piece.empty()) {
        const ssize_t n = ::write(fd, piece.data(), piece.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          error = n < 0 ? errno : EIO;
          break;
        }
        piece.remove_prefix(static_cast<std::size_t>(n));
      }
    });
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && std::rename(temporary.c_str(), path.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    fail("cannot write", error);
  }
}

}  // namespace redist::capi

namespace capi = redist::capi;

extern "C" {

const char* redist_last_error(void) { return capi::last_error().message.c_str(); }
redist_status redist_last_status(void) { return capi::last_error().status; }
int redist_last_error_rank(void) { return capi::last_error().rank; }

int redist_last_error_missing(int* ranks, int capacity) {
  const std::vector<int>& missing = capi::last_error().missing;
  for (int k = 0; ranks != nullptr && k < capacity && k < static_cast<int>(missing.size()); ++k)
    ranks[k] = missing[static_cast<std::size_t>(k)];
  return static_cast<int>(missing.size());
}

void redist_clear_error(void) { capi::record_error(REDIST_OK, ""); }

const char* redist_status_name(redist_status status) {
  switch (status) {
    case REDIST_OK:
      return "ok";
    case REDIST_ERROR_INPUT:
      return "input";
    case REDIST_ERROR_AGREEMENT:
      return "agreement";
    case REDIST_ERROR_CALL:
      return "call";
    case REDIST_ERROR_TIMEOUT:
      return "timeout";
    case REDIST_ERROR_MPI:
      return "mpi";
    case REDIST_ERROR_USAGE:
      return "usage";
    case REDIST_ERROR_NO_MEMORY:
      return "no memory";
    case REDIST_ERROR_INTERNAL:
      return "internal";
  }
  return "unknown";
}

const char* redist_version(void) { return redist::kVersionString; }

void redist_free(void* text) { std::free(text); }

}  // extern "C"
