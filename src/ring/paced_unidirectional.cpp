#include "paced_unidirectional.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "flow_runs.hpp"
#include "line_fit.hpp"
#include "page_release.hpp"
#include "redist/core/error.hpp"
#include "redist/ring/bounds.hpp"
#include "ring/path_timing.hpp"
#include "ring/prefix_bounds.hpp"
#include "spaced_unidirectional.hpp"

namespace redist::ring::detail {

namespace {

// The slack of a give-up: a quarter of the run, at most 2^16 transfers. On random rings of 10^6
// processors (`redist gen ring`, loads up to 2 .. 10^9, costs up to 10 or 1000) the fluid lines
// were never more than 3,512 transfers above 1.5 per link at any point of the run; a gather passes
// 2^16 after 4% of its run, where a quarter of the run let it waste 14% of a pass first.
std::size_t give_up_slack(std::size_t run_length) {
  return std::min<std::size_t>(run_length / 4, std::size_t{1} << 16);
}

// Links that carry items under the flows shift + S_i: about one transfer each.
std::size_t links_with_flow(const RingPrefix& prefix, std::int64_t shift) {
  return static_cast<std::size_t>(std::count_if(prefix.sums.begin(), prefix.sums.end(),
                                                [shift](std::int64_t s) { return shift + s > 0; }));
}

// Held: the piece type of held latest curves, HeldPiece while the makespan is below
// kLineTimeLimit, WideHeldPiece beyond (paced_unidirectional_schedule chooses).
template <class Held>
class PacedPlanner {
 public:
  // late_fluid_valid: every load and target is at least 1, and makespan is Lemma 5's; otherwise
  // makespan is strict ASAP's and only ALAP bounds the band.
  PacedPlanner(const RingInstance& inst, const RingPrefix& prefix, std::int64_t shift,
               Ticks makespan, bool late_fluid_valid, const PacedTuning& tuning,
               const PlanMachinery& machinery)
      : inst_(inst),
        n_(inst.size()),
        prefix_(prefix),
        shift_(shift),
        makespan_(makespan),
        late_fluid_valid_(late_fluid_valid),
        latest_budget_(tuning.latest_budget),
        fluid_lines_at_fluid_pace_(tuning.fluid_lines_at_fluid_pace),
        max_transfers_(max_path_pieces(inst.size())),
        machinery_(machinery) {}

  // nullopt where a run needs an upper curve that only the late fluid bound could give (ALAP over
  // its budget on a ring with a load or target of 0).
  std::optional<Schedule> schedule() {
    Schedule s;
    s.time_scale = inst_.cost_scale;
    s.flow_shift = shift_;
    s.makespan = makespan_;
    const std::size_t links = links_with_flow(prefix_, shift_);
    // About one transfer per link; capacity beyond what is used is never touched, so it costs
    // address space, not memory, and the list does not move while it grows.
    s.transfers.reserve(links + links / 2 + 16);
    // The machinery may fault in the pages of the first transfer per link, the usual whole (1.00
    // to 1.008 per link on random rings of 10^6), never those of the reserve beyond: memory not
    // written is never touched.
    std::unique_ptr<MachineryTask> prefault =
        machinery_.prefault(s.transfers.data(), s.transfers.data() + links);
    for (const FlowRun& run : flow_runs(prefix_, shift_)) {
      // Short paths take ALAP at once. Long ones take the free late fluid bound first; should its
      // lines keep failing (at the fluid pace, gathers took 3.3 transfers per link instead of 1.0;
      // at the smallest spacings no ring measured did: BENCHMARKS.md), a paced latest curve
      // (time_latest_paced), and ALAP only when that fails too.
      const bool fluid_first =
          late_fluid_valid_ && latest_budget_ < 0 && 3 * run.length > kLatestPieces;
      const std::size_t run_begin = s.transfers.size();
      // Kept only at about one transfer per link: a run that never crossed the give-up line may
      // still end at 1.6 per link (blocks), where the curves below take 1.0.
      if (fluid_first && pace_run(run, false, true, s.transfers) &&
          s.transfers.size() - run_begin <= run.length + run.length / 4)
        continue;
      // A failed attempt's transfers are dropped, their pages kept for the next pass; they go back
      // only before ALAP is held (3.3 pieces per link on a gather).
      const bool attempted = s.transfers.size() != run_begin;
      s.transfers.resize(run_begin);
      bool has_latest = fluid_first && time_latest_paced(run);
      if (!has_latest && attempted) {
        prefault.reset();  // before the list moves
        const std::size_t capacity = s.transfers.capacity();
        s.transfers.shrink_to_fit();
        s.transfers.reserve(capacity);
      }
      if (!has_latest) has_latest = time_latest(run);
      if (!has_latest && !late_fluid_valid_) return std::nullopt;
      pace_run(run, has_latest, false, s.transfers);
    }
    prefault.reset();
    std::rotate(s.transfers.begin(), s.transfers.begin() + static_cast<std::ptrdiff_t>(wrap_at_),
                s.transfers.end());
    return s;
  }

