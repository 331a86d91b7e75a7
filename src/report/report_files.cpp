#include "redist/report/report_files.hpp"

#include <filesystem>

#include "redist/core/error.hpp"
#include "redist/io/output_files.hpp"

namespace redist::report {

std::vector<std::string> write_report_files(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError(dir, "--out", "cannot create the directory: " + ec.message());
  io::OutputFiles outputs;
  std::vector<std::string> paths;
  for (const auto& [name, text] : files) {
    paths.push_back((std::filesystem::path(dir) / name).string());
    outputs.declare(paths.back(), "--out");
    outputs.set_text(paths.back(), text);
  }
  outputs.commit();
  return paths;
}

void require_report_folder(const std::string& dir) {
  std::error_code ec;
  const auto status = std::filesystem::status(dir, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status))
    throw InputError(dir, "--out", "exists and is not a folder");
}

}  // namespace redist::report
