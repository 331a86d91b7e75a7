#include "redist/io/memory_budget.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include <sys/resource.h>
#include <unistd.h>

#include "redist/core/error.hpp"

namespace redist::io {

namespace {

std::optional<std::uint64_t> parse_bytes(std::string_view text) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return value;
}

std::optional<std::uint64_t> first_number_in(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word)) return std::nullopt;
  return parse_bytes(word);  // "max" (no limit) is not a number
}

std::optional<std::uint64_t> mem_available() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  std::uint64_t kib = 0;
  while (in >> key >> kib) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

// What the cgroup still lets this process take: limit - usage (v2, else v1).
std::optional<std::uint64_t> cgroup_room() {
  const char* const pairs[][2] = {{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"},
                                  {"/sys/fs/cgroup/memory/memory.limit_in_bytes",
                                   "/sys/fs/cgroup/memory/memory.usage_in_bytes"}};
  for (const auto& pair : pairs) {
    const auto limit = first_number_in(pair[0]);
    const auto usage = first_number_in(pair[1]);
    if (limit && usage) return *limit > *usage ? *limit - *usage : 0;
  }
  return std::nullopt;
}

}  // namespace

std::string format_bytes(std::uint64_t bytes) {
  const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
  return text;
}

std::optional<std::uint64_t> address_space_room() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0;
  if (!(statm >> pages)) return std::nullopt;
  const std::uint64_t mapped = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const auto cap = static_cast<std::uint64_t>(limit.rlim_cur);
  return cap > mapped ? cap - mapped : 0;
}

std::optional<std::uint64_t> available_memory_bytes() {
  if (const char* assumed = std::getenv(kAvailableMemoryVariable)) {
    if (const auto v = parse_bytes(assumed)) return v;
    throw InputError(kAvailableMemoryVariable, "",
                     "must be a number of bytes, got \"" + std::string(assumed) + "\"");
  }
  std::optional<std::uint64_t> least;
  for (const auto room : {mem_available(), cgroup_room(), address_space_room()})
    if (room) least = least ? std::min(*least, *room) : *room;
  return least;
}

void require_memory(std::uint64_t needed, const std::string& file, const std::string& what) {
  const auto available = available_memory_bytes();
  if (!available || needed <= *available) return;
  throw InputError(file, "",
                   what + " needs about " + format_bytes(needed) + " of memory but only " +
                       format_bytes(*available) +
                       " is available (MemAvailable, the cgroup limit and ulimit -v; " +
                       kAvailableMemoryVariable + " overrides); refused before starting");
}

std::uint64_t regular_file_size(const std::string& path) {
  std::error_code error;
  if (path == "-" || !std::filesystem::is_regular_file(path, error)) return 0;
  const auto size = std::filesystem::file_size(path, error);
  return error ? 0 : static_cast<std::uint64_t>(size);
}

}  // namespace redist::io
