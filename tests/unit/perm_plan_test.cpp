// The plan_perm facade (perm/plan.hpp) against brute force on tiny instances, its checked step
// schedule, and its JSON document (app/perm_plan_output.hpp) read back field by field.

#include "redist/perm/plan.hpp"

#include <gtest/gtest.h>

#include "app/perm_plan_output.hpp"
#include "perm_test_support.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/perm/step_schedule.hpp"

namespace redist::perm {
namespace {

TEST(PermPlan, FollowsTheObjectiveAndMatchesBruteForce) {
  Rng rng(20261124);
  for (int draw = 0; draw < 200; ++draw) {
    const std::size_t n = 1 + static_cast<std::size_t>(rng.uniform(0, 5));
    const PermInstance inst =
        testing::random_dense(rng, n, 1 + rng.uniform(0, 9), static_cast<int>(rng.uniform(0, 80)));
    const testing::BruteForce best = testing::brute_force(inst);
    for (const PermObjective objective : {PermObjective::volume, PermObjective::steps}) {
      const PermResult r = plan_perm(inst, objective);
      EXPECT_EQ(r.min_volume.volume, best.min_volume);
      EXPECT_EQ(r.min_volume.steps, best.steps_at_min_volume);
      EXPECT_EQ(r.min_steps.steps, best.min_steps);
      EXPECT_EQ(r.min_steps.volume, best.volume_at_min_steps);
      const PermSolution& wanted = objective == PermObjective::steps ? r.min_steps : r.min_volume;
      EXPECT_EQ(r.chosen.assignment, wanted.assignment);
      EXPECT_EQ(r.heuristics.size(), 3u);
      // The schedule is the chosen assignment's, and the independent checker accepts it.
      const StepCheck check =
          check_step_schedule(n, transfer_demand(inst, r.chosen.assignment), r.schedule);
      EXPECT_TRUE(check.valid);
      EXPECT_EQ(check.steps, r.chosen.steps);
      EXPECT_EQ(r.schedule.steps(), r.chosen.steps);
    }
  }
}

TEST(PermPlan, ParsesObjectives) {
  EXPECT_EQ(parse_perm_objective("volume"), PermObjective::volume);
  EXPECT_EQ(parse_perm_objective("steps"), PermObjective::steps);
  EXPECT_FALSE(parse_perm_objective("Volume"));
  EXPECT_STREQ(to_string(PermObjective::steps), "steps");
}

TEST(PermPlanOutput, DocumentReadsBackWithEveryField) {
  const PermInstance inst =
      PermInstance::from_dense(3, std::vector<std::int64_t>{1, 4, 0, 3, 0, 2, 0, 1, 5});
  const PermResult r = plan_perm(inst, PermObjective::volume);
  const io::Json doc = io::Json::parse(app::perm_result_text(r));
  EXPECT_EQ(doc["objective"], "volume");
  EXPECT_EQ(doc["processors"], 3);
  EXPECT_EQ(doc["items"], 16);
  EXPECT_EQ(doc["volume"], 4);
  EXPECT_EQ(doc["optimal_volume"], 4);
  EXPECT_EQ(doc["canonical"]["volume"], 10);
  EXPECT_EQ(doc["heuristics"].size(), 3u);
  EXPECT_EQ(doc["assignment"].get<std::vector<int>>(), (std::vector<int>{1, 0, 2}));
  std::int64_t steps = 0;
  for (const auto& group : doc["schedule"]) steps += group["repeat"].get<std::int64_t>();
  EXPECT_EQ(steps, doc["steps"].get<std::int64_t>());
  const io::Json summary = io::Json::parse(app::perm_result_text(r, false));
  EXPECT_FALSE(summary.contains("schedule"));
  EXPECT_EQ(summary["volume"], 4);
}

TEST(PermPlanOutput, EmptyScheduleIsAnEmptyArray) {
  const PermInstance inst =
      PermInstance::from_dense(2, std::vector<std::int64_t>{3, 0, 0, 2});  // already in place
  const io::Json doc = io::Json::parse(app::perm_result_text(plan_perm(inst)));
  EXPECT_TRUE(doc["schedule"].is_array());
  EXPECT_TRUE(doc["schedule"].empty());
  EXPECT_EQ(doc["steps"], 0);
}

}  // namespace
}  // namespace redist::perm
