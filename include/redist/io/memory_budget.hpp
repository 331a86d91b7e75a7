#pragma once
// How much memory this process may still take, so that a command that would not fit refuses with a
// message before it starts (issue: a 10^7-processor plan was killed by the kernel after minutes,
// exit 137 and nothing on stderr).

#include <cstdint>
#include <optional>
#include <string>

namespace redist::io {

/// Environment variable that replaces the machine's figure (bytes, a plain integer): tests set it
/// low to see the refusal deterministically; a user may set it to allow more than MemAvailable.
inline constexpr const char* kAvailableMemoryVariable = "REDIST_AVAILABLE_MEMORY";

/// The least of MemAvailable (/proc/meminfo), what the cgroup limit leaves (v2 memory.max -
/// memory.current, or v1 limit_in_bytes - usage_in_bytes) and what the address-space limit leaves
/// (ulimit -v: RLIMIT_AS less the address space already mapped), or REDIST_AVAILABLE_MEMORY when
/// set; nullopt when none of these can be read (then nothing is refused).
std::optional<std::uint64_t> available_memory_bytes();

/// What the address-space limit leaves (ulimit -v, RLIMIT_AS, less the address space already
/// mapped: /proc/self/statm); nullopt without a limit. It counts what is reserved, not what is
/// touched: SimGrid's 8 MiB actor stacks count whole here and hardly at all in MemAvailable.
std::optional<std::uint64_t> address_space_room();

/// "1.5 GiB", "300 MiB": a size for messages.
std::string format_bytes(std::uint64_t bytes);

/// Throws InputError naming `file` when `needed` bytes exceed available_memory_bytes(): one line
/// saying how much `what` needs and how much is available, before any of the work is done.
void require_memory(std::uint64_t needed, const std::string& file, const std::string& what);

/// A process that reads and plans a tiny instance: the program, its shared libraries and allocator
/// arenas (37 MB of resident memory measured for `redist plan` on a 3-processor ring). Estimates of
/// a whole command start from it.
inline constexpr std::uint64_t kProgramBytes = std::uint64_t{40} << 20;

/// Measured peak memory of reading a JSON file of ring instance or schedule, per byte of its text
/// (10^6-processor instances and 10^6-transfer schedules: 7 to 9 bytes; BENCHMARKS.md "Scaling").
inline constexpr std::uint64_t kReadBytesPerFileByte = 10;

/// The size of the regular file at `path`; 0 for standard input ("-") and anything else.
std::uint64_t regular_file_size(const std::string& path);

}  // namespace redist::io
