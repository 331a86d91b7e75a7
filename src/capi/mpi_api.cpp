// <redist/redist_mpi.h>: errors, contexts, shares, options and plans.

#include <cstdlib>

#include "capi_support.hpp"
#include "mpi_handles.hpp"
#include "redist/exec/cost_probe.hpp"
#include "redist/exec/errors.hpp"

namespace capi = redist::capi;
namespace exec = redist::exec;
using capi::deref;
using capi::guarded_mpi;
using capi::guarded_value;

namespace redist::capi {

namespace {

// "rank 2: share" -> 2: the rank an AgreementError's field names (-1 when none).
int rank_named_in(const std::string& field) {
  if (field.rfind("rank ", 0) != 0) return -1;
  char* end = nullptr;
  const long rank = std::strtol(field.c_str() + 5, &end, 10);
  return end != field.c_str() + 5 ? static_cast<int>(rank) : -1;
}

}  // namespace

redist_status record_executor_exception() noexcept {
  try {
    throw;
  } catch (const exec::AgreementError& e) {
    record_error(REDIST_ERROR_AGREEMENT, e.what(), rank_named_in(e.field()));
    return REDIST_ERROR_AGREEMENT;
  } catch (const exec::TimeoutError& e) {
    record_error(REDIST_ERROR_TIMEOUT, e.what(), e.rank(), e.missing());
    return REDIST_ERROR_TIMEOUT;
  } catch (const exec::CallError& e) {
    record_error(REDIST_ERROR_CALL, e.what(), e.rank());
    return REDIST_ERROR_CALL;
  } catch (const exec::MpiError& e) {
    record_error(REDIST_ERROR_MPI, e.what());
    return REDIST_ERROR_MPI;
  } catch (...) {
    return record_current_exception();
  }
}

exec::PlanOptions plan_options(const redist_plan_options* options) {
  exec::PlanOptions o;
  if (options == nullptr) return o;
  const char* call = "redist_plan_options";
  if (options->transport < REDIST_TRANSPORT_AUTOMATIC || options->transport > REDIST_TRANSPORT_RING)
    throw UsageError(std::string(call) + ": transport: not a redist_transport");
  if (options->ring_kind != REDIST_UNIDIRECTIONAL && options->ring_kind != REDIST_BIDIRECTIONAL)
    throw UsageError(std::string(call) + ": ring_kind: not a redist_ring_kind");
  o.wrap = options->wrap != 0 ? exec::WrapPolicy::allow : exec::WrapPolicy::forbid;
  constexpr exec::Transport kTransports[] = {exec::Transport::automatic, exec::Transport::direct,
                                             exec::Transport::alltoallv, exec::Transport::ring};
  o.transport = kTransports[options->transport];
  o.kind = options->ring_kind == REDIST_UNIDIRECTIONAL ? RingKind::unidirectional
                                                       : RingKind::bidirectional;
  o.window = options->window;
  o.plan_order = options->plan_order != 0;
  o.verify = options->verify != 0;
  o.chunk_bytes = options->chunk_bytes;
  o.max_chunk_bytes = options->max_chunk_bytes;
  o.max_message_bytes = options->max_message_bytes;
  o.max_items_per_round = options->max_items_per_round;
  o.timeout_seconds = options->timeout_seconds;
  if (options->progress != nullptr) {
    o.progress = [fn = options->progress,
                  user = options->progress_user_data](const exec::Progress& p) {
      const int rc = fn(p.bytes_done, p.bytes_total, p.messages_done, p.messages_total, user);
      if (rc != 0) throw std::runtime_error("the progress callback returned " + std::to_string(rc));
    };
  }
  return o;
}

exec::NewShare new_share(const redist_share* share, const char* call) {
  const redist_share& s = deref(share, call, "share");
  switch (s.kind) {
    case REDIST_SHARE_COUNT:
      return exec::NewShare::count(s.count);
    case REDIST_SHARE_WEIGHT:
      return exec::NewShare::weight(s.weight);
    case REDIST_SHARE_COUNTS:
      if (s.counts_size < 0 || (s.counts == nullptr && s.counts_size > 0))
        throw UsageError(std::string(call) + ": share.counts: a null pointer or a negative size");
      return exec::NewShare::counts({s.counts, static_cast<std::size_t>(s.counts_size)});
    default:
      throw UsageError(std::string(call) + ": share.kind: not a redist_share_kind");
  }
}

void fill_report(const exec::TransferReport& from, redist_report* report) {
  if (report == nullptr) return;
  *report = redist_report{};
  report->total_items = from.total_items;
  report->new_count = from.new_count;
  report->new_first = from.new_first;
  report->transport = from.transport == "direct"      ? REDIST_TRANSPORT_DIRECT
                      : from.transport == "alltoallv" ? REDIST_TRANSPORT_ALLTOALLV
                      : from.transport == "ring"      ? REDIST_TRANSPORT_RING
                                                      : REDIST_TRANSPORT_NONE;
  report->chunk_items = from.chunk_items;
  report->predicted_seconds = from.predicted_seconds;
  report->agreement_seconds = from.agreement_seconds;
  report->transfer_seconds = from.transfer_seconds;
  report->bytes_sent = from.bytes_sent;
  report->bytes_received = from.bytes_received;
  report->bytes_copied = from.bytes_copied;
  report->messages_sent = from.messages_sent;
  report->mpi_messages = from.mpi_messages;
  report->staging_peak_bytes = from.staging_peak_bytes;
}

}  // namespace redist::capi

