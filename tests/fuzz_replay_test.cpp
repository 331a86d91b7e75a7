// Replays every fuzz seed (fuzz/corpus/<target>/) and every saved failing input
// (fuzz/regressions/<target>/) through the same harness functions the libFuzzer executables run, so
// the ordinary build (any compiler, label `fuzz`) keeps every bug that fuzzing found fixed.
// To add a regression: copy the crash file libFuzzer wrote into fuzz/regressions/<target>/.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include <gtest/gtest.h>

#include "harness.hpp"

namespace {

namespace fs = std::filesystem;
using redist::fuzz::FuzzTarget;

std::vector<fs::path> inputs_of(const std::string& target) {
  std::vector<fs::path> files;
  for (const char* kind : {"corpus", "regressions"}) {
    const fs::path dir = fs::path(REDIST_FUZZ_DIR) / kind / target;
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_regular_file() && name.front() != '.' && name.rfind("README", 0) != 0)
        files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::uint8_t> bytes_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class FuzzReplay : public ::testing::TestWithParam<FuzzTarget> {};

TEST_P(FuzzReplay, EverySeedAndRegressionInput) {
  const FuzzTarget target = GetParam();
  const std::vector<fs::path> files = inputs_of(target.name);
  ASSERT_FALSE(files.empty()) << "no seed corpus in " << REDIST_FUZZ_DIR << "/corpus/"
                              << target.name;
  for (const fs::path& file : files) {
    const std::vector<std::uint8_t> bytes = bytes_of(file);
    try {
      target.run(bytes);
    } catch (const std::exception& e) {
      ADD_FAILURE() << file.string() << ": " << e.what();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay,
                         ::testing::ValuesIn(redist::fuzz::fuzz_targets().begin(),
                                             redist::fuzz::fuzz_targets().end()),
                         [](const ::testing::TestParamInfo<FuzzTarget>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
