// The application API (redistribute.hpp, variable_items.hpp, split phase, fixed permutation
// mapping, error blame) on real ranks. Every rank draws the same random layout from the case's
// seed, so every rank can check its own result against the exact expected one: which global items
// it must hold, in which order.

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "item_pattern.hpp"
#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/permutation_redistribute.hpp"
#include "redist/exec/redistribute.hpp"
#include "redist/exec/variable_items.hpp"

namespace redist::mpitest {

namespace {

// A plain struct as an application would move it; every field derives from the global index.
struct Particle {
  std::int64_t id = 0;
  double x = 0.0;
  std::int32_t charge = 0;
  char tag[4] = {};
};

Particle particle(std::int64_t id) {
  Particle p;
  p.id = id;
  p.x = 0.5 * static_cast<double>(id) + 1.0;
  p.charge = static_cast<std::int32_t>(id % 7) - 3;
  p.tag[0] = static_cast<char>('a' + id % 26);
  return p;
}

bool same(const Particle& p, std::int64_t id) {
  const Particle q = particle(id);
  return p.id == q.id && p.x == q.x && p.charge == q.charge && p.tag[0] == q.tag[0];
}

std::vector<std::int64_t> random_counts(Rng& rng, std::size_t n, std::int64_t most) {
  std::vector<std::int64_t> counts(n);
  for (auto& c : counts) c = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(0, most);
  return counts;
}

// Random new counts with the same total (zeros included).
std::vector<std::int64_t> random_targets(Rng& rng, std::size_t n, std::int64_t total) {
  std::vector<std::int64_t> cuts{0, total};
  for (std::size_t k = 1; k < n; ++k) cuts.push_back(rng.uniform(0, total));
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::int64_t> targets(n);
  for (std::size_t k = 0; k < n; ++k) targets[k] = cuts[k + 1] - cuts[k];
  return targets;
}

std::int64_t before(const std::vector<std::int64_t>& counts, std::size_t rank) {
  return std::accumulate(counts.begin(), counts.begin() + static_cast<std::ptrdiff_t>(rank),
                         std::int64_t{0});
}

std::vector<Particle> my_particles(const exec::Context& ctx,
                                   const std::vector<std::int64_t>& loads) {
  const auto rank = static_cast<std::size_t>(ctx.rank());
  std::vector<Particle> out;
  for (std::int64_t k = 0; k < loads[rank]; ++k) out.push_back(particle(before(loads, rank) + k));
  return out;
}

// Every item in place: count, then ids consecutive from `first` (circularly over `total`).
void expect_piece(const std::vector<Particle>& items, std::int64_t count, std::int64_t first,
                  std::int64_t total, const std::string& what) {
  if (static_cast<std::int64_t>(items.size()) != count)
    fail(what + ": wrong count", __FILE__, __LINE__);
  std::int64_t wrong = 0;
  for (std::size_t k = 0; k < items.size(); ++k)
    if (!same(items[k], (first + static_cast<std::int64_t>(k)) % std::max<std::int64_t>(total, 1)))
      ++wrong;
  if (wrong != 0)
    fail(what + ": " + std::to_string(wrong) + " items off their place", __FILE__, __LINE__);
}

struct Layout {
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::int64_t total = 0;
};

Layout random_layout(std::uint64_t seed, std::size_t n) {
  Rng rng(seed);
  Layout l;
  l.loads = random_counts(rng, n, 40);
  l.total = std::accumulate(l.loads.begin(), l.loads.end(), std::int64_t{0});
  l.targets = random_targets(rng, n, l.total);
  return l;
}

void typed_round_trips(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Layout l = random_layout(seed * 31 + n, n);
    exec::PlanOptions opt;
    if (seed % 3 == 0) opt.transport = exec::Transport::alltoallv;
    if (seed % 4 == 2) opt.timeout_seconds = 60.0;  // polled waits, a deadline never reached
    std::vector<Particle> items = my_particles(ctx, l.loads);
    const exec::NewShare share =
        seed % 4 == 1 ? exec::NewShare::counts(l.targets) : exec::NewShare::count(l.targets[rank]);
    const auto report = exec::redistribute(ctx, items, share, opt);
    // Order kept by default: rank r holds items [sum of targets before r, + target r), in order.
    expect_piece(items, l.targets[rank], before(l.targets, rank), l.total,
                 "ordered seed " + std::to_string(seed));
    MPI_CHECK_EQ(report.flows.back(), std::int64_t{0});
    MPI_CHECK_EQ(report.new_first, before(l.targets, rank) % std::max<std::int64_t>(l.total, 1));
    // And back, rotation allowed: the same items, read circularly from new_first.
    opt.wrap = exec::WrapPolicy::allow;
    if (seed % 5 == 0) opt.kind = RingKind::unidirectional;  // only possible with rotation allowed
    const auto back = exec::redistribute(ctx, items, exec::NewShare::count(l.loads[rank]), opt);
    expect_piece(items, l.loads[rank], back.new_first, l.total,
                 "rotated seed " + std::to_string(seed));
  }
}

void weights_and_empty_ranks(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const Layout l = random_layout(97 + n, n);
  std::vector<double> weights(n);
  for (std::size_t k = 0; k < n; ++k)
    weights[k] = static_cast<double>((k * 7 + 3) % 4);  // some zero
  if (std::all_of(weights.begin(), weights.end(), [](double w) { return w == 0.0; }))
    weights[0] = 1.0;
  const std::vector<std::int64_t> targets = exec::counts_from_weights(weights, l.total);
  std::vector<Particle> items = my_particles(ctx, l.loads);
  exec::redistribute(ctx, items, exec::NewShare::weight(weights[rank]));
  expect_piece(items, targets[rank], before(targets, rank), l.total, "weights");
}

void split_phase(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Layout l = random_layout(seed * 131 + n, n);
    std::vector<Particle> items = my_particles(ctx, l.loads);
    exec::PlanOptions opt;
    opt.chunk_bytes = static_cast<std::int64_t>(sizeof(Particle)) * 3;  // several messages per link
    if (seed % 2 ==
        0) {  // non-blocking MPI_Ialltoallv rounds (several: at most 2 items per pair and round)
      opt.transport = exec::Transport::alltoallv;
      opt.max_items_per_round = 2;
    }
    auto request =
        exec::redistribute_start(ctx, items, exec::NewShare::count(l.targets[rank]), opt);
    MPI_CHECK(request.active());
    double work = 0.0;  // the application's compute between progress calls
    if (seed <= 2) {
      // Driven by test() alone to the end: the data moves while the application runs, not in
      // wait().
      for (int k = 0; !request.test(); ++k) work += std::sqrt(static_cast<double>(k));
      MPI_CHECK(request.test());
    } else {
      for (int k = 0; k < 1000 && !request.test(); ++k) work += std::sqrt(static_cast<double>(k));
    }
    MPI_CHECK(work >= 0.0);
    exec::Request moved = std::move(request);  // requests move; the data stays put
    const auto report = moved.wait();
    MPI_CHECK(!moved.active());
    MPI_CHECK_EQ(report.new_count, l.targets[rank]);
    expect_piece(items, l.targets[rank], before(l.targets, rank), l.total,
                 "split phase seed " + std::to_string(seed));
  }
  // A request dropped without wait() still completes, and the vector gets its new piece.
  {
    const Layout l = random_layout(4242 + n, n);
    std::vector<Particle> items = my_particles(ctx, l.loads);
    { auto dropped = exec::redistribute_start(ctx, items, exec::NewShare::count(l.targets[rank])); }
    expect_piece(items, l.targets[rank], before(l.targets, rank), l.total, "dropped request");
    exec::Request inactive;
    bool threw = false;
    try {
      inactive.wait();
    } catch (const std::logic_error&) {
      threw = true;
    }
    MPI_CHECK(threw && inactive.test());
  }
  // The OrderedSlice overload, split too.
  exec::OrderedSlice slice = make_slice(ctx, 16, std::vector<std::int64_t>(n, 5), -1, 9);
  auto request = exec::redistribute_start(
      ctx, slice, exec::NewShare::count(rank == 0 ? 5 * static_cast<std::int64_t>(n) : 0));
  request.wait();
  verify_slice(ctx, slice, rank == 0 ? 5 * static_cast<std::int64_t>(n) : 0,
               5 * static_cast<std::int64_t>(n), 9, "split slice");
}

