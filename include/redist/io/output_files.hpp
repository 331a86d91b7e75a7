#pragma once
// A command's output files, written all or nothing (docs/limits.md, "Output files").
//
// A command declares every output before it starts working, so that a path it cannot write costs
// nothing; it hands over each output's text when it has it, and commits once everything succeeded.
// Only hidden temporaries reach the file system before the commit, so a command that fails writes
// nothing.
//
// Committing writes a regular file to a unique temporary next to it (created like mkstemp), written
// and closed with every error checked (not fsync'ed: docs/limits.md), then renamed over the target:
// a reader, or a concurrent run writing the same path, always sees one complete output. The
// target's permission bits (and, as root, its owner) are kept. Character devices and named pipes
// are written through: opened and written, never replaced. A symbolic link is followed and the file
// it names is replaced, so the link stays a link. A file with several hard links is rewritten in
// place, so every name keeps seeing it. Temporaries are removed on every exit path; on SIGINT,
// SIGTERM, SIGHUP and SIGPIPE too in a program that called remove_temporaries_on_signals (the
// `redist` command does: then only SIGKILL can leave one).
//
// Refused with InputError(path, option, reason), before any work: an empty path, a directory, a
// missing folder, a read-only file, a block device or socket, a dangling symbolic link, a path that
// is also an input of the command, and a path that is also another of its outputs (compared by
// device and inode where the file exists, by resolved path where it does not).

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace redist::io {

/// Receives an output's text piece by piece, in order.
using TextWriter = std::function<void(std::string_view)>;
/// Writes an output's whole text through the writer it is given; called once, at the commit, so a
/// large output (a 10^7-transfer schedule) is streamed to its temporary and never held whole.
using TextProducer = std::function<void(const TextWriter&)>;

class OutputFiles {
 public:
  /// `inputs`: the files the command reads ("-" for standard input is ignored).
  explicit OutputFiles(std::vector<std::string> inputs = {});
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;
  ~OutputFiles();  // removes the temporaries of a commit that failed half-way

  /// Declares an output ("-": standard output), named `option` in errors (e.g. "-o", "--svg").
  void declare(const std::string& path, const std::string& option);
  /// The text of a declared output; an output without text is not written.
  void set_text(const std::string& path, std::string text);
  /// The text of a declared output, produced while committing (streamed: see TextProducer). The
  /// producer must not fail for want of input: a failure there is a failed commit, not bad input.
  void set_producer(const std::string& path, TextProducer produce);
  /// Writes the regular files' temporaries now, so that the work can overlap another task
  /// (plan_ring validating the plan while its schedule is written); nothing is visible until
  /// commit(), and the temporaries are removed if commit() is never reached. Outputs given text
  /// later are staged by commit(). Producers of staged outputs are not called again. After a failed
  /// stage() or commit(), the failed temporary is gone and a later stage() or commit() throws
  /// InternalError: a half-written file is never renamed into place.
  void stage();
  /// Writes every output that has text, or none of the regular files; InputError names the one that
  /// failed. Standard output is written last.
  void commit();

 private:
  struct Target;
  std::vector<std::string> inputs_;
  std::vector<std::unique_ptr<Target>> targets_;
  bool failed_ = false;  // a temporary could not be written: nothing may be committed

  Target& find(const std::string& path);
  void refuse_conflicts(const Target& added) const;
};

/// Opt-in, for a program: handlers of SIGINT, SIGTERM, SIGHUP and SIGPIPE that remove the
/// temporaries of commits in progress, then pass the signal on to what the process had installed
/// before (its own handler, or the default action: it dies of the signal); a signal the process
/// ignores stays ignored. Installed once; call it after the program's own handlers. Nothing in the
/// library calls it: without it, signals are the program's business alone.
void remove_temporaries_on_signals();

/// One output, declared, given its text and committed at once (the "-o FILE" of a generator).
void write_output_file(const std::string& path, const std::string& text,
                       const std::string& option = "-o");

}  // namespace redist::io
