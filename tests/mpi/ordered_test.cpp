// The ordered redistribution on real ranks: seeded random instances (unidirectional and
// bidirectional, flat and ring networks with homogeneous and heterogeneous link models, zero-load
// joiners, items of 1 byte to 1 MiB, every transport, tiny chunks and tiny MPI messages to force
// forwarding and splitting);
// every item must arrive exactly once, in global order, checked by checksum per item on every rank.

#include <mpi.h>

#include <algorithm>
#include <string>
#include <vector>

#include "item_pattern.hpp"
#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/new_share.hpp"
#include "redist/exec/redistribute.hpp"

namespace redist::mpitest {

namespace {

struct Scenario {
  std::int64_t item_bytes = 8;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::vector<double> weights;  // non-empty: ranks pass weights instead of counts
  std::int64_t origin = -1;     // -1: ranks do not set their first index
  bool heterogeneous = false;
  double slack = 0.25;  // OrderedSlice room: 0 forces the second buffer, 2 almost always in place
  exec::PlanOptions options;
};

std::vector<std::int64_t> random_counts(Rng& rng, std::size_t n, std::int64_t max_count,
                                        bool joiners) {
  std::vector<std::int64_t> counts(n);
  for (auto& c : counts) c = (joiners && rng.uniform(0, 3) == 0) ? 0 : rng.uniform(0, max_count);
  return counts;
}

// Targets with the same total as loads: a random split of the total.
std::vector<std::int64_t> random_targets(Rng& rng, std::size_t n, std::int64_t total,
                                         bool joiners) {
  std::vector<std::int64_t> weights = random_counts(rng, n, 10, joiners);
  if (std::all_of(weights.begin(), weights.end(), [](std::int64_t w) { return w == 0; }))
    weights[0] = 1;
  std::vector<double> w(weights.begin(), weights.end());
  return exec::counts_from_weights(w, total);
}

std::int64_t pick_item_bytes(Rng& rng) {
  static const std::int64_t sizes[] = {1, 3, 8, 64, 1000, 4096, 65536, std::int64_t{1} << 20};
  return sizes[rng.uniform(0, 7)];
}

exec::PlanOptions random_options(Rng& rng, std::int64_t item_bytes, bool bidirectional) {
  exec::PlanOptions opt;
  opt.kind = bidirectional ? RingKind::bidirectional : RingKind::unidirectional;
  if (rng.uniform(0, 1) == 0) opt.chunk_bytes = item_bytes * rng.uniform(1, 6);
  if (rng.uniform(0, 3) == 0)
    opt.max_message_bytes =
        rng.uniform(std::max<std::int64_t>(1, item_bytes / 32), item_bytes / 2 + 100);
  opt.window = static_cast<int>(rng.uniform(1, 4));
  opt.plan_order = rng.uniform(0, 2) == 0;
  static const exec::Transport transports[] = {exec::Transport::automatic, exec::Transport::direct,
                                               exec::Transport::ring, exec::Transport::ring,
                                               exec::Transport::alltoallv};
  opt.transport = transports[rng.uniform(0, 4)];
  if (opt.transport == exec::Transport::alltoallv && rng.uniform(0, 1) == 0)
    opt.max_items_per_round = rng.uniform(1, 5);
  // Pretend MPI's int is tiny: split messages, rounds and packed rounds on small data.
  if (rng.uniform(0, 3) == 0)
    opt.mpi_int_limit = rng.uniform(std::max<std::int64_t>(8, item_bytes / 16),
                                    std::max<std::int64_t>(3000, item_bytes));
  const bool linear = bidirectional && rng.uniform(0, 3) == 0;
  opt.wrap = linear ? exec::WrapPolicy::forbid : exec::WrapPolicy::allow;
  return opt;
}

Scenario random_scenario(std::uint64_t seed, std::size_t n) {
  Rng rng(seed);
  Scenario s;
  s.item_bytes = pick_item_bytes(rng);
  const std::int64_t budget = std::int64_t{3} << 20;  // bytes per rank, keeps the suite fast
  const std::int64_t max_count = std::clamp<std::int64_t>(budget / s.item_bytes, 1, 300);
  const bool joiners = rng.uniform(0, 2) == 0;
  s.loads = random_counts(rng, n, max_count, joiners);
  std::int64_t total = 0;
  for (const auto l : s.loads) total += l;
  s.targets = random_targets(rng, n, total, joiners);
  if (rng.uniform(0, 4) == 0) {
    for (std::size_t k = 0; k < n; ++k) s.weights.push_back(static_cast<double>(rng.uniform(0, 5)));
    if (std::all_of(s.weights.begin(), s.weights.end(), [](double w) { return w == 0.0; }))
      s.weights[n - 1] = 2.0;
    s.targets = exec::counts_from_weights(s.weights, total);
  }
  if (rng.uniform(0, 2) == 0 && total > 0) s.origin = rng.uniform(0, total - 1);
  s.heterogeneous = rng.uniform(0, 1) == 0;
  static const double slacks[] = {0.0, 0.25, 2.0};
  s.slack = slacks[rng.uniform(0, 2)];
  s.options = random_options(rng, s.item_bytes, rng.uniform(0, 2) != 0);
  // A unidirectional ring cannot do without the wrap-around edge in general.
  if (s.options.kind == RingKind::unidirectional) s.options.wrap = exec::WrapPolicy::allow;
  return s;
}

exec::RingLinkModels random_links(std::uint64_t seed, std::size_t n) {
  Rng rng(seed ^ 0x5eed);
  exec::RingLinkModels links;
  for (std::size_t k = 0; k < n; ++k) {
    links.succ.push_back({1e-6 * static_cast<double>(rng.uniform(1, 20)),
                          1e-10 * static_cast<double>(rng.uniform(1, 30))});
    links.pred.push_back({1e-6 * static_cast<double>(rng.uniform(1, 20)),
                          1e-10 * static_cast<double>(rng.uniform(1, 30))});
  }
  return links;
}

}  // namespace

exec::OrderedSlice make_slice(const exec::Context& ctx, std::int64_t item_bytes,
                              const std::vector<std::int64_t>& loads, std::int64_t origin,
                              std::uint64_t salt, double slack) {
  const auto rank = static_cast<std::size_t>(ctx.rank());
  std::int64_t total = 0;
  std::int64_t before = 0;
  for (std::size_t k = 0; k < loads.size(); ++k) {
    if (k < rank) before += loads[k];
    total += loads[k];
  }
  exec::OrderedSlice slice(item_bytes, slack);
  slice.resize(loads[rank]);
  const std::int64_t first = total == 0 ? 0 : (std::max<std::int64_t>(origin, 0) + before) % total;
  for (std::int64_t k = 0; k < loads[rank]; ++k)
    fill_item(slice.item(k), static_cast<std::uint64_t>((first + k) % total), salt);
  if (origin >= 0) slice.set_first(first);
  return slice;
}

void verify_slice(const exec::Context& ctx, const exec::OrderedSlice& slice,
                  std::int64_t expected_count, std::int64_t total, std::uint64_t salt,
                  const std::string& what) {
  MPI_CHECK_EQ(slice.size(), expected_count);
  MPI_CHECK_EQ(slice.total(), total);
  std::int64_t wrong = 0;
  for (std::int64_t k = 0; k < slice.size(); ++k) {
    const auto global = static_cast<std::uint64_t>(slice.global_index(k));
    if (item_checksum(slice.item(k)) !=
        expected_checksum(global, salt, static_cast<std::size_t>(slice.item_bytes())))
      ++wrong;
  }
  if (wrong != 0)
    fail(what + ": " + std::to_string(wrong) + " items with a wrong checksum", __FILE__, __LINE__);
  // The slices must tile the circular sequence in rank order: first_k = first_{k-1} + count_{k-1}.
  const std::int64_t mine[2] = {slice.first(), slice.size()};
  std::vector<std::int64_t> all(2 * static_cast<std::size_t>(ctx.size()));
  exec::check_mpi(MPI_Allgather(mine, 2, MPI_INT64_T, all.data(), 2, MPI_INT64_T, MPI_COMM_WORLD),
                  "MPI_Allgather");
  std::int64_t sum = 0;
  for (int k = 0; k < ctx.size(); ++k) {
    const auto i = static_cast<std::size_t>(k);
    sum += all[2 * i + 1];
    const auto prev = static_cast<std::size_t>((k + ctx.size() - 1) % ctx.size());
    if (total > 0 && all[2 * prev + 1] > 0 && k > 0)
      MPI_CHECK_EQ(all[2 * i], (all[2 * prev] + all[2 * prev + 1]) % total);
  }
  MPI_CHECK_EQ(sum, total);
}

namespace {

void run_scenario(exec::Context& ctx, std::uint64_t seed) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const Scenario s = random_scenario(seed, n);
  if (seed % 3 == 0)
    ctx.set_flat_network();
  else
    ctx.set_link_models(s.heterogeneous ? random_links(seed, n) : exec::RingLinkModels::uniform(n));
  std::int64_t total = 0;
  for (const auto l : s.loads) total += l;
  exec::OrderedSlice slice = make_slice(ctx, s.item_bytes, s.loads, s.origin, seed, s.slack);
  const exec::NewShare share = s.weights.empty() ? exec::NewShare::count(s.targets[rank])
                                                 : exec::NewShare::weight(s.weights[rank]);
  const exec::TransferReport report = exec::redistribute(ctx, slice, share, s.options);
  verify_slice(ctx, slice, s.targets[rank], total, seed, "seed " + std::to_string(seed));
  MPI_CHECK_EQ(report.new_count, s.targets[rank]);
  if (s.options.wrap == exec::WrapPolicy::forbid)
    MPI_CHECK_EQ(report.flows.back(), std::int64_t{0});
}

void random_instances(exec::Context& ctx) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed)
    run_scenario(ctx, seed * 7919 + static_cast<std::uint64_t>(ctx.size()));
  ctx.set_flat_network();
}

