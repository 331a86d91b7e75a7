#pragma once
// The `redist` program's prefault (app/program_machinery.hpp): faulting in, on a second thread,
// the memory a planner is about to fill.
//
// The kernel clears every fresh page the first time it is touched. At n = 10^6 the uni-het planner
// writes 64 MB of transfers in about 55 ms on one core while the other idles, and with 4 KiB pages
// the clearing runs at about 3 GB/s on the reference machine: 20 ms more on the planner's thread.
// Faulting the pages in ahead of the planner, from another thread, moves that work to the idle
// core: `redist plan` 0.22 -> 0.20 s back to back, 0.25 -> 0.22 s after a pause (medians;
// BENCHMARKS.md "Small pages, faulted in beside the planner").

#include <atomic>
#include <thread>

namespace redist::app {

/// While it lives, faults in [begin, end) from the front in 2 MiB steps on a thread of its own,
/// with MADV_POPULATE_WRITE (Linux 5.14): pages are made present and writable and their contents
/// left as they are, so the owner may write into the range meanwhile. Stops and joins when
/// destroyed, which must happen before the range is freed. Does nothing where the system call or a
/// thread is refused, or off Linux.
class BackgroundPrefault {
 public:
  BackgroundPrefault(const void* begin, const void* end);
  ~BackgroundPrefault();
  /// Waits until the helper is done: the whole range faulted in, or the system call refused.
  void wait();
  BackgroundPrefault(const BackgroundPrefault&) = delete;
  BackgroundPrefault& operator=(const BackgroundPrefault&) = delete;

 private:
  std::atomic<bool> stop_{false};
  std::thread helper_;
};

}  // namespace redist::app
