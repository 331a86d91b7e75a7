// The registry of fuzz targets and the failure helper shared by every harness.

#include "harness.hpp"

#include <array>
#include <cstdlib>
#include <iostream>

namespace redist::fuzz {

void require(bool ok, const char* target, const std::string& what) {
  if (!ok) throw FuzzFailure(std::string(target) + ": " + what);
}

void show_decoded(const char* target, const std::string& text) {
  static const bool verbose = std::getenv("REDIST_FUZZ_VERBOSE") != nullptr;
  if (verbose) std::cerr << target << " input: " << text << "\n";
}

std::span<const FuzzTarget> fuzz_targets() {
  static constexpr std::array<FuzzTarget, 7> kTargets{{
      {"ring_json", fuzz_ring_json},
      {"allport_json", fuzz_allport_json},
      {"perm_json", fuzz_perm_json},
      {"schedule_json", fuzz_schedule_json},
      {"plan", fuzz_plan},
      {"lau", fuzz_lau},
      {"perm", fuzz_perm},
  }};
  return kTargets;
}

}  // namespace redist::fuzz