 private:
  std::int64_t flow(std::size_t edge) const { return shift_ + prefix_.sums[edge]; }
  std::size_t next(std::size_t edge) const { return edge + 1 == n_ ? 0 : edge + 1; }

  // Plans the run's links in order into `out`. With give_up, stops (false) once the run has taken
  // more than 1.5 transfers per link planned plus a slack (a ramp of flows at the run's start may
  // take 3 per link; a gather takes 3.3 throughout).
  bool pace_run(const FlowRun& run, bool has_latest, bool give_up, std::vector<Transfer>& out) {
    const std::size_t begin = out.size();
    path_transfers_ = 0;
    path_links_ = run.length;
    for (std::size_t k = 0; k < run.length; ++k) {
      const std::size_t edge = run.edge(k, n_);
      if (edge == 0 && k > 0) wrap_at_ = out.size();
      plan_link(edge, k, has_latest);
      emit(edge, out);
      if (give_up && out.size() - begin > k + k / 2 + give_up_slack(run.length)) return false;
    }
    return true;
  }

  // ALAP of the run's links into latest_ (link k's pieces after link k+1's, so that the forward
  // pass takes them from the back): the ASAP timing of the time-reversed path, where items flow
  // from the sink back to the source and each receiver's target plays its load
  // (path_banding.hpp). False, with nothing held, when the run needs more pieces than the budget.
  bool time_latest(const FlowRun& run) {
    const std::int64_t budget =
        latest_budget_ >= 0 ? latest_budget_
                            : 8 * static_cast<std::int64_t>(run.length) + (std::int64_t{1} << 16);
    return hold_reversed(
        run,
        [&](const PathLink& link, Ticks up_cost, std::int64_t own) {
          append_link_timing(reversed_up_, 0, reversed_up_.size(), up_cost, own, link,
                             FollowMode::exact, reversed_);
        },
        [&](std::size_t, std::int64_t held, Ticks) { return held <= budget; });
  }

  // A latest curve for a long run without ALAP's pieces: the time-reversed path planned with paced
  // lines under its own late fluid bound, as the forward pass does. Reversed back, any valid
  // schedule that ends by M bounds the forward departures from above as ALAP does (the band's upper
  // side never precedes ASAP), with about one piece per link where ALAP holds several (a gather's
  // reversal is a scatter, whose fluid lines fit). False, with nothing held, when its lines keep
  // failing.
  bool time_latest_paced(const FlowRun& run) {
    return hold_reversed(
        run,
        [&](const PathLink& link, Ticks up_cost, std::int64_t own) {
          const Ticks pace = fluid_pace(link.items);
          upper_.clear();
          upper_.push_back({pace - link.cost, 0});
          upper_.push_back({makespan_ - link.cost, link.items - 1});
          pace_link(reversed_up_, up_cost, own, link, upper_, fluid_line_spacing(pace, link.cost),
                    lower_, reversed_);
        },
        [&](std::size_t r, std::int64_t held, Ticks cost) {
          return last_departure(reversed_) + cost <= makespan_ &&
                 held <= static_cast<std::int64_t>(r + r / 2 + give_up_slack(run.length));
        });
  }

