// <redist/redist.h>: schedules, lower bounds (`redist bounds`) and the exact validator
// (`redist check`).

#include <cmath>
#include <limits>

#include "capi_support.hpp"
#include "handles.hpp"
#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/ring/bounds_output.hpp"
#include "redist/sim/validation_output.hpp"
#include "ring_arrays.hpp"

namespace capi = redist::capi;
using capi::deref;
using capi::guarded;
using capi::guarded_value;

namespace {

const redist::Schedule& schedule_of(const redist_schedule* schedule, const char* call) {
  return *deref(schedule, call, "schedule").schedule;
}

const redist::RingInstance& ring_of(const redist_ring* ring, const char* call) {
  return deref(ring, call, "ring").instance;
}

redist_schedule* new_schedule(redist::Schedule schedule) {
  return new redist_schedule{std::make_shared<const redist::Schedule>(std::move(schedule))};
}

double to_double(redist::Ticks t, int scale) { return redist::ticks_to_double(t, scale); }

}  // namespace

extern "C" {

redist_status redist_schedule_create(redist_schedule** schedule, const redist_ring* ring,
                                     size_t count, const int32_t* from, const int32_t* to,
                                     const int64_t* items, const int64_t* start,
                                     const int64_t* spacing, const int8_t* link,
                                     int time_decimals) {
  return guarded([&] {
    const char* call = "redist_schedule_create";
    redist_schedule*& out = capi::out_handle(schedule, call);
    if (count > 0) {
      deref(from, call, "from");
      deref(to, call, "to");
      deref(items, call, "items");
      deref(start, call, "start");
    }
    out = new_schedule(capi::schedule_from_arrays(ring_of(ring, "redist_schedule_create"), count,
                                                  from, to, items, start, spacing, link,
                                                  time_decimals));
  });
}

redist_status redist_schedule_from_json(redist_schedule** schedule, const redist_ring* ring,
                                        const char* text, const char* source) {
  return guarded([&] {
    const char* call = "redist_schedule_from_json";
    redist_schedule*& out = capi::out_handle(schedule, call);
    out = new_schedule(redist::io::schedule_from_text(capi::text_arg(text, call, "text"),
                                                      source != nullptr ? source : "schedule",
                                                      ring_of(ring, call).size()));
  });
}

redist_status redist_schedule_read(redist_schedule** schedule, const redist_ring* ring,
                                   const char* path) {
  return guarded([&] {
    const char* call = "redist_schedule_read";
    redist_schedule*& out = capi::out_handle(schedule, call);
    out = new_schedule(redist::io::read_schedule_within_budget(capi::text_arg(path, call, "path"),
                                                               ring_of(ring, call).size()));
  });
}

void redist_schedule_free(redist_schedule* schedule) { delete schedule; }

size_t redist_schedule_count(const redist_schedule* schedule) {
  return guarded_value<size_t>(
      0, [&] { return schedule_of(schedule, "redist_schedule_count").transfers.size(); });
}

int redist_schedule_time_decimals(const redist_schedule* schedule) {
  return guarded_value(
      0, [&] { return schedule_of(schedule, "redist_schedule_time_decimals").time_scale; });
}

redist_status redist_schedule_transfers(const redist_schedule* schedule, int32_t* from, int32_t* to,
                                        int64_t* items, double* start, double* spacing,
                                        int8_t* link) {
  return guarded([&] {
    const redist::Schedule& s = schedule_of(schedule, "redist_schedule_transfers");
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
      const redist::Transfer& t = s.transfers[k];
      if (from != nullptr) from[k] = t.from;
      if (to != nullptr) to[k] = t.to;
      if (items != nullptr) items[k] = t.items;
      if (start != nullptr) start[k] = to_double(t.start, s.time_scale);
      if (spacing != nullptr) spacing[k] = to_double(t.spacing, s.time_scale);
      if (link != nullptr)
        link[k] = !t.link                         ? REDIST_LINK_NONE
                  : *t.link == redist::Link::succ ? REDIST_LINK_SUCC
                                                  : REDIST_LINK_PRED;
    }
  });
}

redist_status redist_schedule_ticks(const redist_schedule* schedule, int64_t* start,
                                    int64_t* spacing) {
  return guarded([&] {
    const redist::Schedule& s = schedule_of(schedule, "redist_schedule_ticks");
    const auto narrow = [](redist::Ticks t, std::size_t k, const char* name) {
      if (t > std::numeric_limits<std::int64_t>::max())
        throw redist::InputError("schedule", redist::indexed("transfers", k) + "." + name,
                                 "does not fit 64-bit ticks");
      return static_cast<std::int64_t>(t);
    };
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
      if (start != nullptr) start[k] = narrow(s.transfers[k].start, k, "start");
      if (spacing != nullptr) spacing[k] = narrow(s.transfers[k].spacing, k, "spacing");
    }
  });
}

redist_status redist_ring_bounds(const redist_ring* ring, redist_bounds** bounds) {
  return guarded([&] {
    redist_bounds*& out = capi::out_handle(bounds, "redist_ring_bounds");
    const redist::RingInstance& r = ring_of(ring, "redist_ring_bounds");
    auto handle = std::make_unique<redist_bounds>();
    handle->bounds =
        std::make_shared<const redist::ring::RingBounds>(redist::ring::ring_lower_bounds(r));
    handle->time_scale = r.cost_scale;
    handle->lower_bound_text = redist::format_ticks(handle->bounds->best, r.cost_scale);
    out = handle.release();
  });
}

