#include "redist/sim/ring_validator.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <numeric>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "redist/core/error.hpp"
#include "ring_batches.hpp"

namespace redist::sim {

namespace {

using detail::Batch;
using detail::Candidate;
using detail::kNever;
using detail::proc;
using detail::uses_succ_link;

// Messages of a batch that leave strictly before `limit` (computed wide: a horizon may be any
// time).
std::int64_t messages_before(Ticks start, std::int64_t messages, Ticks period, Ticks limit) {
  if (limit == kNever) return messages;
  if (start >= limit) return 0;
  return static_cast<std::int64_t>(std::min<Ticks>(messages, ceil_div(limit - start, period)));
}

// End of the span of `messages` (>= 1) messages sent every `period` from `start`, the last one
// taking `last_time` on the link.
std::optional<Ticks> span_end(Ticks start, std::int64_t messages, Ticks period, Ticks last_time) {
  // Below 2^61, (messages - 1) period < 2^124 and the sum cannot overflow: no checked arithmetic.
  if (start < detail::kNarrowLimit && period < detail::kNarrowLimit &&
      last_time < detail::kNarrowLimit)
    return start + (messages - 1) * period + last_time;
  const auto paced = checked_mul(messages - 1, period);
  const auto last_start = paced ? checked_add(start, *paced) : std::nullopt;
  return last_start ? checked_add(*last_start, last_time) : std::nullopt;
}

// How a transfer's messages use its link (docs/design.md "Schedule"), at the validation's scale:
// a full message takes L + m c, the last one L + q c; a transfer of one message has that message's
// time as its period, so that every period of a multi-message batch stays below its end.
struct MessageTimes {
  std::int64_t messages;
  Ticks message_time;  // a full message (the only one's own time when there is one)
  Ticks last_time;     // the last message
  Ticks period;        // between message starts
};

MessageTimes message_times(const Transfer& t, Ticks cost, Ticks latency, Ticks spacing) {
  const std::int64_t k = message_count(t);
  const Ticks full = latency + Ticks{message_size(t)} * cost;
  const Ticks last = latency + Ticks{last_message_size(t)} * cost;
  if (k <= 1) return {k, last, last, last};
  return {k, full, last, spacing == 0 ? full : spacing};
}

// What the first pass decided for each transfer: not a batch (wrong link, wrong pace, no item), or
// a batch on its sender's succ or pred link.
enum class Role : std::uint8_t { none, succ, pred };

// Batches rebuilt from the schedule's transfers at the validation's time scale: the schedule is
// read in place, its times multiplied by `factor` on the fly (the first pass checked that they
// fit). With a horizon, a batch keeps only its departures before it (see validate_ring_schedule).
// T is the integer type of the batches' times (ring_batches.hpp): 64-bit only when the first pass
// found every batch's end and the items in all below kNarrowLimit.
template <class T>
class BatchSource {
 public:
  BatchSource(const RingInstance& inst, const Schedule& sched, const std::vector<Role>& roles,
              Ticks factor)
      : inst_(inst), sched_(sched), roles_(roles), factor_(factor) {}

  void set_horizon(Ticks horizon) { horizon_ = horizon; }

