#pragma once
// Document 004's pipelined transfer (section 1.1.4), the one rule for how many pieces a relayed
// transfer is cut into, shared by the start-up planners (ring/latency_plan.cpp), the SimGrid layer
// and the MPI executor.
//
// m items sent over `hops` links of start-up L and per-item time c, in r pieces of ceil(m / r)
// items, each relay forwarding a piece once it has fully arrived, take
//     (hops + r - 1) (L + ceil(m / r) c)
// (the document's (p + r - 2)(L + m b / r) with p - 1 = hops links when r divides m). Over real r
// the least time is at r* = sqrt(m (hops - 1) c / L), where it is (sqrt((hops - 1) L) + sqrt(m c))^2.
// One hop needs no pipelining (r = 1); without start-up every piece is one item (r = m).

#include <cstdint>

#include "redist/core/decimal.hpp"

namespace redist::ring {

struct PipelinePieces {
  std::int64_t pieces = 1;       // r
  std::int64_t piece_items = 0;  // ceil(m / r): items per message (the last one holds the rest)
};

/// The time of m items over `hops` links in r pieces, (hops + r - 1)(L + ceil(m / r) c). Units are
/// the caller's (ticks here; seconds in pipeline_seconds).
Ticks pipeline_time(std::int64_t items, std::int64_t hops, std::int64_t pieces, Ticks latency,
                    Ticks item_time);
double pipeline_seconds(std::int64_t items, std::int64_t hops, std::int64_t pieces, double latency,
                        double item_time);

/// The integer r with the least pipeline_time (the fewest pieces among equals): the integers
/// around r* and, for each, the fewest pieces with the same piece size. items >= 1, hops >= 1,
/// latency >= 0, item_time > 0.
PipelinePieces best_pipeline_pieces(std::int64_t items, std::int64_t hops, Ticks latency,
                                    Ticks item_time);
/// The same in seconds (the executor's and the SimGrid layer's measured L and per-item time).
PipelinePieces best_pipeline_pieces(std::int64_t items, std::int64_t hops, double latency_s,
                                    double item_time_s);

/// Document 004's closed forms, in the document's own terms (tests check them independently):
/// the pipelined broadcast of m over p - 1 links in r pieces, (p + r - 2)(L + m b / r), its best
/// real r* = sqrt(m (p - 2) b / L) and least time (sqrt((p - 2) L) + sqrt(m b))^2, and the scatter
/// of p - 1 messages of m, (p - 1)(L + m b).
double document004_pipelined_broadcast(double p, double r, double latency, double m, double b);
double document004_best_pieces(double p, double latency, double m, double b);
double document004_best_broadcast(double p, double latency, double m, double b);
double document004_scatter(double p, double latency, double m, double b);

}  // namespace redist::ring
