#include "redist/simgrid/application_simulation.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>

#include "control_messages.hpp"
#include "coordinator_logic.hpp"
#include "simgrid_platform.hpp"
#include "text_fields.hpp"

namespace redist::simgrid {

using namespace detail;

namespace {

// Shared by the ranks of one simulation. The iteration boundary is a SimGrid barrier: it costs no
// simulated time, so a scheme pays only for its computations and its redistributions' transfers.
struct Simulation {
  const StudyScenario& scenario;
  const CoordinationModel& coordination;
  CoordinatorLogic& logic;
  ApplicationRun& run;
  ExchangeNetwork network;
  sg4::BarrierPtr computed;           // every rank finished the iteration's compute
  sg4::BarrierPtr decided;            // rank 0 made the iteration's decision
  std::vector<double> compute;        // per rank: seconds computing in the last iteration
  std::vector<double> exchange_done;  // per rank: end of its part of the last redistribution
  std::vector<double> agreeing;       // per rank: seconds in the last agreement
  std::vector<double> deciding;       // per rank: seconds in the last decision's messages
  std::optional<PlannedRedistribution> decision;
  std::optional<RedistributionRecord> pending;  // executed, not yet measured
  double issued = 0;                            // when the pending redistribution started
};

// at_iterations: pstates 0, 1, 2 hold the three speeds. timed_trace: one pstate at the peak speed
// and a profile scaling it (profile values are fractions of the peak).
RingHostSpec host_spec(const StudyScenario& s, const SpeedTrace& t) {
  if (s.options.speed_changes == SpeedChanges::at_iterations)
    return {{t.initial_mflops * 1e6, t.first_mflops * 1e6, t.second_mflops * 1e6}, ""};
  const double peak = t.peak_mflops();
  std::ostringstream profile;
  profile.precision(17);
  profile << "0 " << t.initial_mflops / peak << "\n"
          << s.nominal_time(t.first_change) << " " << t.first_mflops / peak << "\n"
          << s.nominal_time(t.second_change) << " " << t.second_mflops / peak << "\n";
  return {{peak * 1e6}, profile.str()};
}

// The environment's side of SpeedChanges::at_iterations: the speed in force when a rank starts an
// iteration. Only the host changes; the rank learns of it by timing its computation.
void apply_speed(const StudyScenario& s, std::size_t rank, int iteration) {
  if (s.options.speed_changes != SpeedChanges::at_iterations) return;
  const SpeedTrace& t = s.speeds[rank];
  const unsigned long pstate = iteration >= t.second_change  ? 2
                               : iteration >= t.first_change ? 1
                                                             : 0;
  sg4::Host* host = sg4::this_actor::get_host();
  if (host->get_pstate() != pstate) host->set_pstate(pstate);
}

// The previous redistribution is over for every rank by the time they all computed again.
void measure_pending(Simulation& sim) {
  if (!sim.pending) return;
  const double last = *std::max_element(sim.exchange_done.begin(), sim.exchange_done.end());
  sim.pending->measured = last - sim.issued;
  sim.logic.observe(*sim.pending);
  sim.run.records.push_back(*sim.pending);
  sim.pending.reset();
}

// The slowest rank's time in the last collective step, added to `total`; the step is then over.
void account(std::vector<double>& per_rank, double& total) {
  total += *std::max_element(per_rank.begin(), per_rank.end());
  std::fill(per_rank.begin(), per_rank.end(), 0.0);
}

// Rank 0, between the barriers, at no simulated cost: the coordinator's work after iteration k.
void coordinate(Simulation& sim, int k) {
  measure_pending(sim);
  account(sim.agreeing, sim.run.agreement_time);
  account(sim.deciding, sim.run.decision_time);
  sim.decision.reset();
  if (k == sim.scenario.options.iterations) {
    sim.run.total_time = sg4::Engine::get_clock();
    sim.run.learned_slowdown = sim.logic.learned_slowdown();
    return;
  }
  sim.decision = sim.logic.after_iteration(k, sim.compute);
  if (!sim.decision) return;
  ++sim.run.redistributions;
  if (sim.decision->roles.empty()) return;
  sim.issued = sg4::Engine::get_clock();
  std::fill(sim.exchange_done.begin(), sim.exchange_done.end(), sim.issued);
  sim.pending = sim.decision->record;
}

// The adaptive scheme of the MPI example after each iteration: two gathers to rank 0 (its count,
// its compute time), then the broadcast of the decision and the counts (adaptive_rebalance.cpp).
void decision_messages(Simulation& sim, int rank) {
  const double started = sg4::Engine::get_clock();
  gather_to_root(rank, 8, sim.network);
  gather_to_root(rank, 8, sim.network);
  broadcast_from_root(rank, 8.0 * static_cast<double>(sim.network.hosts.size() + 1), sim.network);
  sim.deciding[static_cast<std::size_t>(rank)] = sg4::Engine::get_clock() - started;
}

// exec's agreement before a redistribution moves data (docs/mpi.md "Plans"): the compact records
// all-gathered, the plan built locally, the status exchange (modelled before the data).
void agreement(Simulation& sim, int rank) {
  const CoordinationModel& c = sim.coordination;
  const double started = sg4::Engine::get_clock();
  all_gather(rank, c.record_bytes, sim.network);
  if (c.local_seconds > 0) sg4::this_actor::sleep_for(c.local_seconds);
  all_reduce(rank, c.digest_bytes, sim.network);
  sim.agreeing[static_cast<std::size_t>(rank)] = sg4::Engine::get_clock() - started;
}

void rank_main(Simulation& sim, int rank) {
  const auto r = static_cast<std::size_t>(rank);
  std::int64_t count = sim.scenario.initial_columns[r];
  for (int k = 1; k <= sim.scenario.options.iterations; ++k) {
    apply_speed(sim.scenario, r, k);
    const double start = sg4::Engine::get_clock();
    sg4::this_actor::execute(static_cast<double>(count) * sim.scenario.flops_per_column);
    sim.compute[r] = sg4::Engine::get_clock() - start;
    sim.computed->wait();
    if (rank == 0) coordinate(sim, k);
    sim.decided->wait();
    const bool last = k == sim.scenario.options.iterations;
    if (sim.coordination.example_adaptive && sim.logic.adaptive() && !last)
      decision_messages(sim, rank);
    if (sim.decision && sim.coordination.agreement) agreement(sim, rank);
    if (!sim.decision || sim.decision->roles.empty()) continue;
    const ExchangeRole role = sim.decision->roles[r];
    count = sim.decision->targets[r];
    run_exchange(rank, role, sim.network);
    sim.exchange_done[r] = sg4::Engine::get_clock();
  }
}

}  // namespace

ApplicationRun simulate_application(const StudyScenario& scenario, Scheme scheme,
                                    const sim::AdaptiveOptions& adaptive,
                                    const CoordinationModel& coordination) {
  auto engine = start_engine();
  CoordinatorLogic logic(scenario, scheme, adaptive, coordination.example_adaptive);
  ApplicationRun run;
  Simulation sim{scenario, coordination, logic, run, {},           nullptr,      nullptr,
                 {},       {},           {},    {},  std::nullopt, std::nullopt, 0};
  const std::size_t p = scenario.ring_hosts.size();
  std::vector<RingHostSpec> specs;
  for (const SpeedTrace& t : scenario.speeds) specs.push_back(host_spec(scenario, t));
  sim.network.hosts = build_platform(scenario.platform, scenario.ring_hosts, specs);
  sim.network.item_bytes = scenario.item_bytes;
  sim.computed = sg4::Barrier::create(static_cast<unsigned>(p));
  sim.decided = sg4::Barrier::create(static_cast<unsigned>(p));
  sim.compute.assign(p, 0.0);
  sim.exchange_done.assign(p, 0.0);
  sim.agreeing.assign(p, 0.0);
  sim.deciding.assign(p, 0.0);
  for (std::size_t i = 0; i < p; ++i)
    sg4::Actor::create("rank-" + std::to_string(i), sim.network.hosts[i],
                       [&sim, i] { rank_main(sim, static_cast<int>(i)); });
  engine->run();
  return run;
}

std::string serialize(const ApplicationRun& run) {
  TextWriter w;
  w.put("total_time", run.total_time)
      .put("redistributions", run.redistributions)
      .put("slowdown", run.learned_slowdown)
      .put("agreement_time", run.agreement_time)
      .put("decision_time", run.decision_time);
  for (const RedistributionRecord& r : run.records)
    w.put_list("record", {static_cast<double>(r.after_iteration), static_cast<double>(r.items),
                          static_cast<double>(r.batches), r.light ? 1.0 : 0.0, r.predicted,
                          r.lower_bound, r.measured, r.route_bound});
  return w.text();
}

ApplicationRun parse_application_run(const std::string& text) {
  const TextReader in(text);
  ApplicationRun run;
  run.total_time = in.number("total_time");
  run.redistributions = static_cast<int>(in.number("redistributions"));
  run.learned_slowdown = in.number("slowdown");
  run.agreement_time = in.number("agreement_time");
  run.decision_time = in.number("decision_time");
  for (const auto& v : in.lines("record")) {
    if (v.size() < 8) continue;
    run.records.push_back({static_cast<int>(v[0]), static_cast<std::int64_t>(v[1]),
                           static_cast<std::int64_t>(v[2]), v[3] != 0, v[4], v[5], v[7], v[6]});
  }
  return run;
}

}  // namespace redist::simgrid
