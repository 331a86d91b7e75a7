#include "agreement.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>

#include "redist/core/ring_instance.hpp"

namespace redist::exec {

namespace {

[[noreturn]] void refuse(const std::string& call, std::size_t rank, const std::string& field,
                         const std::string& reason) {
  throw AgreementError(call, "rank " + std::to_string(rank) + ": " + field, reason);
}

std::string option_range_text(std::size_t option) {
  switch (option) {
    case 0:
    case 1:
    case 2:
      return "not one of the enumeration's values";
    case 3:
      return "must not be negative (0: chosen from the link models)";
    case 4:
    case 5:
    case 6:
      return "must be at least 1";
    case 7:
      return "must be between 1 and INT_MAX";
    case kOptionTimeout:
      return "must be a finite number of seconds, 0 or more";
    case kOptionWindow:
      return "must be at least 1";
    default:
      return "out of range";
  }
}

std::string issue_text(const RankRecord& rec) {
  switch (static_cast<LocalIssue>(rec.issue)) {
    case LocalIssue::bytes_not_multiple:
      return "the data is not a whole number of items";
    case LocalIssue::output_too_small:
      return "the output buffer is smaller than the new slice";
    case LocalIssue::bad_count:
      return "a negative count";
    case LocalIssue::bad_weight:
      return "the weight is not a finite non-negative number";
    case LocalIssue::bad_counts_size:
      return "the vector of new counts does not have one entry per rank";
    case LocalIssue::bad_item_sizes:
      return "a negative item size, or item sizes not adding up to the bytes held";
    case LocalIssue::bad_option:
      return option_range_text(static_cast<std::size_t>(rec.issue_detail));
    case LocalIssue::bad_item_bytes:
      return "item_bytes must be positive";
    case LocalIssue::request_active:
      return "a redistribution of the same data is still in flight on this rank (wait() for it "
             "first)";
    case LocalIssue::allocation_failed:
      return "could not allocate the new piece";
    case LocalIssue::none:
      break;
  }
  return "local error code " + std::to_string(rec.issue);
}

std::string issue_field(const RankRecord& rec) {
  switch (static_cast<LocalIssue>(rec.issue)) {
    case LocalIssue::bad_count:
    case LocalIssue::bad_weight:
    case LocalIssue::bad_counts_size:
      return "share";
    case LocalIssue::bad_option:
      return rec.issue_detail >= 0 && rec.issue_detail < static_cast<std::int64_t>(kAgreedOptions)
                 ? kAgreedOptionNames[rec.issue_detail]
                 : "options";
    case LocalIssue::bad_item_bytes:
      return "item_bytes";
    case LocalIssue::output_too_small:
      return "output";
    default:
      return "input";
  }
}

template <class Get>
Majority majority_value(std::span<const RankRecord> records, Get get) {
  std::vector<std::uint64_t> values;
  values.reserve(records.size());
  for (const RankRecord& rec : records) values.push_back(static_cast<std::uint64_t>(get(rec)));
  return majority(values);
}

// Refuses, naming the first rank whose value differs from the majority's, when the ranks disagree.
template <class Get, class Show>
void require_same(const std::string& call, std::span<const RankRecord> records,
                  const std::string& field, Get get, Show show) {
  const Majority common = majority_value(records, get);
  for (std::size_t r = 0; r < records.size(); ++r)
    if (r != common.rank && get(records[r]) != get(records[common.rank]))
      refuse(call, r, field,
             show(get(records[r])) + ", while " + std::to_string(common.votes) + " of the " +
                 std::to_string(records.size()) + " ranks pass " + show(get(records[common.rank])));
}

double timeout_of(std::int64_t bits) {
  double seconds = 0.0;
  std::memcpy(&seconds, &bits, sizeof seconds);
  return seconds;
}

std::string option_text(std::size_t option, std::int64_t value) {
  switch (option) {
    case 0:
      return value == static_cast<std::int64_t>(RingKind::unidirectional) ? "unidirectional"
                                                                          : "bidirectional";
    case 1:
      return value == static_cast<std::int64_t>(WrapPolicy::forbid) ? "forbid" : "allow";
    case 2: {
      static const char* const names[] = {"automatic", "direct", "alltoallv", "ring"};
      return value >= 0 && value < 4 ? names[value] : std::to_string(value);
    }
    case kOptionTimeout: {
      char text[32];
      std::snprintf(text, sizeof text, "%g s", timeout_of(value));
      return text;
    }
    case 9:
    case 11:
      return value != 0 ? "true" : "false";
    default:
      return std::to_string(value);
  }
}

std::string share_kind_text(std::int32_t kind) {
  switch (static_cast<NewShare::Kind>(kind)) {
    case NewShare::Kind::count:
      return "its own count (NewShare::count)";
    case NewShare::Kind::counts:
      return "a vector of new counts (NewShare::counts)";
    case NewShare::Kind::weight:
      return "a weight (NewShare::weight)";
  }
  return "share kind " + std::to_string(kind);
}

// NewShare::counts: every rank passes the whole vector, so the rank whose vector differs is known.
void check_count_vectors(const std::string& call, std::span<const RankRecord> records) {
  const Majority common =
      majority_value(records, [](const RankRecord& rec) { return rec.counts_digest; });
  const std::uint64_t usual = records[common.rank].counts_digest;
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].counts_digest != usual)
      refuse(call, r, "share",
             "its vector of new counts differs from the one " + std::to_string(common.votes) +
                 " of the " + std::to_string(records.size()) + " ranks pass");
}

