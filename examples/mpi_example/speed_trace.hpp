#pragma once
// Emulated processor speeds of the example application (document 000 section 8): each rank starts
// at a speed drawn from a list of machines and changes speed twice, once at an iteration drawn in
// [20, 40) and once in [60, 80) (scaled to the run's length), to speeds drawn from the same list.
// Every rank computes every trace from the seed, so all ranks agree without communicating.

#include <cstdint>
#include <string>
#include <vector>

namespace redist::example {

struct SpeedTrace {
  double speeds[3] = {1.0, 1.0, 1.0};
  int changes[2] = {0, 0};  // first iteration (1-based) at the second and third speed

  [[nodiscard]] double at(int iteration) const noexcept {
    return iteration < changes[0] ? speeds[0] : iteration < changes[1] ? speeds[1] : speeds[2];
  }
};

/// Relative speeds of the machines of document 000 section 8 (Pentium Pro 200 MHz .. Pentium 4 1.7
/// GHz), normalised so that 1.0 is a 1 GFlop/s machine.
const std::vector<double>& machine_speeds();

std::vector<SpeedTrace> speed_traces(std::size_t ranks, int iterations, std::uint64_t seed);

std::string describe(const SpeedTrace& trace);

}  // namespace redist::example