// Report fields mean the same on both transports: a rank's kept items are not "sent".
void bytes_sent_excludes_kept_items(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const Layout l = random_layout(555 + n, n);
  // Items this rank sends to others: its old range minus its new range.
  const std::int64_t lo = before(l.loads, rank), hi = lo + l.loads[rank];
  const std::int64_t nlo = before(l.targets, rank), nhi = nlo + l.targets[rank];
  const std::int64_t kept = std::max<std::int64_t>(0, std::min(hi, nhi) - std::max(lo, nlo));
  const auto bytes = static_cast<std::int64_t>(sizeof(Particle));
  for (const auto transport : {exec::Transport::alltoallv, exec::Transport::ring}) {
    exec::PlanOptions opt;
    opt.transport = transport;
    std::vector<Particle> items = my_particles(ctx, l.loads);
    const auto noop = exec::redistribute(ctx, items, exec::NewShare::count(l.loads[rank]), opt);
    MPI_CHECK_EQ(noop.bytes_sent, std::int64_t{0});
    MPI_CHECK_EQ(noop.bytes_received, std::int64_t{0});
    const auto report = exec::redistribute(ctx, items, exec::NewShare::count(l.targets[rank]), opt);
    if (transport == exec::Transport::alltoallv) {
      MPI_CHECK_EQ(report.bytes_sent, (l.loads[rank] - kept) * bytes);
      MPI_CHECK_EQ(report.bytes_received, (l.targets[rank] - kept) * bytes);
    } else {  // relays also forward other ranks' items, never their own kept ones
      MPI_CHECK(report.bytes_sent >= (l.loads[rank] - kept) * bytes);
      MPI_CHECK(report.bytes_received >= (l.targets[rank] - kept) * bytes);
    }
  }
}

