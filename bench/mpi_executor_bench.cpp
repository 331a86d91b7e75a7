// The MPI executor against its baselines, in the same run (BENCHMARKS.md "MPI executor"):
//   ring        our ring executor on the best plan (ring/plan.hpp) from probed link costs
//   linear      the same executor on the naive linear plan (no wrap-around edge, flow shift 0)
//   a2a         one MPI_Alltoallv straight to the same new boundaries as `ring`
//   a2a-linear  one MPI_Alltoallv straight to the linear plan's (unrotated) boundaries
// for several imbalance patterns of `total` bytes on all ranks; next to each rank's memcpy
// bandwidth, and with the time the planner predicted from the probed costs (and its error). "vs
// memcpy" compares GB/s with the memcpy bandwidth of all ranks copying at once (per rank x ranks).
//
//   mpirun --oversubscribe -np 8 bench_mpi_executor --total-mib 256 --item-bytes 65536 --reps 3
//
// Times are the maximum over ranks of the collective call (agreement + planning + transfer) and of
// the transfer alone, best of --reps runs, in steady state (buffers reused, see measure()). Moved =
// bytes that change rank; link = bytes over ring links (an item forwarded twice counts twice); GB/s
// = moved / call time.

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "exec/slice_overlap.hpp"
#include "redist/core/random.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/redistribute.hpp"

