#pragma once
// An all-port ring instance (document 002; docs/design.md "All-port message model").
//
//   P_0 -> P_1 -> ... -> P_{n-1} -> P_0      flows[i] = net items over the edge P_i -> P_{i+1}
//                                            (negative: P_{i+1} sends to P_i)
//
// loads[i] items now, targets[i] after. Document 002 assumes a whole average; when the total L is
// not divisible by n, average_targets() gives floor(L/n) + 1 to P_0 .. P_{r-1} (r = L mod n) and
// floor(L/n) to the rest; a user who wants another placement gives explicit targets. Every result
// of the lau layer is optimal for the targets it is given, whichever they are.
//
// Every valid schedule is flows[i] = x + S_i with S_i = delta_0 + ... + delta_i (core/flow.hpp;
// document 002 Lemma 1): a schedule is one integer shift x. x = 0 is the Linear schedule (Fig. 6).

#include <cstdint>
#include <string>
#include <vector>

namespace redist::sim {

/// Totals are capped at 2^61 items so that every shift, flow and deficit the algorithms touch
/// (each within [-4L, 4L]) fits a signed 64-bit integer; 10^6 processors with 10^12 items each fit.
inline constexpr std::int64_t kMaxAllportTotal = std::int64_t{1} << 61;
inline constexpr std::size_t kMaxAllportSize = 100'000'000;

struct AllportInstance {
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;

  [[nodiscard]] std::size_t size() const noexcept { return loads.size(); }
  [[nodiscard]] std::int64_t total() const noexcept;
};

/// floor(L/n) everywhere, plus one on the first L mod n processors.
std::vector<std::int64_t> average_targets(const std::vector<std::int64_t>& loads);

/// The instance with average_targets().
AllportInstance allport_instance(std::vector<std::int64_t> loads);

/// Throws InputError naming `source`, the field and the index: n = 0 or too large, negative counts,
/// totals over kMaxAllportTotal, length or sum mismatch between loads and targets.
void check_allport_instance(const AllportInstance& instance, const std::string& source);

/// S_i = sum_{k <= i} (loads[k] - targets[k]); the flows of shift x are x + S_i.
std::vector<std::int64_t> shift_base(const AllportInstance& instance);

}  // namespace redist::sim
