// Plans made once and executed many times (plan.hpp, issue 33): reuse on several arrays, several
// fields in one execution, the reverse plan, in-place execution on a span with room and on an
// OrderedSlice, split phase, every transport, empty ranks, and the data cases of issue 27 (weights
// whose sum overflows, variable-size items whose first record is empty). Every item is checked.

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "item_pattern.hpp"
#include "mpi_harness.hpp"
#include "ordered_cases.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/redistribute.hpp"
#include "redist/exec/variable_items.hpp"

namespace redist::mpitest {

namespace {

std::int64_t before(const std::vector<std::int64_t>& counts, std::size_t rank) {
  return std::accumulate(counts.begin(), counts.begin() + static_cast<std::ptrdiff_t>(rank),
                         std::int64_t{0});
}

struct Layout {
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
  std::int64_t total = 0;
};

// Random loads and targets of the same total, zeros included; `few` moves only a few items (the
// shares of the targets off the loads by about 10%).
Layout random_layout(std::uint64_t seed, std::size_t n, bool few = false) {
  Rng rng(seed);
  Layout l;
  for (std::size_t k = 0; k < n; ++k)
    l.loads.push_back(rng.uniform(0, 3) == 0 && !few ? 0
                                                     : rng.uniform(few ? 50 : 0, few ? 60 : 50));
  l.total = std::accumulate(l.loads.begin(), l.loads.end(), std::int64_t{0});
  std::vector<double> w(n);
  for (std::size_t k = 0; k < n; ++k)
    w[k] = few ? static_cast<double>(l.loads[k]) * (0.9 + 0.2 * rng.unit()) + 0.01
               : static_cast<double>(rng.uniform(0, 5));
  if (std::all_of(w.begin(), w.end(), [](double x) { return x == 0.0; })) w[0] = 1.0;
  l.targets = exec::counts_from_weights(w, l.total);
  return l;
}

// Field f of global item g: a value that no other (field, item) pair has.
double value(int f, std::int64_t g) { return static_cast<double>(g) * 10.0 + f + 0.25; }

std::vector<double> field_of(int f, std::int64_t first, std::int64_t count) {
  std::vector<double> out(static_cast<std::size_t>(count));
  for (std::int64_t k = 0; k < count; ++k) out[static_cast<std::size_t>(k)] = value(f, first + k);
  return out;
}

std::int64_t wrong_items(const double* data, std::int64_t count, int f, std::int64_t first) {
  std::int64_t wrong = 0;
  for (std::int64_t k = 0; k < count; ++k)
    if (data[k] != value(f, first + k)) ++wrong;
  return wrong;
}

const exec::Transport kTransports[] = {exec::Transport::automatic, exec::Transport::direct,
                                       exec::Transport::alltoallv, exec::Transport::ring};

// One plan, five fields (a structure of arrays) in one execution, then the reverse plan on the
// result, then the same plan again on another array: every transport, many layouts.
void reuse_fields_and_reverse(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Layout l = random_layout(seed * 17 + n, n);
    exec::PlanOptions opt;
    opt.transport = kTransports[seed % 4];
    if (seed % 5 == 0) opt.max_message_bytes = 24;  // messages split into several MPI messages
    opt.checked_executions = seed % 3 != 1;         // executions with and without a status
    const exec::Plan plan =
        exec::Plan::make(ctx, l.loads[rank], exec::NewShare::count(l.targets[rank]), opt, 8 * 5);
    MPI_CHECK_EQ(plan.new_count(), l.targets[rank]);
    // Global indices are read circularly (an empty piece after the last item starts at 0).
    const std::int64_t modulus = std::max<std::int64_t>(l.total, 1);
    MPI_CHECK_EQ(plan.old_first(), before(l.loads, rank) % modulus);
    MPI_CHECK_EQ(plan.new_first(), before(l.targets, rank) % modulus);
    std::vector<std::vector<double>> in, out;
    for (int f = 0; f < 5; ++f) {
      in.push_back(field_of(f, before(l.loads, rank), l.loads[rank]));
      out.emplace_back(static_cast<std::size_t>(l.targets[rank]));
    }
    std::vector<exec::Field> fields;
    for (int f = 0; f < 5; ++f)
      fields.push_back(
          exec::field(in[static_cast<std::size_t>(f)], out[static_cast<std::size_t>(f)]));
    const exec::TransferReport report = plan.execute(fields);
    MPI_CHECK_EQ(report.new_count, l.targets[rank]);
    for (int f = 0; f < 5; ++f)
      MPI_CHECK_EQ(wrong_items(out[static_cast<std::size_t>(f)].data(), l.targets[rank], f,
                               before(l.targets, rank)),
                   std::int64_t{0});
    // Back: the reverse plan restores the old layout.
    const exec::Plan back = plan.reversed();
    MPI_CHECK_EQ(back.new_count(), l.loads[rank]);
    std::vector<double> restored(static_cast<std::size_t>(l.loads[rank]));
    back.execute({exec::field(out[2], restored)});
    MPI_CHECK_EQ(wrong_items(restored.data(), l.loads[rank], 2, before(l.loads, rank)),
                 std::int64_t{0});
    // The same plan on another array, in another type (plans do not depend on the item type).
    std::vector<std::int32_t> ids(static_cast<std::size_t>(l.loads[rank]));
    std::iota(ids.begin(), ids.end(), static_cast<std::int32_t>(before(l.loads, rank)));
    plan.execute(ids);
    std::int64_t wrong = 0;
    for (std::size_t k = 0; k < ids.size(); ++k)
      if (ids[k] != before(l.targets, rank) + static_cast<std::int64_t>(k)) ++wrong;
    MPI_CHECK_EQ(static_cast<std::int64_t>(ids.size()), l.targets[rank]);
    MPI_CHECK_EQ(wrong, std::int64_t{0});
  }
}

// In place on a span with room: only the items that move are copied, the kept ones never touched
// (a guard value around them would show a write; the report counts no local copy).
void in_place_span(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Layout l = random_layout(seed * 23 + n, n, seed % 2 == 0);
    exec::PlanOptions opt;
    opt.transport = seed % 3 == 0 ? exec::Transport::ring : exec::Transport::direct;
    const exec::Plan plan =
        exec::Plan::make(ctx, l.loads[rank], exec::NewShare::count(l.targets[rank]), opt);
    const std::int64_t offset = plan.room_before() + static_cast<std::int64_t>(seed % 3);
    std::vector<double> storage(
        static_cast<std::size_t>(offset + l.loads[rank] + plan.room_after() + 2), -1.0);
    const std::vector<double> old = field_of(0, before(l.loads, rank), l.loads[rank]);
    std::copy(old.begin(), old.end(), storage.begin() + offset);
    const exec::TransferReport report = plan.execute({plan.in_place(std::span(storage), offset)});
    MPI_CHECK_EQ(report.bytes_copied, std::int64_t{0});
    const std::int64_t first_new = offset + plan.new_offset_shift();
    MPI_CHECK_EQ(
        wrong_items(storage.data() + first_new, l.targets[rank], 0, before(l.targets, rank)),
        std::int64_t{0});
  }
  // Too little room is refused on every rank, the data as it was.
  const Layout l = random_layout(5 + n, n);
  const exec::Plan plan =
      exec::Plan::make(ctx, l.loads[rank], exec::NewShare::count(l.targets[rank]));
  const int any_room = plan.room_before() + plan.room_after() > 0 ? 1 : 0;
  int some_rank_short = 0;
  MPI_Allreduce(&any_room, &some_rank_short, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (some_rank_short == 0) return;
  std::vector<double> tight = field_of(0, before(l.loads, rank), l.loads[rank]);
  const std::vector<double> copy = tight;
  bool refused = false;
  try {
    plan.execute({plan.in_place(std::span(tight), 0)});
  } catch (const exec::AgreementError& e) {
    refused = std::string(e.what()).find("not enough free room") != std::string::npos;
  }
  MPI_CHECK(refused);
  MPI_CHECK(tight == copy);
}

// A plan reused many times on an OrderedSlice that moves few items: in place, nothing allocated.
void in_place_slice_reuse(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const Layout l = random_layout(77 + n, n, true);
  exec::OrderedSlice slice = make_slice(ctx, 16, l.loads, -1, 31, 0.5);
  const exec::Plan plan =
      exec::Plan::make(ctx, l.loads[rank], exec::NewShare::count(l.targets[rank]));
  const exec::Plan back = plan.reversed();
  for (int round = 0; round < 4; ++round) {
    const exec::TransferReport r = (round % 2 == 0 ? plan : back).execute(slice);
    MPI_CHECK_EQ(r.bytes_copied, std::int64_t{0});
    const auto& counts = round % 2 == 0 ? l.targets : l.loads;
    verify_slice(ctx, slice, counts[rank], l.total, 31, "slice round " + std::to_string(round));
  }
}

// Split phase on a plan: start, compute while testing, wait; two plans in flight at once.
void split_phase_plans(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  const Layout l = random_layout(303 + n, n);
  const exec::Plan plan =
      exec::Plan::make(ctx, l.loads[rank], exec::NewShare::count(l.targets[rank]));
  const std::vector<double> a = field_of(0, before(l.loads, rank), l.loads[rank]);
  const std::vector<double> b = field_of(1, before(l.loads, rank), l.loads[rank]);
  std::vector<double> a_next(static_cast<std::size_t>(l.targets[rank]));
  std::vector<double> b_next(a_next.size());
  exec::Request first = plan.start({exec::field(a, a_next)});
  exec::Request second = plan.start({exec::field(b, b_next)});
  double work = 0.0;
  for (int k = 0; !first.test(); ++k) work += std::sqrt(static_cast<double>(k));
  second.wait();
  first.wait();
  MPI_CHECK(work >= 0.0);
  MPI_CHECK_EQ(wrong_items(a_next.data(), l.targets[rank], 0, before(l.targets, rank)),
               std::int64_t{0});
  MPI_CHECK_EQ(wrong_items(b_next.data(), l.targets[rank], 1, before(l.targets, rank)),
               std::int64_t{0});
}

// Issue 27 item 5 and a plan executed with a different item layout on one rank: refused on every
// rank, the data as it was.
void mismatched_executions(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  if (n < 2) return;
  const Layout l = random_layout(404 + n, n);
  const exec::Plan plan =
      exec::Plan::make(ctx, l.loads[rank], exec::NewShare::count(l.targets[rank]));
  std::vector<double> in = field_of(0, before(l.loads, rank), l.loads[rank]);
  std::vector<double> out(static_cast<std::size_t>(l.targets[rank]));
  std::vector<float> narrow(in.size()), narrow_out(out.size());
  bool refused = false;
  try {
    if (rank == 1)
      plan.execute({exec::field(narrow, narrow_out)});
    else
      plan.execute({exec::field(in, out)});
  } catch (const exec::CallError& e) {
    refused = std::string(e.what()).find("different plans or item layouts") != std::string::npos;
  }
  MPI_CHECK(refused);
  MPI_CHECK_EQ(wrong_items(in.data(), l.loads[rank], 0, before(l.loads, rank)), std::int64_t{0});
  // The context still works after it.
  plan.execute({exec::field(in, out)});
  MPI_CHECK_EQ(wrong_items(out.data(), l.targets[rank], 0, before(l.targets, rank)),
               std::int64_t{0});
}

// Issue 27 item 3: weights whose sum overflows a double split as the same weights scaled down.
void overflowing_weights(exec::Context& ctx) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const auto rank = static_cast<std::size_t>(ctx.rank());
  std::vector<double> huge(n, 5e307), scaled(n, 1.0);
  huge[0] = 8.5e307;
  scaled[0] = 1.7;
  const std::int64_t total = 17 * static_cast<std::int64_t>(n);
  const std::vector<std::int64_t> expected = exec::counts_from_weights(scaled, total);
  std::vector<std::int64_t> loads(n, 17);
  std::vector<std::int64_t> items(17);
  std::iota(items.begin(), items.end(), 17 * static_cast<std::int64_t>(rank));
  const auto report = exec::redistribute(ctx, items, exec::NewShare::weight(huge[rank]));
  MPI_CHECK_EQ(report.new_count, expected[rank]);
  std::int64_t wrong = 0;
  for (std::size_t k = 0; k < items.size(); ++k)
    if (items[k] != before(expected, rank) + static_cast<std::int64_t>(k)) ++wrong;
  MPI_CHECK_EQ(wrong, std::int64_t{0});
}

