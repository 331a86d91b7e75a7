#include "temporary_registry.hpp"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace redist::io::detail {

namespace {

// Fixed storage: the handler may only read plain memory and call async-signal-safe functions.
constexpr std::size_t kSlots = 64;
constexpr std::size_t kPathBytes = 4096;
constexpr std::array<int, 4> kHandledSignals = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

char g_paths[kSlots][kPathBytes];
volatile std::sig_atomic_t g_in_use[kSlots];

extern "C" void remove_temporaries_and_reraise(int signal_number) {
  for (std::size_t k = 0; k < kSlots; ++k)
    if (g_in_use[k]) unlink(g_paths[k]);
  // Die of the same signal, so that the shell sees what happened (exit 130 for Ctrl-C).
  struct sigaction deflt {};
  deflt.sa_handler = SIG_DFL;
  sigemptyset(&deflt.sa_mask);
  sigaction(signal_number, &deflt, nullptr);
  raise(signal_number);
}

void install_handlers_once() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  for (int s : kHandledSignals) {
    struct sigaction old {};
    sigaction(s, nullptr, &old);
    if (old.sa_handler == SIG_IGN)
      continue;  // nohup and friends asked for that signal to be ignored
    struct sigaction action {};
    action.sa_handler = remove_temporaries_and_reraise;
    sigemptyset(&action.sa_mask);
    sigaction(s, &action, nullptr);
  }
}

// Blocks the handled signals for its lifetime: registry updates and the file operations they
// describe happen together, as the handler sees them.
class SignalsBlocked {
 public:
  SignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kHandledSignals) sigaddset(&set, s);
    sigprocmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalsBlocked() { sigprocmask(SIG_SETMASK, &old_, nullptr); }
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t old_{};
};

}  // namespace

int create_registered_temporary(const std::string& pattern, std::string& path) {
  if (pattern.size() >= kPathBytes) {
    errno = ENAMETOOLONG;
    return -1;
  }
  install_handlers_once();
  const SignalsBlocked blocked;
  std::size_t slot = 0;
  while (slot < kSlots && g_in_use[slot]) ++slot;
  if (slot == kSlots) {
    errno = EMFILE;
    return -1;
  }
  std::memcpy(g_paths[slot], pattern.c_str(), pattern.size() + 1);
  const int fd = mkostemp(g_paths[slot], O_CLOEXEC);
  if (fd < 0) return -1;
  g_in_use[slot] = 1;
  path = g_paths[slot];
  return fd;
}

bool settle_registered_temporary(const std::string& path, const std::string& target) {
  const SignalsBlocked blocked;
  bool ok = true;
  int saved = 0;
  if (target.empty() || std::rename(path.c_str(), target.c_str()) != 0) {
    saved = errno;
    ok = target.empty();
    unlink(path.c_str());
  }
  for (std::size_t k = 0; k < kSlots; ++k)
    if (g_in_use[k] && path == g_paths[k]) g_in_use[k] = 0;
  errno = saved;
  return ok;
}

}  // namespace redist::io::detail
