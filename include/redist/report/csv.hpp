#pragma once
// CSV tables of the experiments (RFC 4180): a header, rows of already formatted cells, a cell
// quoted only when it holds a comma, a quote or a line break. The numbers' formatting stays with
// the experiment (each column keeps its precision); csv_number gives the common "%g".

#include <string>
#include <vector>

namespace redist::report {

class CsvTable {
 public:
  explicit CsvTable(std::vector<std::string> columns);

  /// One row; it must have one cell per column (REDIST_ASSERT).
  void add_row(std::vector<std::string> cells);
  [[nodiscard]] std::string str() const;

 private:
  std::size_t columns_;
  std::string text_;
  void append_line(const std::vector<std::string>& cells);
};

/// `value` as a stream writes a double by default ("%g": 0.125, 1e+06, 33.3333).
std::string csv_number(double value);

}  // namespace redist::report
