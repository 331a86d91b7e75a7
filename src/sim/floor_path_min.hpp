#pragma once
// Private to the validator (ring_batches.hpp): the smallest value of a * floor((p x + b) / q) - c x
// over x = 0 .. count-1, in O(log) steps, and the first x where it drops below a threshold.
//
// Why the validator needs it: a processor that sends messages of c items every p ticks while it
// receives messages of a items every q ticks holds, at its x-th departure, a number of items that
// follows this expression. With one item per message either way the expression is monotone on the
// stretch and its two ends decide (ring_batches.hpp); with several items per message it can go up
// and down, and the holdings rule needs its minimum without visiting every message.
//
// The method is the "universal Euclidean" walk: the lattice path under the line y = (p x + b) / q
// is a word in two letters (U: y steps up, R: x steps right); the quantity wanted is a fold of that
// word over a monoid (counts of both letters and the smallest value met at an R), and Euclid's
// recursion on (p, q) builds the folded word in O(log max(p, q)) products, with powers in O(1).

#include <algorithm>
#include <limits>
#include <optional>

#include "redist/core/decimal.hpp"

namespace redist::sim::detail {

class FloorPathMin {
 public:
  // The value a * y - c * x at every R of the word; a, c >= 0.
  FloorPathMin(Ticks a, Ticks c) : a_(a), c_(c) {}

  /// min over 0 <= x < count of a * floor((p x + b) / q) - c x, for p, q > 0, b >= 0, count >= 1.
  /// Every value, and a * floor((p (count-1) + b) / q), must fit well inside 128 bits (the
  /// validator's are item counts below 2^63).
  Ticks min(Ticks p, Ticks q, Ticks b, Ticks count) const {
    const Ticks whole = b / q;  // floor((p x + b) / q) = whole + floor((p x + rest) / q)
    const Node path = times(right(), solve(p, q, b % q, count - 1, up(), right()));
    return a_ * whole + path.low;
  }

  /// The smallest x in [0, count) whose value is below `threshold`, if any: a binary search on the
  /// prefix minimum (which only falls as the prefix grows).
  std::optional<Ticks> first_below(Ticks p, Ticks q, Ticks b, Ticks count, Ticks threshold) const {
    if (min(p, q, b, count) >= threshold) return std::nullopt;
    Ticks good = 0, bad = count;  // min over [0, good) >= threshold > min over [0, bad)
    while (bad - good > 1) {
      const Ticks mid = good + (bad - good) / 2;
      (min(p, q, b, mid) < threshold ? bad : good) = mid;
    }
    return bad - 1;
  }

 private:
  static constexpr Ticks kNone = std::numeric_limits<Ticks>::max();

  struct Node {
    Ticks x = 0;        // R letters
    Ticks y = 0;        // U letters
    Ticks low = kNone;  // smallest a y' - c x' at an R, (x', y') the letters before it
  };

  Node up() const { return {0, 1, kNone}; }
  Node right() const { return {1, 0, 0}; }

  Node times(const Node& l, const Node& r) const {
    Node out{l.x + r.x, l.y + r.y, l.low};
    if (r.low != kNone) out.low = std::min(out.low, a_ * l.y - c_ * l.x + r.low);
    return out;
  }

  // n^k in O(1): the R values of copy i are shifted by i times the copy's own change.
  Node power(const Node& n, Ticks k) const {
    if (k == 0) return {};
    Node out{n.x * k, n.y * k, n.low};
    if (n.low != kNone) {
      const Ticks change = a_ * n.y - c_ * n.x;
      if (change < 0) out.low = n.low + (k - 1) * change;
    }
    return out;
  }

  // The word for x = 1..l of U^(f(x) - f(x-1)) R with f(x) = floor((p x + r) / q), 0 <= r < q, the
  // letters being the nodes `u` and `rn` (swapped at each level of the recursion).
  Node solve(Ticks p, Ticks q, Ticks r, Ticks l, const Node& u, const Node& rn) const {
    if (l == 0) return {};
    if (p >= q) return solve(p % q, q, r, l, u, times(power(u, p / q), rn));
    const Ticks m = (l * p + r) / q;
    if (m == 0) return power(rn, l);
    const Ticks tail = l - (q * m - r - 1) / p;
    return times(
        times(times(power(rn, (q - r - 1) / p), u), solve(q, p, (q - r - 1) % p, m - 1, rn, u)),
        power(rn, tail));
  }

  Ticks a_;
  Ticks c_;
};

}  // namespace redist::sim::detail
