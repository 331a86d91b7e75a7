#include "step_executor.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>

#include "mpi_support.hpp"
#include "segment_exchange.hpp"

namespace redist::exec::detail {

namespace {

perm::Proc my_part(const Context& ctx, const PartsJob& job) {
  return job.plan->part_of[static_cast<std::size_t>(ctx.rank())];
}

perm::Proc destination(const PartsJob& job, std::int64_t item) {
  return job.plan->solution.assignment[job.part_of_item[item]];
}

// Local indices of the items bound for each rank, in local order (this rank's own stay out).
std::vector<std::vector<std::int64_t>> outgoing_lists(const Context& ctx, const PartsJob& job) {
  std::vector<std::vector<std::int64_t>> lists(static_cast<std::size_t>(ctx.size()));
  for (std::int64_t k = 0; k < job.local_items; ++k) {
    const perm::Proc to = destination(job, k);
    if (static_cast<int>(to) != ctx.rank()) lists[to].push_back(k);
  }
  return lists;
}

void pack(const PartsJob& job, const std::int64_t* indices, std::int64_t count, std::byte* into) {
  for (std::int64_t i = 0; i < count; ++i)
    std::memcpy(into + i * job.item_bytes, job.input + indices[i] * job.item_bytes,
                static_cast<std::size_t>(job.item_bytes));
}

void post_split(Context& ctx, bool send, int peer, std::byte* data, std::int64_t bytes,
                std::int64_t max_message, std::vector<MPI_Request>& requests) {
  post_parts(ctx.comm(), send, peer, kTagSteps, data, bytes, max_message, requests);
}

// Completes the requests of an exchange with `peer` (polled against the timeout, if any).
void complete(const Context& ctx, std::vector<MPI_Request>& requests, int peer, double timeout,
              const std::vector<char>& sends) {
  if (requests.empty()) return;
  if (!wait_all(requests, timeout)) {
    give_up(requests, [&](std::size_t k) { return k < sends.size() && sends[k] != 0; });
    requests.clear();
    throw std::runtime_error("redistribute_parts: rank " + std::to_string(ctx.rank()) +
                             ": no message to or from rank " + std::to_string(peer) +
                             " completed within " + seconds_text(timeout) +
                             " (that rank stopped or failed during the transfer)");
  }
  requests.clear();
}

void complete_receives(const Context& ctx, std::vector<MPI_Request>& requests, int peer,
                       double timeout) {
  complete(ctx, requests, peer, timeout, {});
}

void complete_sends(const Context& ctx, std::vector<MPI_Request>& requests, int peer,
                    double timeout) {
  complete(ctx, requests, peer, timeout, std::vector<char>(requests.size(), 1));
}

// This rank's sender and receiver pair in a group (a step schedule is one-port: at most one each).
struct GroupRole {
  int send_to = -1;
  int recv_from = -1;
};

GroupRole role_in(const perm::StepGroup& group, int rank) {
  GroupRole role;
  for (const perm::TransferPair& pair : group.pairs) {
    if (static_cast<int>(pair.src) == rank) role.send_to = static_cast<int>(pair.dst);
    if (static_cast<int>(pair.dst) == rank) role.recv_from = static_cast<int>(pair.src);
  }
  return role;
}

class StepRun {
 public:
  StepRun(Context& ctx, const PartsJob& job, const PartsOptions& options,
          const std::function<void(const Progress&)>& progress)
      : ctx_(ctx),
        job_(job),
        options_(options),
        progress_(progress),
        lists_(outgoing_lists(ctx, job)),
        send_cursor_(static_cast<std::size_t>(ctx.size()), 0),
        recv_cursor_(static_cast<std::size_t>(ctx.size()), 0),
        batch_items_(std::max<std::int64_t>(1, options.pack_bytes / job.item_bytes)) {}

  std::int64_t run() {
    const std::int64_t total = total_bytes();
    std::int64_t done = 0;
    for (const perm::StepGroup& group : job_.plan->schedule.groups) {
      const GroupRole role = role_in(group, ctx_.rank());
      if (role.recv_from >= 0) post_receives(role.recv_from, group.repeat);
      if (role.send_to >= 0) send_items(role.send_to, group.repeat);
      complete_receives(ctx_, recv_requests_, role.recv_from, options_.timeout_seconds);
      for (auto& r : send_requests_)
        complete_sends(ctx_, r, role.send_to, options_.timeout_seconds);
      done += ((role.recv_from >= 0) + (role.send_to >= 0)) * group.repeat * job_.item_bytes;
      progress_(Progress{done, total, 0, 0});
    }
    return sent_bytes_;
  }

 private:
  std::int64_t total_bytes() const {
    std::int64_t items = 0;
    for (const auto& list : lists_) items += static_cast<std::int64_t>(list.size());
    const std::vector<std::int64_t>& counts = job_.plan->counts;
    const auto n = static_cast<std::size_t>(ctx_.size());
    const perm::Proc part = my_part(ctx_, job_);
    for (std::size_t s = 0; s < n; ++s)
      if (static_cast<int>(s) != ctx_.rank()) items += counts[s * n + part];
    return items * job_.item_bytes;
  }

