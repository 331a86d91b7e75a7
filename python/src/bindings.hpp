#pragma once
// The Python package's compiled half (docs/python.md): pybind11 bindings over the C++ API, no JSON
// round trip where arrays are given. Each bind_* adds one family to the module `_redist`.

#include <pybind11/pybind11.h>

#include <string>

namespace redist::python {

namespace py = pybind11;

/// redist's exceptions as the Python classes of redist._errors (InputError, InternalError, ...),
/// with the C++ message as their text.
void bind_errors();
/// Sets the Python error `name` of redist._errors with `message` and the attributes given (inside
/// an exception translator).
void raise_error(const char* name, const std::string& message, const py::dict& attributes);

/// Ring, Schedule, RingPlan, Bounds, Validation; plan, bounds, check.
void bind_ring(py::module_& m);

/// The generators (`redist gen`), lau and perm, with options given as keyword arguments.
void bind_tools(py::module_& m);

}  // namespace redist::python
