// redist._redist_mpi: the MPI executor for numpy arrays (docs/python.md "MPI"), wrapped by
// redist/mpi.py. An array's items are its rows (axis 0) and travel as bytes, so any dtype without
// Python objects works, structured ones included; the new arrays keep the dtype and the shape of a
// row. The GIL is released while data moves.

#include <mpi.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>

#include "bindings.hpp"
#include "mpi_handles.hpp"  // capi::in_place_field
#include "redist/core/error.hpp"
#include "redist/exec/errors.hpp"
#include "redist/exec/plan.hpp"
#include "redist/exec/redistribute.hpp"

namespace redist::python {

namespace {

namespace exec = redist::exec;

void bind_executor_errors() {
  // Registered after bind_errors, so tried first: AgreementError before the InputError it is.
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const exec::AgreementError& e) {
      py::dict a;
      a["file"] = e.file();
      a["field"] = e.field();
      a["reason"] = e.reason();
      const std::string& f = e.field();
      a["rank"] = f.rfind("rank ", 0) == 0 ? std::atoi(f.c_str() + 5) : -1;
      raise_error("AgreementError", e.what(), a);
    } catch (const exec::TimeoutError& e) {
      py::dict a;
      a["rank"] = e.rank();
      a["missing"] = py::tuple(py::cast(e.missing()));
      raise_error("TimeoutError", e.what(), a);
    } catch (const exec::CallError& e) {
      py::dict a;
      a["rank"] = e.rank();
      raise_error("CallError", e.what(), a);
    } catch (const exec::MpiError& e) {
      py::dict a;
      a["code"] = e.code();
      raise_error("MpiError", e.what(), a);
    }
  });
}

// The communicator of an mpi4py Comm (through its Fortran handle, so that no mpi4py header is
// needed), or of a Fortran handle given as an int.
MPI_Comm communicator(const py::object& comm) {
  if (py::hasattr(comm, "py2f")) return MPI_Comm_f2c(comm.attr("py2f")().cast<MPI_Fint>());
  if (py::isinstance<py::int_>(comm)) return MPI_Comm_f2c(comm.cast<MPI_Fint>());
  throw InputError("redist.mpi.Context", "comm", "must be an mpi4py communicator");
}

struct ContextBox {
  std::unique_ptr<exec::Context> context;
};

struct PlanBox {
  exec::Plan plan;
  py::object context;  // keeps the Context alive as long as the plan
};

// An array whose rows are the items: C-contiguous, no Python objects inside.
py::array rows_of(const py::handle& value, const char* what) {
  py::array a = py::array::ensure(value);
  if (!a) throw InputError("redist.mpi", what, "must be a numpy array");
  if (a.ndim() == 0)
    throw InputError("redist.mpi", what, "must have at least one axis (its items are its rows)");
  if (a.dtype().attr("hasobject").cast<bool>())
    throw InputError("redist.mpi", what, "holds Python objects, which cannot travel as bytes");
  if (!(a.flags() & py::array::c_style))
    a = py::module_::import("numpy").attr("ascontiguousarray")(a);
  return a;
}

std::int64_t row_bytes(const py::array& a) {
  std::int64_t bytes = a.itemsize();
  for (py::ssize_t d = 1; d < a.ndim(); ++d) bytes *= a.shape(d);
  return bytes;
}

// A new array of `rows` rows shaped and typed as `like`'s.
py::array new_rows(const py::array& like, std::int64_t rows) {
  std::vector<py::ssize_t> shape(like.shape(), like.shape() + like.ndim());
  shape[0] = static_cast<py::ssize_t>(rows);
  return py::array(like.dtype(), shape);
}

exec::Field field_of(const py::array& in, const py::array& out) {
  return {static_cast<const std::byte*>(in.data()), in.shape(0),
          static_cast<std::byte*>(const_cast<void*>(out.data())), out.shape(0), row_bytes(in)};
}

