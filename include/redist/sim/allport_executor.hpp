#pragma once
// Step-by-step execution of an all-port schedule (document 002 sections 2-3): the oracle that the
// closed forms (allport_time.hpp) and every lau planner are checked against.
//
// Model: in each step every link carries at most one message each way, a message of any size takes
// one step, and an item received in step t can be sent on in step t+1 (store-and-forward). flows[e]
// > 0: P_e sends flows[e] items to P_{e+1} over edge e; < 0: P_{e+1} sends -flows[e] to P_e.
//   single-send: each edge carries exactly one message; its sender sends it in the first step in
//                which it holds the whole amount (as soon as possible).
//   multi-send:  in every step a sender sends min(what it holds, what the edge still owes).
// A node with two outgoing edges serves its successor edge first. The run stops when every edge is
// done (completed), when a step sends nothing (deadlock: a value, never a hang) or after max_steps.

#include <cstdint>
#include <vector>

#include "redist/sim/allport_instance.hpp"
#include "redist/sim/allport_time.hpp"

namespace redist::sim {

struct AllportMessage {
  std::size_t edge = 0;
  std::size_t from = 0;
  std::size_t to = 0;
  std::int64_t amount = 0;
};

struct AllportStep {
  std::vector<AllportMessage> messages;
  std::vector<std::int64_t> holdings;  // after the step
};

enum class ExecStatus { completed, deadlock, step_limit };

const char* to_string(ExecStatus status);

struct AllportExecution {
  ExecStatus status = ExecStatus::completed;
  std::int64_t steps = 0;     // steps that sent at least one message
  std::int64_t messages = 0;  // messages sent
  std::vector<std::int64_t> final_loads;
  bool reached_targets = false;    // completed and final_loads == targets
  std::vector<AllportStep> trace;  // one entry per step when requested

  /// The time as the closed forms report it (a step limit is not a time: check status first).
  [[nodiscard]] AllportTime time() const { return {steps, status == ExecStatus::deadlock}; }
};

struct ExecOptions {
  std::int64_t max_steps = 1'000'000;
  bool record_trace = false;
};

/// Runs any flows (valid or not; a flow must fit in [-2^62, 2^62]); O(n) per step.
AllportExecution execute_allport(const AllportInstance& instance,
                                 const std::vector<std::int64_t>& flows, SendMode mode,
                                 const ExecOptions& options = {});

}  // namespace redist::sim
