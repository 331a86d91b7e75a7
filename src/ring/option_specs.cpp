#include "redist/ring/option_specs.hpp"

#include <memory>

#include "redist/io/json_text.hpp"
#include "redist/io/ring_instance_io.hpp"

namespace redist::ring {

std::vector<OptionSpec> option_specs(RingPlanOptions& options) {
  return {
      flag_option("--back-to-back", options.back_to_back,
                  "no spaced transfers: relays forward in back-to-back batches (may be above the "
                  "optimum)"),
      whole_option("--effort", options.effort, 0, 1000,
                   "search effort on heterogeneous bidirectional rings (0 = list-scheduler seeds "
                   "only; each unit adds 48 local-search moves; default 1)"),
  };
}

std::vector<OptionSpec> option_specs(RingGenOptions& options) {
  using S = RingShape;
  return {
      whole_option("--n", options.n, 1, 100'000'000, "number of processors"),
      choice_option("--ring", options.kind,
                    std::map<std::string, RingKind>{{"uni", RingKind::unidirectional},
                                                    {"bi", RingKind::bidirectional}},
                    "uni or bi"),
      choice_option("--costs", options.heterogeneous,
                    std::map<std::string, bool>{{"hom", false}, {"het", true}},
                    "hom (all 1) or het (integers in [1, max-cost])"),
      whole_option("--max-load", options.max_load, 1, std::uint64_t{1} << 40,
                   "largest load and target"),
      whole_option("--max-cost", options.max_cost, 1, 1'000'000'000,
                   "largest heterogeneous link cost"),
      whole_option("--cost-decimals", options.cost_decimals, 0, 6,
                   "heterogeneous costs in [10^-D, max-cost] in steps of 10^-D (default 0)"),
      whole_option("--latency", options.latency, 0, 1'000'000'000,
                   "start-up cost of a message: every link's on hom rings, the largest (drawn in "
                   "[0, latency]) on het rings; 0 = none (default)"),
      choice_option(
          "--shape", options.shape,
          named({S::uniform, S::gather, S::scatter, S::heavy, S::blocks, S::forward}),
          "where the imbalance lies: uniform, gather (all send to one sink), scatter (one "
          "source sends to all), heavy (uniform + one large excess), blocks (alternating runs), "
          "forward (far-apart source/sink pairs, balanced relays between)"),
      flag_option("--light", options.light,
                  "light redistribution (every processor sends its own load)"),
  };
}

GeneratorCommand generator_command() {
  auto options = std::make_shared<RingGenOptions>();
  return {"ring", "Random ring instance (loads and targets in [1, max-load])",
          seed_option(options->seed), option_specs(*options), [options] {
            return io::json_text(io::ring_instance_to_json(generate_ring_instance(*options)));
          }};
}

}  // namespace redist::ring
