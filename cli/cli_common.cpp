#include "cli_common.hpp"

#include "app/generator_command.hpp"
#include "app/lau_option_specs.hpp"
#include "app/perm_option_specs.hpp"
#include "app/ring_option_specs.hpp"

namespace redist::cli {

namespace {

// The type CLI11 would show for the field itself (UINT, INT, FLOAT, TEXT).
std::string type_name(const OptionSpec& spec) {
  if (spec.kind == OptionSpec::Kind::whole_number) return spec.signed_field ? "INT" : "UINT";
  return spec.kind == OptionSpec::Kind::real_number ? "FLOAT" : "TEXT";
}

CLI::Option* bind_one(CLI::App* cmd, const OptionSpec& spec) {
  if (spec.kind == OptionSpec::Kind::flag)  // NAME{false}: a flag that turns a default off
    return cmd->add_flag(spec.flag_value ? spec.names : spec.names + "{false}", *spec.flag,
                         spec.help);
  CLI::Option* option = nullptr;
  if (spec.list) {
    option = cmd->add_option_function<std::vector<std::string>>(spec.names, spec.store, spec.help)
                 ->delimiter(',');
  } else {
    const auto store = [store = spec.store](const std::string& word) { store({word}); };
    option = cmd->add_option_function<std::string>(spec.names, store, spec.help);
  }
  option->type_name(type_name(spec));
  if (spec.kind == OptionSpec::Kind::text) return option;
  const auto check = [spec](std::string& word) { return spec.check(word); };
  return option->check(CLI::Validator(check, spec.value_name));
}

// `redist gen NAME [--seed S] [-o FILE] ...`: FILE (default standard output) is declared before
// the instance is drawn and written only when that succeeded.
void add_generator(CLI::App& gen, const app::GeneratorCommand& command) {
  CLI::App* cmd = gen.add_subcommand(command.name, command.help);
  auto output = std::make_shared<std::string>("-");
  bind_options(cmd, {command.seed});
  add_output(cmd, "-o,--output", *output, "output file (default: standard output)");
  bind_options(cmd, command.options);
  cmd->callback([output, make = command.make] {
    io::OutputFiles outputs;
    outputs.declare(*output, "-o");
    outputs.set_text(*output, make());
    outputs.commit();
  });
}

}  // namespace

void bind_options(CLI::App* cmd, const std::vector<OptionSpec>& specs) {
  for (const OptionSpec& spec : specs) bind_one(cmd, spec);
}

CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& help,
                      app::CommandFiles& files, const std::string& input_help,
                      const std::string& output_help, const std::string& svg_help) {
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("instance", files.input, input_help)->required();
  if (!output_help.empty()) add_output(cmd, "-o,--output", files.output, output_help);
  if (!svg_help.empty()) add_output(cmd, "--svg", files.svg, svg_help);
  cmd->add_flag("--json", files.json, "machine-readable output");
  return cmd;
}

CLI::Option* add_output(CLI::App* cmd, const std::string& names, std::string& path,
                        const std::string& help) {
  const auto not_empty = [](std::string& text) -> std::string {
    return text.empty() ? "empty path (use - for standard output)" : "";
  };
  return cmd->add_option(names, path, help)->check(CLI::Validator(not_empty, "PATH"));
}

void register_generators(CLI::App& gen) {
  // Each layer describes its generator (app/generator_command.hpp).
  for (const app::GeneratorCommand& command :
       {app::ring_generator_command(), app::lau_generator_command(), app::perm_generator_command()})
    add_generator(gen, command);
}

}  // namespace redist::cli
