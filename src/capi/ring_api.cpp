// <redist/redist.h>: ring instances and the ring planner (`redist plan`).

#include <cmath>
#include <limits>

#include "capi_support.hpp"
#include "handles.hpp"
#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/ring/plan_file.hpp"
#include "redist/ring/plan_output.hpp"
#include "ring_arrays.hpp"

namespace capi = redist::capi;
using capi::deref;
using capi::guarded;
using capi::guarded_value;

namespace {

const redist::ring::RingPlan& plan_of(const redist_ring_plan* plan, const char* call) {
  return *deref(plan, call, "plan").plan;
}

redist::ring::RingPlanOptions planner_options(const redist_ring_plan_options* options) {
  redist::ring::RingPlanOptions o;
  if (options == nullptr) return o;
  if (options->effort < 0 || options->effort > 1000)
    throw redist::InputError("redist_plan_ring", "options.effort",
                             "must be in [0, 1000], got " + std::to_string(options->effort));
  o.back_to_back = options->back_to_back != 0;
  o.effort = options->effort;
  return o;
}

redist_ring_plan* new_plan_handle(redist::ring::RingPlan plan) {
  auto handle = std::make_unique<redist_ring_plan>();
  handle->plan = std::make_shared<const redist::ring::RingPlan>(std::move(plan));
  const auto& p = *handle->plan;
  handle->schedule.schedule = std::shared_ptr<const redist::Schedule>(handle->plan, &p.schedule);
  handle->bounds.bounds = std::shared_ptr<const redist::ring::RingBounds>(handle->plan, &p.bounds);
  handle->bounds.time_scale = p.schedule.time_scale;
  handle->bounds.lower_bound_text = redist::format_ticks(p.bounds.best, p.schedule.time_scale);
  handle->makespan_text =
      redist::format_ticks(p.schedule.makespan.value_or(0), p.schedule.time_scale);
  return handle.release();
}

}  // namespace

