#include "redist/report/csv.hpp"

#include <cstdio>

#include "redist/core/error.hpp"

namespace redist::report {

namespace {

std::string quoted(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

CsvTable::CsvTable(std::vector<std::string> columns) : columns_(columns.size()) {
  append_line(columns);
}

void CsvTable::add_row(std::vector<std::string> cells) {
  REDIST_ASSERT(cells.size() == columns_);
  append_line(cells);
}

std::string CsvTable::str() const { return text_; }

void CsvTable::append_line(const std::vector<std::string>& cells) {
  for (std::size_t k = 0; k < cells.size(); ++k) text_ += (k ? "," : "") + quoted(cells[k]);
  text_ += '\n';
}

std::string csv_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

}  // namespace redist::report
