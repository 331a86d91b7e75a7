#include "io/closest_name.hpp"

#include <algorithm>

namespace redist::io {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);  // distances from a[0, i) to every prefix of b
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest_name(const std::vector<std::string>& names, const std::string& word) {
  constexpr std::size_t kMaxEdits = 2;
  std::string best;
  std::size_t best_distance = kMaxEdits + 1;
  for (const std::string& name : names) {
    const std::size_t d = name.rfind(word, 0) == 0 ? 0 : edit_distance(word, name);
    if (d < best_distance) best_distance = d, best = name;
  }
  return best;
}

}  // namespace redist::io
