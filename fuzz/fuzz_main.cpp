// libFuzzer entry point; compiled once per target with REDIST_FUZZ_HARNESS naming its harness
// (fuzz/CMakeLists.txt). A FuzzFailure escaping here terminates the process, which libFuzzer
// reports as a crash and saves the input.

#include <cstddef>
#include <cstdint>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  redist::fuzz::REDIST_FUZZ_HARNESS(redist::fuzz::Bytes(data, size));
  return 0;
}