py::dict report_dict(const exec::TransferReport& r) {
  py::dict d;
  d["total_items"] = r.total_items;
  d["new_count"] = r.new_count;
  d["new_first"] = r.new_first;
  d["flows"] = r.flows;
  d["transport"] = r.transport;
  d["transport_reason"] = r.transport_reason;
  d["framework"] = r.framework;
  d["method"] = r.method;
  d["chunk_items"] = r.chunk_items;
  d["predicted_seconds"] = r.predicted_seconds;
  d["agreement_seconds"] = r.agreement_seconds;
  d["transfer_seconds"] = r.transfer_seconds;
  d["bytes_sent"] = r.bytes_sent;
  d["bytes_received"] = r.bytes_received;
  d["bytes_copied"] = r.bytes_copied;
  d["messages_sent"] = r.messages_sent;
  d["mpi_messages"] = r.mpi_messages;
  d["staging_peak_bytes"] = r.staging_peak_bytes;
  return d;
}

exec::NewShare share_of(const std::string& kind, const py::object& value,
                        std::vector<std::int64_t>& counts) {
  if (kind == "count") return exec::NewShare::count(value.cast<std::int64_t>());
  if (kind == "weight") return exec::NewShare::weight(value.cast<double>());
  if (kind == "counts") {
    counts = value.cast<std::vector<std::int64_t>>();
    return exec::NewShare::counts(counts);
  }
  throw InputError("redist.mpi", "share", "must be count(n), counts([...]) or weight(w)");
}

exec::PlanOptions options_of(bool wrap, const std::string& transport, double timeout,
                             const std::string& ring_kind) {
  exec::PlanOptions o;
  o.wrap = wrap ? exec::WrapPolicy::allow : exec::WrapPolicy::forbid;
  if (transport == "automatic")
    o.transport = exec::Transport::automatic;
  else if (transport == "direct")
    o.transport = exec::Transport::direct;
  else if (transport == "alltoallv")
    o.transport = exec::Transport::alltoallv;
  else if (transport == "ring")
    o.transport = exec::Transport::ring;
  else
    throw InputError("redist.mpi", "transport",
                     "must be automatic, direct, alltoallv or ring, got \"" + transport + "\"");
  if (ring_kind != "bidirectional" && ring_kind != "unidirectional")
    throw InputError("redist.mpi", "ring", "must be bidirectional or unidirectional");
  o.kind = ring_kind == "bidirectional" ? RingKind::bidirectional : RingKind::unidirectional;
  o.timeout_seconds = timeout;
  return o;
}

// The fields of an execution: inputs (rows), outputs given or new.
struct Fields {
  std::vector<py::array> inputs, outputs;
  std::vector<exec::Field> fields;
};

Fields prepare(const exec::Plan& plan, const py::list& arrays, const py::list& outs) {
  Fields f;
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    py::array in = rows_of(arrays[k], "array");
    py::array out;
    if (k < outs.size() && !outs[k].is_none()) {
      out = py::array::ensure(outs[k]);
      if (!out || !(out.flags() & py::array::c_style) || !out.writeable() ||
          !out.dtype().is(in.dtype()) || out.ndim() != in.ndim() || row_bytes(out) != row_bytes(in))
        throw InputError(
            "redist.mpi", "out",
            "must be a writable C-contiguous array of the input's dtype and row shape");
    } else {
      out = new_rows(in, plan.new_count());
    }
    f.fields.push_back(field_of(in, out));
    f.inputs.push_back(std::move(in));
    f.outputs.push_back(std::move(out));
  }
  return f;
}

// What an execution returns: the new arrays (views of `out` of new_count rows).
py::list results(const Fields& f, std::int64_t new_count) {
  py::list list;
  for (const py::array& out : f.outputs)
    list.append(out[py::slice(0, static_cast<py::ssize_t>(new_count), 1)]);
  return list;
}

struct RequestBox {
  std::unique_ptr<exec::Request> request;
  Fields fields;
  py::object plan;
  std::int64_t new_count = 0;
};

