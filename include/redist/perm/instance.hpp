#pragma once
// A permutation-redistribution instance (docs/design.md section 1, document 003 section 3): N items
// on P processors and a target partition into P parts. Only the counts matter: count(i, j) = items
// now on processor i that belong to part j. They are stored sparse (one row per processor, entries
// sorted by part, zeros dropped) because the layouts that matter most in practice (1-D blocks,
// block-cyclic tiles) overlap in O(P) pairs, not P^2.
//
// An Assignment maps every part to the processor that will host it (a permutation of 0..P-1).
//
//   PermInstance inst = PermInstance::from_dense(2, std::vector<std::int64_t>{1, 3,
//                                                                               4, 0});
//   redistribution_volume(inst, {0, 1});  // 7: the canonical labelling keeps only count(0, 0)
//   redistribution_volume(inst, {1, 0});  // 1: part 0 -> P1, part 1 -> P0 keeps 4 + 3 items

#include <cstdint>
#include <span>
#include <vector>

namespace redist::perm {

using Proc = std::uint32_t;
inline constexpr Proc kNoProc = UINT32_MAX;
/// Largest number of processors. `redist perm` needs about 200 bytes and a few microseconds per
/// processor even when the instance lists one item (P = 2^23: ~1.6 GB, tens of seconds), so a
/// larger "processors" value, a few bytes of input, would be an out-of-memory crash
/// (docs/limits.md).
inline constexpr std::size_t kMaxProcessors = std::size_t{1} << 23;

struct CountEntry {
  Proc part = 0;
  std::int64_t count = 0;
};

struct CountTriplet {
  Proc processor = 0;
  Proc part = 0;
  std::int64_t count = 0;
};

class PermInstance {
 public:
  PermInstance() = default;

  /// Row-major P x P matrix (counts[i * P + j]); zero entries are dropped.
  static PermInstance from_dense(std::size_t processors, std::span<const std::int64_t> counts);
  /// Entries in any order; repeated (processor, part) pairs add up; zero counts are dropped.
  static PermInstance from_triplets(std::size_t processors, std::vector<CountTriplet> triplets);
  /// One entry per item: initial[k] holds item k now, partition[k] is its part. O(N + P).
  static PermInstance from_items(std::size_t processors, std::span<const Proc> initial,
                                 std::span<const Proc> partition);

  [[nodiscard]] std::size_t processors() const noexcept { return loads_.size(); }
  [[nodiscard]] std::size_t nonzeros() const noexcept { return entries_.size(); }
  [[nodiscard]] std::span<const CountEntry> row(Proc processor) const noexcept {
    return {entries_.data() + row_start_[processor], entries_.data() + row_start_[processor + 1]};
  }
  [[nodiscard]] std::int64_t load(Proc processor) const noexcept { return loads_[processor]; }
  [[nodiscard]] std::int64_t part_size(Proc part) const noexcept { return part_sizes_[part]; }
  [[nodiscard]] const std::vector<std::int64_t>& loads() const noexcept { return loads_; }
  [[nodiscard]] const std::vector<std::int64_t>& part_sizes() const noexcept { return part_sizes_; }
  [[nodiscard]] std::int64_t total_items() const noexcept { return total_; }
  [[nodiscard]] std::int64_t max_count() const noexcept { return max_count_; }
  /// count(i, j) by binary search in row i.
  [[nodiscard]] std::int64_t count(Proc processor, Proc part) const noexcept;

 private:
  void finish();  // sums, maxima, invariants

  std::vector<std::size_t> row_start_{0};
  std::vector<CountEntry> entries_;
  std::vector<std::int64_t> loads_;
  std::vector<std::int64_t> part_sizes_;
  std::int64_t total_ = 0;
  std::int64_t max_count_ = 0;
};

/// Processor of each part.
using Assignment = std::vector<Proc>;

/// Part j -> processor j: the arbitrary labelling the document calls D_can (section 4.3).
Assignment canonical_assignment(std::size_t processors);
bool is_permutation(const Assignment& assignment, std::size_t processors);

/// Items that stay where they are under `assignment`: sum over parts j of count(a[j], j).
std::int64_t kept_items(const PermInstance& instance, const Assignment& assignment);
/// RedistVol (document 003 section 3.2.1): items that change processor.
std::int64_t redistribution_volume(const PermInstance& instance, const Assignment& assignment);
/// RedistSteps (section 4.2): max over processors of max(sent, received), which König's theorem
/// makes the exact number of one-port steps.
std::int64_t redistribution_steps(const PermInstance& instance, const Assignment& assignment);

/// Weight of pair (processor i hosts part j) in the steps objective: max(sent, received) of i.
inline std::int64_t step_weight(const PermInstance& instance, Proc processor, Proc part,
                                std::int64_t count) {
  const std::int64_t big = instance.load(processor) > instance.part_size(part)
                               ? instance.load(processor)
                               : instance.part_size(part);
  return big - count;
}

}  // namespace redist::perm
