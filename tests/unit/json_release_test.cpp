// io::release_json (issue 27 item 7): nlohmann's destructor allocates a stack as long as a
// document's largest array, so a document freed while memory has run out ended the program in
// std::terminate (exit 134) instead of the one-line "out of memory" of every other command.

#include "io/json_release.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <new>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

namespace redist::io {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;  // its allocator ignores RLIMIT_AS: nothing to observe
#else
constexpr bool kAddressSanitizer = false;
#endif

// {"loads": [0, 1, ..., n-1], "rows": [[0], [1], ...]}: what a large instance parses to.
Json large_document(std::size_t n) {
  Json doc = Json::object();
  Json& loads = doc["loads"];
  Json& rows = doc["rows"];
  loads = Json::array();
  rows = Json::array();
  for (std::size_t i = 0; i < n; ++i) loads.push_back(i);
  for (std::size_t i = 0; i < n / 4; ++i) rows.push_back(Json::array({i}));
  return doc;
}

// In a child whose address space may grow by 4 MiB at most, a std::bad_alloc unwinds past a large
// document, guarded by a JsonReleaser or not; the child's exit status (128 + the signal that ended
// it, if one did).
int unwind_past_a_large_document(bool released) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    Json doc = large_document(1'000'000);  // nlohmann's destructor needs about 16 MB to free it
    long pages = 0;
    if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(statm, "%ld", &pages) != 1) pages = 0;
      std::fclose(statm);
    }
    const rlim_t room =
        static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + (rlim_t{4} << 20);
    const rlimit limit{room, room};
    if (pages == 0 || setrlimit(RLIMIT_AS, &limit) != 0) _exit(99);
    try {
      Json owned = std::move(doc);
      std::optional<JsonReleaser> release;
      if (released) release.emplace(owned);
      std::vector<char> more(std::size_t{1} << 30);  // runs out: unwinds past `owned`
      _exit(98);
    } catch (const std::bad_alloc&) {
      _exit(0);  // the one-line "out of memory" of the CLI would be printed here
    }
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(JsonRelease, EmptiesEveryContainer) {
  Json doc = {{"a", {1, {2, 3}, {{"b", {4, 5}}}}}, {"c", "text"}};
  release_json(doc);
  EXPECT_TRUE(doc.is_object());
  EXPECT_TRUE(doc.empty());
  Json scalar = 7;
  release_json(scalar);
  EXPECT_EQ(scalar, 7);
}

// The premise, then the fix: nlohmann's destructor asks for memory that is not there inside a
// noexcept function (std::terminate, SIGABRT); a released document frees without asking.
TEST(JsonRelease, ALargeDocumentIsFreedInAFullAddressSpace) {
  if (kAddressSanitizer) GTEST_SKIP() << "AddressSanitizer's allocator does not honour RLIMIT_AS";
  EXPECT_EQ(unwind_past_a_large_document(false), 128 + SIGABRT);
  EXPECT_EQ(unwind_past_a_large_document(true), 0);
}

}  // namespace
}  // namespace redist::io
