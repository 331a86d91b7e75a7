// Deliberately inconsistent input must fail cleanly on every rank, before any data moves, with the
// caller's data intact: differing item sizes, counts that do not add up, a partial item, mixed
// counts and weights, a too-small output buffer, differing options or link models (plan digest
// mismatch); and the unidirectional ring that used to be refused with the order kept.

#include <mpi.h>

#include <functional>
#include <vector>

#include "item_pattern.hpp"
#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/exec/redistribute.hpp"

namespace redist::mpitest {

namespace {

std::vector<std::int64_t> some_loads(std::size_t n) {
  std::vector<std::int64_t> loads(n);
  for (std::size_t k = 0; k < n; ++k) loads[k] = static_cast<std::int64_t>(3 + 5 * k);
  return loads;
}

std::int64_t sum(const std::vector<std::int64_t>& v) {
  std::int64_t s = 0;
  for (const auto x : v) s += x;
  return s;
}

// Runs `call`, which must throw AgreementError on this rank; then checks the slice is unchanged.
void expect_refused(const exec::Context& ctx, exec::OrderedSlice& slice, std::int64_t total,
                    std::uint64_t salt, const std::string& what,
                    const std::function<void()>& call) {
  const std::vector<std::byte> before(slice.bytes().begin(), slice.bytes().end());
  bool refused = false;
  try {
    call();
  } catch (const exec::AgreementError& e) {
    refused = std::string(e.what()).find("redistribute") != std::string::npos;
  }
  if (!refused) fail(what + ": not refused with an AgreementError", __FILE__, __LINE__);
  MPI_CHECK(std::equal(before.begin(), before.end(), slice.bytes().begin(), slice.bytes().end()));
  // The data still verifies as the original layout.
  const std::int64_t count = slice.size();
  std::int64_t wrong = 0;
  std::int64_t first = 0;
  const std::vector<std::int64_t> loads = some_loads(static_cast<std::size_t>(ctx.size()));
  for (int k = 0; k < ctx.rank(); ++k) first += loads[static_cast<std::size_t>(k)];
  for (std::int64_t k = 0; k < count && slice.item_bytes() == 8; ++k)
    if (item_checksum(slice.item(k)) !=
        expected_checksum(static_cast<std::uint64_t>((first + k) % total), salt, 8))
      ++wrong;
  MPI_CHECK_EQ(wrong, std::int64_t{0});
}

struct Fixture {
  std::vector<std::int64_t> loads;
  std::int64_t total;
  exec::OrderedSlice slice;
  std::size_t rank;
};

Fixture fixture(const exec::Context& ctx, std::int64_t item_bytes = 8) {
  const auto n = static_cast<std::size_t>(ctx.size());
  std::vector<std::int64_t> loads = some_loads(n);
  const std::int64_t total = sum(loads);
  return {loads, total, make_slice(ctx, item_bytes, loads, -1, 77),
          static_cast<std::size_t>(ctx.rank())};
}

std::int64_t reversed_target(const Fixture& f) { return f.loads[f.loads.size() - 1 - f.rank]; }

void counts_do_not_add_up(exec::Context& ctx) {
  Fixture f = fixture(ctx);
  const std::int64_t wish = reversed_target(f) + (f.rank == 0 ? 1 : 0);
  expect_refused(ctx, f.slice, f.total, 77, "counts",
                 [&] { exec::redistribute(ctx, f.slice, exec::NewShare::count(wish)); });
}

void negative_count(exec::Context& ctx) {
  Fixture f = fixture(ctx);
  const std::int64_t wish = f.rank + 1 == f.loads.size() ? -5 : reversed_target(f);
  expect_refused(ctx, f.slice, f.total, 77, "negative",
                 [&] { exec::redistribute(ctx, f.slice, exec::NewShare::count(wish)); });
}

void item_sizes_differ(exec::Context& ctx) {
  if (ctx.size() < 2) return;
  const auto n = static_cast<std::size_t>(ctx.size());
  Fixture f = fixture(ctx, ctx.rank() == 1 ? 12 : 8);
  expect_refused(ctx, f.slice, f.total, 77, "item sizes", [&] {
    exec::redistribute(ctx, f.slice, exec::NewShare::count(f.loads[n - 1 - f.rank]));
  });
}

void partial_item(exec::Context& ctx) {
  Fixture f = fixture(ctx);
  const bool last = f.rank + 1 == f.loads.size();
  std::vector<std::byte> input(f.slice.bytes().begin(), f.slice.bytes().end());
  if (last) input.resize(input.size() + 3);
  std::vector<std::byte> out(static_cast<std::size_t>(f.total * 8));
  expect_refused(ctx, f.slice, f.total, 77, "partial item", [&] {
    exec::redistribute(ctx, 8, input, out, exec::NewShare::count(reversed_target(f)));
  });
}

void output_too_small(exec::Context& ctx) {
  Fixture f = fixture(ctx);
  const std::int64_t wish = reversed_target(f);
  const std::int64_t room = f.rank == 0 ? wish - 1 : wish;
  std::vector<std::byte> out(static_cast<std::size_t>(std::max<std::int64_t>(room, 0) * 8));
  expect_refused(ctx, f.slice, f.total, 77, "output", [&] {
    exec::redistribute(ctx, 8, f.slice.bytes(), out, exec::NewShare::count(wish));
  });
}

void counts_and_weights_mixed(exec::Context& ctx) {
  if (ctx.size() < 2) return;
  Fixture f = fixture(ctx);
  const exec::NewShare wish =
      f.rank == 0 ? exec::NewShare::weight(1.0) : exec::NewShare::count(reversed_target(f));
  expect_refused(ctx, f.slice, f.total, 77, "mixed",
                 [&] { exec::redistribute(ctx, f.slice, wish); });
}

void options_differ(exec::Context& ctx) {
  if (ctx.size() < 2) return;
  Fixture f = fixture(ctx);
  exec::PlanOptions opt;
  if (f.rank == 0) opt.kind = RingKind::unidirectional;
  expect_refused(ctx, f.slice, f.total, 77, "options", [&] {
    exec::redistribute(ctx, f.slice, exec::NewShare::count(reversed_target(f)), opt);
  });
}

void link_models_differ(exec::Context& ctx) {
  if (ctx.size() < 2) return;
  Fixture f = fixture(ctx);
  const auto n = static_cast<std::size_t>(ctx.size());
  exec::RingLinkModels links = exec::RingLinkModels::uniform(n);
  if (f.rank == 1) links.succ[0].seconds_per_byte *= 50.0;
  ctx.set_link_models(links);
  expect_refused(ctx, f.slice, f.total, 77, "links", [&] {
    exec::redistribute(ctx, f.slice, exec::NewShare::count(reversed_target(f)));
  });
  ctx.set_link_models(exec::RingLinkModels::uniform(n));
}

// Not a refusal any more: on a unidirectional ring with the order kept, the ring transport routes
// the items that must reach a predecessor all the way round (an ordered plan, docs/ordered.md).
void unidirectional_ring_keeps_the_order(exec::Context& ctx) {
  if (ctx.size() < 2) return;
  Fixture f = fixture(ctx);
  // Everything to rank 0: items would have to move towards predecessors.
  const std::int64_t wish = f.rank == 0 ? f.total : 0;
  exec::PlanOptions opt;
  opt.kind = RingKind::unidirectional;
  opt.wrap = exec::WrapPolicy::forbid;
  opt.transport = exec::Transport::ring;
  const auto report = exec::redistribute(ctx, f.slice, exec::NewShare::count(wish), opt);
  MPI_CHECK(report.transport == "ring");
  verify_slice(ctx, f.slice, wish, f.total, 77, "unidirectional, order kept");
}

// After all those refusals, the same context still redistributes correctly.
void works_after_refusals(exec::Context& ctx) {
  Fixture f = fixture(ctx);
  exec::redistribute(ctx, f.slice, exec::NewShare::count(reversed_target(f)));
  verify_slice(ctx, f.slice, reversed_target(f), f.total, 77, "after refusals");
}

}  // namespace

std::vector<TestCase> agreement_cases() {
  return {
      {"agreement.counts_do_not_add_up", counts_do_not_add_up},
      {"agreement.negative_count", negative_count},
      {"agreement.item_sizes_differ", item_sizes_differ},
      {"agreement.partial_item", partial_item},
      {"agreement.output_too_small", output_too_small},
      {"agreement.counts_and_weights_mixed", counts_and_weights_mixed},
      {"agreement.options_differ", options_differ},
      {"agreement.link_models_differ", link_models_differ},
      {"agreement.unidirectional_ring_keeps_the_order", unidirectional_ring_keeps_the_order},
      {"agreement.works_after_refusals", works_after_refusals},
  };
}

}  // namespace redist::mpitest
