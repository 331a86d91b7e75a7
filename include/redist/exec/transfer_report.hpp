#pragma once
// What an execution of a plan reports on each rank (plan.hpp, redistribute.hpp). The fields mean
// the same whatever the transport: bytes_sent and bytes_received count only bytes exchanged with
// other ranks (items a rank keeps are not sent; a relayed item counts on every hop), and
// transfer_seconds runs from the first message posted to the end of wait() (in split phase it
// includes the application's work in between).

#include <cstdint>
#include <string>
#include <vector>

namespace redist::exec {

struct TransferReport {
  std::int64_t total_items = 0;
  std::int64_t new_count = 0;       // items this rank holds now
  std::int64_t new_first = 0;       // global index of its first item (mod total when rotated)
  std::vector<std::int64_t> flows;  // net items over each ring edge P_e -> P_{e+1}
  std::string transport;            // "direct", "alltoallv", "ring" or "none"
  std::string transport_reason;     // why the plan chose it
  std::string framework;            // of the ring plan, when one was made
  std::string method;
  std::int64_t chunk_items = 0;    // ring transport: items per message
  double predicted_seconds = 0.0;  // under the context's network model
  double agreement_seconds = 0.0;  // making the plan (one-call API); 0 when a plan is reused
  double transfer_seconds = 0.0;
  std::int64_t bytes_sent = 0;
  std::int64_t bytes_received = 0;
  std::int64_t bytes_copied = 0;  // kept items copied locally (0 when executed in place)
  std::int64_t messages_sent = 0;
  std::int64_t mpi_messages = 0;
  std::int64_t staging_peak_bytes = 0;
};

}  // namespace redist::exec
