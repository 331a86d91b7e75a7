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
    case LocalIssue::bytes_not_multiple: return "the data is not a whole number of items";
    case LocalIssue::output_too_small: return "the output buffer is smaller than the new slice";
    case LocalIssue::bad_target: return "negative count, or weight not a finite non-negative number";
    case LocalIssue::none: break;
  }
  return "local error code " + std::to_string(issue);
}

void check_records(std::span<const RankRecord> records) {
  for (std::size_t r = 0; r < records.size(); ++r) {
    const RankRecord& rec = records[r];
    if (rec.magic != kRecordMagic) refuse(r, "call", "the ranks are not all in the same redistribution call");
    if (rec.issue != 0) refuse(r, "input", issue_text(rec.issue));
    if (rec.item_bytes != records[0].item_bytes)
      refuse(r, "item_bytes", std::to_string(rec.item_bytes) + " differs from rank 0's " +
                                  std::to_string(records[0].item_bytes));
    if (rec.item_bytes <= 0) refuse(r, "item_bytes", "must be positive");
    if ((rec.target < 0) != (records[0].target < 0))
      refuse(r, "target", "some ranks give new counts and others weights");
  }
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

std::vector<std::int64_t> agreed_targets(std::span<const RankRecord> records, std::int64_t total) {
  const std::size_t n = records.size();
  std::vector<std::int64_t> targets(n);
  if (records[0].target >= 0) {
    std::int64_t sum = 0;
    for (std::size_t r = 0; r < n; ++r) {
      targets[r] = records[r].target;
      if (targets[r] > total - sum) refuse(r, "target", "the new counts add up to more than the " + std::to_string(total) + " items held");
      sum += targets[r];
    }
    if (sum != total)
      refuse(n - 1, "target", "the new counts add up to " + std::to_string(sum) + ", not to the " + std::to_string(total) + " items held");
    return targets;
  }
  std::vector<double> weights(n);
  for (std::size_t r = 0; r < n; ++r) weights[r] = records[r].weight;
  if (total > 0 && std::accumulate(weights.begin(), weights.end(), 0.0) <= 0.0)
    refuse(0, "weight", "all weights are zero: nobody can hold the items");
  return targets_from_weights(weights, total);
}

std::int64_t agreed_origin(std::span<const RankRecord> records, const std::vector<std::int64_t>& loads,
                           std::int64_t total) {
  const bool known = records[0].first >= 0;
  if (total == 0) return 0;
  std::int64_t position = known ? records[0].first % total : 0;
  const std::int64_t origin = position;
  for (std::size_t r = 0; r < records.size(); ++r) {
    if ((records[r].first >= 0) != known) refuse(r, "first", "some ranks know their first global index and others not");
    if (known && records[r].first % total != position)
      refuse(r, "first", "slices are not contiguous: expected first index " + std::to_string(position) + ", got " +
                             std::to_string(records[r].first));
    position = (position + loads[r]) % total;
  }
  return origin;
}

}  // namespace

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
      refuse(r, "output", "room for " + std::to_string(records[r].output_items) + " items, the new slice has " +
                              std::to_string(layout.targets[r]));
  layout.origin = agreed_origin(records, layout.loads, layout.total);
  return layout;
}

std::vector<std::int64_t> targets_from_weights(std::span<const double> weights, std::int64_t total) {
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
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
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

void Digest::add(const std::vector<std::int64_t>& values) noexcept {
  add(static_cast<std::int64_t>(values.size()));
  for (const std::int64_t v : values) add(v);
}

void Digest::add(const std::string& text) noexcept {
  add(static_cast<std::int64_t>(text.size()));
  add_bytes(text.data(), text.size());
}

}  // namespace redist::exec
