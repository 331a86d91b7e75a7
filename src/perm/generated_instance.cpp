#include "redist/perm/generated_instance.hpp"

#include "redist/core/error.hpp"
#include "redist/perm/perm_io.hpp"

namespace redist::perm {

std::string generated_instance_text(PermGenRequest request) {
  PermGenOptions& options = request.options;
  set_processor_grid(options, request.grid, "--grid");
  const bool items = request.form.empty() ? options.distribution == PermDistribution::block1d
                                          : request.form == "items";
  if (!items && options.processors > 4096)
    throw InputError(
        "", "--form",
        "the counts form has P^2 numbers; use --form items for more than 4096 processors");
  const ItemLayout layout = generate_items(options);
  return items ? perm_items_text(layout)
               : perm_counts_text(
                     PermInstance::from_items(layout.processors, layout.initial, layout.partition));
}

}  // namespace redist::perm
