#pragma once
// The Linear and Traffic schedules of document 002 section 4, in the shift domain: flows x + S_i,
// where x = 0 is the Linear schedule (Fig. 6) and adjusting by h (the document's {s_i - h}) is
// x = -h.
//
// Traffic (Wu and Shu; document 002 Fig. 7 and Lemma 3) picks h = a median of the Linear flows,
// which minimises the traffic sum |x + S_i|. With s̄_1 >= ... >= s̄_n the sorted Linear flows and
// n_p (n_n) the number of positive (negative) ones:
//   printed:   h = s̄_{floor(n/2)} if n_p > floor(n/2); h = s̄_{ceil((n+1)/2)} if n_n > floor(n/2);
//              else 0
//   corrected: the first case uses s̄_{ceil(n/2)} (docs/errata.md item 7: for odd n the printed
//              index is one above the median, e.g. loads [3,0,0] give traffic 3 instead of 2).
//              Same for even n.

#include <cstdint>
#include <span>

namespace redist::lau {

enum class TrafficRule { corrected, printed };

const char* to_string(TrafficRule rule);

/// An inclusive range of shifts.
struct ShiftRange {
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  friend bool operator==(const ShiftRange&, const ShiftRange&) = default;
};

/// The shift of the Traffic schedule, O(n) (selection, no full sort).
std::int64_t traffic_shift(std::span<const std::int64_t> base, TrafficRule rule);

/// Every traffic-optimal shift: the document's "optimal-traffic window" (one shift for odd n).
ShiftRange traffic_window(std::span<const std::int64_t> base);

}  // namespace redist::lau
