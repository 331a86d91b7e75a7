#include "redist/io/output_files.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <utility>

#include "redist/core/error.hpp"
#include "temporary_registry.hpp"

namespace redist::io {

namespace {

// How a target is written (the policy of output_files.hpp).
enum class Kind { standard_output, replace, rewrite_in_place, write_through };

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// ".NAME.redist-XXXXXX", NAME cut short where the whole would pass the folder's limit on a name
// (255 bytes on Linux file systems): a target of 241 to 255 bytes must still get a temporary. The
// cut keeps whole UTF-8 characters; the target's own name is never changed.
std::string temporary_pattern(const std::string& write_path) {
  const std::string folder = folder_of(write_path);
  std::string name = base_of(write_path);
  const long limit = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  constexpr std::size_t kAdded = sizeof(".") - 1 + sizeof(".redist-XXXXXX") - 1;
  const std::size_t most =
      limit > static_cast<long>(kAdded) ? static_cast<std::size_t>(limit) : 255;
  if (name.size() + kAdded > most) {
    std::size_t keep = most - kAdded;
    while (keep > 0 && (static_cast<unsigned char>(name[keep]) & 0xC0) == 0x80) --keep;
    name.resize(keep);
  }
  return folder + "/." + name + ".redist-XXXXXX";
}

std::string resolved(const std::string& path) {
  char buffer[PATH_MAX];
  return realpath(path.c_str(), buffer) ? std::string(buffer) : path;
}

mode_t new_file_mode() {
  const mode_t mask = umask(0);
  umask(mask);
  return static_cast<mode_t>(0666 & ~mask);
}

// The descriptors a process already has open: their /dev and /proc names are written through.
bool names_standard_stream(const std::string& path) {
  return path == "/dev/stdout" || path == "/dev/stderr" || path.rfind("/dev/fd/", 0) == 0 ||
         path.rfind("/proc/self/fd/", 0) == 0;
}

void write_all(int fd, std::string_view text, const std::string& path, const std::string& option) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw InputError(path, option,
                       std::string("write failed: ") + std::strerror(n < 0 ? errno : EIO));
    done += static_cast<std::size_t>(n);
  }
}

// SIGPIPE and SIGXFSZ held back on this thread while an output is written: a pipe's reader that
// went away is then an EPIPE error, not a silent death, and a file beyond `ulimit -f` an EFBIG
// error, after which the temporaries and the folders made for them are removed, rather than a
// death that leaves them behind. Both signals are sent to the thread whose write failed, so
// blocking them here suffices; one that this write raised is taken back before they are unblocked.
// Nothing else in the process sees a change: its dispositions are left as they are.
class WriteSignalsHeld {
 public:
  WriteSignalsHeld() {
    sigemptyset(&held_);
    sigaddset(&held_, SIGPIPE);
    sigaddset(&held_, SIGXFSZ);
    pthread_sigmask(SIG_BLOCK, &held_, &old_mask_);
    sigpending(&pending_before_);
  }
  ~WriteSignalsHeld() {
    sigset_t pending;
    sigpending(&pending);
    const timespec no_wait{0, 0};
    for (int s : {SIGPIPE, SIGXFSZ})
      if (sigismember(&pending, s) == 1 && sigismember(&pending_before_, s) != 1) {
        sigset_t one;
        sigemptyset(&one);
        sigaddset(&one, s);
        sigtimedwait(&one, nullptr, &no_wait);
      }
    pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
  }
  WriteSignalsHeld(const WriteSignalsHeld&) = delete;
  WriteSignalsHeld& operator=(const WriteSignalsHeld&) = delete;

 private:
  sigset_t held_{}, old_mask_{}, pending_before_{};
};

// The producer's text written to `fd`, closing `fd` when anything throws.
void write_or_close(int fd, const TextProducer& produce, const std::string& path,
                    const std::string& option) {
  const WriteSignalsHeld held;
  try {
    produce([&](std::string_view piece) { write_all(fd, piece, path, option); });
  } catch (...) {
    ::close(fd);
    throw;
  }
}

