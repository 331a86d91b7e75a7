// Faults end the call, not the job (docs/api.md "Errors", issue 27): each mode makes one rank fail,
// skip the call or stall, and checks that every rank still taking part gets an exception naming
// the right rank, that the caller's data is as it was, and that every rank then reaches the
// application's next collective (a barrier on MPI_COMM_WORLD). The library must never call
// MPI_Abort: a rank ends with status 0 when everything it saw was as expected, 1 otherwise, and
// fault_test.sh counts the ranks that reached the barrier.
//
//   skip           the last rank skips the call (timeout 2 s): the others name it
//   root           rank 0 skips it: the others name rank 0 after twice the timeout
//   parts          the last rank skips a redistribute_parts call: the others name it
//   throw          rank 1's progress callback throws (no timeout): every rank gets its text
//   throw_timeout  the same with a timeout
//   stall          rank 1's progress callback stops for 8 s mid-transfer (timeout 2 s)
//   null           rank 0 is left out by MPI_Comm_split: its Context refuses MPI_COMM_NULL, the
//                  others redistribute on their communicator
//   twice          two requests on one vector: the second is refused everywhere, the first works
//   between        rank 1 throws its own exception between start and wait: the request completes
//                  as it is destroyed, and every rank's data arrives

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "redist/exec/permutation_redistribute.hpp"
#include "redist/exec/redistribute.hpp"

