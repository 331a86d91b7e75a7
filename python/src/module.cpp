// The compiled half of `import redist` (docs/python.md): redist._redist.

#include "bindings.hpp"
#include "redist/version.hpp"

PYBIND11_MODULE(_redist, m) {
  m.doc() = "redist's planners, bounds, validator and generators (the C++ library underneath)";
  m.attr("__version__") = redist::kVersionString;
  redist::python::bind_errors();
  redist::python::bind_ring(m);
  redist::python::bind_tools(m);
}
