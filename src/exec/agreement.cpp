#include "redist/exec/agreement.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "redist/core/ring_instance.hpp"

namespace redist::exec {

namespace {

const char* const kCall = "redistribute";

[[noreturn]] void refuse(std::size_t rank, const std::string& field, const std::string& reason) {
  throw AgreementError(kCall, "rank " + std::to_string(rank) + ": " + field, reason);
}

std::string issue_text(std::int32_t issue) {
  switch (static_cast<LocalIssue>(issue)) {
    case LocalIssue::bytes_not_multiple:
      return "the data is not a whole number of items";
    case LocalIssue::output_too_small:
      return "the output buffer is smaller than the new slice";
    case LocalIssue::bad_target:
      return "negative count, or weight not a finite non-negative number";
    case LocalIssue::bad_counts_size:
      return "the vector of new counts does not have one entry per rank";
    case LocalIssue::bad_item_sizes:
      return "a negative item size, or item sizes not adding up to the bytes held";
    case LocalIssue::none:
      break;
  }
  return "local error code " + std::to_string(issue);
}

// The value most ranks passed, compared as 64-bit words (sizes, counts, enum values, digests).
template <class Get>
Majority majority_value(std::span<const RankRecord> records, Get get) {
  std::vector<std::uint64_t> values;
  values.reserve(records.size());
  for (const RankRecord& rec : records) values.push_back(static_cast<std::uint64_t>(get(rec)));
  return majority(values);
}

// Refuses, naming the first rank whose value differs from the majority's, when the ranks disagree.
template <class Get, class Show>
void require_same(std::span<const RankRecord> records, const std::string& field, Get get,
                  Show show) {
  const Majority common = majority_value(records, get);
  for (std::size_t r = 0; r < records.size(); ++r)
    if (r != common.rank && get(records[r]) != get(records[common.rank]))
      refuse(r, field,
             show(get(records[r])) + ", while " + std::to_string(common.votes) + " of the " +
                 std::to_string(records.size()) + " ranks pass " + show(get(records[common.rank])));
}

std::string option_text(std::size_t option, std::int64_t value) {
  if (option == 0)
    return value == static_cast<std::int64_t>(RingKind::unidirectional) ? "unidirectional"
                                                                        : "bidirectional";
  if (option == 1)
    return value == static_cast<std::int64_t>(WrapPolicy::forbid) ? "forbid" : "allow";
  if (option == 2)
    return value == static_cast<std::int64_t>(OrderedTransport::ring) ? "ring" : "alltoallv";
  return std::to_string(value);
}

// NewShare::counts: every rank passes the whole vector, so the rank whose vector differs is known.
void check_count_vectors(std::span<const RankRecord> records) {
  const Majority common =
      majority_value(records, [](const RankRecord& rec) { return rec.counts_digest; });
  const std::uint64_t usual = records[common.rank].counts_digest;
  const std::string others =
      std::to_string(common.votes) + " of the " + std::to_string(records.size()) + " ranks";
  for (std::size_t r = 0; r < records.size(); ++r) {
    const std::uint64_t mine = records[r].counts_digest;
    if (mine == usual) continue;
    if (mine != 0 && usual != 0)
      refuse(r, "share", "its vector of new counts differs from the one " + others + " pass");
    refuse(r, "share",
           std::string(mine != 0 ? "a vector of new counts" : "its own count") + ", while " +
               others + " pass " + (usual != 0 ? "a vector of new counts" : "their own count"));
  }
}

void check_records(std::span<const RankRecord> records) {
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].magic != kRecordMagic)
      refuse(r, "call", "the ranks are not all in the same redistribution call");
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].issue != 0) refuse(r, "input", issue_text(records[r].issue));
  const auto text = [](std::int64_t v) { return std::to_string(v); };
  require_same(
      records, "item_bytes", [](const RankRecord& rec) { return rec.item_bytes; }, text);
  if (records[0].item_bytes <= 0) refuse(0, "item_bytes", "must be positive");
  for (std::size_t k = 0; k < kAgreedOptions; ++k)
    require_same(
        records, kAgreedOptionNames[k], [k](const RankRecord& rec) { return rec.options[k]; },
        [k](std::int64_t v) { return option_text(k, v); });
  require_same(
      records, "link_models", [](const RankRecord& rec) { return rec.links_digest; },
      [](std::uint64_t v) { return "models with digest " + std::to_string(v % 100000); });
  require_same(
      records, "share", [](const RankRecord& rec) { return rec.target < 0; },
      [](bool weight) { return std::string(weight ? "a weight" : "a count"); });
  check_count_vectors(records);
  require_same(
      records, "items", [](const RankRecord& rec) { return rec.items < 0; },
      [](bool fixed) { return std::string(fixed ? "fixed-size items" : "variable-size items"); });
}

