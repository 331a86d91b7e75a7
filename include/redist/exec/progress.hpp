#pragma once
// Progress of a long redistribution on one rank, reported through a callback after each batch of
// completed messages (and once at the end). Local: it counts this rank's bytes and messages, sent
// and received; no communication is added for it. Keep the callback cheap: it runs inside the
// progress loop, between MPI calls.
//
//   options.progress = [](const redist::exec::Progress& p) {
//     std::fprintf(stderr, "\r%5.1f %%", 100.0 * p.fraction());
//   };

#include <cstdint>
#include <functional>

namespace redist::exec {

struct Progress {
  std::int64_t bytes_done = 0;
  std::int64_t bytes_total = 0;
  std::int64_t messages_done = 0;
  std::int64_t messages_total = 0;

  [[nodiscard]] double fraction() const noexcept {
    return bytes_total == 0 ? 1.0
                            : static_cast<double>(bytes_done) / static_cast<double>(bytes_total);
  }
};

using ProgressCallback = std::function<void(const Progress&)>;

}  // namespace redist::exec
