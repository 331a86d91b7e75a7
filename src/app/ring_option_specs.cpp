#include "app/ring_option_specs.hpp"

#include <memory>

#include "redist/io/memory_budget.hpp"
#include "redist/io/ring_instance_io.hpp"

namespace redist::app {

std::vector<OptionSpec> option_specs(ring::RingPlanOptions& options) {
  return {
      flag_option("--back-to-back", options.back_to_back,
                  "no spaced transfers: relays forward in back-to-back batches (may be above the "
                  "optimum)"),
      whole_option("--effort", options.effort, 0, 1000,
                   "search effort on heterogeneous bidirectional rings (0 = list-scheduler seeds "
                   "only; each unit adds 48 local-search moves; default 1)"),
  };
}

std::vector<OptionSpec> ordered_option_specs(bool& ordered) {
  return {flag_option("--ordered", ordered,
                      "ordered items: P_k must end with items B_k .. B_{k+1}-1 of the global order "
                      "(items routed round the ring, order kept; docs/ordered.md)")};
}

std::vector<OptionSpec> option_specs(ring::RingGenOptions& options) {
  using S = ring::RingShape;
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

namespace {

std::uint64_t decimal_digits(std::uint64_t value) {
  std::uint64_t digits = 1;
  for (; value >= 10; value /= 10) ++digits;
  return digits;
}

// `redist gen ring`'s peak: four n-long vectors (loads, targets, two cost lists) and the text
// twice (each array's, then the document's), plus 25%. Measured peaks, per processor: 29.5 bytes
// (n = 10^7, uni, hom), 41 (bi, het), 118 (n = 10^6, bi, het, 6 decimals, the widest numbers);
// this gives 50, 61 and 189.
std::uint64_t generation_memory_estimate(const ring::RingGenOptions& o) {
  const std::uint64_t count = decimal_digits(static_cast<std::uint64_t>(o.max_load)) + 1;
  const std::uint64_t cost =
      o.heterogeneous
          ? decimal_digits(static_cast<std::uint64_t>(o.max_cost)) + 1 +
                (o.cost_decimals > 0 ? static_cast<std::uint64_t>(o.cost_decimals) + 1 : 0)
          : 0;
  const std::uint64_t text = 2 * count + (o.kind == RingKind::bidirectional ? 2 : 1) * cost;
  return io::kProgramBytes + (32 + 2 * text) * 5 / 4 * static_cast<std::uint64_t>(o.n);
}

}  // namespace

GeneratorCommand ring_generator_command() {
  auto options = std::make_shared<ring::RingGenOptions>();
  return {
      "ring", "Random ring instance (loads and targets in [1, max-load])",
      seed_option(options->seed), option_specs(*options), [options] {
        ring::check_generator_options(*options);  // the option's own message before the estimate
        io::require_memory(
            generation_memory_estimate(*options), "",
            "generating a ring of n = " + std::to_string(options->n) + " processors");
        return io::ring_instance_text(ring::generate_ring_instance(*options));
      }};
}

}  // namespace redist::app
