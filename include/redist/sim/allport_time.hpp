#pragma once
// Execution time of an all-port schedule in closed form (document 002 section 3), in steps.
//
// Single-send (each node sends at most one message per link, so a red node - one holding less than
// it must send - waits for its one incoming message): Proposition 1, T_s = 1 + the longest run of
// consecutive red nodes sending the same way. The schedule deadlocks when every node is red the
// same way (a circulation no node can start); T_s = 0 when no flow is non-zero.
//
// Multi-send (every node sends all it holds, up to what it still owes, in every step): with A_j(t)
// the items sent over edge j by the end of step t, the greedy rule gives A_j(t) = min(s_j, l_j +
// A_{j-1}(t-1)); unrolling it and using s_{j-1} + l_j >= s_j (targets are non-negative), edge j
// (s_j > 0) completes in the m_j-th step, m_j = the fewest consecutive loads l_{j-m+1} + ... + l_j
// that cover s_j (mirror image for s_j < 0). T_m = max m_j. This is Definition 1's longest thread
// with docs/errata.md item 6's correction (the last node's own load counts); the printed definition
// is in allport_threads.hpp. A circulation with no load at all deadlocks.
//
// Both are checked against the step-by-step executor (allport_executor.hpp) in the tests.

#include <cstdint>
#include <limits>
#include <span>

namespace redist::sim {

enum class SendMode { single, multi };

const char* to_string(SendMode mode);

struct AllportTime {
  std::int64_t steps = 0;  // saturates at INT64_MAX (only for huge circulations)
  bool deadlock = false;

  /// Orders times, a deadlock after every finite time.
  [[nodiscard]] std::int64_t key() const noexcept {
    return deadlock ? std::numeric_limits<std::int64_t>::max() : steps;
  }
  friend bool operator==(const AllportTime&, const AllportTime&) = default;
};

/// Preconditions (REDIST_ASSERT): equal lengths, |flows[i]| <= 2^62, and the flows leave every node
/// with a non-negative load (they balance towards some non-negative targets).
AllportTime single_send_time(std::span<const std::int64_t> loads,
                             std::span<const std::int64_t> flows);
AllportTime multi_send_time(std::span<const std::int64_t> loads,
                            std::span<const std::int64_t> flows);
AllportTime send_time(SendMode mode, std::span<const std::int64_t> loads,
                      std::span<const std::int64_t> flows);

}  // namespace redist::sim
