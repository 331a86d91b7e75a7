#include "paced_unidirectional.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "flow_runs.hpp"
#include "line_fit.hpp"
#include "line_pacer.hpp"
#include "path_latest.hpp"
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
  RunPath path_of(const FlowRun& run) const { return {&inst_, &prefix_, shift_, run}; }

  // Plans the run's links in order into `out` (line_pacer.hpp), under the held latest curves or
  // the late fluid line. With give_up, stops (false) once the run has taken more than 1.5
  // transfers per link planned plus a slack (a ramp of flows at the run's start may take 3 per
  // link; a gather takes 3.3 throughout).
  bool pace_run(const FlowRun& run, bool has_latest, bool give_up, std::vector<Transfer>& out) {
    const RunPath path = path_of(run);
    const std::size_t begin = out.size();
    std::int64_t transfers = 0;  // against max_transfers_
    const auto band = [&](std::size_t k, const PathLink& link, std::vector<LineConstraint>& upper) {
      if (!has_latest) return late_fluid_band(link, upper);
      latest_.add_upper(k, link.cost, upper, machinery_);
      return fluid_pace(link.items);
    };
    return pacer_.pace(
        path, band,
        [&](std::size_t k, const PathLink& link, std::span<const DeparturePiece> curve) {
          REDIST_ASSERT(last_departure(curve) + link.cost <= makespan_);
          const std::size_t edge = path.edge(k);
          if (edge == 0 && k > 0) wrap_at_ = out.size();
          transfers += static_cast<std::int64_t>(curve.size());
          if (transfers > max_transfers_) throw_too_many_pieces(run.length, max_transfers_);
          emit(edge, link.cost, curve, out);
          return !give_up || out.size() - begin <= k + k / 2 + give_up_slack(run.length);
        });
  }

  // The late fluid line as link k's upper side, and the spacing its line prefers.
  Ticks late_fluid_band(const PathLink& link, std::vector<LineConstraint>& upper) const {
    const Ticks pace = fluid_pace(link.items);
    add_late_fluid_upper(makespan_, pace, link, upper);
    return fluid_line_spacing(pace, link.cost);
  }

  // ALAP of the run's links (path_latest.hpp): every link's deadline is the makespan. False, with
  // nothing held, when the run needs more pieces than the budget.
  bool time_latest(const FlowRun& run) {
    const std::int64_t budget =
        latest_budget_ >= 0 ? latest_budget_
                            : 8 * static_cast<std::int64_t>(run.length) + (std::int64_t{1} << 16);
    return latest_.hold_alap(
        path_of(run), makespan_, [this](std::size_t) { return makespan_; },
        [&](std::size_t, std::int64_t held, const PathLink&, std::span<const DeparturePiece>) {
          return held <= budget;
        });
  }

  // A latest curve for a long run without ALAP's pieces: the time-reversed path planned with paced
  // lines under its own late fluid bound, as the forward pass does. Reversed back, any valid
  // schedule that ends by M bounds the forward departures from above as ALAP does (the band's upper
  // side never precedes ASAP), with about one piece per link where ALAP holds several (a gather's
  // reversal is a scatter, whose fluid lines fit). False, with nothing held, when its lines keep
  // failing.
  bool time_latest_paced(const FlowRun& run) {
    const RunPath path = path_of(run);
    const auto by_makespan = [this](std::size_t) { return makespan_; };
    const ReversedPath<RunPath, decltype(by_makespan)> reversed(path, makespan_, by_makespan);
    const auto band = [&](std::size_t, const PathLink& link, std::vector<LineConstraint>& upper) {
      return late_fluid_band(link, upper);
    };
    return latest_.hold(
        reversed, makespan_, pacer_.step(band),
        [&](std::size_t r, std::int64_t held, const PathLink& link,
            std::span<const DeparturePiece> curve) {
          return last_departure(curve) + link.cost <= makespan_ &&
                 held <= static_cast<std::int64_t>(r + r / 2 + give_up_slack(run.length));
        });
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

  // A link's curve as transfers.
  void emit(std::size_t edge, Ticks c, std::span<const DeparturePiece> curve,
            std::vector<Transfer>& out) const {
    const std::optional<Link> link = n_ == 2 ? std::optional<Link>(Link::succ) : std::nullopt;
    const auto from = static_cast<std::int64_t>(edge);
    const auto to = static_cast<std::int64_t>(edge + 1 == n_ ? 0 : edge + 1);
    for (const DeparturePiece& p : curve)
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
  std::size_t wrap_at_ = 0;  // transfers before edge 0's, when a path runs through edge n-1 to 0
  // The run's latest curves, consumed link by link, their pages offered to the machinery
  // (path_latest.hpp), so that with a machinery that hands them back they and the run's transfers
  // never add up at peak.
  LatestCurves<Held> latest_;
  LinePacer pacer_;
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