// Item g has (g * 13 + 5) % 41 bytes (zero-size items included), filled with the test pattern.
std::int64_t size_of(std::int64_t g) { return (g * 13 + 5) % 41; }

void variable_sizes(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed * 7 + n);
    const std::vector<std::int64_t> loads = random_counts(rng, n, 30);
    const std::int64_t items_total = std::accumulate(loads.begin(), loads.end(), std::int64_t{0});
    std::int64_t bytes_total = 0;
    for (std::int64_t g = 0; g < items_total; ++g) bytes_total += size_of(g);
    exec::VariableItems mine;
    for (std::int64_t g = before(loads, rank); g < before(loads, rank) + loads[rank]; ++g) {
      std::vector<std::byte> item(static_cast<std::size_t>(size_of(g)));
      fill_item(item, static_cast<std::uint64_t>(g), seed);
      mine.push_back(item);
    }
    const std::vector<std::int64_t> shares = random_targets(rng, n, bytes_total);
    const bool weighted = seed % 2 == 0;
    exec::PlanOptions opt;
    if (seed % 3 == 0) opt.transport = exec::Transport::alltoallv;
    if (seed == 5) opt.timeout_seconds = 60.0;  // the polled paths, with a deadline never reached
    const auto report =
        exec::redistribute(ctx, mine,
                           weighted ? exec::NewShare::weight(static_cast<double>(rank + 1))
                                    : exec::NewShare::count(shares[rank]),
                           opt);
    if (!weighted) MPI_CHECK_EQ(report.share_bytes, shares[rank]);
    // Within the largest item (40 bytes) of the exact share, and whole items in global order.
    MPI_CHECK(std::abs(report.new_bytes - report.share_bytes) <= 40);
    MPI_CHECK_EQ(static_cast<std::int64_t>(mine.bytes.size()), report.new_bytes);
    MPI_CHECK_EQ(mine.count(), report.new_items);
    std::int64_t wrong = 0;
    std::int64_t at = 0;
    for (std::int64_t k = 0; k < mine.count(); ++k) {
      const std::int64_t g = report.first_item + k;
      const auto size = static_cast<std::size_t>(mine.sizes[static_cast<std::size_t>(k)]);
      if (static_cast<std::int64_t>(size) != size_of(g) ||
          item_checksum({mine.bytes.data() + at, size}) !=
              expected_checksum(static_cast<std::uint64_t>(g), seed, size))
        ++wrong;
      at += static_cast<std::int64_t>(size);
    }
    MPI_CHECK_EQ(wrong, std::int64_t{0});
    std::int64_t held = mine.count();
    MPI_Allreduce(MPI_IN_PLACE, &held, 1, MPI_INT64_T, MPI_SUM, ctx.comm());
    MPI_CHECK_EQ(held, items_total);
  }
}

// Only zero-size items: no byte to plan, every item still ends somewhere (all on rank 0), in order.
void only_empty_items(exec::Context& ctx) {
  const auto n = static_cast<std::int64_t>(ctx.size());
  exec::VariableItems mine;
  for (int k = 0; k < 3; ++k) mine.push_back({});
  const auto report = exec::redistribute(ctx, mine, exec::NewShare::weight(1.0));
  MPI_CHECK_EQ(report.new_items, ctx.rank() == 0 ? 3 * n : std::int64_t{0});
  MPI_CHECK_EQ(mine.count(), report.new_items);
  MPI_CHECK(mine.bytes.empty());
}

