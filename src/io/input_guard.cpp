#include "redist/io/input_guard.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "redist/core/error.hpp"

namespace redist::io {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

const char* limit_text() { return "over the 4 GiB limit on inputs (docs/limits.md)"; }

// An interactive terminal on standard input is allowed (a user typing JSON); any other device is
// not.
void refuse_kind(const struct stat& st, const std::string& name, bool standard_input) {
  if (S_ISDIR(st.st_mode)) throw InputError(name, "", "is a directory, not an instance file");
  if (S_ISCHR(st.st_mode) && !(standard_input && ::isatty(STDIN_FILENO)))
    throw InputError(name, "", "is a device, not an instance file");
  if (S_ISBLK(st.st_mode)) throw InputError(name, "", "is a block device, not an instance file");
  if (S_ISSOCK(st.st_mode)) throw InputError(name, "", "is a socket, not an instance file");
  if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > kMaxInputBytes)
    throw InputError(name, "", "file is " + std::to_string(st.st_size) + " bytes, " + limit_text());
}

bool may_start_json(char c) {
  return c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' ||
         c == 'f' || c == 'n';
}

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The first byte that is not white space must be able to start a JSON value; the parser says the
// rest. Checked per chunk, so a stream of garbage stops after its first read.
void sniff(const std::string& text, std::size_t& checked, bool& decided, const std::string& name) {
  for (; !decided && checked < text.size(); ++checked) {
    const char c = text[checked];
    if (is_json_space(c)) continue;
    decided = true;
    if (!may_start_json(c)) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned char>(c));
      throw InputError(name, "",
                       "malformed JSON at byte " + std::to_string(checked) +
                           ": not a JSON document (it starts with byte " + code + ")");
    }
  }
}

// `expected` is the file's size when known (0 otherwise): the text is allocated once at that size
// instead of being doubled, and copied, as it grows.
std::string read_all(int fd, const std::string& name, std::size_t expected = 0) {
  std::string text;
  if (expected > 0 && expected <= kMaxInputBytes) text.reserve(expected + kChunkBytes);
  std::size_t checked = 0;
  bool decided = false;
  for (;;) {
    const std::size_t used = text.size();
    text.resize(used + kChunkBytes);
    const ssize_t n = ::read(fd, text.data() + used, kChunkBytes);
    if (n < 0 && errno == EINTR) {
      text.resize(used);
      continue;
    }
    if (n < 0) throw InputError(name, "", std::string("cannot read: ") + std::strerror(errno));
    text.resize(used + static_cast<std::size_t>(n));
    if (n == 0) return text;
    if (text.size() > kMaxInputBytes)
      throw InputError(name, "", std::string("input is ") + limit_text());
    sniff(text, checked, decided, name);
  }
}

// InputError(path, "", reason) unless `path` ("-": standard input) may hold an instance. Costs one
// stat.
void check_input_path(const std::string& path) {
  struct stat st {};
  if (path == "-") {
    if (::fstat(STDIN_FILENO, &st) != 0)
      throw InputError("standard input", "", std::strerror(errno));
    refuse_kind(st, "standard input", true);
    return;
  }
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(path, "", std::string("cannot open file: ") + std::strerror(errno));
  refuse_kind(st, path, false);
}

}  // namespace

std::string read_input_text(const std::string& path) {
  check_input_path(path);
  if (path == "-") return read_all(STDIN_FILENO, path);
  int fd = -1;
  do fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) throw InputError(path, "", std::string("cannot open file: ") + std::strerror(errno));
  struct stat st {};
  // The path may have changed between the stat and the open: judge what was opened.
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    throw InputError(path, "", std::string("cannot read: ") + std::strerror(errno));
  }
  try {
    refuse_kind(st, path, false);
    std::string text =
        read_all(fd, path, S_ISREG(st.st_mode) ? static_cast<std::size_t>(st.st_size) : 0);
    ::close(fd);
    return text;
  } catch (...) {
    ::close(fd);
    throw;
  }
}

}  // namespace redist::io