void check_records(const std::string& call, std::span<const RankRecord> records) {
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].magic != kRecordMagic)
      refuse(call, r, "call", "the ranks are not all in the same redistribution call");
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].issue != 0) refuse(call, r, issue_field(records[r]), issue_text(records[r]));
  const auto text = [](std::int64_t v) { return std::to_string(v); };
  require_same(
      call, records, "item_bytes", [](const RankRecord& rec) { return rec.item_bytes; }, text);
  for (std::size_t k = 0; k < kAgreedOptions; ++k) {
    if (k == kOptionWindow) continue;  // local: only its range is checked
    require_same(
        call, records, kAgreedOptionNames[k], [k](const RankRecord& rec) { return rec.options[k]; },
        [k](std::int64_t v) { return option_text(k, v); });
  }
  require_same(
      call, records, "network", [](const RankRecord& rec) { return rec.network_digest; },
      [](std::uint64_t v) { return "a network model with digest " + std::to_string(v % 100000); });
  require_same(
      call, records, "share", [](const RankRecord& rec) { return rec.share_kind; },
      [](std::int32_t kind) { return share_kind_text(kind); });
  if (records[0].share_kind == static_cast<std::int32_t>(NewShare::Kind::counts))
    check_count_vectors(call, records);
  require_same(
      call, records, "items", [](const RankRecord& rec) { return rec.items < 0; },
      [](bool fixed) { return std::string(fixed ? "fixed-size items" : "variable-size items"); });
}

std::int64_t checked_total(const std::string& call, std::span<const RankRecord> records) {
  std::int64_t total = 0;
  for (std::size_t r = 0; r < records.size(); ++r) {
    if (records[r].load < 0 || records[r].load > kMaxTotalItems - total)
      refuse(call, r, "load", "the items held add up to more than 2^62");
    total += records[r].load;
  }
  return total;
}

// Counts that do not add up: only the arguments themselves can say who is wrong. When all ranks but
// one passed the same count (an even split, the usual case), that one is named; otherwise the
// counts are listed, since changing any one of them could fix the sum.
[[noreturn]] void refuse_counts(const std::string& call, std::span<const RankRecord> records,
                                const std::string& sum_text, std::int64_t total) {
  const std::string reason = "the new counts add up to " + sum_text + ", not to the " +
                             std::to_string(total) + " items held";
  const Majority common = majority_value(records, [](const RankRecord& rec) { return rec.target; });
  const std::int64_t usual = records[common.rank].target;
  if (records.size() >= 3 && common.votes + 1 == records.size())
    for (std::size_t r = 0; r < records.size(); ++r)
      if (records[r].target != usual)
        refuse(call, r, "share",
               std::to_string(records[r].target) + " items, while the other ranks ask for " +
                   std::to_string(usual) + ": " + reason);
  std::string list;
  constexpr std::size_t kListed = 16;
  for (std::size_t r = 0; r < std::min(records.size(), kListed); ++r)
    list += (r == 0 ? "" : ", ") + std::to_string(records[r].target);
  if (records.size() > kListed) list += ", ...";
  throw AgreementError(call, "share", reason + " (counts by rank: " + list + ")");
}

