#include "app/program_machinery.hpp"

#include <pthread.h>

#include <csignal>
#include <cstdint>
#include <optional>
#include <system_error>
#include <thread>

#include "app/background_prefault.hpp"
#include "io/huge_pages.hpp"
#include "redist/core/schedule.hpp"

namespace redist::app {

namespace {

// From 2^17 transfers' worth on (the paced planner's transfer list on rings of 2^17 links), a
// buffer is faulted in on a second thread; below, the thread costs more than the faults it saves.
constexpr std::size_t kPrefaultFromBytes = (std::size_t{1} << 17) * sizeof(Transfer);

class Prefault : public ring::MachineryTask {
 public:
  Prefault(const void* begin, const void* end) : helper_(begin, end) {}

 private:
  BackgroundPrefault helper_;  // stops and joins when destroyed
};

// Starts `job` on a new thread with every signal blocked there; nullopt where no thread can be had.
std::optional<std::thread> start_without_signals(const std::function<void()>& job) {
  std::optional<std::thread> started;
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  try {
    started.emplace(job);
  } catch (const std::system_error&) {  // no thread to be had
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return started;
}

}  // namespace

std::unique_ptr<ring::MachineryTask> ProgramMachinery::prefault(void* begin, void* end) const {
  const auto bytes = static_cast<std::size_t>(static_cast<char*>(end) - static_cast<char*>(begin));
  if (end <= begin || bytes < kPrefaultFromBytes) return nullptr;
  return std::make_unique<Prefault>(begin, end);
}

const void* ProgramMachinery::release(const void* begin, const void* end) const {
  const io::HugePageSpan released = io::release_huge_pages(begin, end);
  if (released.empty()) return end;
  return reinterpret_cast<const void*>(released.first);
}

void ProgramMachinery::run_both(const std::function<void()>& first,
                                const std::function<void()>& second) const {
  std::optional<std::thread> beside = start_without_signals(first);
  if (!beside) first();
  second();
  if (beside) beside->join();
}

}  // namespace redist::app
