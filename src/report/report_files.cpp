#include "redist/report/report_files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "redist/core/error.hpp"
#include "redist/io/output_files.hpp"

namespace redist::report {

namespace {

namespace fs = std::filesystem;

// The folders create_directories would make for `dir`, deepest first (none when it exists).
std::vector<fs::path> missing_folders(const fs::path& dir) {
  std::vector<fs::path> missing;
  std::error_code ec;
  for (fs::path p = dir; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.parent_path()) break;
  }
  return missing;
}

// The folder the first missing one would be created in: the nearest one that exists.
fs::path existing_parent(const fs::path& dir, const std::vector<fs::path>& missing) {
  if (missing.empty()) return dir;
  const fs::path parent = missing.back().parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

}  // namespace

void require_report_files(const std::string& dir, const std::vector<std::string>& names) {
  std::error_code ec;
  const auto status = fs::status(dir, ec);
  if (fs::exists(status) && !fs::is_directory(status))
    throw InputError(dir, "--out", "exists and is not a folder");
  const std::vector<fs::path> missing = missing_folders(dir);
  if (!missing.empty()) {
    // Nothing to overwrite: the folder it is created in must take it.
    const fs::path parent = existing_parent(dir, missing);
    if (!fs::is_directory(parent, ec))
      throw InputError(dir, "--out", parent.string() + " is not a folder");
    if (::access(parent.c_str(), W_OK) != 0)
      throw InputError(
          dir, "--out",
          "cannot create a folder in " + parent.string() + ": " + std::strerror(errno));
    return;
  }
  // Each file as the commit will meet it: a read-only file, a directory in its place, ... refused
  // now, before the experiment runs (they failed only after it, issue 27 item 11).
  io::OutputFiles outputs;
  for (const std::string& name : names) outputs.declare((fs::path(dir) / name).string(), "--out");
}

std::vector<std::string> write_report_files(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files) {
  const std::vector<fs::path> created = missing_folders(dir);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw InputError(dir, "--out", "cannot create the directory: " + ec.message());
  std::vector<std::string> paths;
  try {
    io::OutputFiles outputs;
    for (const auto& [name, text] : files) {
      paths.push_back((fs::path(dir) / name).string());
      outputs.declare(paths.back(), "--out");
      outputs.set_text(paths.back(), text);
    }
    outputs.commit();
  } catch (...) {
    // All or none: the temporaries are gone (OutputFiles), and so go the folders made for them.
    for (const fs::path& folder : created) fs::remove(folder, ec);
    throw;
  }
  return paths;
}

void require_report_folder(const std::string& dir) { require_report_files(dir, {}); }

}  // namespace redist::report