  // The time-reversed run, link by link from its sink, into latest_: `time_link(link, up_cost,
  // own)` times reversed link k from reversed_up_ (the reversed link before it) into reversed_, and
  // `keeps(r, held, cost)` says, after r + 1 links and `held` pieces, whether to go on. False, with
  // nothing held, when it does not.
  template <class TimeLink, class Keeps>
  bool hold_reversed(const FlowRun& run, TimeLink time_link, Keeps keeps) {
    latest_.clear();
    // About 2.4 pieces per link (ALAP), 1 (paced): room for 3 at once rather than copies while
    // growing; capacity never used is never touched.
    latest_.reserve(3 * run.length);
    latest_counts_.assign(run.length, 0);
    reversed_up_.clear();
    Ticks up_cost = 0;
    std::int64_t held = 0;
    for (std::size_t r = 0; r < run.length; ++r) {
      const std::size_t k = run.length - 1 - r;
      const std::size_t edge = run.edge(k, n_);
      const std::int64_t items = flow(edge);
      const std::int64_t own = k + 1 == run.length ? items : inst_.targets[next(edge)];
      const PathLink link{items, inst_.succ_cost[edge], 0};
      reversed_.clear();
      time_link(link, up_cost, own);
      held += static_cast<std::int64_t>(reversed_.size());
      if (!keeps(r, held, link.cost)) {
        latest_.clear();
        latest_.shrink_to_fit();
        return false;
      }
      for (const DeparturePiece& p : reversed_) latest_.push_back(held_piece<Held>(p));
      latest_counts_[k] = static_cast<std::uint32_t>(reversed_.size());
      std::swap(reversed_up_, reversed_);
      up_cost = link.cost;
    }
    latest_released_from_ = latest_.size();
    return true;
  }

  // Link k's latest curve in original time and item order: reversed item m is original item
  // F - m + 1, and a reversed departure d is the original departure M - c - d.
  void take_latest(std::size_t k, Ticks cost) {
    latest_curve_.clear();
    for (std::uint32_t i = 0; i < latest_counts_[k]; ++i) {
      const Held p = latest_.back();
      latest_.pop_back();
      const Ticks last = static_cast<Ticks>(p.first) + static_cast<Ticks>(p.count - 1) * p.spacing;
      latest_curve_.push_back({makespan_ - cost - last, p.count, p.spacing});
    }
    release_consumed_tail(latest_, latest_released_from_, machinery_);
  }

  // Chooses link k's departures into chosen_, from the upstream departures in up_.
  void plan_link(std::size_t edge, std::size_t k, bool has_latest) {
    const std::int64_t items = flow(edge);
    const Ticks c = inst_.succ_cost[edge];
    const Ticks pace = fluid_pace(items);
    upper_.clear();
    if (has_latest) {
      take_latest(k, c);
      add_deadline_constraints(latest_curve_, upper_);
    } else {
      // Late fluid: item m leaves by m M / F - c, linear in m, so its two ends bound every item.
      upper_.push_back({pace - c, 0});
      upper_.push_back({makespan_ - c, items - 1});
    }
    if (k == 0) up_.clear();
    pace_link(up_, up_cost_, k == 0 ? items : inst_.loads[edge], PathLink{items, c, 0}, upper_,
              has_latest ? pace : fluid_line_spacing(pace, c), lower_, chosen_);
    REDIST_ASSERT(last_departure(chosen_) + c <= makespan_);
    std::swap(up_, chosen_);
    up_cost_ = c;
  }

  // The spacing a line under the late fluid bound prefers: the smallest that fits, so that each
  // link sends as early as its upstream allows and ends as early as it can. Lines at the fluid
  // pace end late, and where flows grow along a path (gathers, blocks' rising halves) the next
  // link then finds no line that both takes the last relayed item and ends by its fluid deadline:
  // 3.3 transfers per link and a second pass, where the smallest spacing takes 1.00 in one pass
  // (BENCHMARKS.md, "Earliest lines"). Under ALAP the fluid pace stays best (1.0004 against 1.18
  // to 1.73 transfers per link on rings of 10^3): ALAP is tight, and fast lines leave later
  // links no room to fit one.
  Ticks fluid_line_spacing(Ticks pace, Ticks cost) const {
    return fluid_lines_at_fluid_pace_ ? pace : cost;
  }