// close reports what a write could not (a network file system's deferred errors). The file is not
// forced to disk (no fsync): the rename publishes a complete file to every reader, which is the
// promise; surviving a power cut is the file system's business, as for compilers and other tools
// (fsync cost a 78 MB schedule 34 ms, a tenth of planning it: BENCHMARKS.md).
void close_checked(int fd, const std::string& path, const std::string& option) {
  if (::close(fd) != 0)
    throw InputError(path, option, std::string("write failed: ") + std::strerror(errno));
}

}  // namespace

struct OutputFiles::Target {
  std::string path;    // as given
  std::string option;  // "-o", "--svg", ...
  Kind kind = Kind::replace;
  std::string write_path;  // where bytes go: the file a symbolic link names
  std::string identity;    // resolved path, to compare outputs that do not exist yet
  std::optional<std::pair<dev_t, ino_t>> inode;
  mode_t mode = 0;
  std::optional<std::pair<uid_t, gid_t>> owner;
  TextProducer text;      // empty: not written
  std::string temporary;  // set during a commit until renamed

  [[noreturn]] void refuse(const std::string& reason) const {
    throw InputError(path, option, reason);
  }
  void classify();
  void classify_missing();
  void classify_regular(const struct stat& st);
  void write_temporary();
  void write_directly() const;
};

void OutputFiles::Target::classify_missing() {
  const std::string folder = folder_of(path);
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0) refuse("folder " + folder + " does not exist");
  if (!S_ISDIR(st.st_mode)) refuse(folder + " is not a folder");
  if (::access(folder.c_str(), W_OK) != 0)
    refuse("cannot create files in folder " + folder + ": " + std::strerror(errno));
  kind = Kind::replace;
  write_path = path;
  identity = resolved(folder) + "/" + base_of(path);
  mode = new_file_mode();
}

void OutputFiles::Target::classify_regular(const struct stat& st) {
  // Root passes access(W_OK) on any file: the permission bits themselves say "read-only" too.
  if ((st.st_mode & 0222) == 0 || ::access(write_path.c_str(), W_OK) != 0)
    refuse("file is read-only; redist does not overwrite it");
  mode = st.st_mode & 07777;
  owner = std::pair{st.st_uid, st.st_gid};
  if (st.st_nlink > 1) {
    kind = Kind::rewrite_in_place;
    return;
  }
  const std::string folder = folder_of(write_path);
  if (::access(folder.c_str(), W_OK) != 0)
    refuse("cannot create a temporary file in folder " + folder + ": " + std::strerror(errno));
  kind = Kind::replace;
}

void OutputFiles::Target::classify() {
  if (path.empty()) refuse("empty path (use - for standard output)");
  if (path == "-") {
    kind = Kind::standard_output;
    identity = path;  // "-" (a literal here trips a false GCC 12 -Wrestrict warning)
    return;
  }
  struct stat link {};
  if (::lstat(path.c_str(), &link) != 0) {
    if (errno != ENOENT) refuse(std::strerror(errno));
    classify_missing();
    return;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    refuse("is a symbolic link to a missing file; redist does not replace the link");
  write_path = S_ISLNK(link.st_mode) ? resolved(path) : path;
  identity = resolved(path);
  inode = std::pair{st.st_dev, st.st_ino};
  if (S_ISDIR(st.st_mode)) refuse("is a directory");
  if (S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
    refuse(
        "is a block device or socket; redist writes regular files, character devices and named "
        "pipes only");
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || names_standard_stream(path)) {
    if (::access(path.c_str(), W_OK) != 0)
      refuse(std::string("cannot write: ") + std::strerror(errno));
    kind = Kind::write_through;
    write_path = path;
    return;
  }
  classify_regular(st);
}

void OutputFiles::Target::write_temporary() {
  const std::string pattern = temporary_pattern(write_path);
  const int fd = detail::create_registered_temporary(pattern, temporary);
  if (fd < 0)
    refuse(std::string("cannot create a temporary file next to it: ") + std::strerror(errno));
  write_or_close(fd, text, path, option);
  if (::fchmod(fd, mode) != 0) {
    ::close(fd);
    refuse(std::string("cannot set the file mode: ") + std::strerror(errno));
  }
  // Only root can give a file away; an ordinary user's file is already theirs.
  if (owner && ::geteuid() == 0 && ::fchown(fd, owner->first, owner->second) != 0) {
    ::close(fd);
    refuse(std::string("cannot keep the file's owner: ") + std::strerror(errno));
  }
  close_checked(fd, path, option);
}

void OutputFiles::Target::write_directly() const {
  int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC;
  if (kind == Kind::rewrite_in_place) flags |= O_TRUNC;
  if (kind == Kind::write_through && names_standard_stream(path)) flags |= O_APPEND;
  int fd = -1;
  do fd = ::open(write_path.c_str(), flags);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) refuse(std::string("cannot open for writing: ") + std::strerror(errno));
  write_or_close(fd, text, path, option);
  close_checked(fd, path, option);
}

