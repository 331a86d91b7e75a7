#include "ordered_exchange.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <string>

#include "redist/core/error.hpp"
#include "redist/ring/pipeline.hpp"

namespace redist::simgrid::detail {

namespace {

struct ItemsMessage {
  std::int64_t lo = 0;  // items [lo, hi)
  std::int64_t hi = 0;
};

// The items a host holds, as disjoint intervals, shared by its sender and its receiver actor.
class HeldItems {
 public:
  void add(std::int64_t lo, std::int64_t hi) {
    std::unique_lock lock(*mutex_);
    auto it = intervals_.upper_bound(lo);
    if (it != intervals_.begin() && std::prev(it)->second >= lo) {
      --it;
      lo = it->first;
      hi = std::max(hi, it->second);
      it = intervals_.erase(it);
    }
    while (it != intervals_.end() && it->first <= hi) {
      hi = std::max(hi, it->second);
      it = intervals_.erase(it);
    }
    intervals_[lo] = hi;
    arrived_->notify_all();
  }
  void wait_for(std::int64_t lo, std::int64_t hi) {
    std::unique_lock lock(*mutex_);
    arrived_->wait(lock, [&] { return holds(lo, hi); });
  }

 private:
  bool holds(std::int64_t lo, std::int64_t hi) const {
    auto it = intervals_.upper_bound(lo);
    if (it == intervals_.begin()) return false;
    return std::prev(it)->second >= hi;
  }
  std::map<std::int64_t, std::int64_t> intervals_;
  sg4::MutexPtr mutex_ = sg4::Mutex::create();
  sg4::ConditionVariablePtr arrived_ = sg4::ConditionVariable::create();
};

sg4::Mailbox* channel(int from, int to) {
  return sg4::Mailbox::by_name(
      std::string("items-").append(std::to_string(from)).append("-").append(std::to_string(to)));
}

// The next message of a transfer from `sent` items on: the highest first when descending.
ItemsMessage next_message(const OrderedBatch& b, std::int64_t sent) {
  const std::int64_t k = b.chunk > 0 ? std::min(b.chunk, b.items - sent) : b.items - sent;
  if (b.descending) {
    const std::int64_t hi = b.first + b.items - sent;
    return {hi - k, hi};
  }
  return {b.first + sent, b.first + sent + k};
}

void send_batch(int rank, const OrderedBatch& batch, HeldItems& held, double item_bytes,
                std::int64_t& messages) {
  sg4::Mailbox* outbox = channel(rank, batch.peer);
  double began = 0;
  for (std::int64_t sent = 0; sent < batch.items;) {
    const ItemsMessage m = next_message(batch, sent);
    if (batch.pace > 0 && sent > 0)
      sg4::this_actor::sleep_until(began + static_cast<double>(sent) * batch.pace);
    held.wait_for(m.lo, m.hi);
    if (sent == 0) began = sg4::Engine::get_clock();
    outbox->put(new ItemsMessage(m),
                static_cast<std::uint64_t>(static_cast<double>(m.hi - m.lo) * item_bytes));
    ++messages;
    sent += m.hi - m.lo;
  }
}

void receive_all(int rank, const std::vector<OrderedBatch>& receives, HeldItems& held) {
  for (const OrderedBatch& batch : receives) {
    sg4::Mailbox* inbox = channel(batch.peer, rank);
    for (std::int64_t received = 0; received < batch.items;) {
      const auto m = inbox->get_unique<ItemsMessage>();
      received += m->hi - m->lo;
      held.add(m->lo, m->hi);
    }
  }
}

bool overlaps(const OrderedBatch& a, const OrderedBatch& b) {
  return a.first < b.first + b.items && b.first < a.first + a.items;
}

}  // namespace

std::vector<OrderedRole> ordered_roles(const Schedule& schedule, const OrderedLayout& layout,
                                       const RingPlatform& platform, double item_bytes) {
  const std::size_t n = layout.size();
  std::vector<OrderedRole> roles(n);
  for (std::size_t k = 0; k < n; ++k) {
    roles[k].own_first = layout.before[k];
    roles[k].own_end = layout.before[k + 1];
  }
  std::vector<std::size_t> order(schedule.transfers.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return schedule.transfers[a].start < schedule.transfers[b].start;
  });
  const double tick = std::pow(10.0, -schedule.time_scale);
  for (const std::size_t k : order) {
    const Transfer& t = schedule.transfers[k];
    REDIST_ASSERT(t.first != kNoItems && t.items > 0);
    const bool succ = static_cast<std::size_t>(t.to) == (static_cast<std::size_t>(t.from) + 1) % n;
    const double pace = t.spacing == 0 ? 0.0 : static_cast<double>(t.spacing) * tick;
    roles[static_cast<std::size_t>(t.from)].sends.push_back(
        {t.to, t.first, t.items, succ, 0, pace});
    roles[static_cast<std::size_t>(t.to)].receives.push_back(
        {t.from, t.first, t.items, succ, 0, 0});
  }
  // Chunk the transfers that forward items (sent as they arrive, not once all have) and those whose
  // items their receiver sends on (forwarded as they arrive).
  for (std::size_t from = 0; from < n; ++from)
    for (OrderedBatch& b : roles[from].sends) {
      const auto& relay = roles[static_cast<std::size_t>(b.peer)].sends;
      const bool own = b.first >= roles[from].own_first && b.first + b.items <= roles[from].own_end;
      if (own && std::none_of(relay.begin(), relay.end(),
                              [&](const OrderedBatch& s) { return overlaps(s, b); }))
        continue;
      const bool succ = static_cast<std::size_t>(b.peer) == (from + 1) % n;
      const RingLinkSpec& link = platform.links[succ ? from : static_cast<std::size_t>(b.peer)];
      const double rate = succ ? link.rate_mbit : link.back_rate_mbit;
      const double delay = (succ ? link.delay_ms : link.back_delay_ms) / 1000;
      // The ring layer's one rule (ring/pipeline.hpp, document 004's pipelined transfer) over two
      // hops, to the relay and on from it, as one_port_exchange.cpp sizes rotated relays.
      const ring::PipelinePieces best =
          ring::best_pipeline_pieces(b.items, 2, delay, item_seconds(rate, item_bytes));
      b.chunk = std::clamp<std::int64_t>(best.piece_items, 1, b.items);
    }
  return roles;
}