// Issue 27 item 2: variable-size items whose global first record is empty, every weight 1.
void empty_first_record(exec::Context& ctx) {
  const auto rank = static_cast<std::size_t>(ctx.rank());
  exec::VariableItems mine;
  const std::int64_t first = 3 * static_cast<std::int64_t>(rank);
  for (std::int64_t g = first; g < first + 3; ++g) {
    std::vector<std::byte> item(static_cast<std::size_t>(g % 5 == 0 ? 0 : 1 + g % 7));
    fill_item(item, static_cast<std::uint64_t>(g), 3);
    mine.push_back(item);
  }
  const auto report = exec::redistribute(ctx, mine, exec::NewShare::weight(1.0));
  MPI_CHECK_EQ(mine.count(), report.new_items);
  std::int64_t offset = 0, wrong = 0;
  for (std::int64_t k = 0; k < mine.count(); ++k) {
    const auto size = static_cast<std::size_t>(mine.sizes[static_cast<std::size_t>(k)]);
    const std::span<const std::byte> item(mine.bytes.data() + offset, size);
    if (item_checksum(item) !=
        expected_checksum(static_cast<std::uint64_t>(report.first_item + k), 3, size))
      ++wrong;
    offset += static_cast<std::int64_t>(size);
  }
  MPI_CHECK_EQ(wrong, std::int64_t{0});
  std::int64_t items = report.new_items, total = 0;
  MPI_Allreduce(&items, &total, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  MPI_CHECK_EQ(total, 3 * static_cast<std::int64_t>(ctx.size()));
}

}  // namespace

std::vector<TestCase> plan_cases() {
  return {
      {"plan.reuse_fields_and_reverse", reuse_fields_and_reverse},
      {"plan.in_place_span", in_place_span},
      {"plan.in_place_slice_reuse", in_place_slice_reuse},
      {"plan.split_phase", split_phase_plans},
      {"plan.mismatched_executions", mismatched_executions},
      {"plan.overflowing_weights", overflowing_weights},
      {"plan.empty_first_record", empty_first_record},
  };
}

}  // namespace redist::mpitest
