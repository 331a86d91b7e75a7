#pragma once
// What a redistribution would cost, without making it: the transport Plan::make would choose for
// moving `loads` to `targets` (items of `item_bytes` bytes) on a network, and its predicted time.
// Pure code, no communication: a rank deciding whether rebalancing pays off (the adaptive policy of
// docs/simgrid.md) asks it alone.

#include <cstdint>
#include <vector>

#include "redist/exec/link_model.hpp"
#include "redist/exec/plan_options.hpp"

namespace redist::exec {

struct Prediction {
  Transport transport = Transport::direct;
  double seconds = 0.0;
};

/// Throws InputError when loads and targets do not describe a redistribution (sizes, totals).
Prediction predict_redistribution(const std::vector<std::int64_t>& loads,
                                  const std::vector<std::int64_t>& targets, Network network,
                                  const RingLinkModels& models, std::int64_t item_bytes,
                                  const PlanOptions& options = {});

}  // namespace redist::exec