std::vector<std::int64_t> agreed_targets(const std::string& call,
                                         std::span<const RankRecord> records, std::int64_t total) {
  const std::size_t n = records.size();
  if (records[0].share_kind != static_cast<std::int32_t>(NewShare::Kind::weight)) {
    std::vector<std::int64_t> targets(n);
    std::int64_t sum = 0;
    bool overflow = false;
    for (std::size_t r = 0; r < n; ++r) {
      targets[r] = records[r].target;
      overflow = overflow || targets[r] > kMaxTotalItems - sum;
      if (!overflow) sum += targets[r];
    }
    if (overflow) refuse_counts(call, records, "more than 2^62", total);
    if (sum != total) refuse_counts(call, records, std::to_string(sum), total);
    return targets;
  }
  std::vector<double> weights(n);
  for (std::size_t r = 0; r < n; ++r) weights[r] = records[r].weight;
  if (total > 0 && std::none_of(weights.begin(), weights.end(), [](double w) { return w > 0.0; }))
    throw AgreementError(call, "share", "all weights are zero: nobody can hold the items");
  return counts_from_weights(weights, total);
}

std::int64_t agreed_origin(const std::string& call, std::span<const RankRecord> records,
                           const std::vector<std::int64_t>& loads, std::int64_t total) {
  const bool known = records[0].first >= 0;
  if (total == 0) return 0;
  std::int64_t position = known ? records[0].first % total : 0;
  const std::int64_t origin = position;
  for (std::size_t r = 0; r < records.size(); ++r) {
    if ((records[r].first >= 0) != known)
      refuse(call, r, "first", "some ranks know their first global index and others not");
    if (known && records[r].first % total != position)
      refuse(call, r, "first",
             "slices are not contiguous: expected first index " + std::to_string(position) +
                 ", got " + std::to_string(records[r].first));
    position = (position + loads[r]) % total;
  }
  return origin;
}

