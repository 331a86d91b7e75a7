#include "redist/lau/generator.hpp"

#include "redist/core/error.hpp"

namespace redist::lau {

std::vector<std::int64_t> random_lau_loads(Rng& rng, std::size_t n, std::int64_t max_load,
                                           bool whole_average) {
  std::vector<std::int64_t> loads(n);
  const auto size = static_cast<std::int64_t>(n);
  for (;;) {
    std::int64_t total = 0;
    for (auto& l : loads) total += l = rng.uniform(0, max_load);
    if (!whole_average || total % size == 0) return loads;
  }
}

void check_generator_options(const LauGenOptions& opt) {
  if (opt.n == 0 || opt.n > sim::kMaxAllportSize)
    throw InputError("", "--n", "must be in [1, " + std::to_string(sim::kMaxAllportSize) + "]");
  if (opt.max_load < 0) throw InputError("", "--max-load", "must be >= 0");
  if (opt.max_load > sim::kMaxAllportTotal / static_cast<std::int64_t>(opt.n))
    throw InputError("", "--max-load", "n * max-load exceeds 2^61 items");
  if (opt.whole_average && opt.n > kMaxWholeAverageSize)
    throw InputError("", "--whole-average", "needs n <= " + std::to_string(kMaxWholeAverageSize));
}

sim::AllportInstance generate_lau_instance(const LauGenOptions& opt) {
  check_generator_options(opt);
  Rng rng(opt.seed);
  return sim::allport_instance(random_lau_loads(rng, opt.n, opt.max_load, opt.whole_average));
}

}  // namespace redist::lau
