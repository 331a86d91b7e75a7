#include "ring/list_scheduler.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>

#include "redist/core/error.hpp"
#include "redist/core/flow.hpp"

namespace redist::ring {

namespace {

constexpr int kSucc = 0;
constexpr int kPred = 1;

// Items arriving at a processor over its one receive port: at most one stream at a time (one-port).
// Item i (1-based) arrives at first + (i - 1) pace: a back-to-back batch has pace = its link's
// cost, a spaced one its spacing.
struct IncomingStream {
  Ticks first = 0;
  Ticks pace = 1;
  std::int64_t count = 0;
};

// One batch about to start: `items` over the link, `spacing` 0 (back to back) or the pace of the
// stream it forwards (> the link's cost).
struct Batch {
  std::int64_t items = 0;
  Ticks spacing = 0;
};

struct Candidate {
  double priority = 0;
  std::size_t sender = 0;
  int dir = 0;
};

class ListScheduler {
 public:
  ListScheduler(const RingInstance& inst, const std::vector<std::int64_t>& flows,
                const ListSchedulerOptions& opt)
      : inst_(inst),
        n_(inst.size()),
        opt_(opt),
        rem_(2 * n_, 0),
        base_(inst.loads),
        stream_(n_),
        send_free_(n_, 0),
        recv_free_(n_, 0),
        last_(2 * n_, -1),
        seen_(n_, 0),
        critical_(2 * n_, 0.0),
        slowest_downstream_(2 * n_, 0) {
    for (std::size_t p = 0; p < n_; ++p) {
      rem_[link(p, kSucc)] = std::max<std::int64_t>(flows[p], 0);
      rem_[link(p, kPred)] = std::max<std::int64_t>(-flows[(p + n_ - 1) % n_], 0);
    }
    compute_critical_paths();
  }

  std::optional<ListSchedule> run(std::int64_t shift) {
    for (std::size_t p = 0; p < n_; ++p)
      if (rem_[link(p, kSucc)] + rem_[link(p, kPred)] > 0) wake(p, 0);
    std::vector<std::size_t> woken;
    std::vector<Candidate> candidates;
    std::int64_t round = 0;
    while (!events_.empty()) {
      const Ticks now = events_.top().first;
      woken.clear();
      ++round;
      while (!events_.empty() && events_.top().first == now) {
        const std::size_t p = events_.top().second;
        events_.pop();
        if (seen_[p] != round) woken.push_back(p);
        seen_[p] = round;
      }
      candidates.clear();
      for (const std::size_t p : woken) collect(p, now, candidates);
      std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return std::tie(b.priority, a.sender, a.dir) < std::tie(a.priority, b.sender, b.dir);
      });
      for (const Candidate& c : candidates) try_start(c, now);
      if (starts_ > opt_.max_events) return std::nullopt;
    }
    for (const std::int64_t r : rem_) REDIST_ASSERT(r == 0);
    ListSchedule out;
    out.makespan = makespan_;
    out.events = starts_;
    out.schedule.transfers = std::move(transfers_);
    out.schedule.time_scale = inst_.cost_scale;
    out.schedule.makespan = makespan_;
    out.schedule.flow_shift = shift;
    return out;
  }

 private:
  static std::size_t link(std::size_t p, int dir) { return 2 * p + static_cast<std::size_t>(dir); }
  std::size_t receiver(std::size_t p, int dir) const {
    return dir == kSucc ? (p + 1) % n_ : (p + n_ - 1) % n_;
  }
  // The processor whose link in direction `dir` delivers to q.
  std::size_t upstream(std::size_t q, int dir) const {
    return dir == kSucc ? (q + n_ - 1) % n_ : (q + 1) % n_;
  }
  Ticks cost(std::size_t p, int dir) const {
    return dir == kSucc ? inst_.succ_cost[p] : inst_.pred_cost[p];
  }

  void wake(std::size_t p, Ticks t) { events_.emplace(t, p); }

