#pragma once
// Test oracles for System 6 (document 000 section 6), written independently of
// src/ring/system6.cpp: times are accumulated edge by edge (each edge's net flow charged to its
// sender and its receiver) rather than processor by processor.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "redist/core/flow.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::testing {

/// max over processors of the one-port send and receive time when edge e carries net flows[e]
/// (positive: P_e -> P_{e+1} on P_e's succ link; negative: back on P_{e+1}'s pred link).
inline Ticks one_port_time_of_flows(const RingInstance& inst, const std::vector<Ticks>& flows) {
  const std::size_t n = inst.size();
  if (n < 2) return 0;
  std::vector<Ticks> send(n, 0), recv(n, 0);
  for (std::size_t e = 0; e < n; ++e) {
    const std::size_t a = e, b = (e + 1) % n;
    if (flows[e] > 0) {
      send[a] += flows[e] * inst.succ_cost[a];
      recv[b] += flows[e] * inst.succ_cost[a];
    } else {
      send[b] += -flows[e] * inst.pred_cost[b];
      recv[a] += -flows[e] * inst.pred_cost[b];
    }
  }
  return std::max(*std::max_element(send.begin(), send.end()),
                  *std::max_element(recv.begin(), recv.end()));
}

/// Q * tau(P / Q): tau is positively homogeneous in (flows), so scaling the flows x + S_e by Q
/// gives the exact time of a rational shift times its denominator.
inline Ticks scaled_time(const RingInstance& inst, Ticks shift_num, Ticks shift_den) {
  const auto prefix = prefix_sums(inst.imbalances());
  std::vector<Ticks> flows(prefix.size());
  for (std::size_t e = 0; e < prefix.size(); ++e) flows[e] = shift_num + shift_den * prefix[e];
  return one_port_time_of_flows(inst, flows);
}

/// An unsigned 256-bit number as (high, low) halves: a time times a denominator.
struct Wide {
  unsigned __int128 high = 0, low = 0;
  friend bool operator==(const Wide&, const Wide&) = default;
  friend bool operator<(const Wide& a, const Wide& b) {
    return a.high != b.high ? a.high < b.high : a.low < b.low;
  }
};

/// x * y exactly, by 64-bit limbs.
inline Wide wide_product(unsigned __int128 x, unsigned __int128 y) {
  using U = unsigned __int128;
  const U mask = ~std::uint64_t{0};
  const U p00 = (x & mask) * (y & mask), p01 = (x & mask) * (y >> 64), p10 = (x >> 64) * (y & mask),
          p11 = (x >> 64) * (y >> 64);
  const U middle = (p00 >> 64) + (p01 & mask) + (p10 & mask);
  return {p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64), (middle << 64) | (p00 & mask)};
}

inline Wide wide_sum(Wide a, Wide b) {
  const unsigned __int128 low = a.low + b.low;
  return {a.high + b.high + (low < a.low ? 1 : 0), low};
}

/// Sign of a*b - c*d for non-negative a, b, c, d, from exact 256-bit products (the tests' times
/// times denominators can exceed 128 bits when costs are huge).
inline int compare_products(Ticks a, Ticks b, Ticks c, Ticks d) {
  using U = unsigned __int128;
  const Wide left = wide_product(static_cast<U>(a), static_cast<U>(b)),
             right = wide_product(static_cast<U>(c), static_cast<U>(d));
  return left < right ? -1 : (right < left ? 1 : 0);
}

inline Ticks reference_time(const RingInstance& inst, std::int64_t shift) {
  return scaled_time(inst, shift, 1);
}

/// Each processor's total gross sends for integer shift x, from the edges.
inline bool reference_light(const RingInstance& inst, std::int64_t shift) {
  const std::size_t n = inst.size();
  if (n < 2) return true;
  const auto prefix = prefix_sums(inst.imbalances());
  std::vector<Ticks> sent(n, 0);
  for (std::size_t e = 0; e < n; ++e) {
    const Ticks f = static_cast<Ticks>(shift) + prefix[e];
    if (f > 0)
      sent[e] += f;
    else
      sent[(e + 1) % n] += -f;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (sent[i] > inst.loads[i]) return false;
  return true;
}

}  // namespace redist::testing
