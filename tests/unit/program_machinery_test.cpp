// The `redist` program's plan machinery (src/app/program_machinery.hpp) against the plain one of the
// ring layer: each service does what its contract says, and plans made with either are the same
// transfer for transfer.

#include "app/program_machinery.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <csignal>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "redist/ring/generator.hpp"
#include "redist/ring/plan.hpp"

namespace redist::app {
namespace {

bool sigint_blocked_here() {
  sigset_t mask;
  pthread_sigmask(SIG_BLOCK, nullptr, &mask);
  return sigismember(&mask, SIGINT) == 1;
}

TEST(PlainMachinery, RunsBothJobsInOrderOnTheCallersThreadAndOffersNothing) {
  const ring::PlanMachinery& plain = ring::PlanMachinery::plain();
  const std::thread::id caller = std::this_thread::get_id();
  std::vector<int> order;
  bool first_here = false, second_here = false;
  plain.run_both(
      [&] {
        order.push_back(1);
        first_here = std::this_thread::get_id() == caller;
      },
      [&] {
        order.push_back(2);
        second_here = std::this_thread::get_id() == caller;
      });
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  EXPECT_TRUE(first_here && second_here);
  std::vector<char> buffer(100);
  EXPECT_EQ(plain.prefault(buffer.data(), buffer.data() + 100), nullptr);
  EXPECT_EQ(plain.release(buffer.data(), buffer.data() + 100), buffer.data() + 100);
}

TEST(ProgramMachinery, RunsTheFirstJobBesideWithEverySignalBlockedAndTheSecondHere) {
  const ProgramMachinery machinery;
  const std::thread::id caller = std::this_thread::get_id();
  ASSERT_FALSE(sigint_blocked_here());
  bool first_done = false, first_blocked = false, second_here = false;
  machinery.run_both(
      [&] {
        first_blocked = sigint_blocked_here();
        first_done = true;
      },
      [&] { second_here = std::this_thread::get_id() == caller; });
  EXPECT_TRUE(first_done);  // joined before run_both returns
  EXPECT_TRUE(first_blocked);
  EXPECT_TRUE(second_here);
  EXPECT_FALSE(sigint_blocked_here());  // the caller's mask is left as it was
}

TEST(ProgramMachinery, HandsBackWholeHugePagesOnlyAndPrefaultsLargeBuffersOnly) {
  const ProgramMachinery machinery;
  constexpr std::size_t kBytes = std::size_t{12} << 20;
  std::vector<char> buffer(kBytes, 'x');
  char* begin = buffer.data() + 1000;
  char* end = buffer.data() + kBytes - 1000;
  const auto* from = static_cast<const char*>(machinery.release(begin, end));
  ASSERT_GE(from, begin);
  ASSERT_LT(from, end);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(from) % (std::uintptr_t{1} << 21), 0U);
  EXPECT_EQ(buffer[static_cast<std::size_t>(from - buffer.data()) - 1], 'x');  // below: kept
  EXPECT_EQ(buffer[1000], 'x');
  // Small ranges: no thread is worth it.
  EXPECT_EQ(machinery.prefault(buffer.data(), buffer.data() + 4096), nullptr);
  {
    const auto task = machinery.prefault(buffer.data(), buffer.data() + kBytes);
    EXPECT_NE(task, nullptr);
    std::memset(buffer.data(), 'y', kBytes);  // the owner writes meanwhile
  }
  EXPECT_EQ(buffer[kBytes / 2], 'y');
  EXPECT_EQ(buffer[kBytes - 1], 'y');
}

void expect_same_plans(const ring::RingPlan& a, const ring::RingPlan& b) {
  ASSERT_EQ(a.schedule.transfers.size(), b.schedule.transfers.size());
  EXPECT_TRUE(*a.schedule.makespan == *b.schedule.makespan);
  EXPECT_EQ(a.method, b.method);
  for (std::size_t i = 0; i < a.schedule.transfers.size(); ++i) {
    const Transfer& s = a.schedule.transfers[i];
    const Transfer& t = b.schedule.transfers[i];
    ASSERT_TRUE(s.from == t.from && s.to == t.to && s.items == t.items && s.start == t.start &&
                s.link == t.link && s.spacing == t.spacing && s.first == t.first &&
                s.message_items == t.message_items)
        << "transfer " << i;
  }
}

// Rings large enough that the program's machinery prefaults (unidirectional heterogeneous: 2^17
// links and more), hands back held ALAP curves (long gathers) and validates beside the consumer.
TEST(ProgramMachinery, PlansAreTheSameAsWithThePlainMachinery) {
  const ProgramMachinery machinery;
  for (const RingKind kind : {RingKind::unidirectional, RingKind::bidirectional})
    for (const auto shape : {ring::RingShape::gather, ring::RingShape::uniform}) {
      ring::RingGenOptions opt;
      opt.n = kind == RingKind::unidirectional ? 200'000 : 30'000;
      opt.kind = kind;
      opt.heterogeneous = true;
      opt.max_load = 1000;
      opt.shape = shape;
      opt.seed = 5;
      const RingInstance inst = ring::generate_ring_instance(opt);
      const ring::RingPlan plain = ring::plan_ring(inst);
      int consumed = 0;
      const ring::RingPlan program = ring::plan_ring(inst, {.machinery = &machinery},
                                                     [&](const ring::RingPlan&) { ++consumed; });
      EXPECT_EQ(consumed, 1);
      expect_same_plans(plain, program);
    }
}

}  // namespace
}  // namespace redist::app
