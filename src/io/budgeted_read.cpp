#include "redist/io/budgeted_read.hpp"

#include "redist/io/memory_budget.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"

namespace redist::io {

void require_memory_to_read(const std::string& file, const std::string& what) {
  require_memory(kReadBytesPerFileByte * regular_file_size(file), file, what);
}

RingInstance read_ring_instance_within_budget(const std::string& file) {
  require_memory_to_read(file, "reading this instance");
  return read_ring_instance(file);
}

Schedule read_schedule_within_budget(const std::string& file, std::size_t ring_size,
                                     const UnknownFieldPolicy& policy) {
  require_memory_to_read(file, "checking this schedule");
  return read_schedule(file, ring_size, policy);
}

}  // namespace redist::io
