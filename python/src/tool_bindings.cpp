// redist.gen, redist.lau, redist.perm: the generators and the all-port and permutation planners,
// their options given as keyword arguments and checked by the same option specs the `redist`
// command binds (core/option_spec.hpp), so `gen("ring", n=8, seed=1)` is `redist gen ring --n 8
// --seed 1`, instance for instance.

#include <pybind11/stl.h>

#include <algorithm>
#include <sstream>

#include "bindings.hpp"
#include "redist/core/error.hpp"
#include "redist/core/generator_command.hpp"
#include "redist/core/option_spec.hpp"
#include "redist/io/exact_json.hpp"
#include "redist/lau/allport_io.hpp"
#include "redist/lau/option_specs.hpp"
#include "redist/perm/option_specs.hpp"
#include "redist/perm/perm_io.hpp"
#include "redist/perm/plan_output.hpp"
#include "redist/ring/option_specs.hpp"

namespace redist::python {

namespace {

// "-P,--processors" -> {"P", "processors"}: the names a keyword may take (dashes as underscores).
std::vector<std::string> keyword_names(const OptionSpec& spec) {
  std::vector<std::string> names;
  std::stringstream all(spec.names);
  for (std::string name; std::getline(all, name, ',');) {
    name.erase(0, name.find_first_not_of('-'));
    std::replace(name.begin(), name.end(), '-', '_');
    names.push_back(name);
  }
  return names;
}

// A Python value as the words a command line would give.
std::vector<std::string> words_of(const py::handle& value) {
  if (py::isinstance<py::str>(value)) return {value.cast<std::string>()};
  if (py::isinstance<py::bool_>(value)) return {value.cast<bool>() ? "true" : "false"};
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    std::vector<std::string> words;
    for (const auto& item : value) words.push_back(words_of(item).front());
    return words;
  }
  if (py::isinstance<py::float_>(value)) return {py::repr(value).cast<std::string>()};
  return {py::str(value).cast<std::string>()};  // integers, numpy scalars
}

// Applies keyword options to specs as the CLI binds them; InputError "<call>: <keyword>: reason".
void apply_options(const std::string& call, const py::dict& options,
                   const std::vector<OptionSpec>& specs) {
  for (const auto& [key, value] : options) {
    const auto name = key.cast<std::string>();
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) {
      const auto names = keyword_names(s);
      return std::find(names.begin(), names.end(), name) != names.end();
    });
    if (spec == specs.end()) {
      std::string known;
      for (const OptionSpec& s : specs)
        known += (known.empty() ? "" : ", ") + keyword_names(s).back();
      throw InputError(call, name, "unknown option (known: " + known + ")");
    }
    if (spec->kind == OptionSpec::Kind::flag) {
      if (!py::isinstance<py::bool_>(value)) throw InputError(call, name, "must be True or False");
      *spec->flag = value.cast<bool>() ? spec->flag_value : !spec->flag_value;
      continue;
    }
    const std::vector<std::string> words = words_of(value);
    if (words.size() != 1 && !spec->list) throw InputError(call, name, "takes one value");
    for (const std::string& word : words)
      if (const std::string why = spec->check(word); !why.empty())
        throw InputError(call, name, why);
    spec->store(words);
  }
}

GeneratorCommand generator(const std::string& kind) {
  if (kind == "ring") return ring::generator_command();
  if (kind == "lau") return lau::generator_command();
  if (kind == "perm") return perm::generator_command();
  throw InputError("gen", "kind", "must be \"ring\", \"lau\" or \"perm\", got \"" + kind + "\"");
}

std::string gen_text(const std::string& kind, const py::object& seed, const py::dict& options) {
  const GeneratorCommand command = generator(kind);
  const std::string call = "gen " + kind;
  if (!seed.is_none()) {
    py::dict s;
    s["seed"] = seed;
    apply_options(call, s, {command.seed});
  }
  apply_options(call, options, command.options);
  py::gil_scoped_release unlocked;
  return command.make();
}

sim::AllportInstance allport_instance(const py::object& text, const py::object& path) {
  if (!path.is_none()) return lau::read_allport_instance(path.cast<std::string>());
  return lau::allport_instance_from_json(io::parse_exact_json(text.cast<std::string>(), "instance"),
                                         "instance");
}

std::string lau_text(const py::object& text, const py::object& path, const py::dict& options) {
  const sim::AllportInstance instance = allport_instance(text, path);
  lau::LauOptions planner;
  apply_options("lau", options, lau::option_specs(planner));
  py::gil_scoped_release unlocked;
  const lau::LauPlan plan = lau::plan_lau(instance, planner);
  try {
    lau::require_planned(plan, planner);
  } catch (const InputError& e) {
    throw InputError("lau", e.field(), e.reason());
  }
  return lau::lau_plan_text(instance, plan);
}

std::string perm_text(const py::object& text, const py::object& path, const py::dict& options) {
  perm::PermObjective objective = perm::PermObjective::volume;
  apply_options("perm", options, {perm::objective_option(objective)});
  const perm::PermInstance instance =
      !path.is_none() ? perm::read_perm_instance(path.cast<std::string>())
                      : perm::parse_perm_instance(text.cast<std::string>(), "instance");
  py::gil_scoped_release unlocked;
  return perm::perm_result_text(perm::plan_perm(instance, objective));
}

}  // namespace

void bind_tools(py::module_& m) {
  m.def("_gen", &gen_text, py::arg("kind"), py::arg("seed"), py::arg("options"));
  m.def("_lau", &lau_text, py::arg("text"), py::arg("path"), py::arg("options"));
  m.def("_perm", &perm_text, py::arg("text"), py::arg("path"), py::arg("options"));
  m.def("_option_names", [](const std::string& family) {
    std::vector<std::string> names;
    const auto add = [&](const std::vector<OptionSpec>& specs) {
      for (const OptionSpec& s : specs) names.push_back(keyword_names(s).back());
    };
    if (family == "lau") {
      lau::LauOptions o;
      add(lau::option_specs(o));
    } else {
      const GeneratorCommand command = generator(family);
      add({command.seed});
      add(command.options);
    }
    return names;
  });
}

}  // namespace redist::python