// Everything on rank 0 goes to the last rank and back, five times on one OrderedSlice: the result
// is checked each time, and after the first rounds the pool and the slice allocate nothing more.
void repeated_calls(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  std::vector<std::int64_t> a(n, 0), b(n, 0);
  a[0] = 500;
  b[n - 1] = 500;
  exec::OrderedSlice slice = make_slice(ctx, 24, a, -1, 99);
  exec::PlanOptions opt;
  opt.chunk_bytes = 24 * 16;
  std::int64_t allocations_after_warmup = 0;
  for (int round = 0; round < 6; ++round) {
    const auto& target = round % 2 == 0 ? b : a;
    exec::redistribute(ctx, slice,
                       exec::NewShare::count(target[static_cast<std::size_t>(ctx.rank())]), opt);
    verify_slice(ctx, slice, target[static_cast<std::size_t>(ctx.rank())], 500, 99,
                 "round " + std::to_string(round));
    if (round == 1) allocations_after_warmup = ctx.pool().allocations();
  }
  MPI_CHECK_EQ(ctx.pool().allocations(), allocations_after_warmup);
}

void no_op(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  std::vector<std::int64_t> loads(n);
  for (std::size_t k = 0; k < n; ++k) loads[k] = static_cast<std::int64_t>(k % 3);
  exec::OrderedSlice slice = make_slice(ctx, 16, loads, -1, 5);
  const auto report = exec::redistribute(
      ctx, slice, exec::NewShare::count(loads[static_cast<std::size_t>(ctx.rank())]));
  verify_slice(ctx, slice, loads[static_cast<std::size_t>(ctx.rank())], slice.total(), 5, "no-op");
  MPI_CHECK_EQ(report.bytes_sent, std::int64_t{0});
  MPI_CHECK_EQ(report.bytes_received, std::int64_t{0});
}

