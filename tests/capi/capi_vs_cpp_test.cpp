// The C interface moves what the C++ API moves (ctest capi.vs_cpp.np4): on seeded random layouts
// and shares (counts, every rank's counts, weights; kept and rotated order; every transport), the
// same data goes through redist::exec::Plan and through redist_plan_make / redist_plan_execute; the
// new pieces must be equal byte for byte and equal to the expected global order, the reports equal
// field by field (but the times), and a refusal must give the same message from both.

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "redist/exec/plan.hpp"
#include "redist/exec/redistribute.hpp"
#include "redist/redist_mpi.h"

namespace {

int failures = 0;
int rank = 0, size = 1;

void check(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "rank %d: %s\n", rank, what.c_str());
  ++failures;
}

// One random case, the same on every rank (the seed decides everything).
struct Case {
  std::vector<std::int64_t> old_counts, new_counts;
  std::vector<double> weights;
  int share_kind = 0;  // 0 count, 1 counts, 2 weight
  redist::exec::Transport transport = redist::exec::Transport::automatic;
  bool wrap = false;
};

Case draw(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Case c;
  std::int64_t total = 0;
  for (int r = 0; r < size; ++r) total += c.old_counts.emplace_back(rng() % 40);
  c.new_counts.assign(static_cast<std::size_t>(size), 0);
  for (std::int64_t k = 0; k < total; ++k) ++c.new_counts[rng() % static_cast<unsigned>(size)];
  for (int r = 0; r < size; ++r) c.weights.push_back(static_cast<double>(rng() % 5));
  if (total > 0 && std::all_of(c.weights.begin(), c.weights.end(), [](double w) { return w == 0; }))
    c.weights[0] = 1;
  c.share_kind = static_cast<int>(rng() % 3);
  c.transport = static_cast<redist::exec::Transport>(rng() % 3);  // automatic, direct, alltoallv
  c.wrap = rng() % 4 == 0;
  return c;
}

void compare_reports(const redist::exec::TransferReport& a, const redist_report& b,
                     std::uint64_t seed) {
  const std::string at = "seed " + std::to_string(seed) + ": report.";
  check(a.total_items == b.total_items, at + "total_items");
  check(a.new_count == b.new_count, at + "new_count");
  check(a.new_first == b.new_first, at + "new_first");
  check(a.transport == redist_transport_name(static_cast<redist_transport>(b.transport)),
        at + "transport " + a.transport);
  check(a.bytes_sent == b.bytes_sent, at + "bytes_sent");
  check(a.bytes_received == b.bytes_received, at + "bytes_received");
  check(a.bytes_copied == b.bytes_copied, at + "bytes_copied");
  check(a.messages_sent == b.messages_sent, at + "messages_sent");
  check(a.mpi_messages == b.mpi_messages, at + "mpi_messages");
  check(a.chunk_items == b.chunk_items, at + "chunk_items");
  check(a.predicted_seconds == b.predicted_seconds, at + "predicted_seconds");
}

