#pragma once
// An event-driven one-port list scheduler for the net flows of one shift, on a bidirectional ring
// (the general heterogeneous case that document 000 section 6 leaves open).
//
// For a shift x the links that carry items are fixed (F_i = x + S_i, document 000 Lemma 10). The
// scheduler runs time forward: whenever a processor's send port is free, it holds an item, and the
// receiver's receive port is free, it starts a batch. Relays therefore forward as soon as they hold
// items (document 000 Algorithm 2). Where two batches compete - a source's two directions, a sink's
// two senders - the one with the higher priority goes first; priorities come from a rule (remaining
// work of the link, or the critical path it leads: its remaining work against the latency plus work
// of the links downstream, or earliest deadline first over the relays of the path) times an
// optional per-link weight that local search tunes (ring/local_search.hpp). Contested decisions are
// re-taken every `chunk` items; a relay sends everything it holds plus the items of its incoming
// stream that arrive in time, and where its link is faster than the stream it forwards the rest at
// the stream's pace as one spaced transfer (docs/design.md "Schedule"; see join_incoming_stream).
// So the number of events grows with n and the contention, not with the item counts. Consecutive
// back-to-back batches on a link are merged into one transfer.
//
// Every schedule returned is valid by construction (holdings and one-port are checked as it runs;
// tests run the exact validator on each).

#include <cstdint>
#include <optional>
#include <vector>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "ring/ring_prefix.hpp"

namespace redist::ring {

enum class ListPriority {
  remaining_work,      // items still to cross the link times its cost
  critical_path,       // max(remaining work, cost + critical path of the next link downstream)
  live_critical_path,  // the same with the remaining items of every link downstream (up to 64
                       // links)
  // At a source: the direction whose next relay runs dry first (its port's free instant plus the
  // time to send what it holds and what is arriving), and each batch stops when the other side's
  // relay would run dry. Keeps both relays of a source busy when they, not the source, are the
  // bottleneck.
  starving_relay_first,
  // At a source: earliest deadline first over the relays of each path (up to 256): relay j must
  // still forward rem_j items, those already upstream of it cover some, the rest need the source;
  // the direction whose path is latest (remaining starved work plus latency) goes first, and each
  // batch stops when the other side becomes the later one.
  starved_work_first,
  succ_first,  // successors first at sources and sinks (Lemma 9's order), then the other way
  pred_first,  // predecessors first
};

struct ListSchedulerOptions {
  ListPriority priority = ListPriority::critical_path;
  // Multiplies the priority of P_i's link in direction d (index 2 i + d, d = 0 succ, 1 pred);
  // empty: all 1. Local search tunes these.
  std::vector<double> weight;
  // A contested decision (two directions, or a receiver with two senders) commits at most
  // ceil(remaining / granularity) items before it is taken again.
  std::int64_t granularity = 64;
  // An uncontested relay faster than its incoming stream may start one batch late instead of
  // forwarding item by item (same last departure, fewer events; see list_scheduler.cpp): never,
  // only where no link downstream is slower (harmless), or always (few events whatever the item
  // counts, possibly later: what keeps the scheduler within its budget on rings with millions of
  // item-hops).
  enum class LateBatches { never, when_harmless, always };
  LateBatches late_batches = LateBatches::when_harmless;
  // A relay faster than the stream it forwards sends at the stream's pace as one spaced transfer
  // (docs/design.md "Schedule"); false: item by item, back to back (plan --back-to-back).
  bool spaced = true;
  // Give up (nullopt) beyond this many batch starts: the caller keeps its other candidates.
  std::int64_t max_events = 4'000'000;
};

struct ListSchedule {
  Schedule schedule;  // makespan and flow_shift set, time scale = the instance's cost scale
  Ticks makespan = 0;
  std::int64_t events = 0;  // batches started (before merging)
};

/// Requires a bidirectional ring. nullopt when the flows of `shift` circulate (every edge the same
/// nonzero sign) or the event budget runs out.
/// `prefix`: the instance's prefix sums (RingPrefix::of), built once per plan by the caller.
std::optional<ListSchedule> list_schedule(const RingInstance& instance, const RingPrefix& prefix,
                                          std::int64_t shift,
                                          const ListSchedulerOptions& options = {});
/// The same, computing the prefix sums itself (for callers that schedule one shift).
std::optional<ListSchedule> list_schedule(const RingInstance& instance, std::int64_t shift,
                                          const ListSchedulerOptions& options = {});

}  // namespace redist::ring
