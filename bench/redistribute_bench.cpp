// redist against what an HPC developer writes by hand, in the same run (BENCHMARKS.md "Real bytes
// at the floor"): ordered data (the global order kept), items of 8 bytes (doubles), one call per
// rebalance, the variants' order rotated from one repetition to the next, every item verified after
// every call. Times are the maximum over ranks of one call (a barrier before each), medians over
// the repetitions.
//
//   hand        MPI_Allgather of the old and new counts, prefix sums, MPI_Alltoallv into a newly
//               allocated vector: the ~40 lines a developer writes
//   redist      redist::exec::redistribute(ctx, vector, NewShare::count(n)): the one-call API
//   alltoallv   a bare MPI_Alltoallv with counts and displacements computed beforehand, into a
//               buffer allocated beforehand
//   plan        a Plan made beforehand, executed on the same buffers (Plan::execute)
//   plan-unchecked  the same without the execution's status exchange (checked_executions = false)
//   ialltoallv  MPI_Ialltoallv + MPI_Wait, precomputed
//   plan-start  Plan::start(...).wait()
//   make        Plan::make alone (the agreement); allgather: one MPI_Allgather of a 40-byte record
//   plan-vector a plan executed on a std::vector (allocating the new one, as `hand` does)
//   5x-alltoallv, 5x-plan, plan-5-fields: five fields of the same layout, by five bare
//               MPI_Alltoallv, by five executions of one plan, by one execution of five fields
//   in-place    a plan executed on an OrderedSlice with room: only the items that change rank move
//   petsc       PetscSFCreateFromLayouts + PetscSFBcast per rebalance (when built with PETSc)
//
//   mpirun -np 4 bench_redistribute --sizes 1KiB,1MiB,64MiB --patterns random,shift,small,ramp,gather
//
// Patterns (n ranks, N items): random (random old and new shares), shift (equal blocks; 80% of
// each block goes to the right neighbour), small (shares off by +-10% -> equal: few items move),
// ramp (old shares 1..n -> equal), gather (equal -> everything on rank 0).

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/redistribute.hpp"

#ifdef REDIST_BENCH_PETSC
#include <petscsf.h>
#endif