std::int64_t checked_total(std::span<const RankRecord> records) {
  std::int64_t total = 0;
  for (std::size_t r = 0; r < records.size(); ++r) {
    if (records[r].load < 0 || records[r].load > kMaxTotalItems - total)
      refuse(r, "load", "the total number of items is too large");
    total += records[r].load;
  }
  return total;
}

// Counts that do not add up: only the arguments themselves can say who is wrong. When all ranks but
// one passed the same count (an even split, the usual case), that one is named; otherwise the
// counts are listed, since changing any one of them could fix the sum.
[[noreturn]] void refuse_counts(std::span<const RankRecord> records, std::int64_t sum,
                                std::int64_t total) {
  const std::string reason = "the new counts add up to " + std::to_string(sum) + ", not to the " +
                             std::to_string(total) + " items held";
  const Majority common = majority_value(records, [](const RankRecord& rec) { return rec.target; });
  const std::int64_t usual = records[common.rank].target;
  if (records.size() >= 3 && common.votes + 1 == records.size())
    for (std::size_t r = 0; r < records.size(); ++r)
      if (records[r].target != usual)
        refuse(r, "share",
               std::to_string(records[r].target) + " items, while the other ranks ask for " +
                   std::to_string(usual) + ": " + reason);
  std::string list;
  constexpr std::size_t kListed = 16;
  for (std::size_t r = 0; r < std::min(records.size(), kListed); ++r)
    list += (r == 0 ? "" : ", ") + std::to_string(records[r].target);
  if (records.size() > kListed) list += ", ...";
  throw AgreementError(kCall, "share", reason + " (counts by rank: " + list + ")");
}

std::vector<std::int64_t> agreed_targets(std::span<const RankRecord> records, std::int64_t total) {
  const std::size_t n = records.size();
  std::vector<std::int64_t> targets(n);
  if (records[0].target >= 0) {
    std::int64_t sum = 0;
    bool overflow = false;
    for (std::size_t r = 0; r < n; ++r) {
      targets[r] = records[r].target;
      overflow = overflow || targets[r] > kMaxTotalItems - sum;
      if (!overflow) sum += targets[r];
    }
    if (overflow || sum != total) refuse_counts(records, overflow ? kMaxTotalItems : sum, total);
    return targets;
  }
  std::vector<double> weights(n);
  for (std::size_t r = 0; r < n; ++r) weights[r] = records[r].weight;
  if (total > 0 && std::accumulate(weights.begin(), weights.end(), 0.0) <= 0.0)
    throw AgreementError(kCall, "share", "all weights are zero: nobody can hold the items");
  return targets_from_weights(weights, total);
}

std::int64_t agreed_origin(std::span<const RankRecord> records,
                           const std::vector<std::int64_t>& loads, std::int64_t total) {
  const bool known = records[0].first >= 0;
  if (total == 0) return 0;
  std::int64_t position = known ? records[0].first % total : 0;
  const std::int64_t origin = position;
  for (std::size_t r = 0; r < records.size(); ++r) {
    if ((records[r].first >= 0) != known)
      refuse(r, "first", "some ranks know their first global index and others not");
    if (known && records[r].first % total != position)
      refuse(r, "first",
             "slices are not contiguous: expected first index " + std::to_string(position) +
                 ", got " + std::to_string(records[r].first));
    position = (position + loads[r]) % total;
  }
  return origin;
}

}  // namespace

Majority majority(std::span<const std::uint64_t> values) {
  if (values.empty()) return {};
  std::vector<std::pair<std::uint64_t, std::size_t>> sorted;
  sorted.reserve(values.size());
  for (std::size_t r = 0; r < values.size(); ++r) sorted.emplace_back(values[r], r);
  std::sort(sorted.begin(), sorted.end());
  Majority best{sorted[0].second, 0};
  for (std::size_t lo = 0, hi = 0; lo < sorted.size(); lo = hi) {
    while (hi < sorted.size() && sorted[hi].first == sorted[lo].first) ++hi;
    const std::size_t votes = hi - lo;  // sorted[lo].second is the lowest rank of the run
    if (votes > best.votes || (votes == best.votes && sorted[lo].second < best.rank))
      best = {sorted[lo].second, votes};
  }
  return best;
}

