#include "cli_common.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "redist/core/error.hpp"

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

std::optional<double> parse_real(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

CLI::Validator real_number(double lo, double hi) {
  char range[64];
  std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
  return CLI::Validator(
      [lo, hi, range = std::string(range)](std::string& text) -> std::string {
        const auto value = parse_real(text);
        if (!value || *value < lo || *value > hi)
          return "must be a number in " + range + ", got '" + text + "'";
        return "";
      },
      "NUMBER");
}

CLI::Validator output_path() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return text.empty() ? "empty path (use - for standard output)" : "";
      },
      "PATH");
}

void write_generated(const std::string& output, const std::function<std::string()>& make) {
  const std::string target = output.empty() ? "-" : output;
  io::OutputFiles outputs;
  outputs.declare(target, "-o");
  outputs.set_text(target, make());
  outputs.commit();
}

void check_output_folder(const std::string& dir, const std::string& option) {
  std::error_code ec;
  const auto status = std::filesystem::status(dir, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status))
    throw InputError(dir, option, "exists and is not a folder");
}

}  // namespace redist::cli
