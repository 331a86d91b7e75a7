#include "redist/simgrid/redistribution_policy.hpp"

namespace redist::simgrid {

namespace {

// `completed` is one of the document's iteration numbers `at` (out of 100), scaled to `total`.
bool at_scaled(int completed, int total, int at) {
  return static_cast<long long>(completed) * 100 == static_cast<long long>(at) * total;
}

bool every(int completed, int total, int period_of_100) {
  for (int at = period_of_100; at < 100; at += period_of_100)
    if (at_scaled(completed, total, at)) return true;
  return false;
}

}  // namespace

const std::vector<Scheme>& all_schemes() {
  static const std::vector<Scheme> list{Scheme::none,     Scheme::after_50, Scheme::four_times,
                                        Scheme::every_10, Scheme::every_5,  Scheme::every_3,
                                        Scheme::every_2,  Scheme::adaptive};
  return list;
}

const char* scheme_name(Scheme s) {
  switch (s) {
    case Scheme::none:
      return "none";
    case Scheme::after_50:
      return "after50";
    case Scheme::four_times:
      return "at20-40-60-80";
    case Scheme::every_10:
      return "every10";
    case Scheme::every_5:
      return "every5";
    case Scheme::every_3:
      return "every3";
    case Scheme::every_2:
      return "every2";
    case Scheme::adaptive:
      return "adaptive";
  }
  return "?";
}

const char* scheme_label(Scheme s) {
  switch (s) {
    case Scheme::none:
      return "no redistribution";
    case Scheme::after_50:
      return "after iteration 50";
    case Scheme::four_times:
      return "every 20 (20, 40, 60, 80)";
    case Scheme::every_10:
      return "every 10 iterations";
    case Scheme::every_5:
      return "every 5 iterations";
    case Scheme::every_3:
      return "every 3 iterations";
    case Scheme::every_2:
      return "every 2 iterations";
    case Scheme::adaptive:
      return "adaptive (ours)";
  }
  return "?";
}

std::optional<Scheme> scheme_from_name(std::string_view name) {
  for (Scheme s : all_schemes())
    if (name == scheme_name(s)) return s;
  return std::nullopt;
}

bool fixed_redistributes(Scheme s, int completed, int total) {
  if (completed <= 0 || completed >= total) return false;
  switch (s) {
    case Scheme::none:
      return false;
    case Scheme::after_50:
      return at_scaled(completed, total, 50);
    case Scheme::four_times:
      return every(completed, total, 20);
    case Scheme::every_10:
      return every(completed, total, 10);
    case Scheme::every_5:
      return every(completed, total, 5);
    case Scheme::every_3:
      return every(completed, total, 3);
    case Scheme::every_2:
      return every(completed, total, 2);
    case Scheme::adaptive:
      return false;
  }
  return false;
}

}  // namespace redist::simgrid
