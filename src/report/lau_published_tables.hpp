#pragma once
// The values document 002 publishes in Tables 1-4 (section 6), printed next to ours by
// `redist experiment lau`. Counts are out of 50,000 random instances per ring size.

#include <array>
#include <cstdint>

namespace redist::report::paper {

/// One row of Table 1 (single-send) or Table 2 (multi-send).
struct ModeRow {
  int n;
  int linear_opt;
  int traffic_opt;
  int all;
  int only_optimal;       // "Opt": neither Linear nor Traffic is optimal
  int extra_traffic_pct;  // "+traffic"
  int worse_pct;          // "% worse"
};

inline constexpr std::array<ModeRow, 5> kTable1{{
    {50, 2607, 17167, 1513, 31739, 3, 87},
    {30, 4116, 21574, 3090, 27400, 3, 99},
    {20, 6046, 25802, 5186, 23338, 4, 109},
    {10, 13664, 34485, 13281, 15132, 5, 127},
    {4, 36783, 46107, 36783, 3893, 6, 107},
}};

inline constexpr std::array<ModeRow, 5> kTable2{{
    {50, 7271, 24172, 6211, 24768, 7, 43},
    {30, 10187, 29608, 9399, 19604, 8, 42},
    {20, 13189, 33782, 12589, 15618, 10, 43},
    {10, 17156, 39179, 16857, 10522, 11, 46},
    {4, 36783, 46107, 36783, 3893, 6, 50},
}};

/// Table 3 (no row for n = 30 in the document).
struct ModesRow {
  int n;
  double worse_pct;
  int equal;
};

inline constexpr std::array<ModesRow, 4> kTable3{{
    {4, 0.0, 50000},
    {10, 3.79, 33000},
    {20, 7.94, 9185},
    {50, 13.39, 87},
}};

/// Table 4: the window search on a 167 MHz SPARC, single-send mode.
struct TimingRow {
  int n;
  int max_load;
  int mean_total_load;
  int window_traffic;
  int window_linear;
  double msec;
};

inline constexpr std::array<TimingRow, 9> kTable4{{
    {10, 200, 1170, 79, 95, 1.05},
    {20, 200, 1860, 182, 191, 4.41},
    {50, 200, 4690, 386, 391, 22.2},
    {10, 100, 470, 39, 48, 0.54},
    {20, 100, 760, 90, 95, 2.2},
    {50, 100, 2090, 192, 195, 11.25},
    {10, 40, 170, 16, 19, 0.23},
    {20, 40, 300, 36, 38, 0.95},
    {50, 40, 770, 79, 80, 4.77},
}};

inline constexpr int kInstancesPerRing = 50'000;

}  // namespace redist::report::paper
