#include "permutation_plan.hpp"

#include "agreement.hpp"
#include "redist/perm/edge_colouring.hpp"
#include "redist/perm/steps.hpp"
#include "redist/perm/volume.hpp"

namespace redist::exec {

namespace {

std::uint64_t perm_digest(const PermExecPlan& plan, const PartsOptions& options) {
  Digest d;
  d.add(static_cast<std::int64_t>(options.mapping));
  d.add(static_cast<std::int64_t>(options.objective));
  d.add(static_cast<std::int64_t>(options.transport));
  d.add(options.max_message_bytes);
  d.add(options.pack_bytes);
  d.add(options.max_items_per_round);
  d.add(options.mpi_int_limit);
  d.add(plan.counts);
  for (const perm::Proc p : plan.solution.assignment) d.add(static_cast<std::int64_t>(p));
  for (const perm::StepGroup& g : plan.schedule.groups) {
    d.add(g.repeat);
    for (const perm::TransferPair& pair : g.pairs)
      d.add((static_cast<std::int64_t>(pair.src) << 32) | pair.dst);
  }
  return d.value();
}

perm::PermSolution choose_assignment(const perm::PermInstance& instance, std::size_t processors,
                                     const PartsOptions& options) {
  if (options.mapping == PermMapping::free)
    return options.objective == PermObjective::volume ? perm::solve_min_volume(instance)
                                                      : perm::solve_min_steps(instance);
  perm::Assignment fixed =
      options.assignment.empty() ? perm::canonical_assignment(processors) : options.assignment;
  if (!perm::is_permutation(fixed, processors))
    throw AgreementError(
        "redistribute_parts", "options.assignment",
        "must give every part a different rank below " + std::to_string(processors));
  return perm::evaluate(instance, std::move(fixed));
}

}  // namespace

PermExecPlan build_perm_plan(std::size_t processors, std::vector<std::int64_t> counts,
                             const PartsOptions& options) {
  PermExecPlan plan;
  plan.counts = std::move(counts);
  const perm::PermInstance instance = perm::PermInstance::from_dense(processors, plan.counts);
  plan.solution = choose_assignment(instance, processors, options);
  plan.part_of.assign(processors, perm::kNoProc);
  for (std::size_t part = 0; part < processors; ++part)
    plan.part_of[plan.solution.assignment[part]] = static_cast<perm::Proc>(part);
  if (options.transport == PermTransport::steps) {
    const std::vector<perm::PairDemand> demand =
        perm::transfer_demand(instance, plan.solution.assignment);
    if (!demand.empty()) plan.schedule = perm::colour_transfers(processors, demand);
  }
  plan.digest = perm_digest(plan, options);
  return plan;
}

}  // namespace redist::exec
