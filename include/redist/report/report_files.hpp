#pragma once
// The files of one experiment, written into one directory all or none (docs/limits.md "Output
// files"): a failure leaves none of them behind.

#include <string>
#include <utility>
#include <vector>

namespace redist::report {

/// (file name, contents) pairs written into `dir`, created if missing; returns the paths in the
/// given order. Throws InputError (field "--out") when the directory or a file cannot be written.
std::vector<std::string> write_report_files(
    const std::string& dir, const std::vector<std::pair<std::string, std::string>>& files);
/// Refused before an experiment runs (minutes spent for nothing otherwise): `dir` exists and is not
/// a folder. InputError (field "--out").
void require_report_folder(const std::string& dir);

}  // namespace redist::report