  Batch<T> operator()(std::uint32_t i) const {
    const Transfer& t = sched_.transfers[i];
    const auto from = static_cast<std::size_t>(t.from);
    const bool succ = roles_[i] == Role::succ;
    if constexpr (std::is_same_v<T, std::int64_t>) {
      // The usual case (a plan read at its own scale, no horizon, one item per message, no
      // start-up) in 64 bits throughout: the first pass found every end below kNarrowLimit, so
      // every start, period and end fits.
      if (factor_ == 1 && horizon_ == kNever) {
        const std::int64_t cost = inst_.cost(from, succ), latency = inst_.latency(from, succ);
        const auto start = static_cast<std::int64_t>(t.start);
        const std::int64_t size = message_size(t);
        if (size <= 1 && latency == 0) {
          const std::int64_t period =
              t.spacing == 0 || t.items == 1 ? cost : static_cast<std::int64_t>(t.spacing);
          return {start, start + (t.items - 1) * period + cost, t.items, cost, period, i, t.items,
                  1};
        }
        // Messages of several items or with a start-up (plans with start-ups), as message_times
        // below gives them, in 64 bits as well: a batch has an item at least, the first pass
        // bounded its end, and with two or more messages a full message's time is at most the
        // period ((messages - 1) period < end).
        const std::int64_t messages = message_count(t);
        const std::int64_t last = latency + (t.items - (messages - 1) * size) * cost;
        if (messages == 1) return {start, start + last, t.items, last, last, i, 1, size};
        const std::int64_t full = latency + size * cost;
        const std::int64_t period = t.spacing == 0 ? full : static_cast<std::int64_t>(t.spacing);
        return {start, start + (messages - 1) * period + last, t.items, full, period, i, messages,
                size};
      }
    }
    // A single message's spacing is never used, and may be anything up to 2^127: taking the
    // message's time instead keeps every period of the 64-bit path below kNarrowLimit (with two or
    // more messages, (messages - 1) period < end, which the first pass bounded).
    const MessageTimes m = message_times(t, Ticks{inst_.cost(from, succ)},
                                         Ticks{inst_.latency(from, succ)}, t.spacing * factor_);
    const Ticks start = t.start * factor_;
    std::int64_t items = t.items;
    std::int64_t messages = m.messages;
    Ticks end = start + (messages - 1) * m.period + m.last_time;
    if (horizon_ != kNever) {
      messages = messages_before(start, messages, m.period, horizon_);
      if (messages < m.messages) {
        items = messages * message_size(t);
        end = start + (messages - 1) * m.period + m.message_time;
      }
    }
    return {static_cast<T>(start),
            static_cast<T>(end),
            items,
            static_cast<T>(m.message_time),
            static_cast<T>(m.period),
            i,
            messages,
            message_size(t)};
  }

  // The batches of `indices`, in that order, into `out` (a buffer reused from one processor to the
  // next).
  void fill(std::span<const std::uint32_t> indices, std::vector<Batch<T>>& out) const {
    out.clear();
    for (const std::uint32_t i : indices) out.push_back((*this)(i));
  }