namespace {

using namespace redist;

struct Pattern {
  std::string name;
  std::vector<std::int64_t> loads;
  std::vector<std::int64_t> targets;
};

std::vector<std::int64_t> proportional(const std::vector<double>& weights, std::int64_t items) {
  return exec::counts_from_weights(weights, items);
}

std::vector<Pattern> patterns(std::size_t n, std::int64_t items) {
  const std::vector<std::int64_t> balanced = proportional(std::vector<double>(n, 1.0), items);
  std::vector<double> half(n, 1.0), ramp(n), reverse(n), joiner(n, 1.0), noise(n), speeds(n);
  half[0] = static_cast<double>(n > 1 ? n - 1 : 1);
  joiner[0] = 0.0;
  Rng rng(11);
  static const double machine[] = {0.2, 0.35, 0.4, 1.0, 1.4, 1.7};
  for (std::size_t k = 0; k < n; ++k) {
    ramp[k] = static_cast<double>(k + 1);
    reverse[k] = static_cast<double>(n - k);
    noise[k] = 0.5 + rng.unit();
    speeds[k] = machine[rng.uniform(0, 5)];
  }
  if (n == 1) joiner[0] = 1.0;
  return {
      {"half-on-rank-0", proportional(half, items), balanced},
      {"ramp", proportional(ramp, items), balanced},
      {"random-50%", proportional(noise, items), balanced},
      {"joiner-at-rank-0", proportional(joiner, items), balanced},
      {"speed-change", balanced, proportional(speeds, items)},
      {"ramp-reversal", proportional(ramp, items), proportional(reverse, items)},
  };
}

struct Method {
  std::string name;
  exec::WrapPolicy wrap;
  exec::Transport transport;
};

const std::vector<Method>& methods() {
  static const std::vector<Method> all = {
      {"ring", exec::WrapPolicy::allow, exec::Transport::ring},
      {"linear", exec::WrapPolicy::forbid, exec::Transport::ring},
      {"a2a", exec::WrapPolicy::allow, exec::Transport::alltoallv},
      {"a2a-linear", exec::WrapPolicy::forbid, exec::Transport::alltoallv},
  };
  return all;
}

double max_over_ranks(double value) {
  double out = 0.0;
  exec::check_mpi(MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
                  "MPI_Allreduce");
  return out;
}

// On an emulated network (tools/netlab, docs/netlab.md) every link interface carries the alias
// "netlab A->B" naming its one-way link; the kernel counts the bytes it sent (TCP/IP headers and
// MPI control included). Elsewhere there are none and the per-link table is left out.
constexpr std::size_t kLinkName = 40;
constexpr std::size_t kLinksPerRank = 8;
struct LinkBytes {
  char name[kLinkName] = {};
  std::int64_t bytes = 0;
};

std::vector<LinkBytes> netlab_link_bytes() {
  std::vector<LinkBytes> out;
  std::error_code ec;
  for (const auto& dev : std::filesystem::directory_iterator("/sys/class/net", ec)) {
    std::string alias;
    std::getline(std::ifstream(dev.path() / "ifalias"), alias);
    if (alias.rfind("netlab ", 0) != 0 || out.size() == kLinksPerRank) continue;
    LinkBytes link;
    std::snprintf(link.name, kLinkName, "%s", alias.c_str() + 7);
    std::ifstream(dev.path() / "statistics" / "tx_bytes") >> link.bytes;
    out.push_back(link);
  }
  return out;
}

std::vector<LinkBytes> bytes_since(const std::vector<LinkBytes>& before) {
  std::vector<LinkBytes> now = netlab_link_bytes();
  for (LinkBytes& link : now)
    for (const LinkBytes& old : before)
      if (std::strcmp(link.name, old.name) == 0) link.bytes -= old.bytes;
  return now;
}

struct Measure {
  double call_s = 1e300;
  double transfer_s = 1e300;
  exec::TransferReport report;
  std::vector<LinkBytes> links;  // this rank's sent bytes per emulated link during the best run
};

// Every rank's link bytes, on rank 0: one-way link name -> bytes.
std::map<std::string, std::int64_t> gather_link_bytes(const std::vector<LinkBytes>& mine,
                                                      int ranks) {
  std::vector<LinkBytes> padded(kLinksPerRank);
  std::copy(mine.begin(), mine.end(), padded.begin());
  std::vector<LinkBytes> all(kLinksPerRank * static_cast<std::size_t>(ranks));
  const int bytes = static_cast<int>(sizeof(LinkBytes) * kLinksPerRank);
  exec::check_mpi(
      MPI_Gather(padded.data(), bytes, MPI_BYTE, all.data(), bytes, MPI_BYTE, 0, MPI_COMM_WORLD),
      "MPI_Gather");
  std::map<std::string, std::int64_t> out;
  for (const LinkBytes& link : all)
    if (link.name[0] != 0) out[link.name] += link.bytes;
  return out;
}

// Bytes that change rank, and bytes over ring links, for the flows of a report.
std::pair<std::int64_t, std::int64_t> traffic(const Pattern& p, const exec::TransferReport& report,
                                              std::int64_t item_bytes) {
  const exec::RingFlows ring = exec::make_ring_flows(p.loads, p.targets, report.flows);
  std::int64_t moved = 0;
  std::int64_t link = 0;
  for (std::size_t r = 0; r < ring.size(); ++r) {
    for (const exec::Segment& s : exec::ordered_recv_segments(ring, r))
      if (static_cast<std::size_t>(s.peer) != r) moved += s.items;
    link += std::abs(report.flows[r]);
  }
  return {moved * item_bytes, link * item_bytes};
}

// Steady state, as an application that rebalances repeatedly sees it: one slice per method, warmed
// up by a first round trip (both of its buffers touched), then each timed redistribution followed
// by an untimed one back to the initial counts.
Measure measure(exec::Context& ctx, const Pattern& p, const Method& m, std::int64_t item_bytes,
                int reps) {
  exec::PlanOptions opt;
  opt.wrap = m.wrap;
  opt.transport = m.transport;
  Measure best;
  const auto rank = static_cast<std::size_t>(ctx.rank());
  exec::OrderedSlice slice(item_bytes);
  slice.resize(p.loads[rank]);
  std::memset(slice.bytes().data(), static_cast<int>(rank), slice.bytes().size());
  exec::redistribute(ctx, slice, exec::NewShare::count(p.targets[rank]), opt);
  exec::redistribute(ctx, slice, exec::NewShare::count(p.loads[rank]), opt);
  for (int rep = 0; rep < reps; ++rep) {
    exec::check_mpi(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const std::vector<LinkBytes> before = netlab_link_bytes();
    const double started = MPI_Wtime();
    const exec::TransferReport report =
        exec::redistribute(ctx, slice, exec::NewShare::count(p.targets[rank]), opt);
    const double call = max_over_ranks(MPI_Wtime() - started);
    const double transfer = max_over_ranks(report.transfer_seconds);
    if (call < best.call_s) best = {call, transfer, report, bytes_since(before)};
    exec::redistribute(ctx, slice, exec::NewShare::count(p.loads[rank]), opt);
  }
  return best;
}

double memcpy_gbs(std::int64_t bytes, int reps) {
  std::vector<char> a(static_cast<std::size_t>(bytes), 1), b(static_cast<std::size_t>(bytes), 0);
  double best = 1e300;
  for (int rep = 0; rep < reps + 1; ++rep) {
    exec::check_mpi(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    const double started = MPI_Wtime();
    std::memcpy(b.data(), a.data(), a.size());
    const double t = max_over_ranks(MPI_Wtime() - started);  // every rank copies at once
    if (rep > 0) best = std::min(best, t);
  }
  return static_cast<double>(bytes) / best / 1e9;
}

std::string counts_text(const std::vector<std::int64_t>& v) {
  std::string s = "[";
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (k > 0) s += ' ';
    s += std::to_string(v[k]);
  }
  return s + "]";
}

void print_pattern(const Pattern& p, const std::vector<Measure>& results, std::int64_t item_bytes,
                   double memcpy_all) {
  std::printf("\n### %s: items %s -> %s\n\n", p.name.c_str(), counts_text(p.loads).c_str(),
              counts_text(p.targets).c_str());
  std::printf(
      "| method | call ms | transfer ms | predicted ms | pred. error | moved MiB | link MiB | GB/s "
      "| vs memcpy |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (std::size_t k = 0; k < results.size(); ++k) {
    const Measure& r = results[k];
    const auto [moved, link] = traffic(p, r.report, item_bytes);
    const bool ring = methods()[k].transport == exec::Transport::ring;
    char predicted[32] = "-", error[32] = "-", links[32] = "-";
    if (ring) {
      std::snprintf(predicted, sizeof predicted, "%.2f", 1e3 * r.report.predicted_seconds);
      if (r.report.predicted_seconds > 0)
        std::snprintf(
            error, sizeof error, "%+.0f%%",
            100.0 * (r.transfer_s - r.report.predicted_seconds) / r.report.predicted_seconds);
      std::snprintf(links, sizeof links, "%.1f", static_cast<double>(link) / 1048576.0);
    }
    const double gbs = static_cast<double>(moved) / r.call_s / 1e9;
    std::printf("| %s | %.2f | %.2f | %s | %s | %.1f | %s | %.2f | %.0f%% |\n",
                methods()[k].name.c_str(), 1e3 * r.call_s, 1e3 * r.transfer_s, predicted, error,
                static_cast<double>(moved) / 1048576.0, links, gbs, 100.0 * gbs / memcpy_all);
  }
  std::fflush(stdout);
}

// Bytes each emulated one-way link carried in each method's best run, and its busy time at the rate
// the probe measured for it (bytes x b; links named "h<i>->h<j>" between ring neighbours i, j).
double link_seconds_per_byte(const std::string& name, const exec::RingLinkModels& models) {
  unsigned from = 0, to = 0;
  const std::size_t n = models.size();
  if (std::sscanf(name.c_str(), "h%u->h%u", &from, &to) != 2 || from >= n || to >= n) return 0.0;
  if (to == (from + 1) % n) return models.succ[from].seconds_per_byte;
  if (from == (to + 1) % n) return models.pred[from].seconds_per_byte;
  return 0.0;
}

void print_link_table(const std::vector<std::map<std::string, std::int64_t>>& per_method,
                      const exec::RingLinkModels& models) {
  if (per_method.empty() || per_method.front().empty()) return;
  std::printf(
      "\nper one-way link: MiB sent (kernel counters, headers included) / busy ms at the probed "
      "rate\n\n| method |");
  for (const auto& [name, bytes] : per_method.front()) std::printf(" %s |", name.c_str());
  std::printf("\n|---|");
  for (std::size_t k = 0; k < per_method.front().size(); ++k) std::printf("---:|");
  std::printf("\n");
  for (std::size_t m = 0; m < per_method.size(); ++m) {
    std::printf("| %s |", methods()[m].name.c_str());
    for (const auto& [name, bytes] : per_method[m]) {
      const double busy_ms = 1e3 * static_cast<double>(bytes) * link_seconds_per_byte(name, models);
      std::printf(" %.2f / %.0f |", static_cast<double>(bytes) / 1048576.0, busy_ms);
    }
    std::printf("\n");
  }
  std::fflush(stdout);
}

void print_links(const exec::RingLinkModels& models) {
  std::printf("probed links (each direction, best of 10; cost_probe.hpp):");
  const std::size_t n = models.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t next = (i + 1) % n;
    std::printf(" %zu->%zu %.1fus %.1fMbit/s;", i, next, 1e6 * models.succ[i].latency_s,
                8e-6 / models.succ[i].seconds_per_byte);
    std::printf(" %zu->%zu %.1fus %.1fMbit/s;", next, i, 1e6 * models.pred[next].latency_s,
                8e-6 / models.pred[next].seconds_per_byte);
  }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int status = 0;
  {
    CLI::App app{"bench_mpi_executor: ring executor vs MPI_Alltoallv vs the linear plan"};
    std::int64_t total_mib = 256;
    std::int64_t item_bytes = 65536;
    int reps = 3;
    std::string only;
    app.add_option("--total-mib", total_mib, "data on all ranks together (MiB)");
    app.add_option("--item-bytes", item_bytes, "bytes per item");
    app.add_option("--reps", reps, "runs per method (best kept)");
    app.add_option("--pattern", only, "run only patterns whose name contains this");
    try {
      app.parse(argc, argv);
      exec::Context ctx(MPI_COMM_WORLD);
      const auto n = static_cast<std::size_t>(ctx.size());
      const std::int64_t items = (total_mib << 20) / item_bytes;
      const exec::RingLinkModels models = exec::probe_ring_links(ctx);
      const double memcpy = memcpy_gbs((total_mib << 20) / static_cast<std::int64_t>(n), reps);
      if (ctx.rank() == 0) {
        std::printf("%zu ranks, %lld MiB in %lld items of %lld bytes, best of %d\n", n,
                    static_cast<long long>(total_mib), static_cast<long long>(items),
                    static_cast<long long>(item_bytes), reps);
        print_links(models);
        std::printf(
            "memcpy, every rank copying its share at once: %.2f GB/s per rank, %.2f GB/s all "
            "ranks\n",
            memcpy, memcpy * static_cast<double>(n));
      }
      for (const Pattern& p : patterns(n, items)) {
        if (!only.empty() && p.name.find(only) == std::string::npos) continue;
        std::vector<Measure> results;
        std::vector<std::map<std::string, std::int64_t>> link_bytes;
        for (const Method& m : methods()) {
          results.push_back(measure(ctx, p, m, item_bytes, reps));
          link_bytes.push_back(gather_link_bytes(results.back().links, ctx.size()));
        }
        if (ctx.rank() == 0) {
          print_pattern(p, results, item_bytes, memcpy * static_cast<double>(n));
          print_link_table(link_bytes, models);
        }
      }
    } catch (const CLI::ParseError& e) {
      status = app.exit(e);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_mpi_executor: %s\n", e.what());
      status = 1;
    }
  }
  MPI_Finalize();
  return status;
}
