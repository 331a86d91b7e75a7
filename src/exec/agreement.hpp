#pragma once
// Agreement before any data moves. Every rank contributes one fixed-size record (its item count, its
// wish for the new count, the options that must agree, a digest of its network model, a code for
// any problem only it can see); the records are all-gathered (the call's one collective before data
// moves), so every rank checks exactly the same data with the same code and reaches the same
// verdict: either every rank throws the same AgreementError (the caller's data untouched) or every
// rank builds the same plan. Pure code: no MPI. Internal (docs/mpi.md "Agreement").

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "redist/exec/errors.hpp"
#include "redist/exec/link_model.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/plan_options.hpp"

namespace redist::exec {

/// Local problems a rank can only see by itself; gathered so that every rank fails together.
enum class LocalIssue : std::int32_t {
  none = 0,
  bytes_not_multiple = 1,  // input size is not a whole number of items
  output_too_small = 2,    // caller's output buffer smaller than the new slice
  bad_count = 3,           // a negative count
  bad_weight = 4,          // a weight that is not a finite non-negative number
  bad_item_sizes = 5,      // variable-size items: a negative size, or sizes not adding up
  bad_counts_size = 6,     // NewShare::counts: not one entry per rank
  bad_option = 7,          // an option out of range (issue_detail: its index in kAgreedOptionNames)
  bad_item_bytes = 8,      // item_bytes not positive
  request_active = 9,      // a request on the same data is still in flight on this rank
  allocation_failed = 10,  // the one-call API could not allocate this rank's new piece
};

/// The options every rank must pass alike, compared one by one so that the rank that differs is
/// named (a digest could only say that the plans differ).
inline constexpr std::size_t kAgreedOptions = 12;
inline constexpr const char* kAgreedOptionNames[kAgreedOptions] = {"options.kind",
                                                                   "options.wrap",
                                                                   "options.transport",
                                                                   "options.chunk_bytes",
                                                                   "options.max_chunk_bytes",
                                                                   "options.max_message_bytes",
                                                                   "options.max_items_per_round",
                                                                   "options.mpi_int_limit",
                                                                   "options.timeout_seconds",
                                                                   "options.verify",
                                                                   "options.window",
                                                                   "options.checked_executions"};
inline constexpr std::size_t kOptionTimeout = 8;
inline constexpr std::size_t kOptionWindow = 10;  // checked locally only (a local option)

/// One rank's contribution (trivially copyable: it travels as bytes).
struct RankRecord {
  std::int64_t magic = 0;          // kRecordMagic: catches ranks calling a different collective
  std::int64_t item_bytes = 0;     // bytes per item the plan is made for (0: unknown)
  std::int64_t load = 0;           // items held now
  std::int64_t target = 0;         // wanted count (share kinds count and counts)
  double weight = 0.0;             // share kind weight
  std::int64_t first = -1;         // global index of the first item, -1 unknown
  std::int64_t output_items = -1;  // capacity of the caller's output buffer in items, -1 = grows
  std::int64_t items = -1;         // variable-size items: how many items the `load` bytes hold
  std::int64_t options[kAgreedOptions] = {};
  std::uint64_t network_digest = 0;  // the context's network model
  std::uint64_t counts_digest = 0;   // NewShare::counts: digest of the whole vector
  std::int64_t issue_detail = 0;     // with LocalIssue::bad_option: which option
  std::int32_t share_kind = 0;       // NewShare::Kind
  std::int32_t issue = 0;            // LocalIssue
  std::int32_t has_progress = 0;     // a progress callback is set on this rank
  std::int32_t padding = 0;
};
inline constexpr std::int64_t kRecordMagic = 0x7265646973743033;  // "redist03"

/// What travels in the agreement's one collective: the values that differ from rank to rank, and a
/// digest of everything that must not. When some rank has an issue or the digests differ, the full
/// records go round a second time so that the refusal can name the rank, the field and the values;
/// the usual path moves 40 bytes per rank.
struct CompactRecord {
  std::int64_t load = 0;
  std::int64_t share = 0;  // the count, or the weight's bits
  std::int64_t first = -1;
  std::uint64_t digest = 0;
  std::int32_t issue = 0;
  std::int32_t has_progress = 0;
};

CompactRecord compact_record(const RankRecord& record);

/// The full records behind compact ones that settle the call (no issue anywhere, one digest): each
/// rank's own values, and `mine`'s for everything the digest says is the same. nullopt when the
/// full records are needed to say what is wrong.
std::optional<std::vector<RankRecord>> expand_records(std::span<const CompactRecord> records,
                                                      const RankRecord& mine);

/// Where a rank sits: its number and the number of ranks.
struct RankPlace {
  std::size_t rank = 0;
  std::size_t ranks = 1;
};

/// This rank's record for a plan over `load` items (`item_bytes` each, 0 when unknown); first:
/// global index of its first item or -1; output_items: room in the caller's output or -1.
RankRecord rank_record(const PlanOptions& options, std::uint64_t network_digest, RankPlace place,
                       std::int64_t item_bytes, std::int64_t load, NewShare share,
                       std::int64_t first, std::int64_t output_items);

/// The same for `input_bytes` bytes of item_bytes-sized items (a partial item is a local issue).
RankRecord rank_record_bytes(const PlanOptions& options, std::uint64_t network_digest,
                             RankPlace place, std::int64_t item_bytes, std::size_t input_bytes,
                             NewShare share, std::int64_t first, std::int64_t output_items);

/// The first option of `options` that is out of range (its index), or -1.
int invalid_option(const PlanOptions& options);

/// What the records agree on.
struct AgreedLayout {
  std::int64_t item_bytes = 0;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::int64_t total = 0;
  std::int64_t origin = 0;  // global index of rank 0's first item
  bool any_progress = false;
};

/// Checks the gathered records (no local issue, same item size and options everywhere, all the same
/// kind of share, counts adding up to the total, contiguous first indices, outputs large enough) and
/// returns the layout; throws AgreementError naming the offending rank and field otherwise. A
/// value that must agree is compared with the one most ranks passed (ties: the lowest rank's), so
/// the odd rank out is named; counts that do not add up name the one rank whose count differs when
/// all the others passed the same, and list the counts otherwise. `call` names the call.
/// `fields_verified`: the records came from compact ones whose digests matched and whose issues
/// were all zero (expand_records), so the field-by-field comparisons are skipped.
AgreedLayout agree_on_layout(std::span<const RankRecord> records, const std::string& call,
                             bool fields_verified = false);

/// The value most ranks passed: `rank` is the lowest rank that passed it, `votes` how many did (on
/// a tie, the value of the lowest rank wins). O(P log P).
struct Majority {
  std::size_t rank = 0;
  std::size_t votes = 0;
};
Majority majority(std::span<const std::uint64_t> values);

/// Digests the ranks compare (a 64-bit multiply-xorshift over words, FNV-1a over text).
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