  std::int64_t arrived(std::size_t p, Ticks t) const {
    const IncomingStream& s = stream_[p];
    if (s.count == 0 || t < s.first) return 0;
    const Ticks done = (t - s.first) / s.pace + 1;
    return done >= s.count ? s.count : static_cast<std::int64_t>(done);
  }
  // When the next item of p's incoming stream arrives (after `got` of them).
  Ticks next_arrival(std::size_t p, std::int64_t got) const {
    return stream_[p].first + static_cast<Ticks>(got) * stream_[p].pace;
  }
  std::int64_t held(std::size_t p, Ticks t) const { return base_[p] + arrived(p, t); }

  // Static critical path of each link from the initial flows: the time its own items need, or its
  // latency plus the critical path of the link it feeds, whichever is longer. Flows never circulate
  // here, so walking back from each path's last link covers every link once.
  void compute_critical_paths() {
    for (int dir : {kSucc, kPred}) {
      for (std::size_t p = 0; p < n_; ++p) {
        if (rem_[link(p, dir)] == 0 || rem_[link(receiver(p, dir), dir)] > 0)
          continue;  // not a path end
        double downstream = 0;
        Ticks slowest = 0;
        std::size_t u = p;
        for (std::size_t steps = 0; steps < n_ && rem_[link(u, dir)] > 0; ++steps) {
          const double c = static_cast<double>(cost(u, dir));
          const double own = static_cast<double>(rem_[link(u, dir)]) * c;
          critical_[link(u, dir)] = downstream = std::max(own, c + downstream);
          slowest_downstream_[link(u, dir)] = slowest;
          slowest = std::max(slowest, cost(u, dir));
          u = upstream(u, dir);
        }
      }
    }
  }

  double priority(std::size_t p, int dir, Ticks now) const {
    const std::size_t l = link(p, dir);
    const double c = static_cast<double>(cost(p, dir));
    const double work = static_cast<double>(rem_[l]) * c;
    double value = 0;
    switch (opt_.priority) {
      case ListPriority::remaining_work:
        value = work;
        break;
      case ListPriority::critical_path: {
        const std::size_t next = link(receiver(p, dir), dir);
        value = std::max(work, rem_[next] > 0 ? c + critical_[next] : 0.0);
        break;
      }
      case ListPriority::live_critical_path:
        value = live_critical_path(p, dir);
        break;
      case ListPriority::starved_work_first:
        value = starved_work(p, dir).urgency;
        break;
      case ListPriority::starving_relay_first: {
        // The sooner the relay this link feeds runs dry, the more urgent; a link feeding no relay
        // comes after every link that does (ties broken by the critical path).
        const Ticks deadline = dry_at(receiver(p, dir), dir, now);
        value = deadline < kNever ? 1.0 / (1.0 + static_cast<double>(deadline - now))
                                  : 1e-12 * (1.0 + work);
        break;
      }
      case ListPriority::succ_first:
        value = dir == kSucc ? 2.0 : 1.0;
        break;
      case ListPriority::pred_first:
        value = dir == kPred ? 2.0 : 1.0;
        break;
    }
    return opt_.weight.empty() ? value : value * opt_.weight[l];
  }

  static constexpr Ticks kNever = std::numeric_limits<Ticks>::max();

  // How soon the path fed by P_p's link `dir` needs P_p's next item, as a deadline relative to the
  // (unknown, common) end M: relay q_j of the path must still forward rem_j items, of which the
  // items already on the path up to it cover `avail`; the next new item must reach q_j by
  // M - (rem_j - avail) c_j and needs `latency` to get there. The urgency is the largest
  // (rem_j - avail) c_j + latency over the first kStarvedHorizon relays (earliest deadline first;
  // far enough for the relays that bind tau_int on the rings of docs/results/hetbi), `pace` the
  // cost of the relay that sets it.
  struct Starved {
    double urgency = 0;
    Ticks pace = 1;
  };
  Starved starved_work(std::size_t p, int dir) const {
    constexpr std::size_t kStarvedHorizon = 256;
    Starved out{0, cost(p, dir)};
    Ticks latency = cost(p, dir);
    std::int64_t passing = 0;  // items on the path so far that can still move downstream
    std::size_t q = receiver(p, dir);
    for (std::size_t j = 0; j < kStarvedHorizon && q != p && rem_[link(q, dir)] > 0; ++j) {
      const std::int64_t need = rem_[link(q, dir)];
      passing = std::min(need, passing + std::max<std::int64_t>(0, base_[q] + stream_[q].count));
      const double urgency =
          static_cast<double>(need - passing) * static_cast<double>(cost(q, dir)) +
          static_cast<double>(latency);
      if (urgency > out.urgency) out = {urgency, cost(q, dir)};
      latency += cost(q, dir);
      q = receiver(q, dir);
    }
    return out;
  }

