#include "redist/simgrid/option_specs.hpp"

#include <cstdint>

#include "redist/sim/option_specs.hpp"

namespace redist::simgrid {

std::vector<OptionSpec> option_specs(SimgridStudyOptions& options) {
  OptionSpec ring_sizes =
      whole_list_option("--ring-sizes", options.ring_sizes, 3, 69,
                        "comma-separated ring sizes (default 8,32)", "the platform's hosts");
  ring_sizes.value_name = "SIZE";
  std::vector<OptionSpec> specs{
      whole_option("--seeds", options.seeds, 1, 10'000,
                   "seeds per ring size (default 30, quick 4)"),
      whole_option("--first-seed", options.first_seed, 0, UINT64_MAX - 10'000,
                   "first seed (seeds are consecutive)"),
      whole_option("--jobs", options.jobs, 1, 256,
                   "simulations run at once (default: hardware threads)"),
      real_list_option("--ratios", options.ratios, 0, 1e6,
                       "computation-to-communication ratios (default 1..300)"),
      ring_sizes,
      choice_option("--speed-changes", options.speed_changes,
                    std::map<std::string, SpeedChanges>{{"iterations", SpeedChanges::at_iterations},
                                                        {"trace", SpeedChanges::timed_trace}},
                    "at the drawn iterations (default) or a time-based SimGrid speed trace"),
  };
  for (auto& spec : sim::option_specs(options.adaptive)) specs.push_back(std::move(spec));
  return specs;
}

std::vector<OptionSpec> option_specs(OrderedStudyOptions& options) {
  return {
      real_option("--total-mib", options.total_mib, 0.001, 1e6,
                  "data of the ring, all items together, in MiB (default 16)"),
      real_option("--item-kib", options.item_kib, 0.001, 1e6, "one item, in KiB (default 64)"),
      whole_option("--jobs", options.jobs, 1, 256, "simulations run at once (default 2)"),
      text_option("--platform", options.platform_file,
                  "a netlab ring file (docs/netlab.md) instead of the two built in"),
  };
}

}  // namespace redist::simgrid