void empty_everywhere(exec::Context& ctx) {
  exec::OrderedSlice slice(4);
  const auto report = exec::redistribute(ctx, slice, exec::NewShare::count(0));
  MPI_CHECK_EQ(report.total_items, std::int64_t{0});
  MPI_CHECK_EQ(slice.size(), std::int64_t{0});
}

// Caller-owned buffers, a progress callback, and messages split into many MPI messages.
void span_api_and_progress(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  std::vector<std::int64_t> loads(n, 40), targets(n, 40);
  loads[0] = 40 + 30 * static_cast<std::int64_t>(n - 1);
  for (std::size_t k = 1; k < n; ++k) loads[k] = 10;
  exec::OrderedSlice source = make_slice(ctx, 4096, loads, -1, 11);
  std::vector<std::byte> out(static_cast<std::size_t>(targets[rank] * 4096 + 100));
  exec::PlanOptions opt;
  opt.max_message_bytes = 1000;  // every 4 KiB item travels as 5 MPI messages
  opt.chunk_bytes = 3 * 4096;
  struct Seen {
    std::int64_t done = 0;
    std::int64_t total = -1;
  } last;
  int calls = 0;
  opt.progress = [&](const exec::Progress& p) {
    last = {p.bytes_done, p.bytes_total};
    ++calls;
  };
  const auto report =
      exec::redistribute(ctx, 4096, source.bytes(), out, exec::NewShare::count(targets[rank]), opt);
  MPI_CHECK(calls >= 1);
  MPI_CHECK_EQ(last.done, last.total);
  MPI_CHECK_EQ(report.bytes_sent + report.bytes_received, last.total);
  if (n > 1 && report.bytes_sent > 0) MPI_CHECK(report.mpi_messages >= report.bytes_sent / 1000);
  std::int64_t wrong = 0;
  for (std::int64_t k = 0; k < report.new_count; ++k) {
    const std::span<const std::byte> item(out.data() + k * 4096, 4096);
    if (item_checksum(item) !=
        expected_checksum(static_cast<std::uint64_t>((report.new_first + k) % report.total_items),
                          11, 4096))
      ++wrong;
  }
  MPI_CHECK_EQ(wrong, std::int64_t{0});
}

}  // namespace

std::vector<TestCase> ordered_cases() {
  return {
      {"ordered.random_instances", random_instances},
      {"ordered.repeated_calls_no_allocation", repeated_calls},
      {"ordered.no_op", no_op},
      {"ordered.empty_everywhere", empty_everywhere},
      {"ordered.span_api_progress_split", span_api_and_progress},
  };
}

}  // namespace redist::mpitest
