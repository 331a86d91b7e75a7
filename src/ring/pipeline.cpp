// Document 004's pipelined transfer (ring/pipeline.hpp).

#include "redist/ring/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::ring {

namespace {

std::int64_t piece_size(std::int64_t items, std::int64_t pieces) {
  return items / pieces + (items % pieces != 0 ? 1 : 0);
}

// The candidates for r: the integers around the real optimum, and for each the fewest pieces that
// give it the same piece size (fewer pieces, same largest piece: never slower).
template <class Time>
PipelinePieces best_of(std::int64_t items, std::int64_t hops, double real_best, const Time& time) {
  REDIST_ASSERT(items >= 1 && hops >= 1);
  std::vector<std::int64_t> rs;
  const double clamped = std::clamp(real_best, 1.0, static_cast<double>(items));
  const auto base = static_cast<std::int64_t>(std::floor(clamped));
  for (std::int64_t d = -2; d <= 3; ++d) rs.push_back(std::clamp<std::int64_t>(base + d, 1, items));
  // And the piece sizes around the real optimum's, m / r*, each with its fewest pieces: where pieces
  // are small, rounding r to a whole number moves the piece size by a whole item.
  const auto size = static_cast<std::int64_t>(std::floor(static_cast<double>(items) / clamped));
  for (std::int64_t d = -2; d <= 3; ++d) {
    const std::int64_t q = std::clamp<std::int64_t>(size + d, 1, items);
    rs.push_back(piece_size(items, q));
  }
  rs.push_back(1);
  rs.push_back(items);
  PipelinePieces best{1, items};
  auto best_time = time(1);
  for (std::int64_t r : rs) {
    r = piece_size(items, piece_size(items, r));  // the fewest pieces of that size
    const auto t = time(r);
    if (t < best_time || (t == best_time && r < best.pieces)) {
      best_time = t;
      best = {r, piece_size(items, r)};
    }
  }
  return best;
}

}  // namespace

Ticks pipeline_time(std::int64_t items, std::int64_t hops, std::int64_t pieces, Ticks latency,
                    Ticks item_time) {
  return (Ticks{hops} + pieces - 1) * (latency + Ticks{piece_size(items, pieces)} * item_time);
}

double pipeline_seconds(std::int64_t items, std::int64_t hops, std::int64_t pieces, double latency,
                        double item_time) {
  return static_cast<double>(hops + pieces - 1) *
         (latency + static_cast<double>(piece_size(items, pieces)) * item_time);
}

PipelinePieces best_pipeline_pieces(std::int64_t items, std::int64_t hops, Ticks latency,
                                    Ticks item_time) {
  const double real_best =
      latency == 0 ? static_cast<double>(items)
                   : std::sqrt(static_cast<double>(items) * static_cast<double>(hops - 1) *
                               static_cast<double>(item_time) / static_cast<double>(latency));
  return best_of(items, hops, real_best,
                 [&](std::int64_t r) { return pipeline_time(items, hops, r, latency, item_time); });
}

PipelinePieces best_pipeline_pieces(std::int64_t items, std::int64_t hops, double latency_s,
                                    double item_time_s) {
  const double real_best = latency_s <= 0
                               ? static_cast<double>(items)
                               : std::sqrt(static_cast<double>(items) *
                                           static_cast<double>(hops - 1) * item_time_s / latency_s);
  return best_of(items, hops, real_best, [&](std::int64_t r) {
    return pipeline_seconds(items, hops, r, latency_s, item_time_s);
  });
}

double document004_pipelined_broadcast(double p, double r, double latency, double m, double b) {
  return (p + r - 2) * (latency + m * b / r);
}

double document004_best_pieces(double p, double latency, double m, double b) {
  return std::sqrt(m * (p - 2) * b / latency);
}

double document004_best_broadcast(double p, double latency, double m, double b) {
  const double root = std::sqrt((p - 2) * latency) + std::sqrt(m * b);
  return root * root;
}

double document004_scatter(double p, double latency, double m, double b) {
  return (p - 1) * (latency + m * b);
}

}  // namespace redist::ring