std::vector<sg4::Host*> build_ring_platform(const RingPlatform& platform) {
  const std::size_t n = platform.size();
  sg4::NetZone* zone = sg4::create_full_zone("ring");
  std::vector<sg4::Host*> hosts;
  for (std::size_t i = 0; i < n; ++i) {
    sg4::Host* h = zone->create_host(std::string("h").append(std::to_string(i)), 1e9);
    h->seal();
    hosts.push_back(h);
  }
  const auto one_way = [&](const std::string& name, double rate_mbit, double delay_ms) {
    sg4::Link* link = zone->create_link(name, rate_mbit * 1e6 / 8);
    link->set_latency(delay_ms / 1000);
    link->seal();
    return link;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const RingLinkSpec& l = platform.links[i];
    const std::size_t j = (i + 1) % n;
    const std::string name = std::string("l").append(std::to_string(i));
    sg4::Link* forward = one_way(std::string(name).append("f"), l.rate_mbit, l.delay_ms);
    sg4::Link* back = one_way(std::string(name).append("b"), l.back_rate_mbit, l.back_delay_ms);
    zone->add_route(hosts[i]->get_netpoint(), hosts[j]->get_netpoint(), nullptr, nullptr,
                    {sg4::LinkInRoute(forward)}, false);
    zone->add_route(hosts[j]->get_netpoint(), hosts[i]->get_netpoint(), nullptr, nullptr,
                    {sg4::LinkInRoute(back)}, false);
  }
  zone->seal();
  return hosts;
}

void run_ordered_exchange(int rank, const OrderedRole& role, const std::vector<sg4::Host*>& hosts,
                          double item_bytes, std::int64_t& messages) {
  HeldItems held;
  if (role.own_end > role.own_first) held.add(role.own_first, role.own_end);
  sg4::ActorPtr receiver;
  if (!role.receives.empty())
    receiver = sg4::Actor::create(std::string("receiver-").append(std::to_string(rank)),
                                  hosts[static_cast<std::size_t>(rank)],
                                  [&held, &role, rank] { receive_all(rank, role.receives, held); });
  for (const OrderedBatch& batch : role.sends) send_batch(rank, batch, held, item_bytes, messages);
  if (receiver) receiver->join();
}

}  // namespace redist::simgrid::detail
