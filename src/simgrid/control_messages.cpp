#include "control_messages.hpp"

#include <algorithm>
#include <string>

namespace redist::simgrid::detail {

namespace {

sg4::Mailbox* control_channel(int from, int to) {
  return sg4::Mailbox::by_name(
      std::string("ctl-").append(std::to_string(from)).append("-").append(std::to_string(to)));
}

// The payload is never read: only the message's size and timing matter.
int token = 0;

std::uint64_t wire_bytes(double bytes) { return static_cast<std::uint64_t>(std::max(bytes, 1.0)); }

// One round of a dissemination pattern: send to `to` and receive from `from` at the same time.
void exchange(int rank, int to, int from, double bytes) {
  sg4::CommPtr sent = control_channel(rank, to)->put_async(&token, wire_bytes(bytes));
  control_channel(from, rank)->get<int>();
  sent->wait();
}

int ranks_of(const ExchangeNetwork& network) { return static_cast<int>(network.hosts.size()); }

}  // namespace

void all_gather(int rank, double record_bytes, const ExchangeNetwork& network) {
  const int p = ranks_of(network);
  for (int d = 1; d < p; d *= 2)
    exchange(rank, (rank + d) % p, (rank - d + p) % p,
             static_cast<double>(std::min(d, p - d)) * record_bytes);
}

void all_reduce(int rank, double value_bytes, const ExchangeNetwork& network) {
  const int p = ranks_of(network);
  for (int d = 1; d < p; d *= 2) exchange(rank, (rank + d) % p, (rank - d + p) % p, value_bytes);
}

void gather_to_root(int rank, double value_bytes, const ExchangeNetwork& network) {
  const int p = ranks_of(network);
  if (rank != 0) {
    control_channel(rank, 0)->put(&token, wire_bytes(value_bytes));
    return;
  }
  std::vector<sg4::CommPtr> arrivals;
  std::vector<int*> payloads(static_cast<std::size_t>(p), nullptr);
  for (int r = 1; r < p; ++r)
    arrivals.push_back(
        control_channel(r, 0)->get_async<int>(&payloads[static_cast<std::size_t>(r)]));
  sg4::Comm::wait_all(arrivals);
}

void broadcast_from_root(int rank, double bytes, const ExchangeNetwork& network) {
  const int p = ranks_of(network);
  int top = 1;
  while (top < p) top *= 2;
  // A binomial tree from rank 0: a rank receives from rank - d in the round of its lowest set bit
  // d, then forwards to rank + d' for every smaller d'.
  for (int d = top / 2; d >= 1; d /= 2) {
    if (rank % (2 * d) == d) control_channel(rank - d, rank)->get<int>();
    if (rank % (2 * d) == 0 && rank + d < p)
      control_channel(rank, rank + d)->put(&token, wire_bytes(bytes));
  }
}

}  // namespace redist::simgrid::detail
