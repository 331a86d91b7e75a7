// redist's C++ exceptions as the Python exceptions of redist._errors, with the same one-line text
// (docs/python.md "Errors").

#include <new>

#include "bindings.hpp"
#include "redist/core/error.hpp"

namespace redist::python {

void raise_error(const char* name, const std::string& message, const py::dict& attributes) {
  const py::object cls = py::module_::import("redist._errors").attr(name);
  py::object error = cls(message);
  for (const auto& [key, value] : attributes) py::setattr(error, key, value);
  PyErr_SetObject(cls.ptr(), error.ptr());
}

void bind_errors() {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const InputError& e) {
      py::dict a;
      a["file"] = e.file();
      a["field"] = e.field();
      a["reason"] = e.reason();
      raise_error("InputError", e.what(), a);
    } catch (const InternalError& e) {
      raise_error("InternalError", std::string("internal error: ") + e.what(), {});
    }
  });
}

}  // namespace redist::python
