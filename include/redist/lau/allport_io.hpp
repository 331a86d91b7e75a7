#pragma once
// All-port (Lau) instances and results as JSON (docs/design.md section 4):
//   instance: {"model": "allport", "loads": [7, 0, 3, 1, 1, 0]}            (targets = the average)
//             {"model": "allport", "loads": [3, 0, 0, 2], "targets": [1, 1, 2, 1]}
//   result:   {"shift": -3, "flows": [2, 0, 1, 0, -1, -3], "traffic": 7, "T_single": 2,
//              "T_multi": 2, ...}
// "model" may be left out (it must be "allport" when present). Without "targets", a total that n
// does not divide puts the remainder one item each on P_0, P_1, ... (sim/allport_instance.hpp).

#include <cstdint>
#include <string>
#include <vector>

#include "redist/io/exact_json.hpp"
#include "redist/lau/planner.hpp"
#include "redist/sim/allport_instance.hpp"

namespace redist::lau {

/// Throws InputError naming `source`, the field and the index (check_allport_instance's rules,
/// unknown fields, a wrong "model").
sim::AllportInstance allport_instance_from_json(const io::Json& document,
                                                const std::string& source);
sim::AllportInstance read_allport_instance(const std::string& path);

/// Writes "targets" only when they differ from average_targets(loads).
io::Json allport_instance_to_json(const sim::AllportInstance& instance);
/// json_text(allport_instance_to_json(instance)) written without the DOM (io/json_text.hpp
/// json_text_with_arrays): what `redist gen lau` writes.
std::string allport_instance_text(const sim::AllportInstance& instance);

/// The result object; traffic beyond 64 bits is written as a decimal string. A deadlocking time
/// (never produced by linear, traffic or optimal) is null with "deadlock_single"/"deadlock_multi".
io::Json lau_plan_to_json(const sim::AllportInstance& instance, const LauPlan& plan);
/// lau_plan_to_json in the layout of every redist JSON document (io/json_text.hpp), its two
/// n-long arrays (flows, targets) written without a DOM.
std::string lau_plan_text(const sim::AllportInstance& instance, const LauPlan& plan);

}  // namespace redist::lau