namespace {

namespace ex = redist::exec;

int g_rank = 0;
bool g_ok = true;

void expect(bool ok, const std::string& what) {
  if (ok) return;
  g_ok = false;
  std::printf("rank %d: WRONG: %s\n", g_rank, what.c_str());
  std::fflush(stdout);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Every rank holds 1000 items worth its rank; everything goes to rank 0.
std::vector<std::int64_t> items_of(int rank) {
  std::vector<std::int64_t> items(1000);
  for (std::size_t k = 0; k < items.size(); ++k)
    items[k] = rank * 1000 + static_cast<std::int64_t>(k);
  return items;
}

ex::NewShare all_to_rank0(const ex::Context& ctx) {
  return ex::NewShare::count(ctx.rank() == 0 ? 1000 * static_cast<std::int64_t>(ctx.size()) : 0);
}

bool in_order(const std::vector<std::int64_t>& items, std::int64_t first) {
  for (std::size_t k = 0; k < items.size(); ++k)
    if (items[k] != first + static_cast<std::int64_t>(k)) return false;
  return true;
}

// Runs `call`, which must throw E on this rank with `text` in its message.
template <class E, class Call>
void expect_throw(Call call, const std::string& text) {
  try {
    call();
    expect(false, "no exception; expected one containing: " + text);
  } catch (const E& e) {
    expect(contains(e.what(), text),
           std::string("message: ") + e.what() + " (expected: " + text + ")");
    std::printf("rank %d: caught: %s\n", g_rank, e.what());
  } catch (const std::exception& e) {
    expect(false, std::string("other exception: ") + e.what());
  }
}

void skip_mode(ex::Context& ctx, const std::string& mode) {
  ex::PlanOptions options;
  options.timeout_seconds = 2.0;
  std::vector<std::int64_t> items = items_of(ctx.rank());
  const bool skips = mode == "root" ? ctx.rank() == 0 : ctx.rank() == ctx.size() - 1;
  if (skips) {
    std::printf("rank %d: skipped the call\n", g_rank);
    return;
  }
  const std::string expected =
      mode == "root" ? "no answer from rank 0 within 4 s"
                     : "rank(s) " + std::to_string(ctx.size() - 1) + " did not arrive within 2 s";
  if (mode == "parts") {
    const std::vector<redist::perm::Proc> parts(items.size(), 0);
    ex::PartsOptions parts_options;
    parts_options.timeout_seconds = 2.0;
    expect_throw<ex::TimeoutError>(
        [&] {
          ex::redistribute_parts(ctx, sizeof(std::int64_t), std::as_bytes(std::span(items)), parts,
                                 parts_options);
        },
        expected);
  } else {
    expect_throw<ex::TimeoutError>(
        [&] { ex::redistribute(ctx, items, all_to_rank0(ctx), options); }, expected);
  }
  expect(in_order(items, ctx.rank() * 1000), "the items changed");
}

void throw_mode(ex::Context& ctx, double timeout) {
  ex::PlanOptions options;
  options.timeout_seconds = timeout;
  options.transport = ex::Transport::ring;  // several messages: the callback runs mid-transfer
  options.chunk_bytes = 800;
  options.progress = [&ctx](const ex::Progress&) {
    if (ctx.rank() == 1)
      throw std::runtime_error("simulated failure in the application's callback");
  };
  std::vector<std::int64_t> items = items_of(ctx.rank());
  expect_throw<ex::CallError>([&] { ex::redistribute(ctx, items, all_to_rank0(ctx), options); },
                              "rank 1: the progress callback threw: simulated failure");
  expect(in_order(items, ctx.rank() * 1000), "the items changed");
  // The context stays usable after a failure every rank saw.
  options.progress = nullptr;
  ex::redistribute(ctx, items, all_to_rank0(ctx), options);
  expect(ctx.rank() != 0 || in_order(items, 0), "rank 0 did not get every item afterwards");
}

void stall_mode(ex::Context& ctx) {
  ex::PlanOptions options;
  options.timeout_seconds = 2.0;
  options.transport = ex::Transport::ring;
  options.chunk_bytes = 800;
  bool stalled = false;
  options.progress = [&](const ex::Progress&) {
    if (ctx.rank() != 1 || stalled) return;
    stalled = true;
    std::this_thread::sleep_for(std::chrono::seconds(8));  // stops taking part for a while
  };
  std::vector<std::int64_t> items = items_of(ctx.rank());
  expect_throw<ex::TimeoutError>([&] { ex::redistribute(ctx, items, all_to_rank0(ctx), options); },
                                 ctx.rank() == 1 ? "within" : "rank(s) 1 did not arrive");
  expect(in_order(items, ctx.rank() * 1000), "the items changed");
}

void null_mode() {
  MPI_Comm part = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, g_rank == 0 ? MPI_UNDEFINED : 1, g_rank, &part);
  if (part == MPI_COMM_NULL) {
    expect_throw<redist::InputError>([&] { ex::Context ctx(part); }, "MPI_COMM_NULL");
    return;
  }
  ex::Context ctx(part);
  std::vector<std::int64_t> items = items_of(ctx.rank());
  ex::redistribute(ctx, items, all_to_rank0(ctx));
  expect(ctx.rank() != 0 || in_order(items, 0), "the others' redistribution failed");
  MPI_Comm_free(&part);
}

void twice_mode(ex::Context& ctx) {
  std::vector<std::int64_t> items = items_of(ctx.rank());
  ex::Request first = ex::redistribute_start(ctx, items, all_to_rank0(ctx));
  // Refused on every rank before the second moves anything (by its agreement, since its counts
  // are known beforehand).
  expect_throw<ex::AgreementError>(
      [&] {
        ex::Request second = ex::redistribute_start(ctx, items, all_to_rank0(ctx));
        second.wait();
      },
      "still in flight");
  first.wait();
  expect(ctx.rank() != 0 || in_order(items, 0), "the first request did not complete");
  expect(ctx.rank() == 0 || items.empty(), "a rank kept items");
}

void between_mode(ex::Context& ctx) {
  std::vector<std::int64_t> items = items_of(ctx.rank());
  try {
    ex::Request request = ex::redistribute_start(ctx, items, all_to_rank0(ctx));
    if (ctx.rank() == 1) throw std::runtime_error("the application's own failure");
    request.wait();
  } catch (const std::runtime_error& e) {
    expect(ctx.rank() == 1 && contains(e.what(), "own failure"), e.what());
  }
  expect(ctx.rank() != 0 || in_order(items, 0), "rank 0 did not get every item");
  expect(ctx.rank() == 0 || items.empty(), "a rank kept items");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  const std::string mode = argc > 1 ? argv[1] : "skip";
  try {
    if (mode == "null") {
      null_mode();
    } else {
      ex::Context ctx(MPI_COMM_WORLD);
      if (mode == "skip" || mode == "root" || mode == "parts") skip_mode(ctx, mode);
      if (mode == "throw") throw_mode(ctx, 0.0);
      if (mode == "throw_timeout") throw_mode(ctx, 5.0);
      if (mode == "stall") stall_mode(ctx);
      if (mode == "twice") twice_mode(ctx);
      if (mode == "between") between_mode(ctx);
    }
  } catch (const std::exception& e) {
    expect(false, std::string("unexpected exception: ") + e.what());
  }
  MPI_Barrier(MPI_COMM_WORLD);  // the application's next collective
  std::printf("rank %d: reached the barrier\n", g_rank);
  std::fflush(stdout);
  MPI_Finalize();
  return g_ok ? 0 : 1;
}
