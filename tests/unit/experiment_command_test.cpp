// report::experiment_commands (what `redist experiment NAME` binds and runs): the experiments in
// order with their --quick, a folder refused before any work, and a run whose text is the
// experiment's summary followed by the files it wrote.

#include "redist/report/experiment_command.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "redist/core/error.hpp"

namespace redist {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() /
         ("redist_experiment_command_test_" + std::to_string(::getpid()) + "_" + name);
}

report::ExperimentCommand find(std::vector<report::ExperimentCommand> commands,
                               const std::string& name) {
  for (auto& command : commands)
    if (command.name == name) return command;
  throw std::runtime_error("no experiment " + name);
}

TEST(ExperimentCommands, LauPermHetbiLatencyInOrderEachWithItsQuick) {
  const auto commands = report::experiment_commands(nullptr);
  ASSERT_EQ(commands.size(), 4u);
  EXPECT_EQ(commands[0].name, "lau");
  EXPECT_EQ(commands[1].name, "perm");
  EXPECT_EQ(commands[2].name, "hetbi");
  EXPECT_EQ(commands[3].name, "latency");
  for (const auto& command : commands) {
    EXPECT_FALSE(command.help.empty()) << command.name;
    EXPECT_EQ(command.quick.names, "--quick");
    EXPECT_EQ(command.quick.kind, OptionSpec::Kind::flag);
    EXPECT_FALSE(command.quick.help.empty()) << command.name;
    EXPECT_FALSE(command.options.empty()) << command.name;
    EXPECT_TRUE(command.run) << command.name;
  }
}

TEST(ExperimentCommands, AFileInPlaceOfTheFolderIsRefusedBeforeRunning) {
  const fs::path file = scratch("file");
  std::ofstream(file) << "not a folder";
  for (const auto& command : report::experiment_commands(nullptr)) {
    try {
      (void)command.run(file.string());  // a full run would take minutes
      ADD_FAILURE() << command.name << " ran into a file";
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), "--out") << command.name;
    }
  }
  fs::remove(file);
}

TEST(ExperimentCommands, HetbiRunsWithItsOptionsAndHookThenListsItsFiles) {
  int hook_calls = 0;
  const auto hook = [&](const RingInstance&, const ring::RingPlan&,
                        std::int64_t node_limit) -> std::optional<Ticks> {
    ++hook_calls;
    EXPECT_EQ(node_limit, 20'000);  // the experiment's own limit (docs: "within 20,000 nodes")
    return std::nullopt;
  };
  report::ExperimentCommand hetbi = find(report::experiment_commands(nullptr, hook), "hetbi");
  *hetbi.quick.flag = hetbi.quick.flag_value;  // --quick
  for (const auto& spec : hetbi.options)
    if (spec.names == "--max-n") spec.store({"4"});
  const fs::path dir = scratch("hetbi");
  const std::string text = hetbi.run(dir.string());

  report::HetbiExperimentOptions options;
  options.quick = true;
  options.max_n = 4;
  const std::string summary = report::format_hetbi_summary(report::run_hetbi_experiment(options));
  EXPECT_EQ(text.rfind(summary + "\nwrote:\n", 0), 0u) << text;
  EXPECT_GT(hook_calls, 0);  // n = 4 <= 8: every ring asks for its optimum
  std::istringstream lines(text.substr(summary.size() + 8));
  int files = 0;
  for (std::string line; std::getline(lines, line); ++files) {
    ASSERT_EQ(line.rfind("  ", 0), 0u) << line;
    EXPECT_TRUE(fs::is_regular_file(line.substr(2))) << line;
    EXPECT_EQ(fs::path(line.substr(2)).parent_path(), dir) << line;
  }
  EXPECT_GE(files, 4);  // instances, summary, unreachable (CSV) and the gap chart
  fs::remove_all(dir);
}

TEST(WrittenText, SummaryThenOneIndentedLinePerFile) {
  EXPECT_EQ(report::written_text("table", {"out/a.csv", "out/b.svg"}),
            "table\nwrote:\n  out/a.csv\n  out/b.svg\n");
  EXPECT_EQ(report::written_text("", {}), "\nwrote:\n");
}

}  // namespace
}  // namespace redist
