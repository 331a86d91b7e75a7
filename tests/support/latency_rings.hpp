#pragma once
// Random rings with start-up costs for the tests of docs/latency.md's bounds, planners and MILP.

#include <string>

#include "redist/core/random.hpp"
#include "redist/core/ring_instance.hpp"

namespace redist::testing {

/// 2..max_n processors, either kind, costs 1..2, start-ups 0..max_latency (at least one above 0),
/// loads and targets 0.. with at most max_items items in all: small enough for the exhaustive
/// search.
inline RingInstance tiny_latency_ring(Rng& rng, std::int64_t max_n, std::int64_t max_items,
                                      std::int64_t max_latency) {
  RingInstance inst;
  inst.kind = rng.uniform(0, 1) ? RingKind::bidirectional : RingKind::unidirectional;
  const auto n = static_cast<std::size_t>(rng.uniform(2, max_n));
  const std::int64_t total = rng.uniform(1, max_items);
  inst.loads.assign(n, 0);
  inst.targets.assign(n, 0);
  for (std::int64_t k = 0; k < total; ++k) {
    ++inst.loads[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))];
    ++inst.targets[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))];
  }
  const bool homogeneous = rng.uniform(0, 1) != 0;
  const std::int64_t c = rng.uniform(1, 2), l = rng.uniform(1, max_latency);
  const auto fill = [&](std::vector<std::int64_t>& v, bool cost) {
    v.resize(n);
    for (auto& x : v)
      x = homogeneous ? (cost ? c : l) : (cost ? rng.uniform(1, 2) : rng.uniform(0, max_latency));
  };
  fill(inst.succ_cost, true);
  fill(inst.succ_latency, false);
  if (inst.bidirectional()) {
    fill(inst.pred_cost, true);
    fill(inst.pred_latency, false);
  }
  if (!inst.has_latency()) inst.succ_latency[0] = 1;
  return inst;
}

/// 1..max_n processors of the given kind, loads and targets 0..max_load, costs 1..9, start-ups
/// 0..max_latency.
inline RingInstance small_latency_ring(Rng& rng, RingKind kind, std::int64_t max_n,
                                       std::int64_t max_load, std::int64_t max_latency) {
  RingInstance inst;
  inst.kind = kind;
  const auto n = static_cast<std::size_t>(rng.uniform(1, max_n));
  inst.loads.resize(n);
  for (auto& x : inst.loads) x = rng.uniform(0, max_load);
  std::int64_t total = 0;
  for (auto x : inst.loads) total += x;
  inst.targets.assign(n, 0);
  for (std::int64_t k = 0; k < total; ++k)
    ++inst.targets[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))];
  const auto fill = [&](std::vector<std::int64_t>& v, std::int64_t lo, std::int64_t hi) {
    v.resize(n);
    for (auto& x : v) x = rng.uniform(lo, hi);
  };
  fill(inst.succ_cost, 1, 9);
  fill(inst.succ_latency, 0, max_latency);
  if (kind == RingKind::bidirectional) {
    fill(inst.pred_cost, 1, 9);
    fill(inst.pred_latency, 0, max_latency);
  }
  return inst;
}

inline std::string describe_ring(const RingInstance& inst) {
  std::string out = inst.bidirectional() ? "bi" : "uni";
  const auto list = [&](const char* name, const std::vector<std::int64_t>& v) {
    out += std::string(" ") + name + " [";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
    out += "]";
  };
  list("loads", inst.loads);
  list("targets", inst.targets);
  list("succ_cost", inst.succ_cost);
  list("succ_latency", inst.succ_latency);
  if (inst.bidirectional()) {
    list("pred_cost", inst.pred_cost);
    list("pred_latency", inst.pred_latency);
  }
  return out;
}

}  // namespace redist::testing