extern "C" {

redist_status redist_ring_create(redist_ring** ring, redist_ring_kind kind, size_t n,
                                 const int64_t* loads, const int64_t* targets,
                                 const int64_t* succ_cost, size_t succ_cost_count,
                                 const int64_t* pred_cost, size_t pred_cost_count,
                                 int cost_decimals) {
  return guarded([&] {
    redist_ring*& out = capi::out_handle(ring, "redist_ring_create");
    const char* call = "redist_ring_create";
    if (kind != REDIST_UNIDIRECTIONAL && kind != REDIST_BIDIRECTIONAL)
      throw capi::UsageError(std::string(call) + ": kind: not a redist_ring_kind");
    if (n > 0) {
      deref(loads, call, "loads");
      deref(targets, call, "targets");
    }
    if (succ_cost_count > 0) deref(succ_cost, call, "succ_cost");
    if (pred_cost_count > 0) deref(pred_cost, call, "pred_cost");
    capi::RingArrays arrays;
    arrays.kind = kind == REDIST_UNIDIRECTIONAL ? redist::RingKind::unidirectional
                                                : redist::RingKind::bidirectional;
    arrays.loads = {loads, n};
    arrays.targets = {targets, n};
    arrays.succ_cost = {succ_cost, succ_cost_count};
    arrays.pred_cost = {pred_cost, pred_cost_count};
    arrays.has_pred = pred_cost != nullptr || pred_cost_count > 0;
    arrays.cost_decimals = cost_decimals;
    out = new redist_ring{capi::ring_from_arrays(arrays, "ring")};
  });
}

redist_status redist_ring_from_json(redist_ring** ring, const char* text, const char* source) {
  return guarded([&] {
    redist_ring*& out = capi::out_handle(ring, "redist_ring_from_json");
    const std::string name = source != nullptr ? source : "ring";
    const redist::io::Json doc =
        redist::io::parse_exact_json(capi::text_arg(text, "redist_ring_from_json", "text"), name);
    out = new redist_ring{redist::io::ring_instance_from_json(doc, name)};
  });
}

redist_status redist_ring_read(redist_ring** ring, const char* path) {
  return guarded([&] {
    redist_ring*& out = capi::out_handle(ring, "redist_ring_read");
    out = new redist_ring{redist::io::read_ring_instance_within_budget(
        capi::text_arg(path, "redist_ring_read", "path"))};
  });
}

void redist_ring_free(redist_ring* ring) { delete ring; }

size_t redist_ring_size(const redist_ring* ring) {
  return guarded_value<size_t>(
      0, [&] { return deref(ring, "redist_ring_size", "ring").instance.size(); });
}

redist_ring_kind redist_ring_get_kind(const redist_ring* ring) {
  return guarded_value(REDIST_UNIDIRECTIONAL, [&] {
    return deref(ring, "redist_ring_get_kind", "ring").instance.bidirectional()
               ? REDIST_BIDIRECTIONAL
               : REDIST_UNIDIRECTIONAL;
  });
}

int redist_ring_cost_decimals(const redist_ring* ring) {
  return guarded_value(
      0, [&] { return deref(ring, "redist_ring_cost_decimals", "ring").instance.cost_scale; });
}

redist_status redist_ring_arrays(const redist_ring* ring, int64_t* loads, int64_t* targets,
                                 int64_t* succ_cost, int64_t* pred_cost) {
  return guarded([&] {
    const redist::RingInstance& r = deref(ring, "redist_ring_arrays", "ring").instance;
    const auto copy = [](const std::vector<std::int64_t>& from, int64_t* to) {
      if (to != nullptr) std::copy(from.begin(), from.end(), to);
    };
    copy(r.loads, loads);
    copy(r.targets, targets);
    copy(r.succ_cost, succ_cost);
    copy(r.pred_cost, pred_cost);
  });
}

redist_status redist_ring_json(const redist_ring* ring, char** text) {
  return guarded([&] {
    char*& out = capi::out_handle(text, "redist_ring_json");
    const redist::RingInstance& r = deref(ring, "redist_ring_json", "ring").instance;
    out = capi::copy_text(redist::io::json_text(redist::io::ring_instance_to_json(r)));
  });
}

void redist_ring_plan_options_init(redist_ring_plan_options* options) {
  if (options == nullptr) return;
  const redist::ring::RingPlanOptions defaults;
  options->back_to_back = defaults.back_to_back ? 1 : 0;
  options->effort = defaults.effort;
}

redist_status redist_plan_ring(const redist_ring* ring, const redist_ring_plan_options* options,
                               redist_ring_plan** plan) {
  return guarded([&] {
    redist_ring_plan*& out = capi::out_handle(plan, "redist_plan_ring");
    const redist::RingInstance& r = deref(ring, "redist_plan_ring", "ring").instance;
    out = new_plan_handle(redist::ring::plan_ring(r, planner_options(options)));
  });
}

redist_status redist_plan_ring_file(const char* path, const redist_ring_plan_options* options,
                                    redist_ring** ring, redist_ring_plan** plan) {
  return guarded([&] {
    redist_ring_plan*& out = capi::out_handle(plan, "redist_plan_ring_file");
    if (ring != nullptr) *ring = nullptr;
    redist::ring::PlannedFile planned = redist::ring::plan_ring_file(
        capi::text_arg(path, "redist_plan_ring_file", "path"), planner_options(options));
    auto instance = ring != nullptr ? std::make_unique<redist_ring>() : nullptr;
    if (instance) instance->instance = std::move(planned.instance);
    out = new_plan_handle(std::move(planned.plan));
    if (ring != nullptr) *ring = instance.release();
  });
}

void redist_ring_plan_free(redist_ring_plan* plan) { delete plan; }

double redist_ring_plan_makespan(const redist_ring_plan* plan) {
  return guarded_value(0.0, [&] {
    const auto& s = plan_of(plan, "redist_ring_plan_makespan").schedule;
    return redist::ticks_to_double(s.makespan.value_or(0), s.time_scale);
  });
}

double redist_ring_plan_lower_bound(const redist_ring_plan* plan) {
  return guarded_value(0.0, [&] {
    const auto& p = plan_of(plan, "redist_ring_plan_lower_bound");
    return redist::ticks_to_double(p.bounds.best, p.schedule.time_scale);
  });
}

const char* redist_ring_plan_makespan_text(const redist_ring_plan* plan) {
  return guarded_value("", [&] {
    return deref(plan, "redist_ring_plan_makespan_text", "plan").makespan_text.c_str();
  });
}

const char* redist_ring_plan_lower_bound_text(const redist_ring_plan* plan) {
  return guarded_value("", [&] {
    return deref(plan, "redist_ring_plan_lower_bound_text", "plan").bounds.lower_bound_text.c_str();
  });
}

double redist_ring_plan_gap(const redist_ring_plan* plan) {
  return guarded_value(std::numeric_limits<double>::quiet_NaN(), [&] {
    const auto& p = plan_of(plan, "redist_ring_plan_gap");
    const redist::Ticks makespan = p.schedule.makespan.value_or(0), bound = p.bounds.best;
    if (bound == 0) return makespan == 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    return static_cast<double>(makespan - bound) / static_cast<double>(bound);
  });
}

redist_plan_status redist_ring_plan_status(const redist_ring_plan* plan) {
  return guarded_value(REDIST_PLAN_FEASIBLE, [&] {
    const auto& s = plan_of(plan, "redist_ring_plan_status").schedule;
    return s.status == redist::PlanStatus::optimal ? REDIST_PLAN_OPTIMAL : REDIST_PLAN_FEASIBLE;
  });
}

int64_t redist_ring_plan_flow_shift(const redist_ring_plan* plan) {
  return guarded_value<int64_t>(0, [&] {
    return plan_of(plan, "redist_ring_plan_flow_shift").schedule.flow_shift.value_or(0);
  });
}

const char* redist_ring_plan_framework(const redist_ring_plan* plan) {
  return guarded_value(
      "", [&] { return plan_of(plan, "redist_ring_plan_framework").framework.c_str(); });
}

const char* redist_ring_plan_method(const redist_ring_plan* plan) {
  return guarded_value("", [&] { return plan_of(plan, "redist_ring_plan_method").method.c_str(); });
}

const redist_schedule* redist_ring_plan_schedule(const redist_ring_plan* plan) {
  return guarded_value<const redist_schedule*>(
      nullptr, [&] { return &deref(plan, "redist_ring_plan_schedule", "plan").schedule; });
}

const redist_bounds* redist_ring_plan_bounds(const redist_ring_plan* plan) {
  return guarded_value<const redist_bounds*>(
      nullptr, [&] { return &deref(plan, "redist_ring_plan_bounds", "plan").bounds; });
}

redist_status redist_ring_plan_json(const redist_ring_plan* plan, char** text, size_t* length) {
  return guarded([&] {
    char*& out = capi::out_handle(text, "redist_ring_plan_json");
    std::string document;
    redist::ring::write_plan_json(plan_of(plan, "redist_ring_plan_json"),
                                  [&](std::string_view piece) { document.append(piece); });
    out = capi::copy_text(document);
    if (length != nullptr) *length = document.size();
  });
}

redist_status redist_ring_plan_write(const redist_ring_plan* plan, const char* path) {
  return guarded([&] {
    const auto& p = plan_of(plan, "redist_ring_plan_write");
    capi::write_file_atomically(
        capi::text_arg(path, "redist_ring_plan_write", "path"),
        [&](const redist::io::TextWriter& write) { redist::ring::write_plan_json(p, write); });
  });
}

}  // extern "C"
