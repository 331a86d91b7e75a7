#pragma once
// Agreement before any data moves. Every rank contributes one fixed-size record (its item size, its
// item count, its wish for the new count, ...); the records are all-gathered, so every rank checks
// exactly the same data with the same code and reaches the same verdict: either every rank throws
// the same AgreementError (the caller's data untouched) or every rank builds the same plan. The
// plan is then hashed and the hashes compared by one all-reduce (agreement_mpi in context.hpp),
// which catches ranks running with different options or library versions. Pure code: no MPI.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "redist/core/error.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/ordered_options.hpp"

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
  bad_item_sizes = 4,   // variable-size items: a negative size, or sizes not adding up to the bytes
  bad_counts_size = 5,  // NewShare::counts: not one entry per rank
};

/// The options every rank must pass alike, compared field by field so that the rank that differs is
/// named (a digest comparison could only say that the plans differ).
inline constexpr std::size_t kAgreedOptions = 8;
inline constexpr const char* kAgreedOptionNames[kAgreedOptions] = {"options.kind",
                                                                   "options.wrap",
                                                                   "options.transport",
                                                                   "options.chunk_bytes",
                                                                   "options.max_chunk_bytes",
                                                                   "options.max_message_bytes",
                                                                   "options.max_items_per_round",
                                                                   "options.mpi_int_limit"};

/// One rank's contribution (trivially copyable: it travels as bytes).
struct RankRecord {
  std::int64_t magic = 0;  // kRecordMagic: catches ranks calling a different collective
  std::int64_t item_bytes = 0;
  std::int64_t load = 0;           // items held now
  std::int64_t target = -1;        // wanted count, or -1 when `weight` is given
  double weight = 0.0;             // share of the total (a balancer's new load), when target == -1
  std::int64_t first = -1;         // global index of the first item, -1 unknown
  std::int64_t output_items = -1;  // capacity of the caller's output buffer in items, -1 = grows
  std::int64_t items = -1;         // variable-size items: how many items the `load` bytes hold
  std::int64_t options[kAgreedOptions] = {};  // agreed_option_values(options)
  std::uint64_t links_digest = 0;             // the context's link models (link_models_digest)
  std::uint64_t counts_digest = 0;  // NewShare::counts: digest of the whole vector, 0 otherwise
  std::int32_t issue = 0;           // LocalIssue
  std::int32_t padding = 0;
};
inline constexpr std::int64_t kRecordMagic = 0x7265646973743032;  // "redist02"

/// Fills the record's options and links_digest.
void record_options(RankRecord& record, const OrderedOptions& options, const RingLinkModels& links);

/// Where a rank sits: its number and the number of ranks.
struct RankPlace {
  std::size_t rank = 0;
  std::size_t ranks = 1;
};

/// This rank's record for an ordered redistribution of input_bytes of item_bytes-sized items;
/// first: global index of its first item or -1; output_items: room in the caller's output or -1.
RankRecord rank_record(const OrderedOptions& options, const RingLinkModels& links, RankPlace place,
                       std::int64_t item_bytes, std::size_t input_bytes, NewShare share,
                       std::int64_t first, std::int64_t output_items);

/// What the records agree on.
struct AgreedLayout {
  std::int64_t item_bytes = 0;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::int64_t total = 0;
  std::int64_t origin = 0;  // global index of rank 0's first item
};

/// Checks the gathered records (same item size and options everywhere, no local issue, all counts
/// or all weights, counts adding up to the total, contiguous first indices) and returns the layout;
/// throws AgreementError naming the offending rank and field otherwise. A value that must agree is
/// compared with the one most ranks passed (ties: the lowest rank's), so the odd rank out is named,
/// not rank 0's partners; counts that do not add up name the one rank whose count differs when all
/// the others passed the same, and list the counts otherwise (no single rank is then to blame).
AgreedLayout agree_on_layout(std::span<const RankRecord> records);

/// The value most ranks passed: `rank` is the lowest rank that passed it, `votes` how many did (on
/// a tie, the value of the lowest rank wins). O(P log P): every rank runs it on the gathered values
/// to name the odd rank out the same way.
struct Majority {
  std::size_t rank = 0;
  std::size_t votes = 0;
};
Majority majority(std::span<const std::uint64_t> values);

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
  void add(double value) noexcept;
  [[nodiscard]] std::uint64_t value() const noexcept { return hash_; }

 private:
  void add_bytes(const void* data, std::size_t size) noexcept;
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

}  // namespace redist::exec