 private:
  const RingInstance& inst_;
  const Schedule& sched_;
  const std::vector<Role>& roles_;
  Ticks factor_;
  Ticks horizon_ = kNever;
};

// One port kind (sends or receives) of every processor: the transfer indices of P_p's batches are
// order[offset[p] .. offset[p+1]). Indices, not batches: a batch is rebuilt from its transfer when
// needed (BatchSource), so the validator holds 4 bytes per transfer and port, not a copy of the
// schedule (docs/design.md section 6; plan's peak memory is the validator's on large rings).
struct PortTable {
  std::vector<std::uint32_t> order;
  std::vector<std::uint32_t> offset;
  std::span<std::uint32_t> of(std::size_t p) {
    return {order.data() + offset[p], offset[p + 1] - offset[p]};
  }
};

// The batches (transfers whose role is not none) counted by sender and by receiver, then placed by
// both in one more pass: two passes over the schedule rather than four (at 10^6 transfers each pass
// reads 64 MB; the passes were a third of the validation). The counts come from the first pass.
// Each offset array has n + 2 entries while it is built: counts at [p + 2], starts at [p + 1] after
// the prefix sum, and placing moves [p + 1] to P_p's end, which is P_{p+1}'s start, so that [p] is
// P_p's start at the end without a separate cursor array.
struct PortCounts {
  std::vector<std::uint32_t> sends;     // n + 2 entries
  std::vector<std::uint32_t> receives;  // n + 2 entries
};

void group_by_sender_and_receiver(const Schedule& sched, const std::vector<Role>& roles,
                                  PortCounts counts, PortTable& sends, PortTable& receives) {
  sends.offset = std::move(counts.sends);
  receives.offset = std::move(counts.receives);
  for (auto* table : {&sends, &receives}) {
    std::partial_sum(table->offset.begin(), table->offset.end(), table->offset.begin());
    table->order.resize(table->offset.back());
  }
  for (std::size_t i = 0; i < roles.size(); ++i) {
    if (roles[i] == Role::none) continue;
    const Transfer& t = sched.transfers[i];
    sends.order[sends.offset[static_cast<std::size_t>(t.from) + 1]++] =
        static_cast<std::uint32_t>(i);
    receives.order[receives.offset[static_cast<std::size_t>(t.to) + 1]++] =
        static_cast<std::uint32_t>(i);
  }
  sends.offset.pop_back();
  receives.offset.pop_back();
}

// check_port on P_p's batches of one table, leaving them (and the table's indices) in start order.
template <class T>
void check_port_of(PortTable& table, std::size_t p, const BatchSource<T>& source, const char* verb,
                   Candidate& found, int scale, std::vector<Batch<T>>& buffer) {
  const std::span<std::uint32_t> indices = table.of(p);
  source.fill(indices, buffer);
  if (!detail::check_port<T>(buffer, static_cast<std::int64_t>(p), verb, found, scale)) return;
  for (std::size_t k = 0; k < buffer.size(); ++k)
    indices[k] = static_cast<std::uint32_t>(buffer[k].transfer);
}

template <class T>
void check_holdings(detail::HoldingsChecker<T>& checker, const std::vector<Batch<T>>& sends,
                    const std::vector<Batch<T>>& receives, const RingInstance& inst, std::size_t p,
                    int scale, Candidate& found) {
  checker.reset(sends, receives, inst.loads[p]);
  const auto f = checker.first_failure();
  if (!f) return;
  const Ticks held = inst.loads[p] + f->arrived - f->sent_before;
  const std::string what =
      f->one_item_messages
          ? "item " + std::to_string(f->message) + " of transfer " + std::to_string(f->transfer) +
                " at t=" + format_ticks(f->time, scale) + " but holds none"
          : "message " + std::to_string(f->message) + " (" + std::to_string(f->message_items) +
                " items) of transfer " + std::to_string(f->transfer) +
                " at t=" + format_ticks(f->time, scale) + " but holds " + format_int128(held);
  found.offer(f->time, static_cast<std::int64_t>(p), 2, "holdings",
              proc(static_cast<std::int64_t>(p)) + " must send " + what + " (initial load " +
                  std::to_string(inst.loads[p]) + ", received " + format_int128(f->arrived) +
                  ", already sent " + format_int128(f->sent_before) + ")");
}

// Ports and holdings of processors [begin, end): each processor's batches are built once, its
// ports checked, then its holdings, whose verdicts stand only if no port of any processor overlaps.
template <class T>
void scan_processors(std::size_t begin, std::size_t end, PortTable& sends, PortTable& receives,
                     const BatchSource<T>& source, const RingInstance& inst, int scale,
                     Candidate& found, Candidate& holdings) {
  std::vector<Batch<T>> send_batches, receive_batches;  // one processor's, reused
  detail::HoldingsChecker<T> checker;
  for (std::size_t p = begin; p < end; ++p) {
    check_port_of(sends, p, source, "sending", found, scale, send_batches);
    check_port_of(receives, p, source, "receiving", found, scale, receive_batches);
    if (!found.best)
      check_holdings(checker, send_batches, receive_batches, inst, p, scale, holdings);
  }
}

// Below this many transfers a second thread costs more than it saves.
constexpr std::size_t kParallelTransfers = std::size_t{1} << 17;

// The first processor of the second half (about half the transfers sent before it), or 0 to check
// every processor in one job.
std::size_t parallel_split(const PortTable& sends, std::size_t n, std::size_t transfers) {
  if (transfers < kParallelTransfers || n < 2) return 0;
  const auto half = static_cast<std::uint32_t>(sends.offset[n] / 2);
  const auto at = std::lower_bound(sends.offset.begin(), sends.offset.begin() + n, half);
  const auto split = static_cast<std::size_t>(at - sends.offset.begin());
  return split > 0 && split < n ? split : 0;
}

// The one-port and holdings rules of every processor, after the first pass (which found the
// neighbour and spacing violations, if any, into `found`).
template <class T>
void check_ports_and_holdings(const RingInstance& inst, const Schedule& sched,
                              const std::vector<Role>& roles, PortCounts counts, Ticks factor,
                              int scale, const JobPair* run_both, Candidate& found) {
  const std::size_t n = inst.size();
  BatchSource<T> source(inst, sched, roles, factor);
  PortTable sends, receives;
  group_by_sender_and_receiver(sched, roles, std::move(counts), sends, receives);
  // The processors in two halves (of about equal transfers), two jobs for `run_both` when the
  // schedule is large: the halves share nothing but the read-only schedule, and merging their
  // candidates in processor order gives the verdict of one pass (ties keep the earlier
  // processor's).
  Candidate holdings;
  const std::size_t split = run_both ? parallel_split(sends, n, sched.transfers.size()) : 0;
  if (split == 0) {
    scan_processors(0, n, sends, receives, source, inst, scale, found, holdings);
  } else {
    Candidate found_above, holdings_above;
    std::exception_ptr failed_above, failed_below;
    // The jobs never throw (JobPair's contract): what a half throws is rethrown here.
    const auto guarded = [](std::exception_ptr& failed, const auto& job) {
      try {
        job();
      } catch (...) {
        failed = std::current_exception();
      }
    };
    (*run_both)(
        [&] {
          guarded(failed_above, [&] {
            scan_processors(split, n, sends, receives, source, inst, scale, found_above,
                            holdings_above);
          });
        },
        [&] {
          guarded(failed_below, [&] {
            scan_processors(0, split, sends, receives, source, inst, scale, found, holdings);
          });
        });
    if (failed_below) std::rethrow_exception(failed_below);
    if (failed_above) std::rethrow_exception(failed_above);
    found.offer(found_above);
    holdings.offer(holdings_above);
  }
  if (!found.best) {
    found.offer(holdings);
    return;
  }
  // Before the first neighbour, spacing or one-port violation every port is serial, which the
  // holdings check relies on; nothing at or after it can be the first violation anyway. Truncated
  // batches keep their place in start order; those left with no item are skipped (sends) or count
  // nothing (receives: they all start at or after the horizon, after every kept one).
  source.set_horizon(found.best->time);
  std::vector<Batch<T>> send_batches, receive_batches;
  detail::HoldingsChecker<T> checker;
  for (std::size_t p = 0; p < n; ++p) {
    source.fill(sends.of(p), send_batches);
    source.fill(receives.of(p), receive_batches);
    check_holdings(checker, send_batches, receive_batches, inst, p, scale, found);
  }
}

// The schedule's times at 10^-scale would not fit 128 bits: the error the schedule's own rescaling
// raised before the validator read it in place (same fields, same order, before any other check).
void require_rescalable(const Schedule& sched, int scale) {
  if (scale == sched.time_scale) return;
  const Ticks factor = pow10_ticks(scale - sched.time_scale);
  const auto fits = [&](Ticks t, const std::string& field) {
    if (!checked_mul(t, factor))
      throw InputError("", field,
                       "time does not fit 128-bit ticks at 10^-" + std::to_string(scale));
  };
  for (std::size_t i = 0; i < sched.transfers.size(); ++i) {
    fits(sched.transfers[i].start, indexed("transfers", i) + ".start");
    if (sched.transfers[i].spacing != 0)
      fits(sched.transfers[i].spacing, indexed("transfers", i) + ".spacing");
  }
  // The makespan and lower bound a schedule claims are never read here (nor ever a reason to
  // refuse it: io/schedule_assembler.hpp).
}

// Each processor's net change of items, in 64 bits while the sums fit (always, in a schedule that
// moves no more than the instance's items) and in 128 from the first overflow on: 8 bytes a
// processor rather than 16 in the usual case (the validator's memory is plan's peak).
class NetChanges {
 public:
  explicit NetChanges(std::size_t n) : narrow_(n, 0) {}

