// `redist gen ring --n N --ring uni|bi --costs hom|het --max-load M [--max-cost C] [--cost-decimals
// D]
//  [--shape uniform|gather|scatter|heavy|blocks|forward] [--light] --seed S [-o FILE]`.

#include "cli_common.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/ring/generator.hpp"

namespace redist::cli {

namespace {

struct GenRingOptions {
  ring::RingGenOptions gen;
  std::string ring = "uni";
  std::string costs = "hom";
  std::string shape = "uniform";
  std::string output;
};

}  // namespace

void register_gen_ring(CLI::App& gen, Context& context) {
  auto opt = std::make_shared<GenRingOptions>();
  CLI::App* cmd =
      gen.add_subcommand("ring", "Random ring instance (loads and targets in [1, max-load])");
  cmd->add_option("--n", opt->gen.n, "number of processors")->check(whole_number(1, 100'000'000));
  cmd->add_option("--ring", opt->ring, "uni or bi")->check(CLI::IsMember({"uni", "bi"}));
  cmd->add_option("--costs", opt->costs, "hom (all 1) or het (integers in [1, max-cost])")
      ->check(CLI::IsMember({"hom", "het"}));
  cmd->add_option("--max-load", opt->gen.max_load, "largest load and target")
      ->check(whole_number(1, std::uint64_t{1} << 40));
  cmd->add_option("--max-cost", opt->gen.max_cost, "largest heterogeneous link cost")
      ->check(whole_number(1, 1'000'000'000));
  cmd->add_option("--cost-decimals", opt->gen.cost_decimals,
                  "decimals of heterogeneous costs: uniform in [10^-D, max-cost] in steps of 10^-D "
                  "(default 0)")
      ->check(whole_number(0, 6));
  cmd->add_option(
         "--shape", opt->shape,
         "where the imbalance lies: uniform (loads, targets uniform in [1, max-load]), gather (all "
         "send "
         "to one sink), scatter (one source sends to all), heavy (uniform + one source with a "
         "large "
         "excess), blocks (alternating overloaded/underloaded runs), forward (a few far-apart "
         "source/sink pairs, balanced relays between)")
      ->check(CLI::IsMember({"uniform", "gather", "scatter", "heavy", "blocks", "forward"}));
  cmd->add_flag("--light", opt->gen.light,
                "light redistribution (every processor can send from its own load)");
  cmd->add_option("--seed", opt->gen.seed, "random seed (0 .. 2^64-1)")
      ->check(whole_number(0, UINT64_MAX));
  cmd->add_option("-o,--output", opt->output, "output file (default: standard output)")
      ->check(output_path());
  cmd->callback([opt, &context] {
    opt->gen.kind = opt->ring == "bi" ? RingKind::bidirectional : RingKind::unidirectional;
    opt->gen.heterogeneous = opt->costs == "het";
    opt->gen.shape = *ring::ring_shape_from_name(opt->shape);
    write_generated(opt->output, [&] {
      return io::json_text(io::ring_instance_to_json(ring::generate_ring_instance(opt->gen)));
    });
    context.exit_code = kExitOk;
  });
}

}  // namespace redist::cli
