// The writers that build no DOM (issue 27 item 7: a DOM of a 10^7-processor instance takes 16 bytes
// a number and cannot be freed once memory has run out) write exactly what the DOM writers write,
// byte for byte, on every shape of generated instance and plan.

#include <gtest/gtest.h>

#include "redist/io/json_text.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/lau/generator.hpp"
#include "redist/lau/planner.hpp"
#include "redist/ring/generator.hpp"

namespace redist {
namespace {

TEST(JsonWithoutDom, MergesArraysInKeyOrder) {
  const io::Json doc = {{"b", 2}, {"flat", {{"x", 1}}}, {"rows", io::Json::array({{{"k", 1}}})}};
  io::Json whole = doc;
  whole["a"] = {1, -2, 3};
  whole["z"] = io::Json::array();
  EXPECT_EQ(io::json_text_with_arrays(
                doc, {{"z", io::int_array_text({})}, {"a", io::int_array_text({1, -2, 3})}}),
            io::json_text(whole));
  EXPECT_EQ(io::json_text_with_arrays(io::Json::object(), {}), io::json_text(io::Json::object()));
  EXPECT_EQ(io::int_array_text({INT64_MIN, INT64_MAX, 0}),
            io::Json({INT64_MIN, INT64_MAX, 0}).dump());
}

TEST(JsonWithoutDom, RingInstancesAsTheDomWritesThem) {
  using S = ring::RingShape;
  int checked = 0;
  for (const std::size_t n : {1, 2, 3, 17, 200})
    for (const RingKind kind : {RingKind::unidirectional, RingKind::bidirectional})
      for (const bool heterogeneous : {false, true})
        for (int decimals = 0; decimals <= 6; decimals += heterogeneous ? 3 : 6)
          for (const S shape : {S::uniform, S::gather, S::heavy, S::blocks}) {
            ring::RingGenOptions options;
            options.n = n;
            options.kind = kind;
            options.heterogeneous = heterogeneous;
            options.cost_decimals = decimals;
            options.max_cost = decimals == 6 ? 1'000'000'000 : 10;
            options.max_load = n == 200 ? std::int64_t{1} << 40 : 10;
            options.shape = shape;
            options.seed = 1000 + static_cast<std::uint64_t>(checked);
            const RingInstance inst = ring::generate_ring_instance(options);
            ASSERT_EQ(io::ring_instance_text(inst), io::json_text(io::ring_instance_to_json(inst)))
                << "n " << n << " decimals " << decimals;
            ++checked;
          }
  // Costs that need a decimal string (no double prints them back) and one repeated cost.
  RingInstance exact{RingKind::bidirectional, {3, 0, 0}, {1, 1, 1}, {}, {}, 18};
  exact.succ_cost = {1'000'000'000'000'000'001, 2, 3};
  exact.pred_cost = {5, 5, 5};
  EXPECT_EQ(io::ring_instance_text(exact), io::json_text(io::ring_instance_to_json(exact)));
  EXPECT_GT(checked, 150);
}

TEST(JsonWithoutDom, AllportInstancesAndPlansAsTheDomWritesThem) {
  using A = lau::LauAlgorithm;
  int checked = 0;
  for (const std::size_t n : {1, 2, 5, 64, 1000})
    for (const std::int64_t max_load :
         {std::int64_t{0}, std::int64_t{3}, std::int64_t{1000}, std::int64_t{1} << 50})
      for (const A algorithm : {A::linear, A::traffic, A::optimal, A::window}) {
        lau::LauGenOptions options;
        options.n = n;
        options.max_load = max_load;
        options.seed = 7 + static_cast<std::uint64_t>(checked);
        sim::AllportInstance inst = lau::generate_lau_instance(options);
        if (checked % 3 == 1 && n > 1) std::swap(inst.targets.front(), inst.targets.back());
        ASSERT_EQ(lau::allport_instance_text(inst),
                  io::json_text(lau::allport_instance_to_json(inst)));
        lau::LauOptions planner;
        planner.algorithm = algorithm;
        planner.mode = checked % 2 == 0 ? sim::SendMode::single : sim::SendMode::multi;
        const lau::LauPlan plan = lau::plan_lau(inst, planner);
        ASSERT_EQ(lau::lau_plan_text(inst, plan), io::json_text(lau::lau_plan_to_json(inst, plan)))
            << "n " << n << " algorithm " << static_cast<int>(algorithm);
        ++checked;
      }
  EXPECT_EQ(checked, 80);
}

}  // namespace
}  // namespace redist
