#pragma once
// What a Plan holds (plan.hpp): the agreed layout plan and this rank's view of it. Internal.

#include <memory>

#include "layout_plan.hpp"
#include "redist/exec/plan.hpp"

namespace redist::exec {

struct Plan::State {
  Context* ctx = nullptr;
  PlanOptions options;
  LayoutPlan plan;
  RankExchange exchange;  // this rank's direct exchange
  std::size_t rank = 0;
  bool reversed = false;
  double agreement_seconds = 0.0;
  std::int64_t old_count = 0;
  std::int64_t new_count = 0;
  std::int64_t old_first = 0;
  std::int64_t new_first = 0;
  std::int64_t shift = 0;  // local position of the new first item relative to the old first item
};

/// The agreement's one collective: every rank's record, from 40 bytes per rank when they agree (a
/// second all-gather of the full records only when some rank must be named).
/// `verified` tells whether the compact records settled it (agree_on_layout's fields_verified).
std::vector<RankRecord> gather_records(Context& ctx, const RankRecord& mine, double timeout,
                                       const char* call, bool& verified);

/// The agreement (one all-gather of `mine`) and the plan, for the entry points that build their
/// own record (byte spans, variable-size items).
std::shared_ptr<Plan::State> make_plan_state_from_record(Context& ctx, const RankRecord& mine,
                                                         const PlanOptions& options,
                                                         const char* call);

/// Builds the rank's view (exchange, counts, firsts) of a layout plan.
std::shared_ptr<Plan::State> make_plan_state(Context& ctx, const PlanOptions& options,
                                             LayoutPlan plan, bool reversed);

}  // namespace redist::exec
