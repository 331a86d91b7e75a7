// redist-probe: measures latency L and time per byte b of every ring link between MPI ranks
// (document 004's L + m*b; exec/cost_probe.hpp) and writes them into a ring instance's cost fields,
// so that `redist plan` and the executor plan with the machine's real heterogeneity.
//
//   mpirun -np 4 redist-probe                                  # table of the links
//   mpirun -np 4 redist-probe --instance ring.json -o probed.json --item-bytes 8192
//
// Costs are per item, in nanoseconds with 3 decimals: item_bytes * b + L / chunk_items (the latency
// is shared by the items of one message; chunk_items = chunk_bytes / item_bytes).
// Exit status: 0 success, 2 bad input (one line on stderr).

#include <mpi.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <string>

#include "redist/core/error.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/mpi_program.hpp"
#include "redist/io/ring_instance_io.hpp"

namespace {

struct ProbeToolOptions {
  std::string instance;
  std::string output;
  std::int64_t item_bytes = 8;
  std::int64_t chunk_bytes = std::int64_t{1} << 20;
  bool json = false;
  redist::exec::ProbeOptions probe;
};

// One row per direction: P_i -> P_{i+1} (succ[i]) and P_{i+1} -> P_i (pred[i+1]).
void print_table(const redist::exec::RingLinkModels& models) {
  std::printf("%-6s %-11s %12s %14s %12s\n", "link", "direction", "latency_us", "bandwidth_GBs",
              "Mbit/s");
  const std::size_t n = models.size();
  for (std::size_t i = 0; i < n; ++i)
    for (const bool forward : {true, false}) {
      const auto& m = forward ? models.succ[i] : models.pred[(i + 1) % n];
      const std::size_t from = forward ? i : (i + 1) % n;
      const std::size_t to = forward ? (i + 1) % n : i;
      std::printf("%-6zu %3zu -> %-4zu %12.3f %14.4f %12.2f\n", i, from, to, 1e6 * m.latency_s,
                  1e-9 / m.seconds_per_byte, 8e-6 / m.seconds_per_byte);
    }
}

redist::io::Json models_json(const redist::exec::RingLinkModels& models) {
  redist::io::Json links = redist::io::Json::array();
  const std::size_t n = models.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t next = (i + 1) % n;
    links.push_back({{"from", i},
                     {"to", next},
                     {"latency_s", models.succ[i].latency_s},
                     {"seconds_per_byte", models.succ[i].seconds_per_byte}});
    links.push_back({{"from", next},
                     {"to", i},
                     {"latency_s", models.pred[next].latency_s},
                     {"seconds_per_byte", models.pred[next].seconds_per_byte}});
  }
  return {{"links", links}};
}

// Every rank reads and checks the instance before probing, so that a bad file fails everywhere.
redist::RingInstance read_instance(const ProbeToolOptions& opt, int ranks) {
  redist::RingInstance instance = redist::io::read_ring_instance(opt.instance);
  if (instance.size() != static_cast<std::size_t>(ranks))
    throw redist::InputError(opt.instance, "loads",
                             "has " + std::to_string(instance.size()) +
                                 " processors, mpirun started " + std::to_string(ranks) + " ranks");
  return instance;
}

// Rank 0 writes the instance with the measured costs.
void write_instance(const ProbeToolOptions& opt, redist::RingInstance instance,
                    const redist::exec::RingLinkModels& models) {
  const std::int64_t chunk_items = std::max<std::int64_t>(1, opt.chunk_bytes / opt.item_bytes);
  redist::exec::apply_link_costs(instance, models, opt.item_bytes, chunk_items);
  const std::string text = redist::io::ring_instance_to_json(instance).dump(1) + "\n";
  if (opt.output.empty() || opt.output == "-") {
    std::fputs(text.c_str(), stdout);
    return;
  }
  std::ofstream out(opt.output);
  out << text;
  if (!out) throw redist::InputError(opt.output, "", "cannot write the output file");
}

int run(int argc, char** argv, int rank) {
  CLI::App app{"redist-probe: measure ring links (L + m*b) and write a ring instance's costs"};
  ProbeToolOptions opt;
  app.add_option("--instance", opt.instance,
                 "ring instance JSON whose costs are replaced (one processor per rank)");
  app.add_option("-o,--output", opt.output,
                 "where to write the instance (default: standard output)");
  app.add_option("--item-bytes", opt.item_bytes, "bytes per item of the instance")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--chunk-bytes", opt.chunk_bytes, "message size sharing one latency")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--small", opt.probe.small_bytes, "small ping-pong size (bytes)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 20));
  app.add_option("--large", opt.probe.large_bytes, "large ping-pong size (bytes)")
      ->check(CLI::Range(int64_t{2}, int64_t{1} << 30));
  app.add_option("--repetitions", opt.probe.repetitions, "timed exchanges per size (best kept)")
      ->check(CLI::Range(1, 10000));
  app.add_option("--target-seconds", opt.probe.target_seconds,
                 "grow the sizes until one transfer takes this long")
      ->check(CLI::Range(0.0, 60.0));
  app.add_flag("--json", opt.json, "print the link models as JSON");
  if (const auto stop = redist::exec::parse_on_every_rank(app, argc, argv, rank)) return *stop;
  redist::exec::Context ctx(MPI_COMM_WORLD);
  const redist::RingInstance instance =
      opt.instance.empty() ? redist::RingInstance{} : read_instance(opt, ctx.size());
  const redist::exec::RingLinkModels models = redist::exec::probe_ring_links(ctx, opt.probe);
  if (rank != 0) return 0;
  if (!opt.instance.empty())
    write_instance(opt, instance, models);
  else if (opt.json)
    std::printf("%s\n", models_json(models).dump(1).c_str());
  else
    print_table(models);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return redist::exec::run_mpi_program<redist::InputError>(argc, argv, "redist-probe", run);
}
