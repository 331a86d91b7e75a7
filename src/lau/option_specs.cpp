#include "redist/lau/option_specs.hpp"

#include <memory>

#include "redist/io/memory_budget.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/sim/allport_instance.hpp"

namespace redist::lau {

std::vector<OptionSpec> option_specs(LauOptions& options) {
  using A = LauAlgorithm;
  return {
      choice_option("--mode", options.mode, named({sim::SendMode::single, sim::SendMode::multi}),
                    "execution mode the schedule is optimised for"),
      choice_option("--algorithm", options.algorithm,
                    named({A::linear, A::traffic, A::optimal, A::window}),
                    "optimal (ours), linear, traffic, or window (the document's search)"),
      choice_option("--traffic-rule", options.traffic_rule,
                    named({TrafficRule::corrected, TrafficRule::printed}),
                    "Traffic median index: corrected (docs/errata.md item 7) or printed"),
  };
}

std::vector<OptionSpec> option_specs(LauGenOptions& options) {
  return {
      whole_option("--n", options.n, 1, sim::kMaxAllportSize, "number of processors"),
      whole_option("--max-load", options.max_load, 0,
                   static_cast<std::uint64_t>(sim::kMaxAllportTotal), "largest load"),
      flag_option("--whole-average", options.whole_average,
                  "redraw until n divides the total (n <= 10000)"),
  };
}

namespace {

// `redist gen lau`'s peak: loads and targets, and the text twice (the array's, then the
// document's), plus 25%. Measured: 41 bytes a processor at n = 10^6 with 13-digit loads (this
// gives 64), 25 with 3-digit ones (39).
std::uint64_t generation_memory_estimate(const LauGenOptions& o) {
  std::uint64_t digits = 1;
  for (auto v = static_cast<std::uint64_t>(o.max_load); v >= 10; v /= 10) ++digits;
  return io::kProgramBytes + (24 + 2 * (digits + 1)) * 5 / 4 * static_cast<std::uint64_t>(o.n);
}

}  // namespace

GeneratorCommand generator_command() {
  auto options = std::make_shared<LauGenOptions>();
  return {"lau", "Random all-port instance (loads uniform in [0, max-load])",
          seed_option(options->seed), option_specs(*options), [options] {
            check_generator_options(*options);  // the option's own message before the estimate
            io::require_memory(
                generation_memory_estimate(*options), "",
                "generating an all-port ring of n = " + std::to_string(options->n) + " processors");
            return allport_instance_text(generate_lau_instance(*options));
          }};
}

}  // namespace redist::lau
