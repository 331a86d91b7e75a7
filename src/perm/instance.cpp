#include "redist/perm/instance.hpp"

#include <algorithm>

#include "redist/core/error.hpp"

namespace redist::perm {

namespace {

std::int64_t checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t sum = 0;
  REDIST_ASSERT(!__builtin_add_overflow(a, b, &sum));
  return sum;
}

}  // namespace

PermInstance PermInstance::from_dense(std::size_t processors,
                                      std::span<const std::int64_t> counts) {
  REDIST_ASSERT(processors <= kMaxProcessors && counts.size() == processors * processors);
  PermInstance inst;
  inst.loads_.assign(processors, 0);
  inst.row_start_.assign(processors + 1, 0);
  for (std::size_t i = 0; i < processors; ++i) {
    for (std::size_t j = 0; j < processors; ++j) {
      const std::int64_t c = counts[i * processors + j];
      REDIST_ASSERT(c >= 0);
      if (c > 0) inst.entries_.push_back({static_cast<Proc>(j), c});
    }
    inst.row_start_[i + 1] = inst.entries_.size();
  }
  inst.finish();
  return inst;
}

PermInstance PermInstance::from_triplets(std::size_t processors,
                                         std::vector<CountTriplet> triplets) {
  REDIST_ASSERT(processors <= kMaxProcessors);
  std::sort(triplets.begin(), triplets.end(), [](const CountTriplet& a, const CountTriplet& b) {
    return a.processor != b.processor ? a.processor < b.processor : a.part < b.part;
  });
  PermInstance inst;
  inst.loads_.assign(processors, 0);
  inst.row_start_.assign(processors + 1, 0);
  Proc last_row = kNoProc;
  for (const CountTriplet& t : triplets) {
    REDIST_ASSERT(t.processor < processors && t.part < processors && t.count >= 0);
    if (t.count == 0) continue;
    auto& e = inst.entries_;
    if (last_row == t.processor && e.back().part == t.part) {
      e.back().count = checked_add(e.back().count, t.count);
      continue;
    }
    e.push_back({t.part, t.count});
    ++inst.row_start_[t.processor + 1];
    last_row = t.processor;
  }
  for (std::size_t i = 0; i < processors; ++i) inst.row_start_[i + 1] += inst.row_start_[i];
  inst.finish();
  return inst;
}

PermInstance PermInstance::from_items(std::size_t processors, std::span<const Proc> initial,
                                      std::span<const Proc> partition) {
  REDIST_ASSERT(processors <= kMaxProcessors && initial.size() == partition.size());
  // Bucket the items by processor (counting sort), then count parts within each bucket with a
  // scratch array indexed by part: O(N + P), no P x P matrix.
  std::vector<std::size_t> start(processors + 1, 0);
  for (Proc p : initial) {
    REDIST_ASSERT(p < processors);
    ++start[p + 1];
  }
  for (std::size_t i = 0; i < processors; ++i) start[i + 1] += start[i];
  std::vector<Proc> parts_by_row(initial.size());
  {
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t k = 0; k < initial.size(); ++k) {
      REDIST_ASSERT(partition[k] < processors);
      parts_by_row[fill[initial[k]]++] = partition[k];
    }
  }
  PermInstance inst;
  inst.loads_.assign(processors, 0);
  inst.row_start_.assign(processors + 1, 0);
  std::vector<std::int64_t> scratch(processors, 0);
  std::vector<Proc> touched;
  for (std::size_t i = 0; i < processors; ++i) {
    touched.clear();
    for (std::size_t k = start[i]; k < start[i + 1]; ++k) {
      const Proc part = parts_by_row[k];
      if (scratch[part]++ == 0) touched.push_back(part);
    }
    std::sort(touched.begin(), touched.end());
    for (Proc part : touched) {
      inst.entries_.push_back({part, scratch[part]});
      scratch[part] = 0;
    }
    inst.row_start_[i + 1] = inst.entries_.size();
  }
  inst.finish();
  return inst;
}

void PermInstance::finish() {
  const std::size_t n = loads_.size();
  part_sizes_.assign(n, 0);
  total_ = 0;
  max_count_ = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::int64_t sum = 0;
    for (const CountEntry& e : row(static_cast<Proc>(i))) {
      sum = checked_add(sum, e.count);
      part_sizes_[e.part] = checked_add(part_sizes_[e.part], e.count);
      max_count_ = std::max(max_count_, e.count);
    }
    loads_[i] = sum;
    total_ = checked_add(total_, sum);
  }
}

std::int64_t PermInstance::count(Proc processor, Proc part) const noexcept {
  const auto r = row(processor);
  const auto it = std::lower_bound(r.begin(), r.end(), part,
                                   [](const CountEntry& e, Proc p) { return e.part < p; });
  return it != r.end() && it->part == part ? it->count : 0;
}

Assignment canonical_assignment(std::size_t processors) {
  Assignment a(processors);
  for (std::size_t j = 0; j < processors; ++j) a[j] = static_cast<Proc>(j);
  return a;
}

bool is_permutation(const Assignment& assignment, std::size_t processors) {
  if (assignment.size() != processors) return false;
  std::vector<char> seen(processors, 0);
  for (Proc p : assignment) {
    if (p >= processors || seen[p]) return false;
    seen[p] = 1;
  }
  return true;
}

std::int64_t kept_items(const PermInstance& instance, const Assignment& assignment) {
  REDIST_ASSERT(is_permutation(assignment, instance.processors()));
  std::int64_t kept = 0;
  for (std::size_t j = 0; j < assignment.size(); ++j)
    kept += instance.count(assignment[j], static_cast<Proc>(j));
  return kept;
}

std::int64_t redistribution_volume(const PermInstance& instance, const Assignment& assignment) {
  return instance.total_items() - kept_items(instance, assignment);
}

std::int64_t redistribution_steps(const PermInstance& instance, const Assignment& assignment) {
  REDIST_ASSERT(is_permutation(assignment, instance.processors()));
  std::int64_t steps = 0;
  for (std::size_t j = 0; j < assignment.size(); ++j) {
    const auto part = static_cast<Proc>(j);
    steps = std::max(
        steps, step_weight(instance, assignment[j], part, instance.count(assignment[j], part)));
  }
  return steps;
}

}  // namespace redist::perm
