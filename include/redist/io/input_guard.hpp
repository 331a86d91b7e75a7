#pragma once
// What redist agrees to read as an instance or a schedule (docs/limits.md, "Input files").
//
// Every input is a regular file, a pipe or standard input, of at most kMaxInputBytes. Directories,
// devices (a /dev/zero-like node would be read forever) and sockets are refused before a byte is
// read; an over-size regular file is refused from its size alone; pipes and standard input are read
// with the same cap, and refused at once when their first byte cannot start a JSON document (a
// stream of NUL bytes fails on its first chunk, not after gigabytes).

#include <cstdint>
#include <string>

namespace redist::io {

/// 4 GiB: a ring of 10^8 processors, the largest accepted, is about 1 GB of JSON; its schedules
/// (about 30 bytes per batch, at most 2n batches) stay under 4 GiB too.
inline constexpr std::uint64_t kMaxInputBytes = std::uint64_t{4} << 30;

/// The bytes of an input under the rules above ("-": standard input).
std::string read_input_text(const std::string& path);

}  // namespace redist::io