std::int64_t option_bits(double seconds) {
  std::int64_t bits = 0;
  std::memcpy(&bits, &seconds, sizeof bits);
  return bits;
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

AgreedLayout agree_on_layout(std::span<const RankRecord> records, const std::string& call,
                             bool fields_verified) {
  if (records.empty()) throw AgreementError(call, "ranks", "no rank took part");
  if (!fields_verified) check_records(call, records);
  AgreedLayout layout;
  layout.item_bytes = records[0].item_bytes;
  layout.total = checked_total(call, records);
  for (const RankRecord& rec : records) {
    layout.loads.push_back(rec.load);
    layout.any_progress = layout.any_progress || rec.has_progress != 0;
  }
  layout.targets = agreed_targets(call, records, layout.total);
  for (std::size_t r = 0; r < records.size(); ++r)
    if (records[r].output_items >= 0 && records[r].output_items < layout.targets[r])
      refuse(call, r, "output",
             "room for " + std::to_string(records[r].output_items) + " items, the new slice has " +
                 std::to_string(layout.targets[r]));
  layout.origin = agreed_origin(call, records, layout.loads, layout.total);
  return layout;
}

std::vector<std::int64_t> counts_from_weights(std::span<const double> weights, std::int64_t total) {
  const std::size_t n = weights.size();
  std::vector<std::int64_t> counts(n, 0);
  const double largest = n == 0 ? 0.0 : *std::max_element(weights.begin(), weights.end());
  if (n == 0 || total <= 0 || !(largest > 0.0) || !std::isfinite(largest)) return counts;
  // Relative to the largest weight every term is in [0, 1], so the sum (at most n) never
  // overflows, whatever the weights' magnitude.
  std::vector<double> relative(n);
  for (std::size_t r = 0; r < n; ++r) relative[r] = weights[r] > 0.0 ? weights[r] / largest : 0.0;
  const double sum = std::accumulate(relative.begin(), relative.end(), 0.0);
  std::vector<double> remainder(n, 0.0);
  std::int64_t given = 0;
  for (std::size_t r = 0; r < n; ++r) {
    const double share = static_cast<double>(total) * (relative[r] / sum);
    counts[r] =
        std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(share)), 0, total - given);
    remainder[r] = share - static_cast<double>(counts[r]);
    given += counts[r];
  }
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
  for (std::size_t k = 0; given < total; k = (k + 1) % n) {
    if (relative[order[k]] <= 0.0) continue;
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

// A word at a time (a multiply and a shift per 8 bytes): plans of many ranks hash O(n) words.
void Digest::add(std::int64_t value) noexcept {
  hash_ = (hash_ ^ static_cast<std::uint64_t>(value)) * 0x9e3779b97f4a7c15ULL;
  hash_ ^= hash_ >> 29;
}

void Digest::add(double value) noexcept {
  std::int64_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  add(bits);
}

void Digest::add(const std::vector<std::int64_t>& values) noexcept {
  add(static_cast<std::int64_t>(values.size()));
  for (const std::int64_t v : values) add(v);
}

void Digest::add(const std::string& text) noexcept {
  add(static_cast<std::int64_t>(text.size()));
  add_bytes(text.data(), text.size());
}

namespace {

std::uint64_t agreed_fields_digest(const RankRecord& r) {
  Digest d;
  d.add(r.magic);
  d.add(r.item_bytes);
  for (std::size_t k = 0; k < kAgreedOptions; ++k)
    if (k != kOptionWindow) d.add(r.options[k]);
  d.add(static_cast<std::int64_t>(r.network_digest));
  d.add(static_cast<std::int64_t>(r.counts_digest));
  d.add(static_cast<std::int64_t>(r.share_kind));
  d.add(static_cast<std::int64_t>(r.items < 0));
  return d.value();
}

}  // namespace

CompactRecord compact_record(const RankRecord& record) {
  CompactRecord c;
  c.load = record.load;
  if (record.share_kind == static_cast<std::int32_t>(NewShare::Kind::weight))
    std::memcpy(&c.share, &record.weight, sizeof c.share);
  else
    c.share = record.target;
  c.first = record.first;
  c.digest = agreed_fields_digest(record);
  c.issue = record.issue;
  c.has_progress = record.has_progress;
  return c;
}

std::optional<std::vector<RankRecord>> expand_records(std::span<const CompactRecord> records,
                                                      const RankRecord& mine) {
  const std::uint64_t digest = agreed_fields_digest(mine);
  for (const CompactRecord& c : records)
    if (c.issue != 0 || c.digest != digest) return std::nullopt;
  std::vector<RankRecord> full(records.size(), mine);
  for (std::size_t r = 0; r < records.size(); ++r) {
    full[r].load = records[r].load;
    full[r].first = records[r].first;
    full[r].has_progress = records[r].has_progress;
    full[r].output_items = -1;
    if (mine.share_kind == static_cast<std::int32_t>(NewShare::Kind::weight))
      std::memcpy(&full[r].weight, &records[r].share, sizeof full[r].weight);
    else
      full[r].target = records[r].share;
  }
  return full;
}

int invalid_option(const PlanOptions& options) {
  const auto enum_ok = [](auto value, int count) {
    const auto v = static_cast<int>(value);
    return v >= 0 && v < count;
  };
  if (!enum_ok(options.kind, 2)) return 0;
  if (!enum_ok(options.wrap, 2)) return 1;
  if (!enum_ok(options.transport, 4)) return 2;
  if (options.chunk_bytes < 0) return 3;
  if (options.max_chunk_bytes < 1) return 4;
  if (options.max_message_bytes < 1) return 5;
  if (options.max_items_per_round < 1) return 6;
  if (options.mpi_int_limit < 1 || options.mpi_int_limit > INT_MAX) return 7;
  if (!std::isfinite(options.timeout_seconds) || options.timeout_seconds < 0.0)
    return static_cast<int>(kOptionTimeout);
  if (options.window < 1) return static_cast<int>(kOptionWindow);
  return -1;
}

RankRecord rank_record(const PlanOptions& options, std::uint64_t network_digest, RankPlace place,
                       std::int64_t item_bytes, std::int64_t load, NewShare share,
                       std::int64_t first, std::int64_t output_items) {
  RankRecord rec;
  rec.magic = kRecordMagic;
  const std::int64_t values[kAgreedOptions] = {static_cast<std::int64_t>(options.kind),
                                               static_cast<std::int64_t>(options.wrap),
                                               static_cast<std::int64_t>(options.transport),
                                               options.chunk_bytes,
                                               options.max_chunk_bytes,
                                               options.max_message_bytes,
                                               options.max_items_per_round,
                                               options.mpi_int_limit,
                                               option_bits(options.timeout_seconds),
                                               options.verify ? 1 : 0,
                                               options.window,
                                               options.checked_executions ? 1 : 0};
  std::copy(std::begin(values), std::end(values), std::begin(rec.options));
  rec.network_digest = network_digest;
  rec.item_bytes = item_bytes;
  rec.load = load;
  rec.first = first;
  rec.output_items = output_items;
  rec.has_progress = options.progress ? 1 : 0;
  rec.share_kind = static_cast<std::int32_t>(share.kind);
  const auto issue = [&rec](LocalIssue what) {
    if (rec.issue == 0) rec.issue = static_cast<std::int32_t>(what);
  };
  switch (share.kind) {
    case NewShare::Kind::count:
      rec.target = share.count_value;
      if (share.count_value < 0) issue(LocalIssue::bad_count);
      break;
    case NewShare::Kind::weight:
      rec.weight = share.weight_value;
      if (!std::isfinite(share.weight_value) || share.weight_value < 0.0)
        issue(LocalIssue::bad_weight);
      break;
    case NewShare::Kind::counts: {
      Digest d;
      for (const std::int64_t c : share.all_counts) d.add(c);
      rec.counts_digest = d.value();
      if (share.all_counts.size() != place.ranks)
        issue(LocalIssue::bad_counts_size);
      else if ((rec.target = share.all_counts[place.rank]) < 0)
        issue(LocalIssue::bad_count);
      break;
    }
    default:
      rec.share_kind = -1;
      issue(LocalIssue::bad_count);
  }
  if (const int bad = invalid_option(options); bad >= 0) {
    rec.issue = static_cast<std::int32_t>(LocalIssue::bad_option);
    rec.issue_detail = bad;
  }
  if (load < 0) issue(LocalIssue::bad_count);
  // With a count the room is checked here, so that the compact record carries the verdict.
  if (share.kind != NewShare::Kind::weight && output_items >= 0 && rec.target >= 0 &&
      output_items < rec.target)
    issue(LocalIssue::output_too_small);
  return rec;
}

RankRecord rank_record_bytes(const PlanOptions& options, std::uint64_t network_digest,
                             RankPlace place, std::int64_t item_bytes, std::size_t input_bytes,
                             NewShare share, std::int64_t first, std::int64_t output_items) {
  const auto bytes = static_cast<std::int64_t>(input_bytes);
  const std::int64_t load = item_bytes > 0 ? bytes / item_bytes : 0;
  RankRecord rec =
      rank_record(options, network_digest, place, item_bytes, load, share, first, output_items);
  if (item_bytes <= 0) {
    rec.issue = static_cast<std::int32_t>(LocalIssue::bad_item_bytes);
  } else if (bytes % item_bytes != 0 && rec.issue == 0) {
    rec.issue = static_cast<std::int32_t>(LocalIssue::bytes_not_multiple);
  }
  return rec;
}

}  // namespace redist::exec
