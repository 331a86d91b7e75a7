#pragma once
// Ring instances and schedules read only when their JSON tree fits in the memory available
// (docs/limits.md): a file too large is refused before reading, naming the file and what it was
// for.

#include <cstddef>
#include <string>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"
#include "redist/io/unknown_field.hpp"

namespace redist::io {

/// InputError naming `file` and `what` ("reading this instance") when reading it would not fit.
void require_memory_to_read(const std::string& file, const std::string& what);
RingInstance read_ring_instance_within_budget(const std::string& file);
Schedule read_schedule_within_budget(const std::string& file, std::size_t ring_size,
                                     const UnknownFieldPolicy& policy = {});

}  // namespace redist::io
