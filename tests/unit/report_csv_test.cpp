// CSV tables of the report layer: one line per row, cells quoted only when they must be.

#include <gtest/gtest.h>

#include "redist/report/csv.hpp"

namespace redist::report {
namespace {

TEST(ReportCsv, RowsAndQuoting) {
  CsvTable table({"name", "value"});
  table.add_row({"plain", csv_number(0.125)});
  table.add_row({"a, b", csv_number(1e6)});
  table.add_row({"say \"hi\"", csv_number(100.0 / 3)});
  EXPECT_EQ(table.str(), "name,value\nplain,0.125\n\"a, b\",1e+06\n\"say \"\"hi\"\"\",33.3333\n");
}

}  // namespace
}  // namespace redist::report