void redist_bounds_free(redist_bounds* bounds) { delete bounds; }

double redist_bounds_lower_bound(const redist_bounds* bounds) {
  return guarded_value(0.0, [&] {
    const redist_bounds& b = deref(bounds, "redist_bounds_lower_bound", "bounds");
    return to_double(b.bounds->best, b.time_scale);
  });
}

const char* redist_bounds_lower_bound_text(const redist_bounds* bounds) {
  return guarded_value("", [&] {
    return deref(bounds, "redist_bounds_lower_bound_text", "bounds").lower_bound_text.c_str();
  });
}

size_t redist_bounds_count(const redist_bounds* bounds) {
  return guarded_value<size_t>(
      0, [&] { return deref(bounds, "redist_bounds_count", "bounds").bounds->terms.size(); });
}

}  // extern "C"

namespace {

const redist::ring::BoundTerm& term(const redist_bounds* bounds, size_t i, const char* call) {
  const redist_bounds& b = deref(bounds, call, "bounds");
  if (i >= b.bounds->terms.size())
    throw capi::UsageError(std::string(call) + ": i: " + std::to_string(i) + " is not below the " +
                           std::to_string(b.bounds->terms.size()) + " bounds");
  return b.bounds->terms[i];
}

}  // namespace

extern "C" {

const char* redist_bounds_name(const redist_bounds* bounds, size_t i) {
  return guarded_value<const char*>(
      nullptr, [&] { return term(bounds, i, "redist_bounds_name").name.c_str(); });
}

const char* redist_bounds_source(const redist_bounds* bounds, size_t i) {
  return guarded_value<const char*>(
      nullptr, [&] { return term(bounds, i, "redist_bounds_source").source.c_str(); });
}

double redist_bounds_value(const redist_bounds* bounds, size_t i) {
  return guarded_value(std::numeric_limits<double>::quiet_NaN(), [&] {
    return to_double(term(bounds, i, "redist_bounds_value").value, bounds->time_scale);
  });
}

redist_status redist_bounds_json(const redist_bounds* bounds, char** text) {
  return guarded([&] {
    char*& out = capi::out_handle(text, "redist_bounds_json");
    const redist_bounds& b = deref(bounds, "redist_bounds_json", "bounds");
    out = capi::copy_text(redist::ring::bounds_json_text(*b.bounds, b.time_scale));
  });
}

redist_status redist_check(const redist_ring* ring, const redist_schedule* schedule,
                           redist_validation** validation) {
  return guarded([&] {
    redist_validation*& out = capi::out_handle(validation, "redist_check");
    auto handle = std::make_unique<redist_validation>();
    handle->result = redist::sim::validate_ring_schedule(ring_of(ring, "redist_check"),
                                                         schedule_of(schedule, "redist_check"));
    handle->makespan_text = handle->result.valid ? redist::format_ticks(handle->result.makespan,
                                                                        handle->result.time_scale)
                                                 : "";
    out = handle.release();
  });
}

void redist_validation_free(redist_validation* validation) { delete validation; }

int redist_validation_valid(const redist_validation* validation) {
  return guarded_value(0, [&] {
    return deref(validation, "redist_validation_valid", "validation").result.valid ? 1 : 0;
  });
}

double redist_validation_makespan(const redist_validation* validation) {
  return guarded_value(0.0, [&] {
    const auto& r = deref(validation, "redist_validation_makespan", "validation").result;
    return r.valid ? to_double(r.makespan, r.time_scale) : 0.0;
  });
}

const char* redist_validation_makespan_text(const redist_validation* validation) {
  return guarded_value("", [&] {
    return deref(validation, "redist_validation_makespan_text", "validation").makespan_text.c_str();
  });
}

const char* redist_validation_rule(const redist_validation* validation) {
  return guarded_value("", [&] {
    const auto& r = deref(validation, "redist_validation_rule", "validation").result;
    return r.violation ? r.violation->rule.c_str() : "";
  });
}

double redist_validation_time(const redist_validation* validation) {
  return guarded_value(0.0, [&] {
    const auto& r = deref(validation, "redist_validation_time", "validation").result;
    return r.violation ? to_double(r.violation->time, r.time_scale) : 0.0;
  });
}

int64_t redist_validation_processor(const redist_validation* validation) {
  return guarded_value<int64_t>(0, [&] {
    const auto& r = deref(validation, "redist_validation_processor", "validation").result;
    return r.violation ? r.violation->processor : 0;
  });
}

const char* redist_validation_message(const redist_validation* validation) {
  return guarded_value("", [&] {
    const auto& r = deref(validation, "redist_validation_message", "validation").result;
    return r.violation ? r.violation->message.c_str() : "";
  });
}

redist_status redist_validation_json(const redist_validation* validation, char** text) {
  return guarded([&] {
    char*& out = capi::out_handle(text, "redist_validation_json");
    out = capi::copy_text(redist::sim::validation_json_text(
        deref(validation, "redist_validation_json", "validation").result));
  });
}

}  // extern "C"