  // `from` != `to`: a transfer between two processors of the ring.
  void move(std::size_t from, std::size_t to, std::int64_t items) {
    std::int64_t left = 0, arrived = 0;
    if (wide_.empty() && !__builtin_sub_overflow(narrow_[from], items, &left) &&
        !__builtin_add_overflow(narrow_[to], items, &arrived)) {
      narrow_[from] = left;
      narrow_[to] = arrived;
      return;
    }
    if (wide_.empty()) {
      wide_.assign(narrow_.begin(), narrow_.end());
      narrow_ = {};
    }
    wide_[from] -= items;
    wide_[to] += items;
  }

  Ticks operator[](std::size_t p) const { return wide_.empty() ? narrow_[p] : wide_[p]; }

 private:
  std::vector<std::int64_t> narrow_;
  std::vector<Ticks> wide_;
};

// What the first pass learns: each transfer's role, each processor's net change and batches sent
// and received, the end of the last batch and the items of all batches.
struct FirstPass {
  std::vector<Role> roles;
  PortCounts counts;
  NetChanges final_delta{0};
  Ticks makespan = 0;
  Ticks items = 0;
};

// The neighbour and spacing rules, transfer by transfer, into `found`.
FirstPass first_pass(const RingInstance& inst, const Schedule& sched, Ticks factor, int scale,
                     Candidate& found) {
  const std::size_t n = inst.size();
  FirstPass pass;
  pass.roles.assign(sched.transfers.size(), Role::none);
  pass.final_delta = NetChanges(n);
  pass.counts.sends.assign(n + 2, 0);
  pass.counts.receives.assign(n + 2, 0);
  for (std::size_t i = 0; i < sched.transfers.size(); ++i) {
    const Transfer& t = sched.transfers[i];
    REDIST_ASSERT(t.from >= 0 && static_cast<std::size_t>(t.from) < n && t.to >= 0 &&
                  static_cast<std::size_t>(t.to) < n && t.items >= 0 && t.start >= 0 &&
                  t.spacing >= 0);
    // Link and time are checked for every transfer, an empty one included (a 0-item transfer on a
    // link that does not exist is still a wrong schedule); only then is an empty transfer skipped.
    const auto succ = uses_succ_link(inst, t);
    const Ticks start = t.start * factor;
    if (!succ) {
      found.offer(
          start, t.from, 0, "neighbour",
          "transfer " + std::to_string(i) + ": " + proc(t.from) + " -> " + proc(t.to) +
              " is not a link of this " + to_string(inst.kind) + " ring of " + std::to_string(n) +
              (t.link ? std::string(" (link \"") + (*t.link == Link::succ ? "succ" : "pred") + "\")"
                      : ""));
      continue;
    }
    // A transfer at an impossible pace still moves its items: only its timing is wrong.
    pass.final_delta.move(static_cast<std::size_t>(t.from), static_cast<std::size_t>(t.to),
                          t.items);
    const Ticks cost = inst.cost(static_cast<std::size_t>(t.from), *succ);
    if (t.items == 0) {
      if (!checked_add(start, cost))
        throw InputError("", indexed("transfers", i), "end time overflows 128-bit ticks");
      continue;
    }
    const Ticks spacing = t.spacing * factor;
    const Ticks latency = Ticks{inst.latency(static_cast<std::size_t>(t.from), *succ)};
    // A full message's time, the least spacing (one item: the link's cost, document 000's rule).
    const Ticks full = latency + Ticks{message_size(t)} * cost;
    if (spacing != 0 && spacing < full) {
      found.offer(
          start, t.from, 0, "spacing",
          "transfer " + std::to_string(i) + ": " + proc(t.from) + " -> " + proc(t.to) +
              (full == cost ? " sends an item every " + format_ticks(spacing, scale) +
                                  " but the link takes " + format_ticks(cost, scale) + " per item"
                            : " starts a message every " + format_ticks(spacing, scale) +
                                  " but a message of " + std::to_string(message_size(t)) +
                                  " items takes " + format_ticks(full, scale) + " on the link"));
      continue;
    }
    // One item per message without start-up (every plan of document 000's model): no division.
    const auto end = message_size(t) <= 1 && latency == 0
                         ? span_end(start, t.items, spacing == 0 ? cost : spacing, cost)
                         : [&] {
                             const MessageTimes m = message_times(t, cost, latency, spacing);
                             return span_end(start, m.messages, m.period, m.last_time);
                           }();
    if (!end) throw InputError("", indexed("transfers", i), "end time overflows 128-bit ticks");
    pass.makespan = std::max(pass.makespan, *end);
    pass.items += t.items;
    pass.roles[i] = *succ ? Role::succ : Role::pred;
    ++pass.counts.sends[static_cast<std::size_t>(t.from) + 2];
    ++pass.counts.receives[static_cast<std::size_t>(t.to) + 2];
  }
  return pass;
}

ValidationResult validate(const RingInstance& original_instance, const Schedule& sched,
                          bool narrow_allowed, const JobPair* run_both = nullptr) {
  const int scale = std::max(original_instance.cost_scale, sched.time_scale);
  // The instance is copied only when its costs need a finer scale; the schedule never is.
  std::optional<RingInstance> finer;
  if (scale != original_instance.cost_scale) finer = rescaled(original_instance, scale);
  const RingInstance& inst = finer ? *finer : original_instance;
  require_rescalable(sched, scale);
  const Ticks factor = pow10_ticks(scale - sched.time_scale);
  const std::size_t n = inst.size();
  if (sched.transfers.size() >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("", "transfers", "more than 2^32 - 2 transfers");

  Candidate found;
  FirstPass pass = first_pass(inst, sched, factor, scale, found);
  if (narrow_allowed && pass.makespan < detail::kNarrowLimit && pass.items < detail::kNarrowLimit)
    check_ports_and_holdings<std::int64_t>(inst, sched, pass.roles, std::move(pass.counts), factor,
                                           scale, run_both, found);
  else
    check_ports_and_holdings<Ticks>(inst, sched, pass.roles, std::move(pass.counts), factor, scale,
                                    run_both, found);
  for (std::size_t p = 0; p < n; ++p) {
    const Ticks final_load = inst.loads[p] + pass.final_delta[p];
    if (final_load != inst.targets[p])
      found.offer(pass.makespan, static_cast<std::int64_t>(p), 3, "final-load",
                  proc(static_cast<std::int64_t>(p)) + " ends with " + format_int128(final_load) +
                      " items but its target is " + std::to_string(inst.targets[p]));
  }

  ValidationResult result;
  result.time_scale = scale;
  result.valid = !found.best.has_value();
  result.violation = found.best;
  result.makespan = pass.makespan;
  return result;
}

}  // namespace

ValidationResult validate_ring_schedule(const RingInstance& instance, const Schedule& schedule,
                                        const JobPair& run_both) {
  // A reader that does not know item identities refuses them rather than ignoring them
  // (docs/design.md section 4): counting an ordered schedule's items would accept wrong items.
  if (names_items(schedule))
    throw InputError("", "transfers[0].first",
                     "the schedule names its items (an ordered schedule): it is validated with "
                     "validate_ordered_schedule (sim/ordered_validator.hpp)");
  return validate(instance, schedule, true, run_both ? &run_both : nullptr);
}

ValidationResult validate_ring_schedule(const RingInstance& instance, const Schedule& schedule) {
  return validate_ring_schedule(instance, schedule, JobPair{});
}

namespace detail {

ValidationResult validate_item_counts(const RingInstance& instance, const Schedule& schedule) {
  return validate(instance, schedule, true);
}

ValidationResult validate_ring_schedule_wide(const RingInstance& instance,
                                             const Schedule& schedule) {
  return validate(instance, schedule, false);
}

}  // namespace detail

}  // namespace redist::sim