namespace {

using namespace redist;
using Counts = std::vector<std::int64_t>;

struct Layout {
  std::string pattern;
  Counts old_counts;
  Counts new_counts;
};

Counts split(const std::vector<double>& weights, std::int64_t total) {
  return exec::counts_from_weights(weights, total);
}

Layout make_layout(const std::string& pattern, std::size_t n, std::int64_t total,
                   std::uint64_t seed) {
  Rng rng(seed);
  std::vector<double> equal(n, 1.0), a(n), b(n);
  Layout l{pattern, {}, {}};
  if (pattern == "random") {
    for (std::size_t k = 0; k < n; ++k) a[k] = 0.5 + rng.unit(), b[k] = 0.5 + rng.unit();
    l.old_counts = split(a, total);
    l.new_counts = split(b, total);
  } else if (pattern == "shift") {
    // Equal blocks B; every boundary moves left by 0.8 B: each rank sends the last 80% of its block
    // to its right neighbour (the first rank keeps 20%, the last ends with 1.8 B).
    l.old_counts = split(equal, total);
    const std::int64_t moved = l.old_counts[0] * 8 / 10;
    l.new_counts = l.old_counts;
    if (n > 1) {
      l.new_counts[0] -= moved;
      l.new_counts[n - 1] += moved;
    }
  } else if (pattern == "small") {
    for (std::size_t k = 0; k < n; ++k) a[k] = 0.9 + 0.2 * rng.unit();
    l.old_counts = split(a, total);
    l.new_counts = split(equal, total);
  } else if (pattern == "ramp") {
    for (std::size_t k = 0; k < n; ++k) a[k] = static_cast<double>(k + 1);
    l.old_counts = split(a, total);
    l.new_counts = split(equal, total);
  } else if (pattern == "gather") {
    l.old_counts = split(equal, total);
    l.new_counts.assign(n, 0);
    l.new_counts[0] = total;
  } else {
    throw std::invalid_argument("unknown pattern " + pattern);
  }
  return l;
}

std::int64_t prefix(const Counts& c, std::size_t rank) {
  return std::accumulate(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(rank), std::int64_t{0});
}

double value(std::int64_t global, int field) { return static_cast<double>(global) + 0.125 * field; }

std::vector<double> old_items(const Layout& l, std::size_t rank, int field = 0) {
  std::vector<double> v(static_cast<std::size_t>(l.old_counts[rank]));
  const std::int64_t first = prefix(l.old_counts, rank);
  for (std::size_t k = 0; k < v.size(); ++k)
    v[k] = value(first + static_cast<std::int64_t>(k), field);
  return v;
}

bool verify(const double* data, std::int64_t count, const Layout& l, std::size_t rank,
            int field = 0) {
  if (count != l.new_counts[rank]) return false;
  const std::int64_t first = prefix(l.new_counts, rank);
  for (std::int64_t k = 0; k < count; ++k)
    if (data[k] != value(first + k, field)) return false;
  return true;
}

// The hand-written redistribution: what the issue calls the forty lines.
std::vector<double> hand_written(const std::vector<double>& mine, std::int64_t new_count,
                                 MPI_Comm comm) {
  int size = 0, rank = 0;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  const std::int64_t counts[2] = {static_cast<std::int64_t>(mine.size()), new_count};
  std::vector<std::int64_t> all(2 * static_cast<std::size_t>(size));
  MPI_Allgather(counts, 2, MPI_INT64_T, all.data(), 2, MPI_INT64_T, comm);
  std::vector<std::int64_t> old_first(static_cast<std::size_t>(size) + 1, 0), new_first(old_first);
  for (int r = 0; r < size; ++r) {
    old_first[static_cast<std::size_t>(r) + 1] =
        old_first[static_cast<std::size_t>(r)] + all[2 * static_cast<std::size_t>(r)];
    new_first[static_cast<std::size_t>(r) + 1] =
        new_first[static_cast<std::size_t>(r)] + all[2 * static_cast<std::size_t>(r) + 1];
  }
  std::vector<int> sc(static_cast<std::size_t>(size)), sd(sc.size()), rc(sc.size()), rd(sc.size());
  const auto me = static_cast<std::size_t>(rank);
  for (std::size_t r = 0; r < sc.size(); ++r) {
    const std::int64_t s_lo = std::max(old_first[me], new_first[r]);
    const std::int64_t s_hi = std::min(old_first[me + 1], new_first[r + 1]);
    sc[r] = static_cast<int>(std::max<std::int64_t>(0, s_hi - s_lo));
    sd[r] = static_cast<int>(std::max<std::int64_t>(0, s_lo - old_first[me]));
    const std::int64_t r_lo = std::max(new_first[me], old_first[r]);
    const std::int64_t r_hi = std::min(new_first[me + 1], old_first[r + 1]);
    rc[r] = static_cast<int>(std::max<std::int64_t>(0, r_hi - r_lo));
    rd[r] = static_cast<int>(std::max<std::int64_t>(0, r_lo - new_first[me]));
  }
  std::vector<double> next(static_cast<std::size_t>(new_count));
  MPI_Alltoallv(mine.data(), sc.data(), sd.data(), MPI_DOUBLE, next.data(), rc.data(), rd.data(),
                MPI_DOUBLE, comm);
  return next;
}

// Precomputed counts and displacements of the bare MPI_Alltoallv.
struct Alltoallv {
  std::vector<int> sc, sd, rc, rd;
  Alltoallv(const Layout& l, std::size_t me) {
    const std::size_t n = l.old_counts.size();
    sc.resize(n), sd.resize(n), rc.resize(n), rd.resize(n);
    for (std::size_t r = 0; r < n; ++r) {
      const std::int64_t s_lo = std::max(prefix(l.old_counts, me), prefix(l.new_counts, r));
      const std::int64_t s_hi = std::min(prefix(l.old_counts, me + 1), prefix(l.new_counts, r + 1));
      sc[r] = static_cast<int>(std::max<std::int64_t>(0, s_hi - s_lo));
      sd[r] = static_cast<int>(std::max<std::int64_t>(0, s_lo - prefix(l.old_counts, me)));
      const std::int64_t r_lo = std::max(prefix(l.new_counts, me), prefix(l.old_counts, r));
      const std::int64_t r_hi = std::min(prefix(l.new_counts, me + 1), prefix(l.old_counts, r + 1));
      rc[r] = static_cast<int>(std::max<std::int64_t>(0, r_hi - r_lo));
      rd[r] = static_cast<int>(std::max<std::int64_t>(0, r_lo - prefix(l.new_counts, me)));
    }
  }
  void run(const double* in, double* out, MPI_Comm comm) const {
    MPI_Alltoallv(in, sc.data(), sd.data(), MPI_DOUBLE, out, rc.data(), rd.data(), MPI_DOUBLE,
                  comm);
  }
  void run_nonblocking(const double* in, double* out, MPI_Comm comm) const {
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Ialltoallv(in, sc.data(), sd.data(), MPI_DOUBLE, out, rc.data(), rd.data(), MPI_DOUBLE,
                   comm, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
};

double max_over_ranks(double value) {
  double out = 0.0;
  MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

std::int64_t parse_size(const std::string& text) {
  std::size_t used = 0;
  const double number = std::stod(text, &used);
  const std::string unit = text.substr(used);
  const double scale = unit == "KiB"   ? 1024.0
                       : unit == "MiB" ? 1048576.0
                       : unit == "GiB" ? 1073741824.0
                                       : 1.0;
  return static_cast<std::int64_t>(number * scale);
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

// One variant: prepare (untimed), run (timed), check (untimed; false = a wrong item).
struct Variant {
  std::string name;
  std::function<void()> prepare;
  std::function<void()> run;
  std::function<bool()> check;
};

std::int64_t monotonic_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// Sleeps until 2 ms before `when`, then spins: every rank is running at the instant, as after a
// barrier, rather than waking all at once.
void sleep_until_ns(std::int64_t when) {
  const std::int64_t nap = when - 2'000'000;
  timespec t{};
  t.tv_sec = static_cast<time_t>(nap / 1'000'000'000);
  t.tv_nsec = static_cast<long>(nap % 1'000'000'000);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, nullptr) != 0) {}
  while (monotonic_ns() < when) {}
}

// Issue 31 (BENCHMARKS.md "Start-up costs"): the ring transport sending the plan's own messages,
// timed against the plan's prediction. Items of `item_bytes` (a multiple of 8; the first word is the
// item's global index), the rotation allowed and the ring transport asked for, so that the plan is
// made with the probed start-ups (src/exec/plan_messages.hpp); the same layout by the direct
// transport as the baseline. Times: from a common start instant to the last rank's end of
// Plan::execute (sleep_until_ns below), without
// the status exchange (checked_executions off: the prediction prices the data alone) and, as
// "ring-startups-checked", with it. One CSV row per variant: median, quartiles, messages.
int run_startups(exec::Context& ctx, const Layout& l, std::size_t rank, std::int64_t item_bytes,
                 int repetitions, std::int64_t bytes, std::FILE* out) {
  const std::size_t words = static_cast<std::size_t>(item_bytes / 8);
  const std::int64_t old_count = l.old_counts[rank], new_count = l.new_counts[rank];
  std::int64_t total = 0;
  for (const std::int64_t c : l.old_counts) total += c;
  std::vector<std::int64_t> input(static_cast<std::size_t>(old_count) * words);
  const std::int64_t first = prefix(l.old_counts, rank);
  for (std::int64_t k = 0; k < old_count; ++k)
    for (std::size_t w = 0; w < words; ++w)
      input[static_cast<std::size_t>(k) * words + w] =
          (first + k) * 16 + static_cast<std::int64_t>(w);
  std::vector<std::int64_t> output(static_cast<std::size_t>(new_count) * words);
  struct StartupVariant {
    const char* name;
    exec::Transport transport;
    bool checked;
  };
  const StartupVariant variants[] = {{"ring-startups", exec::Transport::ring, false},
                                     {"ring-startups-checked", exec::Transport::ring, true},
                                     {"direct", exec::Transport::direct, false}};
  int failures = 0;
  for (const StartupVariant& v : variants) {
    exec::PlanOptions opt;
    opt.wrap = exec::WrapPolicy::allow;
    opt.transport = v.transport;
    opt.checked_executions = v.checked;
    const exec::Plan plan =
        exec::Plan::make(ctx, old_count, exec::NewShare::count(new_count), opt, item_bytes);
    const exec::Field f{reinterpret_cast<const std::byte*>(input.data()), old_count,
                        reinterpret_cast<std::byte*>(output.data()), new_count, item_bytes};
    std::vector<double> times;
    std::int64_t messages = 0;
    for (int rep = 0; rep < repetitions; ++rep) {
      std::fill(output.begin(), output.end(), -1);
      // A common start: a barrier's ranks leave it up to a few start-ups apart on a network with
      // latency (so a message may already wait when its receiver starts its clock). Rank 0 names an
      // instant 20 ms ahead on the monotonic clock, which every namespace of one machine shares;
      // every rank sleeps until then, and the time is the last rank's end less that instant.
      MPI_Barrier(MPI_COMM_WORLD);
      std::int64_t start_ns = rank == 0 ? monotonic_ns() + 20'000'000 : 0;
      MPI_Bcast(&start_ns, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
      sleep_until_ns(start_ns);
      const exec::TransferReport report = plan.execute({f});
      const double end = static_cast<double>(monotonic_ns() - start_ns) * 1e-9;
      times.push_back(max_over_ranks(end));
      messages = report.messages_sent;
      bool ok = true;
      for (std::int64_t k = 0; k < new_count && ok; ++k) {
        const std::int64_t g = (plan.new_first() + k) % std::max<std::int64_t>(1, total);
        for (std::size_t w = 0; w < words; ++w)
          ok = ok && output[static_cast<std::size_t>(k) * words + w] ==
                         g * 16 + static_cast<std::int64_t>(w);
      }
      int mine = ok ? 1 : 0, all = 0;
      MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
      if (all == 0) ++failures;
    }
    std::int64_t all_messages = 0;
    MPI_Allreduce(&messages, &all_messages, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (rank != 0) continue;
    std::sort(times.begin(), times.end());
    const double med = 1e3 * median(times);
    const double q1 = 1e3 * times[times.size() / 4], q3 = 1e3 * times[(3 * times.size()) / 4];
    static const char* const names[] = {"automatic", "direct", "alltoallv", "ring"};
    const char* transport = names[static_cast<int>(plan.transport())];
    const double predicted = 1e3 * plan.predicted_seconds();
    std::printf(
        "  %-22s %9.3f ms (q1 %.3f, q3 %.3f)  predicted %9.3f ms  error %6.1f%%  %s, %lld "
        "messages\n",
        v.name, med, q1, q3, predicted, 100.0 * std::abs(med - predicted) / med, transport,
        static_cast<long long>(all_messages));
    if (out)
      std::fprintf(out, "%zu,%lld,%lld,%lld,%s,%s,%.6f,%.6f,%.6f,%d,%s,%.6f,%lld\n",
                   l.old_counts.size(), static_cast<long long>(bytes),
                   static_cast<long long>(item_bytes), static_cast<long long>(total),
                   l.pattern.c_str(), v.name, med, q1, q3, repetitions, transport, predicted,
                   static_cast<long long>(all_messages));
  }
  if (rank == 0 && failures > 0)
    std::fprintf(stderr, "WRONG ITEMS: %s startups\n", l.pattern.c_str());
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank_int = 0, size_int = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_int);
  MPI_Comm_size(MPI_COMM_WORLD, &size_int);
  const auto rank = static_cast<std::size_t>(rank_int);
  const auto n = static_cast<std::size_t>(size_int);
#ifdef REDIST_BENCH_PETSC
  PetscInitialize(&argc, &argv, nullptr, nullptr);
#endif
  CLI::App app{"redist against a hand-written MPI_Allgather + MPI_Alltoallv"};
  std::string sizes = "1KiB,1MiB,64MiB", patterns = "random,shift,small,ramp,gather";
  std::string variants_arg =
      "hand,redist,alltoallv,plan,plan-unchecked,ialltoallv,plan-start,5x-alltoallv,5x-plan,plan-5-"
      "fields,in-place,petsc";
  int reps = 0;
  std::string csv;
  std::string petsc_max = "64MiB";
  bool probe = false;
  bool startups = false;
  std::int64_t item_bytes = 64;
  app.add_option("--sizes", sizes, "total bytes, comma-separated (KiB, MiB, GiB)");
  app.add_option("--patterns", patterns, "random,shift,small,ramp,gather");
  app.add_option("--variants", variants_arg, "which variants to run");
  app.add_option("--reps", reps,
                 "repetitions per variant (0: 101 below 1 MiB, 21 below 64 MiB, else 7)");
  app.add_option("--csv", csv, "also write the medians to this CSV file (rank 0)");
  app.add_option("--petsc-max", petsc_max, "largest total size for the PetscSF variant");
  app.add_flag("--probe", probe,
               "measure the ring links first (probe_ring_links): plans are then made for a ring "
               "network, and may route items round it (ordered plans)");
  app.add_flag("--startups", startups,
               "issue 31: instead of the variants, the ring transport with the plan's own messages "
               "(rotation allowed) and the direct transport, each against its prediction");
  app.add_option("--item-bytes", item_bytes, "--startups: bytes per item, a multiple of 8");
  try {
    app.parse(argc, argv);
    if (item_bytes < 8 || item_bytes % 8 != 0)
      throw CLI::ValidationError("--item-bytes", "must be a positive multiple of 8");
  } catch (const CLI::ParseError& e) {
    const int code = rank == 0 ? app.exit(e) : 0;
    MPI_Finalize();
    return code;
  }
  const std::vector<std::string> wanted = split_list(variants_arg);
  const auto want = [&](const std::string& v) {
    return std::find(wanted.begin(), wanted.end(), v) != wanted.end();
  };
  std::FILE* out = rank == 0 && !csv.empty() ? std::fopen(csv.c_str(), "w") : nullptr;
  if (out && startups)
    std::fprintf(out,
                 "ranks,bytes,item_bytes,items,pattern,variant,median_ms,q1_ms,q3_ms,reps,"
                 "transport,predicted_ms,messages\n");
  else if (out)
    std::fprintf(
        out, "ranks,bytes,pattern,variant,median_ms,ratio_to_hand,reps,transport,predicted_ms\n");
  exec::Context ctx(MPI_COMM_WORLD);
  if (probe) exec::probe_ring_links(ctx);
  if (probe && startups && rank == 0) {
    const exec::RingLinkModels& m = ctx.link_models();
    for (std::size_t e = 0; e < m.size(); ++e)
      std::printf(
          "probed P%zu -> P%zu: L %.3f ms, %.1f Mbit/s; P%zu -> P%zu: L %.3f ms, %.1f Mbit/s\n", e,
          (e + 1) % n, 1e3 * m.succ[e].latency_s, 8e-6 / m.succ[e].seconds_per_byte, (e + 1) % n, e,
          1e3 * m.pred[(e + 1) % n].latency_s, 8e-6 / m.pred[(e + 1) % n].seconds_per_byte);
  }
  int failures = 0;
  for (const std::string& size_text : split_list(sizes)) {
    const std::int64_t bytes = parse_size(size_text);
    const std::int64_t total = std::max<std::int64_t>(static_cast<std::int64_t>(n), bytes / 8);
    const int repetitions = reps > 0 ? reps : bytes < (1 << 20) ? 101 : bytes < (64 << 20) ? 21 : 7;
    for (const std::string& pattern : split_list(patterns)) {
      if (startups) {
        const Layout l = make_layout(
            pattern, n, std::max<std::int64_t>(static_cast<std::int64_t>(n), bytes / item_bytes),
            7);
        if (rank == 0)
          std::printf("%d ranks, %s, %s, items of %lld bytes (%d reps):\n", size_int,
                      size_text.c_str(), pattern.c_str(), static_cast<long long>(item_bytes),
                      repetitions);
        failures += run_startups(ctx, l, rank, item_bytes, repetitions, bytes, out);
        std::fflush(stdout);
        continue;
      }
      const Layout l = make_layout(pattern, n, total, 7);
      const std::vector<double> pristine = old_items(l, rank);
      const std::int64_t new_count = l.new_counts[rank];
      const Alltoallv a2a(l, rank);
      const exec::Plan plan =
          exec::Plan::make(ctx, l.old_counts[rank], exec::NewShare::count(new_count), {}, 8);
      const exec::Plan back = plan.reversed();
      exec::PlanOptions unchecked;
      unchecked.checked_executions = false;
      const exec::Plan fast =
          exec::Plan::make(ctx, l.old_counts[rank], exec::NewShare::count(new_count), unchecked, 8);
      std::vector<double> work, next(static_cast<std::size_t>(new_count));
      const bool fields = bytes <= (std::int64_t{64} << 20);
      std::vector<std::vector<double>> ins, outs;
      if (fields)
        for (int f = 0; f < 5; ++f) {
          ins.push_back(old_items(l, rank, f));
          outs.emplace_back(static_cast<std::size_t>(new_count));
        }
      exec::OrderedSlice slice(8, 0.25);
      std::vector<Variant> variants;
      const auto check_next = [&] { return verify(next.data(), new_count, l, rank); };
      const auto check_work = [&] {
        return verify(work.data(), static_cast<std::int64_t>(work.size()), l, rank);
      };
      const auto check_fields = [&] {
        for (int f = 0; f < 5; ++f)
          if (!verify(outs[static_cast<std::size_t>(f)].data(), new_count, l, rank, f))
            return false;
        return true;
      };
      const auto clear_next = [&] { std::fill(next.begin(), next.end(), -1.0); };
      if (want("hand"))
        variants.push_back({"hand", [&] { work = pristine; },
                            [&] { work = hand_written(work, new_count, MPI_COMM_WORLD); },
                            check_work});
      if (want("redist"))
        variants.push_back(
            {"redist", [&] { work = pristine; },
             [&] { exec::redistribute(ctx, work, exec::NewShare::count(new_count)); }, check_work});
      if (want("make"))  // the agreement alone (timing only; nothing moves)
        variants.push_back({"make", [] {},
                            [&] {
                              exec::Plan::make(ctx, l.old_counts[rank],
                                               exec::NewShare::count(new_count), {}, 8);
                            },
                            [] { return true; }});
      if (want(
              "allgather"))  // one MPI_Allgather of a record as large as the agreement's (40 bytes)
        variants.push_back(
            {"allgather", [] {},
             [&] {
               const std::int64_t mine[5] = {l.old_counts[rank], new_count, -1, 0, 0};
               std::vector<std::int64_t> all(5 * n);
               MPI_Allgather(mine, 5, MPI_INT64_T, all.data(), 5, MPI_INT64_T, MPI_COMM_WORLD);
             },
             [] { return true; }});
      if (want("iallgather"))  // the same record by MPI_Iallgather + MPI_Wait
        variants.push_back(
            {"iallgather", [] {},
             [&] {
               const std::int64_t mine[5] = {l.old_counts[rank], new_count, -1, 0, 0};
               std::vector<std::int64_t> all(5 * n);
               MPI_Request request = MPI_REQUEST_NULL;
               MPI_Iallgather(mine, 5, MPI_INT64_T, all.data(), 5, MPI_INT64_T, MPI_COMM_WORLD,
                              &request);
               MPI_Wait(&request, MPI_STATUS_IGNORE);
             },
             [] { return true; }});
      if (want("plan-vector"))  // a plan executed on a vector (allocates the new one)
        variants.push_back(
            {"plan-vector", [&] { work = pristine; }, [&] { plan.execute(work); }, check_work});
      if (want("alltoallv"))
        variants.push_back({"alltoallv", clear_next,
                            [&] { a2a.run(pristine.data(), next.data(), MPI_COMM_WORLD); },
                            check_next});
      if (want("plan"))
        variants.push_back(
            {"plan", clear_next, [&] { plan.execute({exec::field(pristine, next)}); }, check_next});
      if (want(
              "plan-unchecked"))  // the same plan without the status exchange (checked_executions off)
        variants.push_back({"plan-unchecked", clear_next,
                            [&] { fast.execute({exec::field(pristine, next)}); }, check_next});
      if (want("ialltoallv"))
        variants.push_back(
            {"ialltoallv", clear_next,
             [&] { a2a.run_nonblocking(pristine.data(), next.data(), MPI_COMM_WORLD); },
             check_next});
      if (want("plan-start"))
        variants.push_back({"plan-start", clear_next,
                            [&] { plan.start({exec::field(pristine, next)}).wait(); }, check_next});
      if (fields && want("5x-alltoallv"))
        variants.push_back({"5x-alltoallv", [] {},
                            [&] {
                              for (int f = 0; f < 5; ++f)
                                a2a.run(ins[static_cast<std::size_t>(f)].data(),
                                        outs[static_cast<std::size_t>(f)].data(), MPI_COMM_WORLD);
                            },
                            check_fields});
      if (fields && want("5x-plan"))
        variants.push_back({"5x-plan", [] {},
                            [&] {
                              for (int f = 0; f < 5; ++f)
                                plan.execute({exec::field(ins[static_cast<std::size_t>(f)],
                                                          outs[static_cast<std::size_t>(f)])});
                            },
                            check_fields});
      if (fields && want("plan-5-fields"))
        variants.push_back({"plan-5-fields", [] {},
                            [&] {
                              std::vector<exec::Field> fs;
                              for (int f = 0; f < 5; ++f)
                                fs.push_back(exec::field(ins[static_cast<std::size_t>(f)],
                                                         outs[static_cast<std::size_t>(f)]));
                              plan.execute(fs);
                            },
                            check_fields});
      bool moved_forward = false;  // the same on every rank: back.execute is collective
      if (want("in-place")) {
        slice.resize(l.old_counts[rank]);
        std::memcpy(slice.bytes().data(), pristine.data(), pristine.size() * 8);
        variants.push_back({"in-place",
                            [&] {
                              if (moved_forward) back.execute(slice);
                            },
                            [&] {
                              plan.execute(slice);
                              moved_forward = true;
                            },
                            [&] {
                              return verify(reinterpret_cast<const double*>(slice.bytes().data()),
                                            slice.size(), l, rank);
                            }});
      }
#ifdef REDIST_BENCH_PETSC
      if (want("petsc") && bytes <= parse_size(petsc_max))
        variants.push_back(
            {"petsc", clear_next,
             [&] {
               PetscLayout from, to;
               PetscLayoutCreateFromSizes(MPI_COMM_WORLD, l.old_counts[rank], PETSC_DECIDE, 1,
                                          &from);
               PetscLayoutCreateFromSizes(MPI_COMM_WORLD, new_count, PETSC_DECIDE, 1, &to);
               PetscSF sf;
               PetscSFCreateFromLayouts(from, to, &sf);
               PetscSFSetUp(sf);
               PetscSFBcastBegin(sf, MPIU_SCALAR, pristine.data(), next.data(), MPI_REPLACE);
               PetscSFBcastEnd(sf, MPIU_SCALAR, pristine.data(), next.data(), MPI_REPLACE);
               PetscSFDestroy(&sf);
               PetscLayoutDestroy(&from);
               PetscLayoutDestroy(&to);
             },
             check_next});
#endif
      std::map<std::string, std::vector<double>> times;
      for (int rep = 0; rep < repetitions; ++rep) {
        for (std::size_t v = 0; v < variants.size(); ++v) {
          Variant& var = variants[(v + static_cast<std::size_t>(rep)) % variants.size()];
          var.prepare();
          MPI_Barrier(MPI_COMM_WORLD);
          const double t0 = MPI_Wtime();
          var.run();
          const double own = MPI_Wtime() - t0;
          times[var.name].push_back(max_over_ranks(own));
          int ok = var.check() ? 1 : 0, all_ok = 0;
          MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
          if (all_ok == 0) {
            ++failures;
            if (rank == 0)
              std::fprintf(stderr, "WRONG ITEMS: %s %s %s\n", size_text.c_str(), pattern.c_str(),
                           var.name.c_str());
          }
        }
      }
      if (rank == 0) {
        const double hand = times.count("hand") ? median(times["hand"]) : 0.0;
        static const char* const names[] = {"automatic", "direct", "alltoallv", "ring"};
        const char* transport = names[static_cast<int>(plan.transport())];
        std::printf("%d ranks, %s, %s (%d reps, plan transport %s, predicted %.4f ms):\n", size_int,
                    size_text.c_str(), pattern.c_str(), repetitions, transport,
                    1e3 * plan.predicted_seconds());
        for (const Variant& var : variants) {
          const double m = median(times[var.name]);
          std::printf("  %-14s %10.4f ms  %6.2fx hand\n", var.name.c_str(), 1e3 * m,
                      hand > 0 ? m / hand : 0.0);
          if (out)
            std::fprintf(out, "%d,%lld,%s,%s,%.6f,%.4f,%d,%s,%.6f\n", size_int,
                         static_cast<long long>(bytes), pattern.c_str(), var.name.c_str(), 1e3 * m,
                         hand > 0 ? m / hand : 0.0, repetitions, transport,
                         1e3 * plan.predicted_seconds());
        }
        std::fflush(stdout);
        std::fprintf(stderr, "done: %s %s\n", size_text.c_str(), pattern.c_str());
      }
    }
  }
  if (out) std::fclose(out);
#ifdef REDIST_BENCH_PETSC
  PetscFinalize();
#endif
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}
