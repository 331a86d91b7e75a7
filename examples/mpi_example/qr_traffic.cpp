#include "qr_traffic.hpp"

#include <algorithm>
#include <vector>

namespace redist::example {

namespace {

// Ranks that already hold a copy of the data broadcast in this panel (a runtime sends it once
// each).
class Recipients {
 public:
  explicit Recipients(int processors) : seen_(static_cast<std::size_t>(processors), -1) {}
  // True the first time `rank` needs the data of broadcast `id` (and it is not the producer's).
  bool first(int rank, int producer, std::int64_t id) {
    if (rank == producer || seen_[static_cast<std::size_t>(rank)] == id) return false;
    seen_[static_cast<std::size_t>(rank)] = id;
    return true;
  }

 private:
  std::vector<std::int64_t> seen_;
};

}  // namespace

QrTraffic qr_traffic(std::span<const int> owner, std::int64_t n, int processors) {
  const auto at = [&](std::int64_t r, std::int64_t c) {
    return owner[static_cast<std::size_t>(r * n + c)];
  };
  std::vector<double> work(static_cast<std::size_t>(processors), 0.0);
  Recipients copies(processors);
  std::int64_t broadcast = 0;
  QrTraffic out;
  for (std::int64_t k = 0; k < n; ++k) {
    const int diag = at(k, k);
    work[static_cast<std::size_t>(diag)] += 4;  // GEQRT
    ++broadcast;
    for (std::int64_t j = k + 1; j < n; ++j) {  // UNMQR(k, j) on the owner of A(k, j)
      work[static_cast<std::size_t>(at(k, j))] += 6;
      out.tiles_sent += copies.first(at(k, j), diag, broadcast) ? 1 : 0;
    }
    // The triangle of A(k,k) and the row tiles A(k,j) travel down the panel, then home.
    int triangle = diag;
    std::vector<int> row(static_cast<std::size_t>(n));
    for (std::int64_t j = k + 1; j < n; ++j) row[static_cast<std::size_t>(j)] = at(k, j);
    for (std::int64_t i = k + 1; i < n; ++i) {
      const int elim = at(i, k);
      work[static_cast<std::size_t>(elim)] += 6;  // TSQRT(i, k)
      out.tiles_sent += triangle != elim ? 1 : 0;
      triangle = elim;
      ++broadcast;
      for (std::int64_t j = k + 1; j < n; ++j) {  // TSMQR(i, j, k) on the owner of A(i, j)
        const int host = at(i, j);
        work[static_cast<std::size_t>(host)] += 12;
        out.tiles_sent += copies.first(host, elim, broadcast) ? 1 : 0;
        int& carried = row[static_cast<std::size_t>(j)];
        out.tiles_sent += carried != host ? 1 : 0;
        carried = host;
      }
    }
    out.tiles_sent += triangle != diag ? 1 : 0;
    for (std::int64_t j = k + 1; j < n; ++j)
      out.tiles_sent += row[static_cast<std::size_t>(j)] != at(k, j) ? 1 : 0;
  }
  double total = 0.0;
  for (const double w : work) total += w;
  if (total > 0)
    out.max_work_share = *std::max_element(work.begin(), work.end()) * processors / total;
  return out;
}

}  // namespace redist::example
