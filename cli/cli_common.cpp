#include "cli_common.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace redist::cli {

CLI::Validator whole_number(std::uint64_t lo, std::uint64_t hi) {
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ptr != end || ec == std::errc::invalid_argument)
          return "must be a whole number in " + range + ", got '" + text + "'";
        if (ec == std::errc::result_out_of_range || value < lo || value > hi)
          return "must be in " + range + ", got " + text;
        return "";
      },
      "INT in " + range);
}

CLI::Validator real_number(double lo, double hi) {
  char range[64];
  std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
  return CLI::Validator(
      [lo, hi, range = std::string(range)](std::string& text) -> std::string {
        std::size_t used = 0;
        double value = NAN;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {}
        if (used != text.size() || !std::isfinite(value) || value < lo || value > hi)
          return "must be a number in " + range + ", got '" + text + "'";
        return "";
      },
      "NUMBER");
}

void Files::declare(io::OutputFiles& outputs) const {
  if (!output.empty()) outputs.declare(output, "-o");
  if (!svg.empty()) outputs.declare(svg, "--svg");
}

CLI::App* add_command(CLI::App& app, const std::string& name, const std::string& help, Files& files,
                      const std::string& input_help, const std::string& output_help,
                      const std::string& svg_help) {
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

void add_seed(CLI::App* cmd, std::uint64_t& seed, const std::string& help) {
  cmd->add_option("--seed", seed, help)->check(whole_number(0, UINT64_MAX));
}

CLI::App* add_generator(CLI::App& gen, const std::string& name, const std::string& help,
                        std::uint64_t& seed, std::function<std::string()> make) {
  CLI::App* cmd = gen.add_subcommand(name, help);
  auto output = std::make_shared<std::string>("-");
  add_seed(cmd, seed);
  add_output(cmd, "-o,--output", *output, "output file (default: standard output)");
  cmd->callback([output, make = std::move(make)] {
    io::OutputFiles outputs;
    outputs.declare(*output, "-o");
    outputs.set_text(*output, make());
    outputs.commit();
  });
  return cmd;
}

void check_output_folder(const std::string& dir) {
  std::error_code ec;
  const auto status = std::filesystem::status(dir, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status))
    throw InputError(dir, "--out", "exists and is not a folder");
}

void print_written(const std::string& summary, const std::vector<std::string>& files) {
  std::cout << summary << "\nwrote:\n";
  for (const auto& file : files) std::cout << "  " << file << "\n";
}

}  // namespace redist::cli
