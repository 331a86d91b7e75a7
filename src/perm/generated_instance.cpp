#include "redist/perm/generated_instance.hpp"

#include <algorithm>

#include "redist/core/error.hpp"
#include "redist/io/memory_budget.hpp"
#include "redist/perm/perm_io.hpp"

namespace redist::perm {

namespace {

// Peak bytes per generated item and per number of the counts form: the largest measured on
// `redist gen perm` at 10^7 items (random, block1d, chunk-set; 20 to 32 bytes an item) and at
// P = 4096 in the counts form (5 bytes a number), plus 25% and more.
constexpr std::uint64_t kBytesPerItem = 40;
constexpr std::uint64_t kBytesPerCount = 16;

std::uint64_t generated_items(const PermGenOptions& o) {
  switch (o.distribution) {
    case PermDistribution::random:
    case PermDistribution::skewed:
      return static_cast<std::uint64_t>(o.processors) *
             static_cast<std::uint64_t>(std::max<std::int64_t>(o.items_per_part, 0));
    case PermDistribution::block1d:
      return static_cast<std::uint64_t>(std::max<std::int64_t>(o.items, 0));
    default:  // the tile distributions: an n x n matrix of tiles, one item each
      return static_cast<std::uint64_t>(o.tiles) * o.tiles;
  }
}

}  // namespace

std::string generated_instance_text(PermGenRequest request) {
  PermGenOptions& options = request.options;
  set_processor_grid(options, request.grid, "--grid");
  const bool items = request.form.empty() ? options.distribution == PermDistribution::block1d
                                          : request.form == "items";
  if (!items && options.processors > 4096)
    throw InputError(
        "", "--form",
        "the counts form has P^2 numbers; use --form items for more than 4096 processors");
  check_generator_options(options);  // the option's own message before any estimate
  const std::uint64_t count = generated_items(options);
  const std::uint64_t p = options.processors;
  io::require_memory(
      io::kProgramBytes + count * kBytesPerItem + (items ? 0 : p * p * kBytesPerCount), "",
      "generating this instance (" + std::to_string(count) + " items)");
  const ItemLayout layout = generate_items(options);
  return items ? perm_items_text(layout)
               : perm_counts_text(
                     PermInstance::from_items(layout.processors, layout.initial, layout.partition));
}

}  // namespace redist::perm
