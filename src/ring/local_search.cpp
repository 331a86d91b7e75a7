#include "ring/local_search.hpp"

#include <algorithm>
#include <array>

#include "redist/core/flow.hpp"
#include "redist/core/random.hpp"

namespace redist::ring {

namespace {

// Shifts tried on each side of System 6's integer optimum before the search.
constexpr std::int64_t kShiftRadius = 3;
constexpr std::int64_t kMovesPerEffort = 48;
// Batch starts that one unit of effort may spend over all the list schedules it builds (about 0.3 s
// on one core): the search stops when they run out, so planning time stays bounded on rings whose
// relays must forward item by item.
constexpr std::int64_t kEventsPerEffort = 3'000'000;
// A seed may spend at most this fraction (1 / it) of the events left.
constexpr std::int64_t kSeedShareOfBudget = 8;
// Earliest deadline first tried first: on every shape it is the rule that most often reaches the
// bound (docs/ring_bidirectional_heterogeneous.md), and the search stops there.
constexpr std::array<ListPriority, 7> kRules = {
    ListPriority::starved_work_first, ListPriority::critical_path,
    ListPriority::live_critical_path, ListPriority::starving_relay_first,
    ListPriority::remaining_work,     ListPriority::succ_first,
    ListPriority::pred_first};
constexpr std::array<std::int64_t, 7> kGranularities = {1, 4, 16, 64, 256, 1024, 4096};
constexpr std::array<double, 4> kWeightFactors = {0.1, 0.5, 2.0, 10.0};

const char* rule_name(ListPriority rule) {
  switch (rule) {
    case ListPriority::remaining_work:
      return "remaining work first";
    case ListPriority::critical_path:
      return "critical path first";
    case ListPriority::live_critical_path:
      return "live critical path first";
    case ListPriority::starving_relay_first:
      return "starving relay first";
    case ListPriority::starved_work_first:
      return "starved work first";
    case ListPriority::succ_first:
      return "successors first";
    case ListPriority::pred_first:
      return "predecessors first";
  }
  return "";
}

struct Point {
  std::int64_t shift = 0;
  ListSchedulerOptions options;
};

// Smaller makespan, then fewer transfers.
bool better(const ListSchedule& a, const ListSchedule& b) {
  return a.makespan != b.makespan ? a.makespan < b.makespan
                                  : a.schedule.transfers.size() < b.schedule.transfers.size();
}

// Links whose order matters: a source's two directions and a sink's two senders (link 2 p + dir).
std::vector<std::size_t> contested_links(const std::vector<std::int64_t>& prefix,
                                         std::int64_t shift) {
  const std::size_t n = prefix.size();
  std::vector<std::size_t> out;
  for (std::size_t p = 0; p < n && n > 1; ++p) {
    const std::int64_t right = shift + prefix[p], left = shift + prefix[(p + n - 1) % n];
    if (right > 0 && left < 0) out.insert(out.end(), {2 * p, 2 * p + 1});  // source
    if (left > 0 && right < 0)
      out.insert(out.end(), {2 * ((p + n - 1) % n), 2 * ((p + 1) % n) + 1});  // sink
  }
  return out;
}

class ListSearch {
 public:
  ListSearch(const RingInstance& inst, const RingPrefix& prefix, Ticks bound,
             std::int64_t event_budget, bool spaced)
      : inst_(inst),
        bound_(bound),
        prefix_(prefix),
        lo_shift_(prefix.lowest_shift()),
        hi_shift_(prefix.highest_shift()),
        events_left_(event_budget),
        spaced_(spaced) {}

  // Earliest deadline first at the centre, a few tolerances and late-batch modes: cheap, and at the
  // bound on most rings of every shape.
  void seed_first(std::int64_t center) {
    using Late = ListSchedulerOptions::LateBatches;
    const std::int64_t x = std::clamp(center, lo_shift_, hi_shift_);
    for (const std::int64_t g : {64, 256, 1024, 4096})
      for (const Late late : {Late::when_harmless, Late::never})
        if (seed(x, kRules.front(), late, g)) return;
  }

  void seed_candidates(std::int64_t center) {
    // Nearest shifts first: if the event budget runs out, the likeliest ones were tried.
    std::vector<std::int64_t> shifts;
    for (std::int64_t d = 0; d <= kShiftRadius; ++d)
      for (const std::int64_t x : {center - d, center + d}) {
        const std::int64_t clamped = std::clamp(x, lo_shift_, hi_shift_);
        if (std::find(shifts.begin(), shifts.end(), clamped) == shifts.end())
          shifts.push_back(clamped);
      }
    using Late = ListSchedulerOptions::LateBatches;
    // Every rule at every shift with harmless late batches (relays forward at their upstream's pace
    // otherwise), nearest shifts first; the other late-batch modes afterwards, at the nearest
    // shift.
    for (const std::int64_t x : shifts)
      for (const ListPriority rule : kRules)
        if (seed(x, rule, Late::when_harmless)) return;
    // Earliest deadline first with finer tolerances (more, shorter batches at sources).
    for (const std::int64_t g : {256, 1024, 4096})
      for (const Late late : {Late::when_harmless, Late::never})
        if (seed(shifts.front(), kRules.front(), late, g)) return;
    for (const Late late : {Late::never, Late::always})
      for (const ListPriority rule : kRules)
        if (seed(shifts.front(), rule, late)) return;
  }

