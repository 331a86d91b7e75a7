#include "redist/sim/speed_window.hpp"

#include <algorithm>

namespace redist::sim {

bool SpeedWindow::record(const std::vector<std::int64_t>& counts,
                         const std::vector<double>& seconds) {
  // New counts (a rebalancing): earlier times say nothing about them.
  if (counts != recent_counts_) {
    recent_.assign(counts.size(), {});
    recent_counts_ = counts;
  }
  for (std::size_t i = 0; i < counts.size(); ++i) {
    recent_[i].push_back(seconds[i]);
    if (recent_[i].size() > kWindow) recent_[i].erase(recent_[i].begin());
  }
  return !recent_.empty() && recent_[0].size() == kWindow;
}

std::vector<double> SpeedWindow::speeds(const std::vector<std::int64_t>& counts) {
  if (last_speeds_.size() != counts.size()) last_speeds_.assign(counts.size(), 0.0);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::vector<double> times = recent_[i];
    const auto middle = times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2);
    std::nth_element(times.begin(), middle, times.end());
    if (counts[i] > 0) last_speeds_[i] = static_cast<double>(counts[i]) / std::max(*middle, 1e-9);
  }
  const double fastest = *std::max_element(last_speeds_.begin(), last_speeds_.end());
  std::vector<double> out = last_speeds_;
  for (double& s : out)
    if (s <= 0.0) s = fastest > 0.0 ? fastest : 1.0;
  return out;
}

double SpeedWindow::noise() const {
  double worst = 0.0;
  for (const std::vector<double>& times : recent_) {
    if (times.empty()) continue;
    const auto [low, high] = std::minmax_element(times.begin(), times.end());
    worst = std::max(worst, *high - *low);
  }
  return worst;
}

double slowest_time(const std::vector<std::int64_t>& counts, const std::vector<double>& speeds) {
  double worst = 0.0;
  for (std::size_t i = 0; i < counts.size(); ++i)
    worst = std::max(worst, static_cast<double>(counts[i]) / speeds[i]);
  return worst;
}

}  // namespace redist::sim
