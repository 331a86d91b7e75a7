#pragma once
// Agreement before any data moves. Every rank contributes one fixed-size record (its item size, its
// item count, its wish for the new count, ...); the records are all-gathered, so every rank checks
// exactly the same data with the same code and reaches the same verdict: either every rank throws
// the same AgreementError (the caller's data untouched) or every rank builds the same plan. The plan
// is then hashed and the hashes compared by one all-reduce (agreement_mpi in context.hpp), which
// catches ranks running with different options or library versions.
// Pure code: no MPI.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::exec {

/// A redistribution was refused on every rank (bad or inconsistent input, differing plans).
/// Derived from InputError: file() is the call ("redistribute"), field() names the rank and field.
class AgreementError : public InputError {
 public:
  using InputError::InputError;
};

/// Local problems a rank can only see by itself; gathered so that every rank fails together.
enum class LocalIssue : std::int32_t {
  none = 0,
  bytes_not_multiple = 1,  // input size is not a whole number of items
  output_too_small = 2,    // caller's output buffer smaller than the new slice
  bad_target = 3,          // negative count or weight not finite / negative
};

/// One rank's contribution (trivially copyable: it travels as bytes).
struct RankRecord {
  std::int64_t magic = 0;          // kRecordMagic: catches ranks calling a different collective
  std::int64_t item_bytes = 0;
  std::int64_t load = 0;           // items held now
  std::int64_t target = -1;        // wanted count, or -1 when `weight` is given
  double weight = 0.0;             // share of the total (a balancer's new load), when target == -1
  std::int64_t first = -1;         // global index of the first item, -1 unknown
  std::int64_t output_items = -1;  // capacity of the caller's output buffer in items, -1 = grows
  std::int32_t issue = 0;          // LocalIssue
  std::int32_t padding = 0;
};
inline constexpr std::int64_t kRecordMagic = 0x7265646973743031;  // "redist01"

/// What the records agree on.
struct AgreedLayout {
  std::int64_t item_bytes = 0;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::int64_t total = 0;
  std::int64_t origin = 0;  // global index of rank 0's first item
};

/// Checks the gathered records (same item size everywhere, no local issue, all counts or all
/// weights, counts adding up to the total, contiguous first indices) and returns the layout; throws
/// AgreementError naming the first offending rank and field otherwise.
AgreedLayout agree_on_layout(std::span<const RankRecord> records);

/// Whole counts proportional to `weights` that add up to `total`: floors of the exact shares, then
/// the remaining items one each to the largest remainders (ties to the lower rank). Deterministic,
/// so every rank computes the same counts from the same gathered weights. Zero weights get zero.
std::vector<std::int64_t> targets_from_weights(std::span<const double> weights, std::int64_t total);

/// FNV-1a: the plan digest every rank compares before moving data.
class Digest {
 public:
  void add(std::int64_t value) noexcept;
  void add(const std::vector<std::int64_t>& values) noexcept;
  void add(const std::string& text) noexcept;
  [[nodiscard]] std::uint64_t value() const noexcept { return hash_; }

 private:
  void add_bytes(const void* data, std::size_t size) noexcept;
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace redist::exec