namespace {

const exec::Plan& plan_of(const redist_plan* plan, const char* call) {
  return deref(plan, call, "plan").plan;
}

exec::Context& context_of(redist_context* ctx, const char* call) {
  return deref(ctx, call, "ctx").context;
}

template <class Accessor>
int64_t plan_number(const redist_plan* plan, const char* call, Accessor&& get) {
  return guarded_value<int64_t>(-1, [&] { return get(plan_of(plan, call)); });
}

}  // namespace

extern "C" {

redist_status redist_context_create(MPI_Comm comm, redist_context** ctx) {
  return guarded_mpi([&] {
    redist_context*& out = capi::out_handle(ctx, "redist_context_create");
    out = new redist_context(comm);
  });
}

redist_status redist_context_create_f(MPI_Fint comm, redist_context** ctx) {
  return redist_context_create(MPI_Comm_f2c(comm), ctx);
}

void redist_context_free(redist_context* ctx) { delete ctx; }

int redist_context_rank(const redist_context* ctx) {
  return guarded_value(-1, [&] { return deref(ctx, "redist_context_rank", "ctx").context.rank(); });
}

int redist_context_size(const redist_context* ctx) {
  return guarded_value(0, [&] { return deref(ctx, "redist_context_size", "ctx").context.size(); });
}

redist_status redist_context_set_flat_network(redist_context* ctx, double latency_s,
                                              double seconds_per_byte) {
  return guarded_mpi([&] {
    context_of(ctx, "redist_context_set_flat_network")
        .set_flat_network({latency_s, seconds_per_byte});
  });
}

redist_status redist_context_set_ring_links(redist_context* ctx, const double* succ_latency_s,
                                            const double* succ_seconds_per_byte,
                                            const double* pred_latency_s,
                                            const double* pred_seconds_per_byte) {
  return guarded_mpi([&] {
    const char* call = "redist_context_set_ring_links";
    exec::Context& c = context_of(ctx, call);
    const auto n = static_cast<std::size_t>(c.size());
    const double* succ_l = &deref(succ_latency_s, call, "succ_latency_s");
    const double* succ_b = &deref(succ_seconds_per_byte, call, "succ_seconds_per_byte");
    const double* pred_l = &deref(pred_latency_s, call, "pred_latency_s");
    const double* pred_b = &deref(pred_seconds_per_byte, call, "pred_seconds_per_byte");
    exec::RingLinkModels models;
    for (std::size_t i = 0; i < n; ++i) {
      models.succ.push_back({succ_l[i], succ_b[i]});
      models.pred.push_back({pred_l[i], pred_b[i]});
    }
    c.set_link_models(std::move(models));
  });
}

redist_status redist_context_probe_ring_links(redist_context* ctx) {
  return guarded_mpi(
      [&] { exec::probe_ring_links(context_of(ctx, "redist_context_probe_ring_links")); });
}

redist_share redist_share_count(int64_t count) {
  redist_share s{};
  s.kind = REDIST_SHARE_COUNT;
  s.count = count;
  return s;
}

redist_share redist_share_counts(const int64_t* counts, int64_t counts_size) {
  redist_share s{};
  s.kind = REDIST_SHARE_COUNTS;
  s.counts = counts;
  s.counts_size = counts_size;
  return s;
}

redist_share redist_share_weight(double weight) {
  redist_share s{};
  s.kind = REDIST_SHARE_WEIGHT;
  s.weight = weight;
  return s;
}

void redist_plan_options_init(redist_plan_options* options) {
  if (options == nullptr) return;
  const exec::PlanOptions d;
  *options = redist_plan_options{};
  options->wrap = d.wrap == exec::WrapPolicy::allow ? 1 : 0;
  options->transport = REDIST_TRANSPORT_AUTOMATIC;
  options->ring_kind =
      d.kind == redist::RingKind::unidirectional ? REDIST_UNIDIRECTIONAL : REDIST_BIDIRECTIONAL;
  options->window = d.window;
  options->plan_order = d.plan_order ? 1 : 0;
  options->verify = d.verify ? 1 : 0;
  options->chunk_bytes = d.chunk_bytes;
  options->max_chunk_bytes = d.max_chunk_bytes;
  options->max_message_bytes = d.max_message_bytes;
  options->max_items_per_round = d.max_items_per_round;
  options->timeout_seconds = d.timeout_seconds;
}

redist_status redist_plan_make(redist_context* ctx, int64_t count, const redist_share* share,
                               const redist_plan_options* options, int64_t item_bytes,
                               int64_t first, redist_plan** plan) {
  return guarded_mpi([&] {
    const char* call = "redist_plan_make";
    redist_plan*& out = capi::out_handle(plan, call);
    exec::Context& c = context_of(ctx, call);
    out = new redist_plan{exec::Plan::make(c, count, capi::new_share(share, call),
                                           capi::plan_options(options), item_bytes, first)};
  });
}

redist_status redist_plan_reversed(const redist_plan* plan, redist_plan** reversed) {
  return guarded_mpi([&] {
    redist_plan*& out = capi::out_handle(reversed, "redist_plan_reversed");
    out = new redist_plan{plan_of(plan, "redist_plan_reversed").reversed()};
  });
}

void redist_plan_free(redist_plan* plan) { delete plan; }

int64_t redist_plan_total(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_total", [](const exec::Plan& p) { return p.total(); });
}
int64_t redist_plan_old_count(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_old_count",
                     [](const exec::Plan& p) { return p.old_count(); });
}
int64_t redist_plan_new_count(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_new_count",
                     [](const exec::Plan& p) { return p.new_count(); });
}
int64_t redist_plan_old_first(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_old_first",
                     [](const exec::Plan& p) { return p.old_first(); });
}
int64_t redist_plan_new_first(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_new_first",
                     [](const exec::Plan& p) { return p.new_first(); });
}
int64_t redist_plan_room_before(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_room_before",
                     [](const exec::Plan& p) { return p.room_before(); });
}
int64_t redist_plan_room_after(const redist_plan* plan) {
  return plan_number(plan, "redist_plan_room_after",
                     [](const exec::Plan& p) { return p.room_after(); });
}
int64_t redist_plan_new_offset_shift(const redist_plan* plan) {
  return guarded_value<int64_t>(
      0, [&] { return plan_of(plan, "redist_plan_new_offset_shift").new_offset_shift(); });
}

