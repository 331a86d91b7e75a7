#pragma once
// The files of one experiment, written into one directory all or none (docs/limits.md "Output
// files"): a failure leaves none of them behind.

#include <string>
#include <utility>
#include <vector>

namespace redist::report {

/// (file name, contents) pairs written into `dir`, created if missing; returns the paths in the
/// given order. Throws InputError (field "--out") when the directory or a file cannot be written,
/// and then leaves nothing behind: no file, no temporary, and none of the folders it created.
std::vector<std::string> write_report_files(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files);
/// Refused before an experiment runs (minutes spent for nothing otherwise), InputError (field
/// "--out"): `dir` exists and is not a folder; it is missing and the nearest existing folder above
/// it does not take new files; or one of `names` in it could not be replaced (a read-only file, a
/// directory, ...: io/output_files.hpp's checks, the ones the commit would make).
void require_report_files(const std::string& dir, const std::vector<std::string>& names);
/// require_report_files without file names: the folder alone.
void require_report_folder(const std::string& dir);

}  // namespace redist::report
