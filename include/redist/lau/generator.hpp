#pragma once
// Random all-port instances, reproducible from the seed (core/random.hpp), drawn like document
// 002's experiments (section 6): loads uniform in 0..max_load.
//
// whole_average = true keeps drawing until n divides the total (rejection: the loads are then
// uniform among the vectors with a whole average, the document's standing assumption); expected
// about n draws of n loads, so it is limited to n <= kMaxWholeAverageSize. Otherwise the targets
// are average_targets().

#include <cstdint>
#include <vector>

#include "redist/core/random.hpp"
#include "redist/sim/allport_instance.hpp"

namespace redist::lau {

inline constexpr std::size_t kMaxWholeAverageSize = 10'000;

struct LauGenOptions {
  std::size_t n = 10;
  std::int64_t max_load = 100;
  std::uint64_t seed = 1;
  bool whole_average = false;
};

std::vector<std::int64_t> random_lau_loads(Rng& rng, std::size_t n, std::int64_t max_load,
                                           bool whole_average);

/// Throws InputError for n = 0, n too large, a negative max_load, or a total that could exceed
/// kMaxAllportTotal.
sim::AllportInstance generate_lau_instance(const LauGenOptions& options);
/// The checks generate_lau_instance makes first (InputError naming the option), on their own.
void check_generator_options(const LauGenOptions& options);

}  // namespace redist::lau