  // The fluid pace floor(M / F), in 64 bits while M fits them (always below kLineTimeLimit): a
  // 128-bit division per link cost more than the rest of the fit.
  Ticks fluid_pace(std::int64_t items) const {
    if (makespan_ <= INT64_MAX) return static_cast<std::int64_t>(makespan_) / items;
    return makespan_ / items;
  }

  // up_ (the link just planned) as transfers.
  void emit(std::size_t edge, std::vector<Transfer>& out) {
    path_transfers_ += static_cast<std::int64_t>(up_.size());
    if (path_transfers_ > max_transfers_) throw_too_many_pieces(path_links_, max_transfers_);
    const Ticks c = inst_.succ_cost[edge];
    const std::optional<Link> link = n_ == 2 ? std::optional<Link>(Link::succ) : std::nullopt;
    const auto from = static_cast<std::int64_t>(edge);
    const auto to = static_cast<std::int64_t>(next(edge));
    for (const DeparturePiece& p : up_)
      out.push_back({from, to, p.count, p.first, link, p.spacing == c ? 0 : p.spacing});
  }

  const RingInstance& inst_;
  std::size_t n_;
  const RingPrefix& prefix_;
  std::int64_t shift_;
  Ticks makespan_;
  bool late_fluid_valid_;
  std::int64_t latest_budget_;
  bool fluid_lines_at_fluid_pace_;
  std::int64_t max_transfers_;
  const PlanMachinery& machinery_;
  std::int64_t path_transfers_ = 0;  // of the path being planned, against max_transfers_
  std::size_t path_links_ = 0;
  std::size_t wrap_at_ = 0;  // transfers before edge 0's, when a path runs through edge n-1 to 0
  // The run's latest curves, link 0's last; consumed from the back, its pages offered to the
  // machinery as it shrinks (release_consumed_tail), so that with a machinery that hands them back
  // it and the run's transfers never add up at peak.
  std::vector<Held> latest_;
  std::size_t latest_released_from_ = 0;  // latest_'s pages from this element on were handed back
  std::vector<std::uint32_t> latest_counts_;
  DepartureCurve reversed_up_, reversed_, latest_curve_, up_, chosen_;
  Ticks up_cost_ = 0;
  std::vector<LineConstraint> lower_, upper_;
};

bool loads_and_targets_positive(const RingInstance& inst) {
  const auto positive = [](std::int64_t x) { return x > 0; };
  return std::all_of(inst.loads.begin(), inst.loads.end(), positive) &&
         std::all_of(inst.targets.begin(), inst.targets.end(), positive);
}

}  // namespace

std::optional<Schedule> paced_unidirectional_schedule(const RingInstance& instance,
                                                      const RingPrefix& prefix, std::int64_t shift,
                                                      const PacedTuning& tuning,
                                                      const PlanMachinery& machinery) {
  REDIST_ASSERT(!instance.bidirectional() && prefix.size() == instance.size());
  REDIST_ASSERT(shift == -prefix.lo);  // the minimal flows: lemma5_bound's
  if (instance.size() < 2) return std::nullopt;
  // With a load or target of 0 the late fluid schedule is not a valid one, and Lemma 5's value
  // may be out of reach: the band then ends at strict ASAP's own makespan, under ALAP alone, and
  // the lines keep that makespan with about one transfer per link where strict ASAP takes three
  // to five (docs/ring_unidirectional.md, "Zero loads").
  const bool positive = loads_and_targets_positive(instance);
  Ticks makespan = 0;
  if (positive) {
    makespan = lemma5_bound(instance, prefix);
  } else {
    const StrictAsapTotals asap = strict_asap_totals(instance, prefix, shift);
    // Strict ASAP about as small already (a scatter from one source: one per link): it is the plan.
    const std::size_t links = links_with_flow(prefix, shift);
    if (asap.transfers <= links + links / 8) return std::nullopt;
    makespan = asap.makespan;
  }
  if (makespan >= kWideLineTimeLimit) return std::nullopt;
  if (makespan < kLineTimeLimit)
    return PacedPlanner<HeldPiece>(instance, prefix, shift, makespan, positive, tuning, machinery)
        .schedule();
  return PacedPlanner<WideHeldPiece>(instance, prefix, shift, makespan, positive, tuning, machinery)
      .schedule();
}

}  // namespace redist::ring::detail