void one_case(redist::exec::Context& cpp, redist_context* c_ctx, std::uint64_t seed) {
  const Case c = draw(seed);
  const auto me = static_cast<std::size_t>(rank);
  std::int64_t first = 0;
  for (std::size_t r = 0; r < me; ++r) first += c.old_counts[r];
  std::vector<std::int64_t> mine(static_cast<std::size_t>(c.old_counts[me]));
  for (std::size_t k = 0; k < mine.size(); ++k) mine[k] = first + static_cast<std::int64_t>(k);

  redist::exec::PlanOptions options;
  options.transport = c.transport;
  options.wrap = c.wrap ? redist::exec::WrapPolicy::allow : redist::exec::WrapPolicy::forbid;
  redist_plan_options c_options;
  redist_plan_options_init(&c_options);
  c_options.transport = static_cast<int32_t>(c.transport);
  c_options.wrap = c.wrap ? 1 : 0;
  redist::exec::NewShare share = c.share_kind == 0 ? redist::exec::NewShare::count(c.new_counts[me])
                                 : c.share_kind == 1
                                     ? redist::exec::NewShare::counts(c.new_counts)
                                     : redist::exec::NewShare::weight(c.weights[me]);
  redist_share c_share = c.share_kind == 0   ? redist_share_count(c.new_counts[me])
                         : c.share_kind == 1 ? redist_share_counts(c.new_counts.data(), size)
                                             : redist_share_weight(c.weights[me]);
  const auto plan =
      redist::exec::Plan::make(cpp, static_cast<std::int64_t>(mine.size()), share, options, 8);
  redist_plan* c_plan = nullptr;
  check(redist_plan_make(c_ctx, static_cast<std::int64_t>(mine.size()), &c_share, &c_options, 8,
                         REDIST_UNKNOWN_FIRST, &c_plan) == REDIST_OK,
        "redist_plan_make: " + std::string(redist_last_error()));
  if (c_plan == nullptr) return;
  check(plan.new_count() == redist_plan_new_count(c_plan) &&
            plan.new_first() == redist_plan_new_first(c_plan) &&
            plan.new_offset_shift() == redist_plan_new_offset_shift(c_plan) &&
            plan.transport_reason() == redist_plan_transport_reason(c_plan),
        "seed " + std::to_string(seed) + ": the plans differ");
  std::vector<std::int64_t> out_cpp(static_cast<std::size_t>(plan.new_count()), -1);
  std::vector<std::int64_t> out_c(out_cpp.size(), -2);
  const redist::exec::TransferReport report = plan.execute({redist::exec::field(mine, out_cpp)});
  redist_field f{mine.data(), static_cast<std::int64_t>(mine.size()), out_c.data(),
                 static_cast<std::int64_t>(out_c.size()), 8};
  redist_report c_report;
  check(redist_plan_execute(c_plan, &f, 1, &c_report) == REDIST_OK,
        "redist_plan_execute: " + std::string(redist_last_error()));
  check(out_cpp == out_c, "seed " + std::to_string(seed) + ": the new pieces differ");
  for (std::size_t k = 0; k < out_c.size(); ++k)
    check(out_c[k] == (plan.new_first() + static_cast<std::int64_t>(k)) %
                          std::max<std::int64_t>(plan.total(), 1),
          "seed " + std::to_string(seed) + ": item " + std::to_string(k) + " out of order");
  compare_reports(report, c_report, seed);
  redist_plan_free(c_plan);
}

// A refusal gives the same text from both APIs: rank 1's count is one too many.
void same_refusal(redist::exec::Context& cpp, redist_context* c_ctx) {
  std::vector<std::int64_t> mine(5, 0);
  const std::int64_t ask = 5 + (rank == 1 ? 1 : 0);
  std::string cpp_message, c_message;
  try {
    redist::exec::Plan::make(cpp, 5, redist::exec::NewShare::count(ask));
  } catch (const redist::exec::AgreementError& e) {
    cpp_message = e.what();
  }
  redist_share share = redist_share_count(ask);
  redist_plan* plan = nullptr;
  check(redist_plan_make(c_ctx, 5, &share, nullptr, 0, REDIST_UNKNOWN_FIRST, &plan) ==
            REDIST_ERROR_AGREEMENT,
        "the C refusal");
  c_message = redist_last_error();
  check(!cpp_message.empty() && cpp_message == c_message,
        "refusals differ: C++ \"" + cpp_message + "\", C \"" + c_message + "\"");
  std::vector<std::int64_t> out;
  try {
    redist::exec::redistribute(cpp, mine, redist::exec::NewShare::count(ask));
  } catch (const redist::exec::AgreementError& e) {
    cpp_message = e.what();
  }
  void* block = nullptr;
  std::int64_t count = 0;
  check(redist_redistribute_alloc(c_ctx, 8, mine.data(), 5, &share, nullptr, &block, &count,
                                  nullptr) == REDIST_ERROR_AGREEMENT,
        "the C one-call refusal");
  check(cpp_message == redist_last_error(),
        "one-call refusals differ: C++ \"" + cpp_message + "\", C \"" + redist_last_error() + "\"");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  {
    redist::exec::Context cpp(MPI_COMM_WORLD);
    redist_context* c_ctx = nullptr;
    check(redist_context_create(MPI_COMM_WORLD, &c_ctx) == REDIST_OK, "redist_context_create");
    for (std::uint64_t seed = 1; seed <= 60; ++seed) one_case(cpp, c_ctx, seed);
    if (size >= 2) same_refusal(cpp, c_ctx);
    redist_context_free(c_ctx);
  }
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("capi_vs_cpp_test on %d ranks: 60 cases, %d failed check(s)\n", size, all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}
