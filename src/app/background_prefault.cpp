#include "app/background_prefault.hpp"

#include <csignal>
#include <cstdint>
#include <system_error>

#ifdef __linux__
#include <pthread.h>
#include <sys/mman.h>
#endif

namespace redist::app {

namespace {

#ifdef __linux__
#ifndef MADV_POPULATE_WRITE
constexpr int MADV_POPULATE_WRITE = 23;  // <linux/mman.h> since 5.14; older headers lack the name
#endif

constexpr std::uintptr_t kPage = 4096;
// Small enough that the planner, which writes from the front too, rarely waits on a step in
// progress, and that a stop is seen within one step.
constexpr std::uintptr_t kStep = std::uintptr_t{1} << 21;

void populate(std::uintptr_t first, std::uintptr_t last, const std::atomic<bool>& stop) {
  for (std::uintptr_t at = first; at < last && !stop.load(std::memory_order_relaxed); at += kStep) {
    const std::uintptr_t length = last - at < kStep ? last - at : kStep;
    // A refusal (an older kernel: EINVAL) ends the work; the owner's own writes fault pages in.
    if (madvise(reinterpret_cast<void*>(at), length, MADV_POPULATE_WRITE) != 0) return;
  }
}
#endif

}  // namespace

BackgroundPrefault::BackgroundPrefault(const void* begin, const void* end) {
#ifdef __linux__
  // Whole pages inside the range: madvise wants an aligned start, and a page shared with memory
  // outside is faulted by whoever touches it first anyway.
  const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(begin) + kPage - 1) & ~(kPage - 1);
  const std::uintptr_t last = reinterpret_cast<std::uintptr_t>(end) & ~(kPage - 1);
  if (last <= first || std::thread::hardware_concurrency() < 2) return;
  // Every signal blocked on the helper, as on the validation thread (program_machinery.cpp): a
  // handler of the program's (removing temporary output files) then always runs on its main
  // thread.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  try {
    helper_ = std::thread(populate, first, last, std::cref(stop_));
  } catch (const std::system_error&) {  // no thread to be had: the owner faults its own pages
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
#else
  (void)begin;
  (void)end;
#endif
}

void BackgroundPrefault::wait() {
  if (helper_.joinable()) helper_.join();
}

BackgroundPrefault::~BackgroundPrefault() {
  stop_.store(true, std::memory_order_relaxed);
  if (helper_.joinable()) helper_.join();
}

}  // namespace redist::app