AgreedLayout agree_on_layout(std::span<const RankRecord> records) {
  if (records.empty()) throw AgreementError(kCall, "ranks", "no rank took part");
  check_records(records);
  AgreedLayout layout;
  layout.item_bytes = records[0].item_bytes;
  layout.total = checked_total(records);
  for (const RankRecord& rec : records) layout.loads.push_back(rec.load);
  layout.targets = agreed_targets(records, layout.total);
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].output_items >= 0 && records[r].output_items < layout.targets[r])
      refuse(r, "output",
             "room for " + std::to_string(records[r].output_items) + " items, the new slice has " +
                 std::to_string(layout.targets[r]));
  layout.origin = agreed_origin(records, layout.loads, layout.total);
  return layout;
}

std::vector<std::int64_t> targets_from_weights(std::span<const double> weights,
                                               std::int64_t total) {
  const std::size_t n = weights.size();
  std::vector<std::int64_t> counts(n, 0);
  const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
  if (n == 0 || total == 0 || !(sum > 0.0)) return counts;
  std::vector<double> remainder(n, 0.0);
  std::int64_t given = 0;
  for (std::size_t r = 0; r < n; ++r) {
    const double share = static_cast<double>(total) * (weights[r] / sum);
    counts[r] = std::min<std::int64_t>(static_cast<std::int64_t>(std::floor(share)), total - given);
    remainder[r] = share - static_cast<double>(counts[r]);
    given += counts[r];
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
  for (std::size_t k = 0; given < total; k = (k + 1) % n) {
    if (weights[order[k]] <= 0.0) continue;
    ++counts[order[k]];
    ++given;
  }
  return counts;
}

void Digest::add_bytes(const void* data, std::size_t size) noexcept {
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    hash_ ^= bytes[i];
    hash_ *= 0x100000001b3ULL;
  }
}

void Digest::add(std::int64_t value) noexcept { add_bytes(&value, sizeof value); }

void Digest::add(double value) noexcept { add_bytes(&value, sizeof value); }

RankRecord rank_record(const OrderedOptions& options, const RingLinkModels& links, RankPlace place,
                       std::int64_t item_bytes, std::size_t input_bytes, NewShare share,
                       std::int64_t first, std::int64_t output_items) {
  RankRecord rec;
  record_options(rec, options, links);
  rec.magic = kRecordMagic;
  rec.item_bytes = item_bytes;
  const auto bytes = static_cast<std::int64_t>(input_bytes);
  rec.load = item_bytes > 0 ? bytes / item_bytes : 0;
  if (item_bytes > 0 && bytes % item_bytes != 0)
    rec.issue = static_cast<std::int32_t>(LocalIssue::bytes_not_multiple);
  rec.target = share.items < 0 ? -1 : share.items;
  rec.weight = share.weight;
  const bool bad_weight = share.items < 0 && (!std::isfinite(share.weight) || share.weight < 0.0);
  if (share.items < -1 || bad_weight) rec.issue = static_cast<std::int32_t>(LocalIssue::bad_target);
  if (!share.all_counts.empty()) {
    Digest d;
    for (const std::int64_t c : share.all_counts) d.add(c);
    rec.counts_digest = d.value();
    const bool fits = share.all_counts.size() == place.ranks;
    rec.target = fits ? share.all_counts[place.rank] : 0;
    if (!fits)
      rec.issue = static_cast<std::int32_t>(LocalIssue::bad_counts_size);
    else if (rec.target < 0)
      rec.issue = static_cast<std::int32_t>(LocalIssue::bad_target);
  }
  rec.first = first;
  rec.output_items = output_items;
  return rec;
}

void record_options(RankRecord& record, const OrderedOptions& options,
                    const RingLinkModels& links) {
  const std::int64_t values[kAgreedOptions] = {static_cast<std::int64_t>(options.kind),
                                               static_cast<std::int64_t>(options.wrap),
                                               static_cast<std::int64_t>(options.transport),
                                               options.chunk_bytes,
                                               options.max_chunk_bytes,
                                               options.max_message_bytes,
                                               options.max_items_per_round,
                                               options.mpi_int_limit};
  std::copy(std::begin(values), std::end(values), std::begin(record.options));
  Digest d;
  for (const auto* side : {&links.succ, &links.pred})
    for (const LinkModel& m : *side) {
      d.add(m.latency_s);
      d.add(m.seconds_per_byte);
    }
  record.links_digest = d.value();
}

void Digest::add(const std::vector<std::int64_t>& values) noexcept {
  add(static_cast<std::int64_t>(values.size()));
  for (const std::int64_t v : values) add(v);
}

void Digest::add(const std::string& text) noexcept {
  add(static_cast<std::int64_t>(text.size()));
  add_bytes(text.data(), text.size());
}

}  // namespace redist::exec