// Parts: rank r's item k goes to part (r + k) % P. Identity mapping: part p lands on rank p.
void fixed_and_free_mapping(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const std::int64_t count = 3 + static_cast<std::int64_t>(rank % 3) * 4;
  std::vector<perm::Proc> parts;
  std::vector<std::byte> data;
  for (std::int64_t k = 0; k < count; ++k) {
    parts.push_back(
        static_cast<perm::Proc>((rank + static_cast<std::size_t>(k) * (rank % 2 + 1)) % n));
    std::vector<std::byte> item(24);
    fill_item(item, (rank << 32) | static_cast<std::uint64_t>(k), 5);
    data.insert(data.end(), item.begin(), item.end());
  }
  exec::PartsOptions fixed;
  fixed.mapping = exec::PermMapping::fixed;
  exec::PartsOptions free;
  free.objective = exec::PermObjective::steps;
  const exec::PartsResult a = exec::redistribute_parts(ctx, 24, data, parts, fixed);
  const exec::PartsResult b = exec::redistribute_parts(ctx, 24, data, parts, free);
  MPI_CHECK_EQ(static_cast<std::size_t>(a.part), rank);  // the identity
  MPI_CHECK(b.steps <= a.steps);  // the free mapping is chosen for fewest steps
  // The same part has the same content whoever hosts it: compare by all-gathering checksums.
  std::uint64_t sums[2] = {0, 0};
  for (std::int64_t k = 0; k < a.items; ++k) sums[0] += item_checksum({a.data.data() + k * 24, 24});
  for (std::int64_t k = 0; k < b.items; ++k) sums[1] += item_checksum({b.data.data() + k * 24, 24});
  std::vector<std::uint64_t> all(2 * n);
  MPI_Allgather(sums, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, ctx.comm());
  MPI_CHECK_EQ(all[2 * static_cast<std::size_t>(b.part) + 0], sums[1]);
  // A fixed assignment that is not a permutation is refused on every rank.
  fixed.assignment.assign(n, 0);
  bool refused = n == 1;
  try {
    exec::redistribute_parts(ctx, 24, data, parts, fixed);
  } catch (const exec::AgreementError&) {
    refused = true;
  }
  MPI_CHECK(refused);
}

std::string refusal(const std::function<void()>& call) {
  try {
    call();
  } catch (const exec::AgreementError& e) {
    return e.what();
  }
  return "(not refused)";
}

void expect_blame(const std::string& message, const std::string& expected) {
  if (message.find(expected) == std::string::npos)
    fail("expected \"" + expected + "\" in: " + message, __FILE__, __LINE__);
}

// The odd rank out is named, whichever rank it is (rank 0 included).
void errors_name_the_rank(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  if (n < 3) return;  // two ranks that disagree: no majority says which is wrong
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const std::vector<std::int64_t> loads(n, 6);
  for (const std::size_t odd : {std::size_t{0}, std::size_t{1}, n - 1}) {
    const std::string who = "rank " + std::to_string(odd) + ": ";
    std::vector<Particle> items = my_particles(ctx, loads);
    const std::vector<Particle> original = items;
    expect_blame(refusal([&] {
                   exec::redistribute(ctx, items, exec::NewShare::count(rank == odd ? 7 : 6));
                 }),
                 who + "share: 7 items, while the other ranks ask for 6");
    std::vector<std::byte> raw(static_cast<std::size_t>(rank == odd ? 72 : 48));
    std::vector<std::byte> out(6 * 12);
    expect_blame(
        refusal([&] {
          exec::redistribute(ctx, rank == odd ? 12 : 8, raw, out, exec::NewShare::count(6));
        }),
        who + "item_bytes: 12, while " + std::to_string(n - 1) + " of the " + std::to_string(n) +
            " ranks pass 8");
    const std::vector<perm::Proc> parts(6, 0);
    expect_blame(refusal([&] { exec::redistribute_parts(ctx, rank == odd ? 12 : 8, raw, parts); }),
                 "redistribute_parts: " + who + "item_bytes: 12, while " + std::to_string(n - 1));
    std::vector<std::int64_t> all(n, 6);
    if (rank ==
        odd) {  // the same total, and the odd rank's own entry is not even the one that differs
      all[(odd + 1) % n] = 7;
      all[(odd + 2) % n] = 5;
    }
    expect_blame(
        refusal([&] { exec::redistribute(ctx, items, exec::NewShare::counts(all)); }),
        who + "share: its vector of new counts differs from the one " + std::to_string(n - 1));
    exec::PlanOptions opt;
    if (rank == odd) opt.wrap = exec::WrapPolicy::allow;
    expect_blame(refusal([&] { exec::redistribute(ctx, items, exec::NewShare::count(6), opt); }),
                 who + "options.wrap: allow, while");
    MPI_CHECK(std::equal(items.begin(), items.end(), original.begin(), original.end(),
                         [](const Particle& a, const Particle& b) { return a.id == b.id; }));
  }
}

}  // namespace

std::vector<TestCase> api_cases() {
  return {
      {"api.typed_round_trips", typed_round_trips},
      {"api.weights_and_empty_ranks", weights_and_empty_ranks},
      {"api.split_phase", split_phase},
      {"api.bytes_sent_excludes_kept_items", bytes_sent_excludes_kept_items},
      {"api.variable_sizes", variable_sizes},
      {"api.only_empty_items", only_empty_items},
      {"api.fixed_and_free_mapping", fixed_and_free_mapping},
      {"api.errors_name_the_rank", errors_name_the_rank},
  };
}

}  // namespace redist::mpitest