  // The r items from `source` land right after those received before: their order is preserved.
  void post_receives(int source, std::int64_t repeat) {
    auto& cursor = recv_cursor_[static_cast<std::size_t>(source)];
    std::byte* at = job_.output + (job_.source_offset[static_cast<std::size_t>(source)] + cursor) *
                                      job_.item_bytes;
    for (std::int64_t done = 0; done < repeat; done += batch_items_) {
      const std::int64_t items = std::min(batch_items_, repeat - done);
      post_split(ctx_, false, source, at + done * job_.item_bytes, items * job_.item_bytes,
                 message_limit(), recv_requests_);
    }
    cursor += repeat;
  }

  void send_items(int target, std::int64_t repeat) {
    auto& cursor = send_cursor_[static_cast<std::size_t>(target)];
    const std::int64_t* indices = lists_[static_cast<std::size_t>(target)].data() + cursor;
    for (std::int64_t done = 0, b = 0; done < repeat; done += batch_items_, ++b) {
      const std::int64_t items = std::min(batch_items_, repeat - done);
      const std::size_t slot = static_cast<std::size_t>(b % 2);
      // batch b - 2's pack is free again
      complete_sends(ctx_, send_requests_[slot], target, options_.timeout_seconds);
      if (packs_[slot].capacity() < static_cast<std::size_t>(batch_items_ * job_.item_bytes))
        packs_[slot] =
            ctx_.pool().acquire(static_cast<std::size_t>(batch_items_ * job_.item_bytes));
      pack(job_, indices + done, items, packs_[slot].data());
      post_split(ctx_, true, target, packs_[slot].data(), items * job_.item_bytes, message_limit(),
                 send_requests_[slot]);
    }
    cursor += repeat;
    sent_bytes_ += repeat * job_.item_bytes;
  }

  std::int64_t message_limit() const {
    return std::max<std::int64_t>(1, std::min(options_.max_message_bytes, options_.mpi_int_limit));
  }

  Context& ctx_;
  const PartsJob& job_;
  const PartsOptions& options_;
  const std::function<void(const Progress&)>& progress_;
  std::vector<std::vector<std::int64_t>> lists_;
  std::vector<std::int64_t> send_cursor_;
  std::vector<std::int64_t> recv_cursor_;
  std::int64_t batch_items_;
  PooledBuffer packs_[2];
  std::vector<MPI_Request> send_requests_[2];
  std::vector<MPI_Request> recv_requests_;
  std::int64_t sent_bytes_ = 0;
};

}  // namespace

void copy_kept_items(const Context& ctx, const PartsJob& job) {
  std::byte* at =
      job.output + job.source_offset[static_cast<std::size_t>(ctx.rank())] * job.item_bytes;
  for (std::int64_t k = 0; k < job.local_items; ++k) {
    if (static_cast<int>(destination(job, k)) != ctx.rank()) continue;
    std::memcpy(at, job.input + k * job.item_bytes, static_cast<std::size_t>(job.item_bytes));
    at += job.item_bytes;
  }
}

std::int64_t run_parts_steps(Context& ctx, const PartsJob& job, const PartsOptions& options,
                             const std::function<void(const Progress&)>& progress) {
  StepRun run(ctx, job, options, progress);
  return run.run();
}

std::int64_t run_parts_alltoallv(Context& ctx, const PartsJob& job, const PartsOptions& options,
                                 const std::function<void(const Progress&)>& progress) {
  const auto n = static_cast<std::size_t>(ctx.size());
  const std::vector<std::vector<std::int64_t>> lists = outgoing_lists(ctx, job);
  std::int64_t out_items = 0;
  for (const auto& list : lists) out_items += static_cast<std::int64_t>(list.size());
  PooledBuffer packed = ctx.pool().acquire(static_cast<std::size_t>(out_items * job.item_bytes));
  std::vector<Segment> sends;
  std::int64_t at = 0;
  for (std::size_t peer = 0; peer < n; ++peer) {
    const auto count = static_cast<std::int64_t>(lists[peer].size());
    if (count == 0) continue;
    pack(job, lists[peer].data(), count, packed.data() + at * job.item_bytes);
    sends.push_back({static_cast<int>(peer), at, count});
    at += count;
  }
  std::vector<Segment> recvs;
  const perm::Proc part = my_part(ctx, job);
  for (std::size_t s = 0; s < n; ++s) {
    const std::int64_t count = job.plan->counts[s * n + part];
    if (static_cast<int>(s) != ctx.rank() && count > 0)
      recvs.push_back({static_cast<int>(s), job.source_offset[s], count});
  }
  SegmentExchange exchange(ctx, ctx.comm(), job.item_bytes, packed.data(), sends, job.output, recvs,
                           options.max_items_per_round, options.mpi_int_limit);
  double last = now();
  Backoff backoff;
  while (!exchange.test()) {
    // A collective cannot be abandoned: after a timeout the context is unusable (errors.hpp).
    if (options.timeout_seconds > 0.0 && now() - last > options.timeout_seconds)
      throw std::runtime_error("redistribute_parts: rank " + std::to_string(ctx.rank()) +
                               ": the MPI_Alltoallv did not complete within " +
                               seconds_text(options.timeout_seconds) +
                               " (a rank stopped or failed during the transfer)");
    backoff.idle();
  }
  static_cast<void>(last);
  const ExchangeStats& stats = exchange.stats();
  const std::int64_t bytes = (stats.items_sent + stats.items_received) * job.item_bytes;
  progress(Progress{bytes, bytes, 1, 1});
  return stats.items_sent * job.item_bytes;
}

}  // namespace redist::exec::detail
