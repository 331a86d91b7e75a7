#pragma once
// T_s, T_m and traffic of the schedule x + S_i of one instance, for many shifts x without building
// the flows: what every search over shifts (the document's window search, brute force in tests)
// evaluates in its inner loop. Each evaluation is O(n) (allport_time.hpp).
//
//   ShiftEvaluator eval(instance);
//   AllportTime ts = eval.single_send(-3);   // Fig. 1 of document 002: T_s = 2

#include <cstdint>
#include <vector>

#include "redist/core/wide_int.hpp"
#include "redist/sim/allport_instance.hpp"
#include "redist/sim/allport_time.hpp"

namespace redist::sim {

/// Shifts accepted by the evaluator: with totals <= 2^61, every flow then fits 64 bits.
inline constexpr std::int64_t kMaxAllportShift = std::int64_t{1} << 62;

class ShiftEvaluator {
 public:
  /// The instance must pass check_allport_instance.
  explicit ShiftEvaluator(const AllportInstance& instance);

  [[nodiscard]] std::size_t size() const noexcept { return loads_.size(); }
  [[nodiscard]] const std::vector<std::int64_t>& loads() const noexcept { return loads_; }
  /// S_i: the flows of shift 0 (the Linear schedule).
  [[nodiscard]] const std::vector<std::int64_t>& base() const noexcept { return base_; }
  [[nodiscard]] std::int64_t total() const noexcept { return total_; }
  /// Already balanced: shift 0 moves nothing.
  [[nodiscard]] bool balanced() const noexcept { return balanced_; }

  [[nodiscard]] std::vector<std::int64_t> flows(std::int64_t shift) const;
  [[nodiscard]] AllportTime single_send(std::int64_t shift) const;
  [[nodiscard]] AllportTime multi_send(std::int64_t shift) const;
  [[nodiscard]] AllportTime time(SendMode mode, std::int64_t shift) const;
  /// sum |x + S_i| (document 002 section 4).
  [[nodiscard]] Int128 traffic(std::int64_t shift) const;

 private:
  std::vector<std::int64_t> loads_;
  std::vector<std::int64_t> base_;
  std::int64_t total_ = 0;
  bool balanced_ = true;
};

}  // namespace redist::sim
