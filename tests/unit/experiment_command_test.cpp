// app::experiment_commands (what `redist experiment NAME` binds and runs): the experiments in
// order with their --quick, a folder refused before any work, and a run whose text is the
// experiment's summary followed by the files it wrote.

#include "app/experiment_command.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "redist/core/error.hpp"

namespace redist::app {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() /
         ("redist_experiment_command_test_" + std::to_string(::getpid()) + "_" + name);
}

app::ExperimentCommand find(std::vector<app::ExperimentCommand> commands, const std::string& name) {
  for (auto& command : commands)
    if (command.name == name) return command;
  throw std::runtime_error("no experiment " + name);
}

TEST(ExperimentCommands, LauPermHetbiOrderedLatencyInOrderEachWithItsQuick) {
  const auto commands = app::experiment_commands(nullptr);
  ASSERT_EQ(commands.size(), 5u);
  EXPECT_EQ(commands[0].name, "lau");
  EXPECT_EQ(commands[1].name, "perm");
  EXPECT_EQ(commands[2].name, "hetbi");
  EXPECT_EQ(commands[3].name, "ordered");
  EXPECT_EQ(commands[4].name, "latency");
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
  for (const auto& command : app::experiment_commands(nullptr)) {
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
  app::ExperimentCommand hetbi = find(app::experiment_commands(nullptr, hook), "hetbi");
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

// Issue 27 item 11: a read-only file among the experiment's outputs failed only after the whole
// experiment ran. Each experiment's files are checked first; the run never starts (the hook of
// hetbi counts rings: none is planned).
TEST(ExperimentCommands, AReadOnlyOutputIsRefusedBeforeRunning) {
  int hook_calls = 0;
  const auto hook = [&](const RingInstance&, const ring::RingPlan&,
                        std::int64_t) -> std::optional<Ticks> {
    ++hook_calls;
    return std::nullopt;
  };
  for (const auto& command : app::experiment_commands(nullptr, hook)) {
    const fs::path dir = scratch("read_only_" + command.name);
    fs::create_directories(dir);
    const std::string first = command.name == "lau"    ? "tables.txt"
                              : command.name == "perm" ? "figure1.csv"
                                                       : "instances.csv";
    std::ofstream(dir / first) << "kept";
    fs::permissions(dir / first, fs::perms::owner_read | fs::perms::group_read);
    try {
      (void)command.run(dir.string());  // a full run would take minutes
      ADD_FAILURE() << command.name << " ran although " << first << " is read-only";
    } catch (const InputError& e) {
      EXPECT_EQ(e.field(), "--out") << command.name;
      EXPECT_NE(e.reason().find("read-only"), std::string::npos) << e.what();
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1)
        << command.name;
    fs::permissions(dir / first, fs::perms::owner_all);
    fs::remove_all(dir);
  }
  EXPECT_EQ(hook_calls, 0);
}

// All or none, the folder included: a write that fails (here a file beyond RLIMIT_FSIZE, as on a
// full disk) leaves neither the files, nor their temporaries, nor the folders made for them.
TEST(ReportFiles, AFailedWriteLeavesNoFolderBehind) {
  const fs::path top = scratch("fsize");
  const fs::path dir = top / "made" / "here";
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const rlimit limit{4096, 4096};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(99);
    try {
      report::write_report_files(dir.string(),
                                 {{"small.csv", "a,b\n"}, {"large.csv", std::string(10000, 'x')}});
      ::_exit(98);
    } catch (const InputError& e) {
      ::_exit(std::string(e.reason()).find("File too large") != std::string::npos ? 0 : 97);
    }
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_FALSE(fs::exists(top)) << "the folders made for the files are left";
  fs::remove_all(top);
}

// A folder that does not exist yet is refused before the run when it could not be made.
TEST(ReportFiles, AFolderThatCannotBeMadeIsRefusedAtOnce) {
  const fs::path file = scratch("plain_file");
  std::ofstream(file) << "x";
  try {
    report::require_report_files((file / "sub").string(), {"a.csv"});
    ADD_FAILURE() << "a folder inside a file";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "--out");
  }
  fs::remove(file);
  EXPECT_NO_THROW(report::require_report_files((scratch("new") / "a" / "b").string(), {"x"}));
  EXPECT_FALSE(fs::exists(scratch("new")));  // checked, not made
}

TEST(WrittenText, SummaryThenOneIndentedLinePerFile) {
  EXPECT_EQ(app::written_text("table", {"out/a.csv", "out/b.svg"}),
            "table\nwrote:\n  out/a.csv\n  out/b.svg\n");
  EXPECT_EQ(app::written_text("", {}), "\nwrote:\n");
}

}  // namespace
}  // namespace redist::app
