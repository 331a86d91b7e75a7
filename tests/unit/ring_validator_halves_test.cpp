// Given a job runner, the validator checks the processors of a schedule of 2^17 transfers or more in
// two halves (sim/ring_validator.cpp). Its verdict must be the one pass's, the one it gives without
// a runner: the earliest violation wherever it lies, and on a tie of time and rule the lower
// processor's. The runner here runs the halves on two threads.

#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "redist/sim/ring_validator.hpp"
#include "support/ring_test_helpers.hpp"

namespace redist {
namespace {

// Every processor holds one item and wants one: each sends its item to its successor at t = 0.
constexpr std::int64_t kRing = (std::int64_t{1} << 17) + 1000;

RingInstance shift_by_one() {
  const auto n = static_cast<std::size_t>(kRing);
  return testing::make_ring(RingKind::unidirectional, std::vector<std::int64_t>(n, 1),
                            std::vector<std::int64_t>(n, 1), std::vector<std::int64_t>(n, 1), {},
                            0);
}

Schedule each_sends_its_item() {
  Schedule s;
  for (std::int64_t p = 0; p < kRing; ++p) s.transfers.push_back({p, (p + 1) % kRing, 1, 0});
  return s;
}

// The verdict with the halves on two threads, after checking that it is the one-pass verdict and
// that the runner got the two halves.
sim::ValidationResult validate(const RingInstance& inst, const Schedule& s) {
  int runs = 0;
  const sim::JobPair two_threads = [&runs](const std::function<void()>& first,
                                           const std::function<void()>& second) {
    ++runs;
    std::thread beside(first);
    second();
    beside.join();
  };
  const auto halves = sim::validate_ring_schedule(inst, s, two_threads);
  const auto one_pass = sim::validate_ring_schedule(inst, s);
  EXPECT_EQ(runs, 1) << "a schedule of 2^17 transfers or more goes to the runner in two halves";
  EXPECT_EQ(halves.valid, one_pass.valid);
  EXPECT_EQ(halves.makespan, one_pass.makespan);
  EXPECT_EQ(halves.violation.has_value(), one_pass.violation.has_value());
  if (halves.violation && one_pass.violation) {
    EXPECT_EQ(halves.violation->message, one_pass.violation->message);
    EXPECT_EQ(halves.violation->processor, one_pass.violation->processor);
  }
  return halves;
}

constexpr std::int64_t kLow = 10;           // in the first half
constexpr std::int64_t kHigh = kRing - 10;  // in the second half

TEST(RingValidatorHalves, AValidScheduleStaysValid) {
  const auto result = validate(shift_by_one(), each_sends_its_item());
  EXPECT_TRUE(result.valid) << result.violation->message;
  EXPECT_EQ(static_cast<long long>(result.makespan), 1);
}

// The validator's first violation must be `rule` at `processor` and `time`.
void expect_first_violation(const Schedule& s, const std::string& rule, std::int64_t processor,
                            long long time) {
  const auto result = validate(shift_by_one(), s);
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.violation->rule, rule);
  EXPECT_EQ(result.violation->processor, processor);
  EXPECT_EQ(static_cast<long long>(result.violation->time), time);
}

TEST(RingValidatorHalves, ATieKeepsTheLowerProcessor) {
  Schedule s = each_sends_its_item();
  s.transfers.push_back({kHigh, kHigh + 1, 1, 0});  // a second send at t = 0: one-port at t = 0
  s.transfers.push_back({kLow, kLow + 1, 1, 0});
  expect_first_violation(s, "one-port", kLow, 0);
}

TEST(RingValidatorHalves, TheEarliestViolationWinsFromEitherHalf) {
  Schedule s = each_sends_its_item();
  s.transfers[static_cast<std::size_t>(kLow)].start = 2;
  s.transfers.push_back({kLow, kLow + 1, 1, 2});    // one-port at t = 2 in the first half
  s.transfers.push_back({kHigh, kHigh + 1, 1, 0});  // one-port at t = 0 in the second half
  expect_first_violation(s, "one-port", kHigh, 0);
}

TEST(RingValidatorHalves, HoldingsInTheSecondHalfAreFound) {
  Schedule s = each_sends_its_item();
  s.transfers[static_cast<std::size_t>(kHigh)].items = 3;  // its third item is nowhere at t = 2
  expect_first_violation(s, "holdings", kHigh, 2);
}

}  // namespace
}  // namespace redist
