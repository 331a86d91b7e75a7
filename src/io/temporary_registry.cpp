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

// The dispositions found when the handlers were installed, in kHandledSignals' order: what a
// signal does once the temporaries are gone.
struct sigaction g_previous[kHandledSignals.size()];

extern "C" void remove_temporaries_and_pass_on(int signal_number, siginfo_t* info, void* context) {
  for (std::size_t k = 0; k < kSlots; ++k)
    if (g_in_use[k]) unlink(g_paths[k]);
  std::size_t index = 0;
  while (index + 1 < kHandledSignals.size() && kHandledSignals[index] != signal_number) ++index;
  const struct sigaction& previous = g_previous[index];
  if ((previous.sa_flags & SA_SIGINFO) != 0) {
    if (previous.sa_sigaction != nullptr) previous.sa_sigaction(signal_number, info, context);
    return;
  }
  if (previous.sa_handler == SIG_IGN) return;
  if (previous.sa_handler != SIG_DFL) {
    previous.sa_handler(signal_number);  // the program's own handler
    return;
  }
  // Die of the same signal, so that the shell sees what happened (exit 130 for Ctrl-C).
  struct sigaction deflt {};
  deflt.sa_handler = SIG_DFL;
  sigemptyset(&deflt.sa_mask);
  sigaction(signal_number, &deflt, nullptr);
  raise(signal_number);
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

void remove_temporaries_on_signals() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  for (std::size_t k = 0; k < kHandledSignals.size(); ++k) {
    const int s = kHandledSignals[k];
    sigaction(s, nullptr, &g_previous[k]);
    if (g_previous[k].sa_handler == SIG_IGN && (g_previous[k].sa_flags & SA_SIGINFO) == 0)
      continue;  // nohup and friends asked for that signal to be ignored
    struct sigaction action {};
    action.sa_sigaction = remove_temporaries_and_pass_on;
    action.sa_flags = SA_SIGINFO | (g_previous[k].sa_flags & SA_RESTART);
    sigemptyset(&action.sa_mask);
    sigaction(s, &action, nullptr);
  }
}

int create_registered_temporary(const std::string& pattern, std::string& path) {
  if (pattern.size() >= kPathBytes) {
    errno = ENAMETOOLONG;
    return -1;
  }
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
