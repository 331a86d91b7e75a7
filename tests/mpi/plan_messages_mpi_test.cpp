// The ring transport sending the plan's own messages (src/exec/plan_messages.hpp) on real ranks:
// ring networks whose links have start-ups large against 8- to 1000-byte items, so the plans group
// items into messages and pipeline them through relays; every item must arrive in order (checksums),
// and the ranks together must send exactly the plan's messages (the plan recomputed here from the
// same layout, as every rank computes it).

#include <mpi.h>

#include <string>
#include <vector>

#include "exec/layout_plan.hpp"
#include "exec/plan_messages.hpp"
#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/redistribute.hpp"

namespace redist::mpitest {

namespace {

exec::RingLinkModels startup_links(Rng& rng, std::size_t n) {
  exec::RingLinkModels links;
  for (std::size_t k = 0; k < n; ++k)
    for (auto* side : {&links.succ, &links.pred})
      side->push_back({1e-5 * static_cast<double>(rng.uniform(1, 200)),  // 10 us to 2 ms
                       1e-9 * static_cast<double>(rng.uniform(1, 50))});
  return links;
}

std::vector<std::int64_t> pattern_loads(Rng& rng, std::size_t n, int pattern, std::int64_t total) {
  std::vector<std::int64_t> counts(n, 0);
  switch (pattern) {
    case 0:  // everything on one rank
      counts[static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(n) - 1))] = total;
      break;
    case 1:  // a ramp
      for (std::size_t k = 0; k < n; ++k) counts[k] = total * static_cast<std::int64_t>(k + 1);
      break;
    default:  // random, with empty ranks
      for (auto& c : counts) c = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, total);
  }
  return counts;
}

void run_case(exec::Context& ctx, std::uint64_t seed) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  Rng rng(seed);
  static const std::int64_t sizes[] = {8, 64, 64, 1000};
  const std::int64_t item_bytes = sizes[rng.uniform(0, 3)];
  const std::vector<std::int64_t> loads =
      pattern_loads(rng, n, static_cast<int>(rng.uniform(0, 2)), rng.uniform(20, 200));
  std::vector<std::int64_t> targets =
      pattern_loads(rng, n, static_cast<int>(rng.uniform(0, 2)), rng.uniform(20, 200));
  std::int64_t total = 0, wanted = 0;
  for (std::size_t k = 0; k < n; ++k) total += loads[k], wanted += targets[k];
  if (total == 0) return;
  if (wanted == 0) targets[0] = wanted = 1;
  {  // the same total: scale the targets, the rest to the last rank
    std::int64_t sum = 0;
    for (auto& t : targets) sum += t = t * total / wanted;
    targets[n - 1] += total - sum;
  }
  const exec::RingLinkModels links = startup_links(rng, n);
  ctx.set_link_models(links);
  exec::PlanOptions opt;
  opt.kind = rng.uniform(0, 1) == 0 ? RingKind::unidirectional : RingKind::bidirectional;
  opt.wrap = exec::WrapPolicy::allow;
  opt.transport = exec::Transport::ring;
  opt.window = static_cast<int>(rng.uniform(1, 3));
  opt.plan_order = rng.uniform(0, 2) == 0;
  if (rng.uniform(0, 3) == 0) opt.max_message_bytes = item_bytes * 2 + 3;  // split messages
  // The plan every rank makes, made here once more for its message count.
  exec::AgreedLayout layout;
  layout.item_bytes = item_bytes;
  layout.loads = loads;
  layout.targets = targets;
  layout.total = total;
  const exec::LayoutPlan plan = exec::build_layout_plan(layout, exec::Network::ring, links, opt);

  exec::OrderedSlice slice = make_slice(ctx, item_bytes, loads, -1, seed, 0.25);
  const exec::TransferReport report =
      exec::redistribute(ctx, slice, exec::NewShare::count(targets[rank]), opt);
  const std::string what = "seed " + std::to_string(seed);
  verify_slice(ctx, slice, targets[rank], total, seed, what);
  std::int64_t sent = report.messages_sent, all_sent = 0;
  exec::check_mpi(MPI_Allreduce(&sent, &all_sent, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD),
                  "MPI_Allreduce");
  if (plan.plan_messages && n > 1) {
    MPI_CHECK_EQ(all_sent, exec::planned_message_count(plan.schedule));
    MPI_CHECK_EQ(report.chunk_items, plan.chunk_items);
  }
}

void plan_messages_cases_body(exec::Context& ctx) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed)
    run_case(ctx, seed * 104729 + static_cast<std::uint64_t>(ctx.size()));
  ctx.set_flat_network();
}

}  // namespace

std::vector<TestCase> plan_message_cases() {
  return {{"plan_messages.random_startups", plan_messages_cases_body}};
}

}  // namespace redist::mpitest
