// io::OutputFiles and the input guard (docs/limits.md "Output files", "Input files"): each test is
// named after what it guards and works in its own scratch folder.

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "io/temporary_registry.hpp"
#include "redist/core/error.hpp"
#include "redist/io/input_guard.hpp"
#include "redist/io/output_files.hpp"

namespace redist::io {
namespace {

namespace fs = std::filesystem;

class ScratchFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "redist-output-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string read(const std::string& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void write(const std::string& p, const std::string& text) { std::ofstream(p) << text; }
  int entries() const {
    return static_cast<int>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
  // The reason of the InputError that `f` throws ("" when none).
  template <class F>
  static std::string refusal(F f) {
    try {
      f();
    } catch (const InputError& e) {
      return e.reason();
    }
    return "";
  }

  fs::path dir_;
};

using OutputSafety = ScratchFolder;

TEST_F(OutputSafety, NothingWrittenBeforeCommit) {
  {
    OutputFiles outputs;
    outputs.declare(path("a.json"), "-o");
    outputs.set_text(path("a.json"), "text");
  }
  EXPECT_EQ(entries(), 0);
}

TEST_F(OutputSafety, CommitWritesEveryOutputAndNoTemporary) {
  OutputFiles outputs;
  outputs.declare(path("a.json"), "-o");
  outputs.declare(path("b.svg"), "--svg");
  outputs.set_text(path("a.json"), "A");
  outputs.set_text(path("b.svg"), "B");
  outputs.commit();
  EXPECT_EQ(read(path("a.json")), "A");
  EXPECT_EQ(read(path("b.svg")), "B");
  EXPECT_EQ(entries(), 2);
}

TEST_F(OutputSafety, ProducedTextIsStreamedAtTheCommitOnly) {
  write(path("a.json"), "old");
  OutputFiles outputs;
  outputs.declare(path("a.json"), "-o");
  int calls = 0;
  outputs.set_producer(path("a.json"), [&](const TextWriter& write_piece) {
    ++calls;
    for (int i = 0; i < 1000; ++i) write_piece(std::to_string(i) + ",");
  });
  EXPECT_EQ(calls, 0) << "nothing is produced before the commit";
  EXPECT_EQ(read(path("a.json")), "old");
  outputs.commit();
  EXPECT_EQ(calls, 1);
  std::string expected;
  for (int i = 0; i < 1000; ++i) expected += std::to_string(i) + ",";
  EXPECT_EQ(read(path("a.json")), expected);
  EXPECT_EQ(entries(), 1) << "no temporary left";
}

TEST_F(OutputSafety, ProducerFailingHalfWayLeavesTheTargetAsItWas) {
  write(path("a.json"), "old");
  {
    OutputFiles outputs;
    outputs.declare(path("a.json"), "-o");
    outputs.set_producer(path("a.json"), [](const TextWriter& write_piece) {
      write_piece("half of it");
      throw InputError("a.json", "-o", "gave up");
    });
    EXPECT_EQ(refusal([&] { outputs.commit(); }), "gave up");
    EXPECT_EQ(read(path("a.json")), "old");
  }
  EXPECT_EQ(entries(), 1) << "the temporary is removed with the outputs (as the command exits)";
}

TEST_F(OutputSafety, StagedOutputsStayHiddenUntilTheCommitAndAreProducedOnce) {
  write(path("a.json"), "old");
  OutputFiles outputs;
  outputs.declare(path("a.json"), "-o");
  outputs.declare(path("b.svg"), "--svg");
  int calls = 0;
  outputs.set_producer(path("a.json"), [&](const TextWriter& write_piece) {
    ++calls;
    write_piece("new");
  });
  outputs.stage();
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(read(path("a.json")), "old") << "the target is untouched until the commit";
  EXPECT_EQ(entries(), 2) << "the target and one hidden temporary";
  outputs.set_text(path("b.svg"), "B");  // given after the stage: written by the commit
  outputs.commit();
  EXPECT_EQ(calls, 1) << "a staged output is not produced again";
  EXPECT_EQ(read(path("a.json")), "new");
  EXPECT_EQ(read(path("b.svg")), "B");
  EXPECT_EQ(entries(), 2) << "no temporary left";
}

TEST_F(OutputSafety, StagedOutputsWithoutACommitLeaveNothing) {
  write(path("a.json"), "old");
  {
    OutputFiles outputs;
    outputs.declare(path("a.json"), "-o");
    outputs.declare(path("b.json"), "--other");
    outputs.set_text(path("a.json"), "new");
    outputs.set_text(path("b.json"), "B");
    outputs.stage();
    EXPECT_EQ(entries(), 3);
  }  // the command failed after staging (a plan the validator rejected)
  EXPECT_EQ(read(path("a.json")), "old");
  EXPECT_EQ(entries(), 1);
}

TEST_F(OutputSafety, ACommitAfterAFailedStagePublishesNothing) {
  write(path("a.json"), "old");
  OutputFiles outputs;
  outputs.declare(path("a.json"), "-o");
  outputs.set_producer(path("a.json"), [](const TextWriter& write_piece) {
    write_piece("partial ");
    throw InputError("a.json", "-o", "disk full");
  });
  EXPECT_EQ(refusal([&] { outputs.stage(); }), "disk full");
  EXPECT_EQ(entries(), 1) << "the half-written temporary is removed at once";
  EXPECT_THROW(outputs.commit(), InternalError);
  EXPECT_EQ(read(path("a.json")), "old");
  EXPECT_EQ(entries(), 1);
}

TEST_F(OutputSafety, ModeIsPreserved) {
  write(path("private.json"), "old");
  ASSERT_EQ(chmod(path("private.json").c_str(), 0640), 0);
  write_output_file(path("private.json"), "new");
  struct stat st {};
  ASSERT_EQ(stat(path("private.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(read(path("private.json")), "new");
}

TEST_F(OutputSafety, NewFileFollowsTheUmask) {
  const mode_t old = umask(027);
  write_output_file(path("new.json"), "x");
  umask(old);
  struct stat st {};
  ASSERT_EQ(stat(path("new.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(OutputSafety, ReadOnlyFileIsRefused) {
  write(path("ro.json"), "old");
  ASSERT_EQ(chmod(path("ro.json").c_str(), 0444), 0);
  EXPECT_NE(refusal([&] { write_output_file(path("ro.json"), "new"); }).find("read-only"),
            std::string::npos);
  EXPECT_EQ(read(path("ro.json")), "old");
}

TEST_F(OutputSafety, InputIsNeverAnOutput) {
  write(path("in.json"), "instance");
  ASSERT_EQ(symlink("in.json", path("alias.json").c_str()), 0);
  OutputFiles outputs({path("in.json")});
  EXPECT_NE(refusal([&] { outputs.declare(path("alias.json"), "-o"); }).find("is also an input"),
            std::string::npos);
  EXPECT_EQ(read(path("in.json")), "instance");
}

// Issue 27: `plan - -o i.json < i.json` replaced its own input. Standard input that is a regular
// file is compared by device and inode like a named input; a pipe or another file is no conflict.
TEST_F(OutputSafety, StandardInputIsNeverAnOutput) {
  write(path("in.json"), "instance");
  write(path("other.json"), "other");
  const int saved = dup(STDIN_FILENO);
  ASSERT_GE(saved, 0);
  const auto redirect = [&](const std::string& file) {
    const int fd = open(file.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(dup2(fd, STDIN_FILENO), STDIN_FILENO);
    close(fd);
  };
  redirect(path("in.json"));
  std::string same, other_file, not_an_input;
  {
    OutputFiles outputs({"-"});
    same = refusal([&] { outputs.declare(path("in.json"), "-o"); });
  }
  {
    OutputFiles outputs({"-"});
    other_file = refusal([&] { outputs.declare(path("other.json"), "-o"); });
  }
  {
    OutputFiles outputs({path("other.json")});  // standard input is not an input here
    not_an_input = refusal([&] { outputs.declare(path("in.json"), "-o"); });
  }
  dup2(saved, STDIN_FILENO);
  close(saved);
  EXPECT_NE(same.find("is also an input of this command (standard input)"), std::string::npos);
  EXPECT_EQ(other_file, "");
  EXPECT_EQ(not_an_input, "");
  EXPECT_EQ(read(path("in.json")), "instance");
}

// Issue 27: a name of 241 to 255 bytes could not be written, its temporary ".NAME.redist-XXXXXX"
// passing 255 bytes. The temporary's copy of the name is shortened, never the target's.
TEST_F(OutputSafety, NamesUpToTheLimitCanBeWritten) {
  for (const std::size_t length : {240U, 241U, 250U, 255U}) {
    const std::string name = std::string(length - 5, 'n').append(".json");
    write_output_file(path(name), "text " + std::to_string(length));
    EXPECT_EQ(read(path(name)), "text " + std::to_string(length)) << length;
  }
  // Cut between UTF-8 characters: 120 two-byte characters and ".json" is 245 bytes.
  std::string accented;
  for (int i = 0; i < 120; ++i) accented += "\xC3\xA9";
  accented += ".json";
  write_output_file(path(accented), "accented");
  EXPECT_EQ(read(path(accented)), "accented");
  EXPECT_EQ(entries(), 5);  // the five targets, no temporary left
}

TEST_F(OutputSafety, SameOutputTwiceIsRefused) {
  OutputFiles outputs;
  outputs.declare(path("x"), "-o");
  EXPECT_NE(refusal([&] {
              outputs.declare(dir_.string() + "/./x", "--svg");
            }).find("is also the output of -o"),
            std::string::npos);
}

TEST_F(OutputSafety, MissingFolderIsRefusedAtDeclaration) {
  OutputFiles outputs;
  EXPECT_NE(refusal([&] { outputs.declare(path("no/such/x.json"), "-o"); }).find("does not exist"),
            std::string::npos);
  EXPECT_NE(refusal([&] { outputs.declare("", "-o"); }).find("empty path"), std::string::npos);
  EXPECT_NE(refusal([&] { outputs.declare(dir_.string(), "-o"); }).find("is a directory"),
            std::string::npos);
}

TEST_F(OutputSafety, SymlinkIsKeptAndItsFileReplaced) {
  write(path("real.json"), "old");
  ASSERT_EQ(symlink("real.json", path("link.json").c_str()), 0);
  write_output_file(path("link.json"), "new");
  EXPECT_TRUE(fs::is_symlink(path("link.json")));
  EXPECT_EQ(read(path("real.json")), "new");
}

TEST_F(OutputSafety, HardLinkIsKept) {
  write(path("h1"), "old");
  ASSERT_EQ(link(path("h1").c_str(), path("h2").c_str()), 0);
  write_output_file(path("h1"), "new");
  EXPECT_EQ(read(path("h2")), "new");
  EXPECT_TRUE(fs::equivalent(path("h1"), path("h2")));
}

TEST_F(OutputSafety, FailedCommitLeavesEveryTargetAsItWas) {
  // The second output is a character device that fails every write (as /dev/full); made only as
  // root.
  if (geteuid() != 0) GTEST_SKIP() << "needs root for mknod";
  ASSERT_EQ(mknod(path("full").c_str(), S_IFCHR | 0666, makedev(1, 7)), 0);
  write(path("a.json"), "old");
  OutputFiles outputs;
  outputs.declare(path("a.json"), "-o");
  outputs.declare(path("full"), "--svg");
  outputs.set_text(path("a.json"), "new");
  outputs.set_text(path("full"), "picture");
  EXPECT_NE(refusal([&] { outputs.commit(); }).find("No space left on device"), std::string::npos);
  EXPECT_EQ(read(path("a.json")), "old");
  struct stat st {};
  ASSERT_EQ(lstat(path("full").c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

// A signal between the creation of a temporary and its rename, in a program that asked for the
// cleanup (as `redist` does): the handler unlinks it and the process dies of the same signal.
// SIGINT is tested here because a shell's background job ignores it.
TEST_F(OutputSafety, SignalRemovesRegisteredTemporary) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      remove_temporaries_on_signals();
      std::string temporary;
      const int fd = detail::create_registered_temporary(path(".x.redist-XXXXXX"), temporary);
      if (fd < 0) _exit(3);
      raise(sig);
      _exit(4);  // not reached: the handler re-raises with the default action
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig)
        << "signal " << sig << ", status " << status;
    EXPECT_EQ(entries(), 0) << "signal " << sig;
  }
}

volatile std::sig_atomic_t g_own_handler_calls = 0;
extern "C" void count_own_handler(int) { g_own_handler_calls = g_own_handler_calls + 1; }

// The program's own handlers, installed before anything of redist runs.
void install_own_handlers() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction action {};
    action.sa_handler = count_own_handler;
    sigemptyset(&action.sa_mask);
    ASSERT_EQ(sigaction(sig, &action, nullptr), 0);
  }
}

// The library leaves signals alone: a program that writes outputs through OutputFiles (every step
// that once installed handlers: declare, stage, commit) keeps its own handlers, which still run.
TEST_F(OutputSafety, LibraryKeepsTheProgramsHandlers) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    install_own_handlers();
    OutputFiles outputs;
    outputs.declare(path("a.json"), "-o");
    outputs.set_text(path("a.json"), "text");
    outputs.stage();
    outputs.commit();
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
      struct sigaction now {};
      sigaction(sig, nullptr, &now);
      if (now.sa_handler != count_own_handler) _exit(10 + sig);
      raise(sig);
    }
    _exit(g_own_handler_calls == 4 ? 0 : 5);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  EXPECT_EQ(read(path("a.json")), "text");
}

// Opted in after the program's own handlers: a signal removes the temporaries, then runs the
// program's handler (which here lets the process go on) instead of killing it.
TEST_F(OutputSafety, CleanupPassesSignalsToTheProgramsHandlers) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    install_own_handlers();
    remove_temporaries_on_signals();
    std::string temporary;
    if (detail::create_registered_temporary(path(".x.redist-XXXXXX"), temporary) < 0) _exit(3);
    raise(SIGINT);
    _exit(g_own_handler_calls == 1 ? 0 : 4);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  EXPECT_EQ(entries(), 0);
}

using InputGuard = ScratchFolder;

TEST_F(InputGuard, DirectoryIsRefusedBeforeReading) {
  EXPECT_NE(refusal([&] { read_input_text(dir_.string()); }).find("is a directory"),
            std::string::npos);
}

TEST_F(InputGuard, DeviceIsRefusedBeforeReading) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root for mknod";
  ASSERT_EQ(mknod(path("zero").c_str(), S_IFCHR | 0666, makedev(1, 5)), 0);
  EXPECT_NE(refusal([&] { read_input_text(path("zero")); }).find("is a device"), std::string::npos);
}

TEST_F(InputGuard, OversizeFileIsRefusedFromItsSize) {
  const int fd = open(path("big.json").c_str(), O_CREAT | O_WRONLY, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, static_cast<off_t>(kMaxInputBytes + 1)), 0);  // sparse: no disk used
  close(fd);
  EXPECT_NE(refusal([&] { read_input_text(path("big.json")); }).find("over the 4 GiB limit"),
            std::string::npos);
}

TEST_F(InputGuard, GarbageStartIsRefusedAtOnce) {
  write(path("nul.json"), std::string(1000, '\0'));
  EXPECT_NE(refusal([&] { read_input_text(path("nul.json")); }).find("not a JSON document"),
            std::string::npos);
  write(path("ok.json"), " \n{\"a\": 1}");
  EXPECT_EQ(read_input_text(path("ok.json")), " \n{\"a\": 1}");
}

}  // namespace
}  // namespace redist::io
