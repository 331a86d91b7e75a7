#pragma once
// One-port step schedules (document 003 section 3.2.2) in the compressed form of docs/design.md
// section 4: a list of groups, each `repeat` identical consecutive steps; in a step every listed
// pair (src, dst) moves one item. Valid when, in every step, the senders are distinct and the
// receivers are distinct, and over all steps each pair moves exactly its demand.
//
// check_step_schedule is the oracle every produced schedule goes through (tests, CLI).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "redist/perm/instance.hpp"

namespace redist::perm {

struct TransferPair {
  Proc src = 0;
  Proc dst = 0;
};

struct PairDemand {
  Proc src = 0;
  Proc dst = 0;
  std::int64_t items = 0;  // > 0
};

struct StepGroup {
  std::int64_t repeat = 1;
  std::vector<TransferPair> pairs;
};

struct StepSchedule {
  std::vector<StepGroup> groups;
  [[nodiscard]] std::int64_t steps() const;
};

/// Items each (src, dst) pair must move when part j goes to processor assignment[j]: count(i, j)
/// items from i to assignment[j], for i != assignment[j]. Distinct pairs, sorted.
std::vector<PairDemand> transfer_demand(const PermInstance& instance, const Assignment& assignment);

/// max over processors of max(items sent, items received): König's lower bound, met by colouring.
std::int64_t max_port_degree(std::size_t processors, const std::vector<PairDemand>& demand);

struct StepViolation {
  std::size_t group = 0;  // index into schedule.groups (or groups.size() for a demand mismatch)
  std::string
      rule;  // "range" | "self" | "repeat" | "one-port-send" | "one-port-receive" | "demand"
  std::string message;
};

struct StepCheck {
  bool valid = true;
  std::int64_t steps = 0;
  std::optional<StepViolation> violation;
};

/// Checks every group and the totals per pair; O(size of the schedule + pairs).
StepCheck check_step_schedule(std::size_t processors, const std::vector<PairDemand>& demand,
                              const StepSchedule& schedule);

}  // namespace redist::perm
