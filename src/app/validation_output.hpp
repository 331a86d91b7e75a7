#pragma once
// What `redist check` prints for a sim::ValidationResult (sim/ring_validator.hpp), in the JSON layout of
// every redist command (io/json_text.hpp), and the line a person reads (docs/design.md section 3):
//   {"makespan": 4, "valid": true}
//   {"valid": false, "violation": {"message": .., "processor": .., "rule": .., "time": ..}}

#include <cstddef>
#include <string>

#include "redist/sim/ring_validator.hpp"

namespace redist::app {

std::string validation_json_text(const sim::ValidationResult& result);

/// "valid: makespan 4 (3 transfers)" or "invalid: <rule> violation at t=.. on P..: <message>".
std::string validation_summary_text(const sim::ValidationResult& result, std::size_t transfers);

}  // namespace redist::app
