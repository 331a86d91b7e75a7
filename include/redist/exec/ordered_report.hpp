#pragma once
// What an ordered redistribution reports on each rank (ordered_redistribute.hpp). The fields mean
// the same whatever the transport: bytes_sent and bytes_received count only items exchanged with
// other ranks (items a rank keeps are not sent), and transfer_seconds runs from the first message
// posted to the end of wait() (in split phase it includes the application's compute in between).

#include <cstdint>
#include <string>
#include <vector>

namespace redist::exec {

struct OrderedReport {
  std::int64_t total_items = 0;
  std::int64_t new_count = 0;
  std::int64_t new_first = 0;       // global index of this rank's new first item (mod total)
  std::vector<std::int64_t> flows;  // F_e: net items P_e -> P_{e+1}
  std::int64_t chunk_items = 0;
  std::string framework;  // of the plan (ring/plan.hpp)
  std::string method;
  double predicted_seconds = 0.0;  // the plan's makespan under the context's link models
  double agreement_seconds = 0.0;  // gather + checks + planning + digest, on this rank
  double transfer_seconds = 0.0;   // data movement on this rank
  std::int64_t bytes_sent = 0;
  std::int64_t bytes_received = 0;
  std::int64_t messages_sent = 0;
  std::int64_t mpi_messages = 0;
  std::int64_t staging_peak_bytes = 0;
};

}  // namespace redist::exec