redist_transport redist_plan_transport(const redist_plan* plan) {
  return guarded_value(REDIST_TRANSPORT_NONE, [&] {
    switch (plan_of(plan, "redist_plan_transport").transport()) {
      case exec::Transport::direct:
        return REDIST_TRANSPORT_DIRECT;
      case exec::Transport::alltoallv:
        return REDIST_TRANSPORT_ALLTOALLV;
      case exec::Transport::ring:
        return REDIST_TRANSPORT_RING;
      case exec::Transport::automatic:
        break;
    }
    return REDIST_TRANSPORT_AUTOMATIC;
  });
}

const char* redist_plan_transport_reason(const redist_plan* plan) {
  return guarded_value(
      "", [&] { return plan_of(plan, "redist_plan_transport_reason").transport_reason().c_str(); });
}

double redist_plan_predicted_seconds(const redist_plan* plan) {
  return guarded_value(
      0.0, [&] { return plan_of(plan, "redist_plan_predicted_seconds").predicted_seconds(); });
}

double redist_plan_agreement_seconds(const redist_plan* plan) {
  return guarded_value(
      0.0, [&] { return plan_of(plan, "redist_plan_agreement_seconds").agreement_seconds(); });
}

redist_status redist_plan_counts(const redist_plan* plan, int64_t* old_counts,
                                 int64_t* new_counts) {
  return guarded_mpi([&] {
    const exec::Plan& p = plan_of(plan, "redist_plan_counts");
    if (old_counts != nullptr) {
      const auto counts = p.old_counts();
      std::copy(counts.begin(), counts.end(), old_counts);
    }
    if (new_counts != nullptr) {
      const auto counts = p.new_counts();
      std::copy(counts.begin(), counts.end(), new_counts);
    }
  });
}

const char* redist_transport_name(redist_transport transport) {
  switch (transport) {
    case REDIST_TRANSPORT_AUTOMATIC:
      return "automatic";
    case REDIST_TRANSPORT_DIRECT:
      return "direct";
    case REDIST_TRANSPORT_ALLTOALLV:
      return "alltoallv";
    case REDIST_TRANSPORT_RING:
      return "ring";
    case REDIST_TRANSPORT_NONE:
      return "none";
  }
  return "unknown";
}

}  // extern "C"