  // Hill climbing with sideways moves from the best seed.
  void improve(std::int64_t moves) {
    if (!best_ || done()) return;
    Point current = best_point_;
    Ticks current_makespan = best_->makespan;
    Rng rng(0x9e3779b9ULL ^ inst_.size());
    for (std::int64_t m = 0; m < moves && !done(); ++m) {
      Point trial = mutate(current, rng);
      const auto result = evaluate(trial);
      if (!result || result->makespan > current_makespan) continue;
      current = trial;
      current_makespan = result->makespan;
      offer(*result, trial);
    }
  }

  std::optional<ListPlanResult> result() const {
    if (!best_) return std::nullopt;
    ListPlanResult r{
        *best_,
        std::string("event-driven one-port list scheduling, shift ") +
            std::to_string(best_point_.shift) + ", " + rule_name(best_point_.options.priority) +
            (best_point_.options.weight.empty() ? "" : ", port priorities tuned by local search"),
        evaluations_};
    return r;
  }

 private:
  // One seed, its events capped so that one slow rule cannot spend the whole budget. True when
  // done.
  bool seed(std::int64_t shift, ListPriority rule, ListSchedulerOptions::LateBatches late,
            std::int64_t granularity = ListSchedulerOptions{}.granularity) {
    Point p{shift, {}};
    p.options.priority = rule;
    p.options.late_batches = late;
    p.options.granularity = granularity;
    const auto result = evaluate(p, events_left_ / kSeedShareOfBudget + 1);
    if (result) offer(*result, p);
    return done();
  }

  bool done() const { return (best_ && best_->makespan <= bound_) || events_left_ <= 0; }

  std::optional<ListSchedule> evaluate(Point p, std::int64_t max_events) {
    if (events_left_ <= 0) return std::nullopt;
    ++evaluations_;
    p.options.max_events = std::min(max_events, events_left_);
    p.options.spaced = spaced_;
    auto result = list_schedule(inst_, prefix_, p.shift, p.options);
    events_left_ -= result ? result->events : p.options.max_events;
    return result;
  }
  std::optional<ListSchedule> evaluate(const Point& p) { return evaluate(p, events_left_); }

  void offer(const ListSchedule& s, const Point& p) {
    if (best_ && !better(s, *best_)) return;
    best_ = s;
    best_point_ = p;
  }

  Point mutate(const Point& from, Rng& rng) const {
    Point p = from;
    const std::int64_t kind = rng.uniform(0, 9);
    if (kind == 0) {
      p.shift = std::clamp(p.shift + (rng.uniform(0, 1) == 0 ? -1 : 1), lo_shift_, hi_shift_);
    } else if (kind == 1) {
      p.options.granularity =
          kGranularities[static_cast<std::size_t>(rng.uniform(0, kGranularities.size() - 1))];
    } else if (kind == 2) {
      p.options.priority = kRules[static_cast<std::size_t>(rng.uniform(0, kRules.size() - 1))];
      p.options.late_batches = static_cast<ListSchedulerOptions::LateBatches>(rng.uniform(0, 2));
    } else {
      const auto links = contested_links(prefix_.sums, p.shift);
      if (links.empty()) return p;
      if (p.options.weight.empty()) p.options.weight.assign(2 * inst_.size(), 1.0);
      const std::size_t l = links[static_cast<std::size_t>(
          rng.uniform(0, static_cast<std::int64_t>(links.size()) - 1))];
      p.options.weight[l] *=
          kWeightFactors[static_cast<std::size_t>(rng.uniform(0, kWeightFactors.size() - 1))];
    }
    return p;
  }

  const RingInstance& inst_;
  Ticks bound_;
  const RingPrefix& prefix_;
  std::int64_t lo_shift_ = 0, hi_shift_ = 0;
  std::optional<ListSchedule> best_;
  Point best_point_;
  std::int64_t evaluations_ = 0;
  std::int64_t events_left_ = 0;
  bool spaced_ = true;
};

// Every processor that sends needs at least one batch start: beyond the budget no list schedule can
// finish, so do not even allocate one (about 150 bytes per processor).
bool too_many_senders(const RingPrefix& prefix, std::int64_t center, std::int64_t budget) {
  std::int64_t senders = 0;
  for (const std::int64_t s : prefix.sums) senders += center + s != 0;
  return senders > budget;
}

}  // namespace

std::optional<ListPlanResult> first_list_seeds(const RingInstance& inst, const RingPrefix& prefix,
                                               std::int64_t center, Ticks bound, bool spaced) {
  if (too_many_senders(prefix, center, kEventsPerEffort)) return std::nullopt;
  ListSearch search(inst, prefix, bound, kEventsPerEffort, spaced);
  search.seed_first(center);
  return search.result();
}

std::optional<ListPlanResult> plan_by_list_scheduling(const RingInstance& inst,
                                                      const RingPrefix& prefix, std::int64_t center,
                                                      Ticks bound, int effort, bool spaced) {
  const std::int64_t budget = kEventsPerEffort * std::max(1, effort);
  if (too_many_senders(prefix, center, budget)) return std::nullopt;
  ListSearch search(inst, prefix, bound, budget, spaced);
  search.seed_candidates(center);
  search.improve(kMovesPerEffort * std::max(0, effort));
  return search.result();
}

}  // namespace redist::ring
