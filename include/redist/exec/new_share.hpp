#pragma once
// What a rank asks to hold after a redistribution (docs/api.md "The calls"). Every rank passes the
// same kind:
//
//   NewShare::count(n)        exactly n items; the counts must add up to the items held in total
//   NewShare::counts(all)     every rank passes the whole vector of new counts (rank r takes all[r]);
//                             a rank whose vector differs from the others' is named
//   NewShare::weight(w)       a weight, e.g. the rank's measured speed: counts proportional to the
//                             weights (counts_from_weights), a weight of 0 gets no item
//
// Pure code: no MPI.

#include <cstdint>
#include <span>
#include <vector>

namespace redist::exec {

struct NewShare {
  enum class Kind : std::int32_t { count = 0, counts = 1, weight = 2 };

  Kind kind = Kind::count;
  std::int64_t count_value = 0;              // Kind::count
  double weight_value = 0.0;                 // Kind::weight
  std::span<const std::int64_t> all_counts;  // Kind::counts (must outlive the agreement)

  static NewShare count(std::int64_t n) { return {Kind::count, n, 0.0, {}}; }
  static NewShare counts(std::span<const std::int64_t> all) { return {Kind::counts, 0, 0.0, all}; }
  static NewShare weight(double w) { return {Kind::weight, 0, w, {}}; }
  /// The former name of weight().
  static NewShare share(double w) { return weight(w); }
};

/// Whole counts proportional to `weights` that add up to `total`: the floors of the exact shares,
/// then one more item to each of the largest remainders (ties to the lower rank). The shares are
/// computed relative to the largest weight, so finite weights whose sum overflows a double (say
/// 8.5e307 and 5e307) split like the same weights scaled down. Deterministic: every rank computes
/// the same counts from the same weights. Weights must be finite and non-negative, not all zero
/// unless total is 0 (checked by the agreement); zero weights get zero.
std::vector<std::int64_t> counts_from_weights(std::span<const double> weights, std::int64_t total);

}  // namespace redist::exec