  // When relay q, forwarding in direction `dir`, runs out of items if nothing more reaches it: its
  // port's next free instant plus the time to send what it holds and what is still arriving (capped
  // by what it still has to forward). kNever when q forwards nothing that way.
  Ticks dry_at(std::size_t q, int dir, Ticks now) const {
    const std::int64_t to_forward = rem_[link(q, dir)];
    if (to_forward == 0) return kNever;
    const std::int64_t stock = std::min(to_forward, base_[q] + stream_[q].count);
    return std::max(now, send_free_[q]) +
           static_cast<Ticks>(std::max<std::int64_t>(stock, 0)) * cost(q, dir);
  }

  // Walks the path downstream with the items still to cross each link: the time this link's path
  // still needs if fed now. Beyond kLiveHorizon links the static value stands in.
  double live_critical_path(std::size_t p, int dir) const {
    constexpr std::size_t kLiveHorizon = 64;
    std::vector<std::size_t> path;
    for (std::size_t u = p; path.size() < kLiveHorizon && rem_[link(u, dir)] > 0;
         u = receiver(u, dir)) {
      path.push_back(u);
      if (path.size() >= n_) break;
    }
    const std::size_t last = path.back();
    const std::size_t after = link(receiver(last, dir), dir);
    double downstream = path.size() == kLiveHorizon && rem_[after] > 0 ? critical_[after] : 0.0;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const double c = static_cast<double>(cost(*it, dir));
      downstream = std::max(static_cast<double>(rem_[link(*it, dir)]) * c, c + downstream);
    }
    return downstream;
  }

  void collect(std::size_t p, Ticks now, std::vector<Candidate>& out) {
    if (send_free_[p] > now) return;  // its own wake-up at send_free_ is queued
    const std::int64_t have = held(p, now);
    for (int dir : {kSucc, kPred}) {
      if (rem_[link(p, dir)] == 0) continue;
      const std::size_t q = receiver(p, dir);
      if (recv_free_[q] > now) {
        wake(p, recv_free_[q]);
      } else if (have > 0) {
        // Only contested batches compete: the others need no priority (and some rules walk paths).
        out.push_back({contested(p, dir) ? priority(p, dir, now) : 0.0, p, dir});
      } else if (arrived(p, now) < stream_[p].count) {
        wake(p, next_arrival(p, arrived(p, now)));
      }
    }
  }

  // Whether someone else could want the same port: the sender's other direction, or the receiver's
  // other upstream neighbour.
  bool contested(std::size_t p, int dir) const {
    const int other = 1 - dir;
    const std::size_t q = receiver(p, dir);
    return rem_[link(p, other)] > 0 || rem_[link(upstream(q, other), other)] > 0;
  }

  void try_start(const Candidate& c, Ticks now) {
    const std::size_t p = c.sender, q = receiver(p, c.dir);
    if (send_free_[p] > now) return;
    if (recv_free_[q] > now) {
      wake(p, recv_free_[q]);
      return;
    }
    const std::size_t l = link(p, c.dir);
    const Ticks unit = cost(p, c.dir);
    std::int64_t cap = rem_[l];
    bool late_allowed = true;
    if (contested(p, c.dir)) {
      const std::int64_t g = std::max<std::int64_t>(1, opt_.granularity);
      cap = std::max<std::int64_t>(1, rem_[l] / g + (rem_[l] % g != 0));
      late_allowed = false;
      if (opt_.priority == ListPriority::starved_work_first && rem_[link(p, 1 - c.dir)] > 0) {
        // Serve this side until the other side's path becomes the more urgent one.
        // Serve this side until the other side's path becomes the more urgent one, give or take a
        // tolerance of 1/granularity of the source's remaining work: fewer, longer batches (each
        // one is a new stream for every relay downstream) for a bounded lateness.
        const Starved mine = starved_work(p, c.dir), other = starved_work(p, 1 - c.dir);
        const double source_work =
            static_cast<double>(rem_[l]) * static_cast<double>(unit) +
            static_cast<double>(rem_[link(p, 1 - c.dir)]) * static_cast<double>(cost(p, 1 - c.dir));
        const double lead = (mine.urgency - other.urgency + source_work / static_cast<double>(g)) /
                            static_cast<double>(mine.pace);
        cap = std::min(rem_[l], std::max<std::int64_t>(
                                    1, static_cast<std::int64_t>(std::min(lead, 1e15)) + 1));
      }
      if (opt_.priority == ListPriority::starving_relay_first && rem_[link(p, 1 - c.dir)] > 0) {
        // A source stops feeding this side in time for the other side's relay not to run dry.
        const Ticks other_dry = dry_at(receiver(p, 1 - c.dir), 1 - c.dir, now);
        if (other_dry < kNever)
          cap = std::min(cap, std::max<std::int64_t>(1, (other_dry - now) / unit));
      }
    }
    Batch batch{std::min(held(p, now), cap), 0};
    const Ticks start = join_incoming_stream(p, l, unit, now, cap, late_allowed, batch);
    if (start > now) {
      wake(p, start);
      return;
    }
    REDIST_ASSERT(batch.items > 0);
    ++starts_;
    const Ticks pace = batch.spacing == 0 ? unit : batch.spacing;
    const Ticks end = now + pace * (batch.items - 1) + unit;
    rem_[l] -= batch.items;
    base_[p] -= batch.items;
    base_[q] +=
        stream_[q].count;  // the previous stream into q has fully arrived (its port is free)
    stream_[q] = {now + unit, pace, batch.items};
    send_free_[p] = recv_free_[q] = end;
    makespan_ = std::max(makespan_, end);
    record(p, c.dir, batch, now, unit);
    wake(p, end);
    wake(q, now + unit);  // q can forward its first new item from then on
  }

  // A relay also sends, in the same batch, items of its incoming stream that arrive in time for
  // their turn (at most `cap` items in all). With pending item k arriving at next + (k - 1) pace
  // and the h held items leaving back to back from now, item h + k leaves at now + (h + k - 1)
  // unit: in time for every k when the stream is no faster than the link (pace <= unit). Otherwise
  // in time for the first floor((now + h unit - next) / (pace - unit)) + 1 of them only; the rest
  // leave as they arrive, at the stream's pace: a spaced transfer (docs/design.md "Schedule"). That
  // is emitted at the next event, when the relay holds exactly the item that has just arrived: from
  // then on item 1 + k leaves at now + k pace, exactly when it arrives. So a relay costs a bounded
  // number of events per incoming stream, whatever the item counts, and still forwards as soon as
  // it holds items (Algorithm 2). Alternatively (options.late_batches, uncontested only) the batch
  // starts late enough that its last item leaves as it arrives: the same end, fewer items in flight
  // earlier. Returns when the batch may start (> now: wait); updates `batch`.
  Ticks join_incoming_stream(std::size_t p, std::size_t l, Ticks unit, Ticks now, std::int64_t cap,
                             bool late_allowed, Batch& batch) const {
    const IncomingStream& s = stream_[p];
    const std::int64_t got = arrived(p, now);
    const std::int64_t pending = std::min(s.count - got, cap - batch.items);
    if (pending <= 0 || batch.items <= 0) return now;
    if (s.pace <= unit) {
      batch.items += pending;
      return now;
    }
    using Late = ListSchedulerOptions::LateBatches;
    const Ticks next = next_arrival(p, got);
    const bool late =
        late_allowed &&
        (opt_.late_batches == Late::always ||
         (opt_.late_batches == Late::when_harmless && slowest_downstream_[l] <= unit));
    if (late) {
      const Ticks last_arrival = next + static_cast<Ticks>(pending - 1) * s.pace;
      const Ticks start =
          std::max(now, last_arrival - static_cast<Ticks>(batch.items + pending - 1) * unit);
      if (start == now) batch.items += pending;
      return start;
    }
    if (opt_.spaced && batch.items == 1 && got > 0 && next - s.pace == now && held(p, now) == 1) {
      batch = {1 + pending,
               s.pace};  // the held item arrived just now: forward at the stream's pace
      return now;
    }
    const Ticks slack = now + static_cast<Ticks>(batch.items) * unit - next;
    if (slack >= 0)
      batch.items += std::min(pending, static_cast<std::int64_t>(slack / (s.pace - unit)) + 1);
    return now;
  }

  // Appends the batch, merged into the link's previous transfer when both are back to back and the
  // second follows the first without a gap.
  void record(std::size_t p, int dir, const Batch& batch, Ticks start, Ticks unit) {
    const std::size_t l = link(p, dir);
    if (last_[l] >= 0 && batch.spacing == 0) {
      Transfer& prev = transfers_[static_cast<std::size_t>(last_[l])];
      if (prev.spacing == 0 && prev.start + unit * prev.items == start) {
        prev.items += batch.items;
        return;
      }
    }
    last_[l] = static_cast<std::int64_t>(transfers_.size());
    const std::optional<Link> named =
        n_ == 2 ? std::optional<Link>(dir == kSucc ? Link::succ : Link::pred) : std::nullopt;
    transfers_.push_back({static_cast<std::int64_t>(p), static_cast<std::int64_t>(receiver(p, dir)),
                          batch.items, start, named, batch.spacing});
  }

  const RingInstance& inst_;
  std::size_t n_;
  const ListSchedulerOptions& opt_;
  std::vector<std::int64_t> rem_;  // items still to send, per link 2 p + dir
  std::vector<std::int64_t>
      base_;  // items held, not counting the current incoming stream's arrivals
  std::vector<IncomingStream> stream_;
  std::vector<Ticks> send_free_, recv_free_;
  std::vector<std::int64_t> last_;  // index of each link's last transfer, -1 if none
  std::vector<std::int64_t> seen_;  // round in which a processor was last woken (dedupes wake-ups)
  std::vector<double> critical_;
  std::vector<Ticks>
      slowest_downstream_;  // largest cost among the links after this one on its path
  std::priority_queue<std::pair<Ticks, std::size_t>, std::vector<std::pair<Ticks, std::size_t>>,
                      std::greater<>>
      events_;
  std::vector<Transfer> transfers_;
  std::int64_t starts_ = 0;
  Ticks makespan_ = 0;
};

}  // namespace

std::optional<ListSchedule> list_schedule(const RingInstance& inst, const RingPrefix& prefix,
                                          std::int64_t shift, const ListSchedulerOptions& opt) {
  REDIST_ASSERT(inst.bidirectional());
  REDIST_ASSERT(prefix.size() == inst.size());
  REDIST_ASSERT(opt.weight.empty() || opt.weight.size() == 2 * inst.size());
  const auto flows = flows_for_shift(prefix.sums, shift);
  if (inst.size() > 1) {
    const auto [lo, hi] = std::minmax_element(flows.begin(), flows.end());
    if (*lo > 0 || *hi < 0) return std::nullopt;  // circulation: never useful
  }
  return ListScheduler(inst, flows, opt).run(shift);
}

std::optional<ListSchedule> list_schedule(const RingInstance& inst, std::int64_t shift,
                                          const ListSchedulerOptions& opt) {
  return list_schedule(inst, RingPrefix::of(inst), shift, opt);
}

}  // namespace redist::ring