OutputFiles::OutputFiles(std::vector<std::string> inputs) : inputs_(std::move(inputs)) {}

OutputFiles::~OutputFiles() {
  for (const auto& t : targets_)
    if (!t->temporary.empty()) detail::settle_registered_temporary(t->temporary, "");
}

void OutputFiles::declare(const std::string& path, const std::string& option) {
  auto target = std::make_unique<Target>();
  target->path = path;
  target->option = option;
  target->classify();
  refuse_conflicts(*target);
  targets_.push_back(std::move(target));
}

void OutputFiles::refuse_conflicts(const Target& added) const {
  if (added.inode) {
    for (const std::string& input : inputs_) {
      // "-" is whatever standard input is: `plan - -o i.json < i.json` would replace its input.
      struct stat st {};
      const bool known = input == "-" ? ::fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode)
                                      : ::stat(input.c_str(), &st) == 0;
      if (known && std::pair{st.st_dev, st.st_ino} == *added.inode)
        added.refuse("is also an input of this command (" +
                     (input == "-" ? std::string("standard input") : input) +
                     "); redist does not overwrite its input");
    }
  }
  for (const auto& other : targets_) {
    const bool same_inode = added.inode && other->inode && *added.inode == *other->inode;
    if (same_inode || added.identity == other->identity)
      added.refuse("is also the output of " + other->option + " (" + other->path + ")");
  }
}

OutputFiles::Target& OutputFiles::find(const std::string& path) {
  for (const auto& t : targets_)
    if (t->path == path) return *t;
  throw InternalError("output " + path + " was not declared");
}

void OutputFiles::set_text(const std::string& path, std::string text) {
  find(path).text = [whole = std::move(text)](const TextWriter& write) { write(whole); };
}

void OutputFiles::set_producer(const std::string& path, TextProducer produce) {
  find(path).text = std::move(produce);
}

void OutputFiles::stage() {
  if (failed_) throw InternalError("output files staged again after a failed write");
  // Every temporary first: a failure here leaves every target as it was.
  for (const auto& t : targets_) {
    if (!t->text || t->kind != Kind::replace || !t->temporary.empty()) continue;
    try {
      t->write_temporary();
    } catch (...) {
      // A half-written temporary must never be renamed by a later commit: it goes now, and so
      // does any later stage or commit.
      failed_ = true;
      if (!t->temporary.empty())
        detail::settle_registered_temporary(std::exchange(t->temporary, ""), "");
      throw;
    }
  }
}

void OutputFiles::commit() {
  stage();
  // Then what cannot be staged (devices, pipes, hard-linked files), then the atomic renames.
  for (const auto& t : targets_)
    if (t->text && (t->kind == Kind::write_through || t->kind == Kind::rewrite_in_place))
      t->write_directly();
  for (const auto& t : targets_) {
    if (t->temporary.empty()) continue;
    const std::string temporary = std::exchange(t->temporary, "");
    if (!detail::settle_registered_temporary(temporary, t->write_path))
      t->refuse(std::string("cannot move the written file into place: ") + std::strerror(errno));
  }
  for (const auto& t : targets_) {
    if (!t->text || t->kind != Kind::standard_output) continue;
    t->text([](std::string_view piece) {
      std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
    });
    std::cout << std::flush;
    if (!std::cout) throw InputError("standard output", t->option, "write failed");
  }
}

void write_output_file(const std::string& path, const std::string& text,
                       const std::string& option) {
  OutputFiles outputs;
  outputs.declare(path, option);
  outputs.set_text(path, text);
  outputs.commit();
}

void remove_temporaries_on_signals() { detail::remove_temporaries_on_signals(); }

}  // namespace redist::io