void bind_mpi(py::module_& m) {
  bind_errors();
  bind_executor_errors();

  py::class_<ContextBox>(m, "Context")
      .def(py::init([](const py::object& comm) {
             return ContextBox{std::make_unique<exec::Context>(communicator(comm))};
           }),
           py::arg("comm"))
      .def_property_readonly("rank", [](const ContextBox& c) { return c.context->rank(); })
      .def_property_readonly("size", [](const ContextBox& c) { return c.context->size(); })
      .def(
          "set_flat_network",
          [](ContextBox& c, double latency_s, double seconds_per_byte) {
            c.context->set_flat_network({latency_s, seconds_per_byte});
          },
          py::arg("latency_s") = 2e-6, py::arg("seconds_per_byte") = 2e-10)
      .def("free", [](ContextBox& c) { c.context.reset(); });

  py::class_<PlanBox>(m, "Plan")
      .def(py::init([](const py::object& context, std::int64_t count, const std::string& kind,
                       const py::object& value, std::int64_t item_bytes, bool wrap,
                       const std::string& transport, double timeout, const std::string& ring) {
             auto& c = context.cast<ContextBox&>();
             if (!c.context) throw InputError("redist.mpi.Plan", "context", "was freed");
             std::vector<std::int64_t> counts;
             const exec::NewShare share = share_of(kind, value, counts);
             const exec::PlanOptions options = options_of(wrap, transport, timeout, ring);
             py::gil_scoped_release unlocked;
             return PlanBox{exec::Plan::make(*c.context, count, share, options, item_bytes),
                            context};
           }),
           py::arg("context"), py::arg("count"), py::arg("kind"), py::arg("value"),
           py::arg("item_bytes"), py::arg("wrap"), py::arg("transport"), py::arg("timeout"),
           py::arg("ring"))
      .def_property_readonly("total", [](const PlanBox& p) { return p.plan.total(); })
      .def_property_readonly("old_count", [](const PlanBox& p) { return p.plan.old_count(); })
      .def_property_readonly("new_count", [](const PlanBox& p) { return p.plan.new_count(); })
      .def_property_readonly("old_first", [](const PlanBox& p) { return p.plan.old_first(); })
      .def_property_readonly("new_first", [](const PlanBox& p) { return p.plan.new_first(); })
      .def_property_readonly("old_counts", [](const PlanBox& p) { return p.plan.old_counts(); })
      .def_property_readonly("new_counts", [](const PlanBox& p) { return p.plan.new_counts(); })
      .def_property_readonly("room_before", [](const PlanBox& p) { return p.plan.room_before(); })
      .def_property_readonly("room_after", [](const PlanBox& p) { return p.plan.room_after(); })
      .def_property_readonly("new_offset_shift",
                             [](const PlanBox& p) { return p.plan.new_offset_shift(); })
      .def_property_readonly("transport",
                             [](const PlanBox& p) {
                               const char* names[] = {"automatic", "direct", "alltoallv", "ring"};
                               return std::string(names[static_cast<int>(p.plan.transport())]);
                             })
      .def_property_readonly("transport_reason",
                             [](const PlanBox& p) { return p.plan.transport_reason(); })
      .def_property_readonly("predicted_seconds",
                             [](const PlanBox& p) { return p.plan.predicted_seconds(); })
      .def_property_readonly("agreement_seconds",
                             [](const PlanBox& p) { return p.plan.agreement_seconds(); })
      .def("reversed",
           [](const PlanBox& p) {
             return PlanBox{p.plan.reversed(), p.context};
           })
      .def("_execute",
           [](const PlanBox& p, const py::list& arrays, const py::list& outs) {
             Fields f = prepare(p.plan, arrays, outs);
             exec::TransferReport report;
             {
               py::gil_scoped_release unlocked;
               report = p.plan.execute(f.fields);
             }
             return py::make_tuple(results(f, report.new_count), report_dict(report));
           })
      .def("_in_place",
           [](const PlanBox& p, const py::array& storage, std::int64_t offset) {
             if (!(storage.flags() & py::array::c_style) || !storage.writeable())
               throw InputError("redist.mpi", "storage", "must be a writable C-contiguous array");
             const std::int64_t size = row_bytes(storage), rows = storage.shape(0);
             auto* base = static_cast<std::byte*>(const_cast<void*>(storage.data()));
             const std::int64_t first_new = offset + p.plan.new_offset_shift();
             const exec::Field f = capi::in_place_field(p.plan, base, rows, offset, size);
             exec::TransferReport report;
             {
               py::gil_scoped_release unlocked;
               report = p.plan.execute({f});
             }
             return py::make_tuple(storage[py::slice(first_new, first_new + p.plan.new_count(), 1)],
                                   report_dict(report));
           })
      .def("_start", [](const py::object& self, const py::list& arrays, const py::list& outs) {
        const auto& p = self.cast<const PlanBox&>();
        auto r = std::make_unique<RequestBox>();
        r->fields = prepare(p.plan, arrays, outs);
        r->plan = self;
        r->new_count = p.plan.new_count();
        {
          py::gil_scoped_release unlocked;
          r->request = std::make_unique<exec::Request>(p.plan.start(r->fields.fields));
        }
        return r;
      });

  py::class_<RequestBox>(m, "Request")
      .def("test",
           [](RequestBox& r) {
             if (!r.request) return true;
             py::gil_scoped_release unlocked;
             return r.request->test();
           })
      .def("_wait",
           [](RequestBox& r) {
             if (!r.request)
               throw InputError("redist.mpi.Request", "wait", "the request was already waited for");
             exec::TransferReport report;
             {
               py::gil_scoped_release unlocked;
               std::unique_ptr<exec::Request> done = std::move(r.request);
               report = done->wait();
             }
             return py::make_tuple(results(r.fields, report.new_count), report_dict(report));
           })
      .def_property_readonly("active", [](const RequestBox& r) { return r.request != nullptr; });

  m.def("_redistribute", [](const py::object& context, const py::object& array,
                            const std::string& kind, const py::object& value, bool wrap,
                            const std::string& transport, double timeout, const std::string& ring) {
    auto& c = context.cast<ContextBox&>();
    if (!c.context) throw InputError("redist.mpi", "context", "was freed");
    py::array in = rows_of(array, "array");
    std::vector<std::int64_t> counts;
    const exec::NewShare share = share_of(kind, value, counts);
    const exec::PlanOptions options = options_of(wrap, transport, timeout, ring);
    const std::int64_t bytes = row_bytes(in);
    // As the C++ vector call: plan (named "redistribute" in errors), allocate, execute.
    exec::Plan plan;
    {
      py::gil_scoped_release unlocked;
      plan = exec::detail::make_plan(*c.context, in.shape(0), share, options, bytes,
                                     exec::kUnknownFirst, "redistribute");
    }
    std::string failure;
    py::array out;
    try {
      out = new_rows(in, plan.new_count());
    } catch (const py::error_already_set&) {
      failure =
          "could not allocate the new array of " + std::to_string(plan.new_count()) + " items";
      out = new_rows(in, 0);
    }
    const exec::Field f = field_of(in, out);
    exec::TransferReport report;
    {
      py::gil_scoped_release unlocked;
      report = exec::detail::start_execution(plan, std::span<const exec::Field>(&f, 1), nullptr,
                                             failure, {}, {}, "redistribute")
                   .wait();
    }
    report.agreement_seconds = plan.agreement_seconds();
    return py::make_tuple(out, report_dict(report));
  });
}

}  // namespace

}  // namespace redist::python

PYBIND11_MODULE(_redist_mpi, m) {
  m.doc() = "redist's MPI executor for numpy arrays (use redist.mpi)";
  redist::python::bind_mpi(m);
}
