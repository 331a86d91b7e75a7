// redist.Ring, Schedule, RingPlan, Bounds, Validation and the calls plan, bounds, check
// (docs/python.md). Arrays in and out are numpy arrays; nothing goes through JSON text unless the
// caller gives text or a file.

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <chrono>
#include <memory>
#include <optional>

#include "bindings.hpp"
#include "capi_support.hpp"  // write_file_atomically
#include "redist/core/error.hpp"
#include "redist/io/budgeted_read.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/io/json_text.hpp"
#include "redist/io/ring_instance_io.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/report/schedule_svg.hpp"
#include "redist/ring/bounds_output.hpp"
#include "redist/ring/plan_file.hpp"
#include "redist/ring/plan_output.hpp"
#include "redist/sim/validation_output.hpp"
#include "ring_arrays.hpp"

namespace redist::python {

namespace {

using Int64Array = py::array_t<std::int64_t, py::array::c_style>;

// An array argument of whole numbers as int64, without a copy when it already is one. Floats are
// refused rather than truncated; uint64 values beyond int64 too.
Int64Array whole_numbers(const py::handle& value, const std::string& source, const char* field) {
  py::array array = py::array::ensure(value);
  if (!array) throw InputError(source, field, "must be an array of integers");
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u' && !(kind == 'b' && array.size() == 0))
    throw InputError(
        source, field,
        "must be integers, got an array of dtype " + py::str(array.dtype()).cast<std::string>());
  if (kind == 'u' && array.itemsize() == 8 && array.size() > 0) {
    const auto big = py::module_::import("numpy").attr("max")(array).cast<std::uint64_t>();
    if (big > static_cast<std::uint64_t>(INT64_MAX))
      throw InputError(source, field, "integer does not fit 64 bits");
  }
  return Int64Array::ensure(array.attr("astype")("int64", py::arg("copy") = false).attr("ravel")());
}

std::span<const std::int64_t> span_of(const Int64Array& a) {
  return {a.data(), static_cast<std::size_t>(a.size())};
}

// A read-only numpy array holding a copy of `values`.
template <class T>
py::array_t<T> frozen(std::vector<T> values) {
  auto* owner = new std::vector<T>(std::move(values));
  py::capsule free_it(owner, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  py::array_t<T> array(static_cast<py::ssize_t>(owner->size()), owner->data(), free_it);
  array.attr("flags").attr("writeable") = false;
  return array;
}

// The Python objects: values shared with what produced them, never copied between them.
struct PyRing {
  std::shared_ptr<const RingInstance> instance;
};

struct PySchedule {
  std::shared_ptr<const Schedule> schedule;
  std::shared_ptr<const RingInstance> ring;  // for durations (draw) and checks
};

struct PyBounds {
  std::shared_ptr<const ring::RingBounds> bounds;
  int time_scale = 0;
};

struct PyPlan {
  std::shared_ptr<const ring::RingPlan> plan;
  std::shared_ptr<const RingInstance> ring;
};

PyRing ring_from_arrays(const py::object& loads, const py::object& targets,
                        const py::object& succ_cost, const py::object& pred_cost,
                        const std::string& kind, int cost_decimals, const std::string& source) {
  capi::RingArrays arrays;
  if (kind == "unidirectional" || kind == "uni") {
    arrays.kind = RingKind::unidirectional;
  } else if (kind == "bidirectional" || kind == "bi") {
    arrays.kind = RingKind::bidirectional;
  } else {
    throw InputError(source, "ring",
                     "must be \"unidirectional\" or \"bidirectional\", got \"" + kind + "\"");
  }
  const Int64Array l = whole_numbers(loads, source, "loads");
  const Int64Array t = whole_numbers(targets, source, "targets");
  const Int64Array s = whole_numbers(succ_cost, source, "succ_cost");
  std::optional<Int64Array> p;
  if (!pred_cost.is_none()) p = whole_numbers(pred_cost, source, "pred_cost");
  arrays.loads = span_of(l);
  arrays.targets = span_of(t);
  arrays.succ_cost = span_of(s);
  if (p) arrays.pred_cost = span_of(*p);
  arrays.has_pred = p.has_value();
  arrays.cost_decimals = cost_decimals;
  return {std::make_shared<const RingInstance>(capi::ring_from_arrays(arrays, source))};
}

PyRing ring_from_json(const std::string& text, const std::string& source) {
  return {std::make_shared<const RingInstance>(
      io::ring_instance_from_json(io::parse_exact_json(text, source), source))};
}

ring::RingPlanOptions planner_options(bool back_to_back, int effort) {
  if (effort < 0 || effort > 1000)
    throw InputError("plan", "effort", "must be in [0, 1000], got " + std::to_string(effort));
  ring::RingPlanOptions options;
  options.back_to_back = back_to_back;
  options.effort = effort;
  return options;
}

PyPlan plan_ring(const PyRing& ring, bool back_to_back, int effort) {
  const ring::RingPlanOptions options = planner_options(back_to_back, effort);
  py::gil_scoped_release unlocked;
  return {std::make_shared<const ring::RingPlan>(ring::plan_ring(*ring.instance, options)),
          ring.instance};
}

PyPlan plan_file(const std::string& path, bool back_to_back, int effort) {
  const ring::RingPlanOptions options = planner_options(back_to_back, effort);
  py::gil_scoped_release unlocked;
  ring::PlannedFile planned = ring::plan_ring_file(path, options);
  return {std::make_shared<const ring::RingPlan>(std::move(planned.plan)),
          std::make_shared<const RingInstance>(std::move(planned.instance))};
}

PySchedule schedule_from_arrays(const PyRing& ring, const py::object& from, const py::object& to,
                                const py::object& items, const py::object& start,
                                const py::object& spacing, const py::object& link,
                                int time_decimals) {
  const std::string source = "schedule";
  const Int64Array f = whole_numbers(from, source, "from"), t = whole_numbers(to, source, "to");
  const Int64Array n = whole_numbers(items, source, "items"),
                   s = whole_numbers(start, source, "start");
  const std::size_t count = static_cast<std::size_t>(f.size());
  for (const auto* a : {&t, &n, &s})
    if (static_cast<std::size_t>(a->size()) != count)
      throw InputError(source, "transfers",
                       "the arrays from, to, items and start differ in length");
  std::vector<std::int32_t> from32(count), to32(count);
  for (std::size_t k = 0; k < count;
       ++k) {  // out of range values are refused by the reader's rules
    from32[k] = static_cast<std::int32_t>(std::clamp<std::int64_t>(f.data()[k], -1, INT32_MAX));
    to32[k] = static_cast<std::int32_t>(std::clamp<std::int64_t>(t.data()[k], -1, INT32_MAX));
  }
  std::optional<Int64Array> p;
  if (!spacing.is_none()) p = whole_numbers(spacing, source, "spacing");
  std::vector<std::int8_t> links;
  if (!link.is_none()) {
    const Int64Array l = whole_numbers(link, source, "link");
    for (std::size_t k = 0; k < static_cast<std::size_t>(l.size()); ++k)
      links.push_back(static_cast<std::int8_t>(std::clamp<std::int64_t>(l.data()[k], -2, 2)));
  }
  if ((p && static_cast<std::size_t>(p->size()) != count) ||
      (!links.empty() && links.size() != count))
    throw InputError(source, "transfers",
                     "the arrays spacing and link must have one value per transfer");
  return {std::make_shared<const Schedule>(capi::schedule_from_arrays(
              *ring.instance, count, from32.data(), to32.data(), n.data(), s.data(),
              p ? p->data() : nullptr, links.empty() ? nullptr : links.data(), time_decimals)),
          ring.instance};
}

PySchedule schedule_from_json(const PyRing& ring, const std::string& text,
                              const std::string& source) {
  return {
      std::make_shared<const Schedule>(io::schedule_from_text(text, source, ring.instance->size())),
      ring.instance};
}

PySchedule read_schedule(const PyRing& ring, const std::string& path) {
  return {std::make_shared<const Schedule>(
              io::read_schedule_within_budget(path, ring.instance->size())),
          ring.instance};
}

// Transfer k's end: start + (items - 1) * spacing + the link's cost (back to back: spacing = cost).
std::vector<double> end_times(const PySchedule& s) {
  const Schedule& schedule = *s.schedule;
  const RingInstance& r = *s.ring;
  const int scale = std::max(schedule.time_scale, r.cost_scale);
  const Ticks to_schedule = pow10_ticks(scale - schedule.time_scale);
  const Ticks to_cost = pow10_ticks(scale - r.cost_scale);
  std::vector<double> end(schedule.transfers.size());
  const std::size_t n = r.size();
  for (std::size_t k = 0; k < end.size(); ++k) {
    const Transfer& t = schedule.transfers[k];
    const bool succ =
        t.link ? *t.link == Link::succ
               : static_cast<std::size_t>(t.to) == (static_cast<std::size_t>(t.from) + 1) % n;
    const Ticks cost =
        (succ || !r.bidirectional() ? r.succ_cost[t.from] : r.pred_cost[t.from]) * to_cost;
    const Ticks gap = t.spacing != 0 ? t.spacing * to_schedule : cost;
    end[k] = ticks_to_double(t.start * to_schedule + (t.items - 1) * gap + cost, scale);
  }
  return end;
}

py::dict bound_terms(const PyBounds& b, std::size_t i) {
  const ring::BoundTerm& term = b.bounds->terms.at(i);
  py::dict d;
  d["name"] = term.name;
  d["source"] = term.source;
  d["value"] = ticks_to_double(term.value, b.time_scale);
  d["value_text"] = format_ticks(term.value, b.time_scale);
  return d;
}

}  // namespace

void bind_ring(py::module_& m) {
  py::class_<PyRing>(m, "Ring", "A ring instance (docs/design.md section 1)")
      .def_static("_from_arrays", &ring_from_arrays, py::arg("loads"), py::arg("targets"),
                  py::arg("succ_cost"), py::arg("pred_cost"), py::arg("ring"),
                  py::arg("cost_decimals"), py::arg("source"))
      .def_static("_from_json", &ring_from_json, py::arg("text"), py::arg("source"))
      .def_static("_read",
                  [](const std::string& path) {
                    return PyRing{std::make_shared<const RingInstance>(
                        io::read_ring_instance_within_budget(path))};
                  })
      .def_property_readonly("n", [](const PyRing& r) { return r.instance->size(); })
      .def("__len__", [](const PyRing& r) { return r.instance->size(); })
      .def_property_readonly(
          "kind", [](const PyRing& r) { return std::string(to_string(r.instance->kind)); })
      .def_property_readonly("cost_decimals",
                             [](const PyRing& r) { return r.instance->cost_scale; })
      .def_property_readonly("loads", [](const PyRing& r) { return frozen(r.instance->loads); })
      .def_property_readonly("targets", [](const PyRing& r) { return frozen(r.instance->targets); })
      .def_property_readonly("succ_cost",
                             [](const PyRing& r) { return frozen(r.instance->succ_cost); })
      .def_property_readonly("pred_cost",
                             [](const PyRing& r) -> py::object {
                               if (!r.instance->bidirectional()) return py::none();
                               return frozen(r.instance->pred_cost);
                             })
      .def(
          "json",
          [](const PyRing& r) { return io::json_text(io::ring_instance_to_json(*r.instance)); },
          "The instance as `redist gen ring` writes it");

  py::class_<PySchedule>(m, "Schedule", "A ring schedule: transfers as numpy arrays")
      .def_static("_from_arrays", &schedule_from_arrays)
      .def_static("_from_json", &schedule_from_json)
      .def_static("_read", &read_schedule)
      .def("__len__", [](const PySchedule& s) { return s.schedule->transfers.size(); })
      .def_property_readonly("time_decimals",
                             [](const PySchedule& s) { return s.schedule->time_scale; })
      .def("_column",
           [](const PySchedule& s, const std::string& name) -> py::object {
             const auto& tr = s.schedule->transfers;
             const int scale = s.schedule->time_scale;
             const auto collect = [&](auto get) {
               std::vector<decltype(get(tr.front()))> v;
               v.reserve(tr.size());
               for (const Transfer& t : tr) v.push_back(get(t));
               return frozen(std::move(v));
             };
             if (tr.empty() && name != "end") {
               const std::string dtype = name == "start" || name == "spacing" ? "float64"
                                         : name == "link"                     ? "int8"
                                         : name == "from" || name == "to"     ? "int32"
                                                                              : "int64";
               return py::module_::import("numpy").attr("zeros")(0, dtype);
             }
             if (name == "from") return collect([](const Transfer& t) { return t.from; });
             if (name == "to") return collect([](const Transfer& t) { return t.to; });
             if (name == "items") return collect([](const Transfer& t) { return t.items; });
             if (name == "start")
               return collect([&](const Transfer& t) { return ticks_to_double(t.start, scale); });
             if (name == "spacing")
               return collect([&](const Transfer& t) { return ticks_to_double(t.spacing, scale); });
             if (name == "link")
               return collect([](const Transfer& t) {
                 return static_cast<std::int8_t>(!t.link ? -1 : *t.link == Link::succ ? 0 : 1);
               });
             const auto narrow = [](Ticks v) {
               if (v > INT64_MAX)
                 throw InputError("schedule", "start", "does not fit 64-bit ticks");
               return static_cast<std::int64_t>(v);
             };
             if (name == "start_ticks")
               return collect([&](const Transfer& t) { return narrow(t.start); });
             if (name == "spacing_ticks")
               return collect([&](const Transfer& t) { return narrow(t.spacing); });
             if (name == "end") return frozen(end_times(s));
             throw py::key_error(name);
           })
      .def("_ring", [](const PySchedule& s) { return PyRing{s.ring}; });

  py::class_<PyBounds>(m, "Bounds", "The lower bounds that apply to a ring (`redist bounds`)")
      .def_property_readonly(
          "lower_bound",
          [](const PyBounds& b) { return ticks_to_double(b.bounds->best, b.time_scale); })
      .def_property_readonly(
          "lower_bound_text",
          [](const PyBounds& b) { return format_ticks(b.bounds->best, b.time_scale); })
      .def_property_readonly("terms",
                             [](const PyBounds& b) {
                               py::list terms;
                               for (std::size_t i = 0; i < b.bounds->terms.size(); ++i)
                                 terms.append(bound_terms(b, i));
                               return terms;
                             })
      .def(
          "json", [](const PyBounds& b) { return ring::bounds_json_text(*b.bounds, b.time_scale); },
          "What `redist bounds --json` prints");

  py::class_<PyPlan>(m, "RingPlan", "A ring plan (`redist plan`)")
      .def_property_readonly("makespan",
                             [](const PyPlan& p) {
                               return ticks_to_double(p.plan->schedule.makespan.value_or(0),
                                                      p.plan->schedule.time_scale);
                             })
      .def_property_readonly("makespan_text",
                             [](const PyPlan& p) {
                               return format_ticks(p.plan->schedule.makespan.value_or(0),
                                                   p.plan->schedule.time_scale);
                             })
      .def_property_readonly("lower_bound",
                             [](const PyPlan& p) {
                               return ticks_to_double(p.plan->bounds.best,
                                                      p.plan->schedule.time_scale);
                             })
      .def_property_readonly("lower_bound_text",
                             [](const PyPlan& p) {
                               return format_ticks(p.plan->bounds.best,
                                                   p.plan->schedule.time_scale);
                             })
      .def_property_readonly(
          "gap",
          [](const PyPlan& p) {
            const Ticks makespan = p.plan->schedule.makespan.value_or(0),
                        bound = p.plan->bounds.best;
            if (bound == 0) return makespan == 0 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
            return static_cast<double>(makespan - bound) / static_cast<double>(bound);
          })
      .def_property_readonly(
          "status",
          [](const PyPlan& p) {
            return std::string(to_string(p.plan->schedule.status.value_or(PlanStatus::feasible)));
          })
      .def_property_readonly("flow_shift",
                             [](const PyPlan& p) { return p.plan->schedule.flow_shift; })
      .def_property_readonly("framework", [](const PyPlan& p) { return p.plan->framework; })
      .def_property_readonly("method", [](const PyPlan& p) { return p.plan->method; })
      .def_property_readonly(
          "_schedule_native",
          [](const PyPlan& p) {
            return PySchedule{std::shared_ptr<const Schedule>(p.plan, &p.plan->schedule), p.ring};
          })
      .def_property_readonly("bounds",
                             [](const PyPlan& p) {
                               return PyBounds{
                                   std::shared_ptr<const ring::RingBounds>(p.plan, &p.plan->bounds),
                                   p.plan->schedule.time_scale};
                             })
      .def_property_readonly("_ring_native", [](const PyPlan& p) { return PyRing{p.ring}; })
      .def(
          "json",
          [](const PyPlan& p) {
            std::string text;
            ring::write_plan_json(*p.plan, [&](std::string_view piece) { text.append(piece); });
            return text;
          },
          "The schedule document `redist plan -o` writes")
      .def(
          "_write",
          [](const PyPlan& p, const std::string& path) {
            capi::write_file_atomically(
                path, [&](const io::TextWriter& write) { ring::write_plan_json(*p.plan, write); });
          },
          py::arg("path"), "Writes json() to a file, byte for byte what `redist plan -o` writes")
      .def(
          "summary",
          [](const PyPlan& p) { return ring::plan_summary_text(*p.plan, p.ring->size(), true); },
          "The summary `redist plan` prints")
      .def(
          "svg", [](const PyPlan& p) { return report::plan_svg(*p.ring, *p.plan); },
          "The space-time diagram `redist plan --svg` draws");

  py::class_<sim::ValidationResult>(m, "Validation",
                                    "The exact validator's verdict (`redist check`)")
      .def_readonly("valid", &sim::ValidationResult::valid)
      .def_property_readonly("makespan",
                             [](const sim::ValidationResult& v) -> py::object {
                               if (!v.valid) return py::none();
                               return py::float_(ticks_to_double(v.makespan, v.time_scale));
                             })
      .def_property_readonly("violation",
                             [](const sim::ValidationResult& v) -> py::object {
                               if (!v.violation) return py::none();
                               py::dict d;
                               d["rule"] = v.violation->rule;
                               d["time"] = ticks_to_double(v.violation->time, v.time_scale);
                               d["processor"] = v.violation->processor;
                               d["message"] = v.violation->message;
                               return std::move(d);
                             })
      .def(
          "json", [](const sim::ValidationResult& v) { return sim::validation_json_text(v); },
          "What `redist check --json` prints");

  m.def("_plan", &plan_ring, py::arg("ring"), py::arg("back_to_back"), py::arg("effort"));
  // For bench/bindings_plan_bench.py: the seconds of plan_ring alone on a Ring, inside this
  // process.
  m.def("_plan_ring_seconds", [](const PyRing& r) {
    py::gil_scoped_release unlocked;
    const auto t0 = std::chrono::steady_clock::now();
    const ring::RingPlan plan = ring::plan_ring(*r.instance);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  });
  m.def("_plan_file", &plan_file, py::arg("path"), py::arg("back_to_back"), py::arg("effort"));
  m.def("_bounds", [](const PyRing& r) {
    py::gil_scoped_release unlocked;
    return PyBounds{std::make_shared<const ring::RingBounds>(ring::ring_lower_bounds(*r.instance)),
                    r.instance->cost_scale};
  });
  m.def("_check", [](const PyRing& r, const PySchedule& s) {
    py::gil_scoped_release unlocked;
    return sim::validate_ring_schedule(*r.instance, *s.schedule);
  });
}

}  // namespace redist::python
