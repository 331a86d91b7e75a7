#include "one_port_exchange.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>
#include <string>

#include "redist/core/error.hpp"
#include "redist/ring/pipeline.hpp"

namespace redist::simgrid::detail {

namespace {

struct DataMessage {
  int from = 0;
  std::int64_t items = 0;
};

// Items a host holds, shared by its sender (the rank's actor) and its receiver actor.
struct Holdings {
  std::int64_t items = 0;
  sg4::MutexPtr mutex = sg4::Mutex::create();
  sg4::ConditionVariablePtr arrived = sg4::ConditionVariable::create();
};

// The data channel from one ring host to another.
sg4::Mailbox* channel(int from, int to) {
  return sg4::Mailbox::by_name(
      std::string("data-").append(std::to_string(from)).append("-").append(std::to_string(to)));
}

void receive_all(int rank, const std::vector<Batch>& receives, Holdings& holdings) {
  for (const Batch& batch : receives) {
    sg4::Mailbox* inbox = channel(batch.peer, rank);
    for (std::int64_t received = 0; received < batch.items;) {
      const auto message = inbox->get_unique<DataMessage>();
      received += message->items;
      std::unique_lock lock(*holdings.mutex);
      holdings.items += message->items;
      holdings.arrived->notify_all();
    }
  }
}

// Takes up to `wanted` items once at least one is held (the holdings rule of the item model), or
// exactly `wanted` once all are held (`whole`: a message of the plan, store and forward).
std::int64_t take_items(Holdings& holdings, std::int64_t wanted, bool whole) {
  std::unique_lock lock(*holdings.mutex);
  const std::int64_t needed = whole ? wanted : 1;
  holdings.arrived->wait(lock, [&] { return holdings.items >= needed; });
  const std::int64_t k = std::min(wanted, holdings.items);
  holdings.items -= k;
  return k;
}

void send_batch(int rank, const Batch& batch, Holdings& holdings, const ExchangeNetwork& net) {
  sg4::Mailbox* inbox = channel(rank, batch.peer);
  double began = 0;
  std::int64_t messages = 0;
  for (std::int64_t left = batch.items; left > 0; ++messages) {
    const std::int64_t sent = batch.items - left;
    const std::int64_t cap = batch.chunk > 0 ? std::min(left, batch.chunk) : left;
    if (batch.pace > 0 && sent > 0)
      sg4::this_actor::sleep_until(began +
                                   static_cast<double>(batch.whole ? messages : sent) * batch.pace);
    const std::int64_t k = take_items(holdings, cap, batch.whole);
    if (sent == 0) began = sg4::Engine::get_clock();
    inbox->put(new DataMessage{rank, k},
               static_cast<std::uint64_t>(static_cast<double>(k) * net.item_bytes));
    left -= k;
  }
}

}  // namespace

std::vector<ExchangeRole> exchange_roles(const Schedule& schedule,
                                         const std::vector<std::int64_t>& loads,
                                         bool plan_messages) {
  std::vector<ExchangeRole> roles(loads.size());
  for (std::size_t i = 0; i < loads.size(); ++i) roles[i].holdings = loads[i];
  std::vector<std::size_t> order(schedule.transfers.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return schedule.transfers[a].start < schedule.transfers[b].start;
  });
  for (std::size_t k : order) {
    const Transfer& t = schedule.transfers[k];
    REDIST_ASSERT(t.from >= 0 && static_cast<std::size_t>(t.from) < loads.size());
    REDIST_ASSERT(t.to >= 0 && static_cast<std::size_t>(t.to) < loads.size());
    if (t.items == 0) continue;
    const double pace = t.spacing == 0
                            ? 0.0
                            : static_cast<double>(t.spacing) * std::pow(10.0, -schedule.time_scale);
    // A plan with start-ups: its messages as they are, the spacing between message starts.
    const std::int64_t chunk = plan_messages ? message_size(t) : 0;
    roles[static_cast<std::size_t>(t.from)].sends.push_back(
        {static_cast<int>(t.to), t.items, false, chunk, pace, plan_messages});
    roles[static_cast<std::size_t>(t.to)].receives.push_back({static_cast<int>(t.from), t.items});
  }
  std::vector<bool> relays(roles.size());
  for (std::size_t i = 0; i < roles.size(); ++i) relays[i] = !sends_only_held({roles[i]});
  for (ExchangeRole& role : roles)
    for (Batch& b : role.sends) b.to_relay = relays[static_cast<std::size_t>(b.peer)];
  return roles;
}

void size_relay_messages(std::vector<ExchangeRole>& roles, const RingRoutes& routes,
                         double item_bytes) {
  const std::size_t n = roles.size();
  for (std::size_t from = 0; from < n; ++from)
    for (Batch& b : roles[from].sends) {
      if (!b.to_relay) continue;
      const bool succ = static_cast<std::size_t>(b.peer) == (from + 1) % n;
      const Route& r = (succ ? routes.succ : routes.pred)[from];
      const double item_time = item_bytes / r.bottleneck_bandwidth;
      // The ring layer's one rule (ring/pipeline.hpp, document 004's pipelined transfer) over two
      // hops, to the relay and on from it: pieces of about sqrt(items L / c) items.
      const ring::PipelinePieces best =
          ring::best_pipeline_pieces(b.items, 2, r.latency, item_time);
      b.chunk = std::clamp<std::int64_t>(best.piece_items, 1, b.items);
    }
}

bool sends_only_held(const std::vector<ExchangeRole>& roles) {
  for (const ExchangeRole& r : roles) {
    std::int64_t sent = 0;
    for (const Batch& b : r.sends) sent += b.items;
    if (sent > r.holdings) return false;
  }
  return true;
}

void run_exchange(int rank, const ExchangeRole& role, const ExchangeNetwork& net) {
  Holdings holdings;
  holdings.items = role.holdings;
  sg4::ActorPtr receiver;
  if (!role.receives.empty())
    receiver = sg4::Actor::create(
        std::string("receiver-").append(std::to_string(rank)),
        net.hosts[static_cast<std::size_t>(rank)],
        [&holdings, &role, rank] { receive_all(rank, role.receives, holdings); });
  for (const Batch& batch : role.sends) send_batch(rank, batch, holdings, net);
  if (receiver) receiver->join();
}

}  // namespace redist::simgrid::detail
