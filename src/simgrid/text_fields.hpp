#pragma once
// Internal to the simgrid layer: the plain-text form in which a child process hands a simulation's
// results back to its parent (isolated_run.hpp). One "key value value ..." line per field; doubles
// are written with 17 significant digits so that they read back exactly.

#include <string>
#include <vector>

namespace redist::simgrid::detail {

class TextWriter {
 public:
  TextWriter& put(const std::string& key, double value);
  TextWriter& put_list(const std::string& key, const std::vector<double>& values);
  [[nodiscard]] const std::string& text() const { return text_; }

 private:
  std::string text_;
};

class TextReader {
 public:
  explicit TextReader(const std::string& text);
  /// The first value of the first line named `key`; throws InternalError when absent.
  [[nodiscard]] double number(const std::string& key) const;
  /// The values of the first line named `key` (empty when absent).
  [[nodiscard]] std::vector<double> list(const std::string& key) const;
  /// The values of every line named `key`, in order.
  [[nodiscard]] std::vector<std::vector<double>> lines(const std::string& key) const;

 private:
  std::vector<std::pair<std::string, std::vector<double>>> lines_;
};

}  // namespace redist::simgrid::detail
