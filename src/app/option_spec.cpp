#include "app/option_spec.hpp"

#include <cmath>
#include <cstdio>
#include <exception>

namespace redist::app {

namespace {

std::string whole_range(std::uint64_t lo, std::uint64_t hi) {
  std::string range = "[";  // appended piece by piece: GCC 12 warns (-Wrestrict) on a + chain
  range.append(std::to_string(lo)).append(", ").append(std::to_string(hi)).append("]");
  return range;
}

std::string real_range(double lo, double hi) {
  char range[64];
  std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
  return range;
}

// CLI11 alone would read "-1" into an unsigned field as 2^64-1: digits only.
std::string check_whole(const OptionSpec& spec, const std::string& word) {
  const std::string range = whole_range(spec.whole_min, spec.whole_max);
  std::uint64_t value = 0;
  const char* end = word.data() + word.size();
  const auto [ptr, ec] = std::from_chars(word.data(), end, value);
  const bool digits = !word.empty() && ptr == end && ec != std::errc::invalid_argument;
  const bool in_range = digits && ec != std::errc::result_out_of_range && value >= spec.whole_min &&
                        value <= spec.whole_max;
  if (spec.list && !in_range)
    return "each must be a whole number in " + range +
           (spec.range_note.empty() ? "" : " (" + spec.range_note + ")");
  if (!digits) return "must be a whole number in " + range + ", got '" + word + "'";
  if (!in_range) return "must be in " + range + ", got " + word;
  return "";
}

// NaN would pass a plain range check.
std::string check_real(const OptionSpec& spec, const std::string& word) {
  std::size_t used = 0;
  double value = NAN;
  try {
    value = std::stod(word, &used);
  } catch (const std::exception&) {}
  if (used != word.size() || !std::isfinite(value) || value < spec.real_min ||
      value > spec.real_max)
    return "must be a number in " + real_range(spec.real_min, spec.real_max) + ", got '" + word +
           "'";
  return "";
}

OptionSpec real_spec(std::string names, double lo, double hi, std::string help) {
  OptionSpec spec =
      detail::bare_spec(OptionSpec::Kind::real_number, std::move(names), std::move(help));
  spec.real_min = lo;
  spec.real_max = hi;
  spec.value_name = "NUMBER";
  return spec;
}

}  // namespace

std::string OptionSpec::check(const std::string& word) const {
  switch (kind) {
    case Kind::whole_number:
      return check_whole(*this, word);
    case Kind::real_number:
      return check_real(*this, word);
    case Kind::choice:
      for (const auto& name : choices)
        if (name == word) return "";
      return word + " not in " + value_name;
    case Kind::text:
    case Kind::flag:
      break;
  }
  return "";
}

namespace detail {

OptionSpec bare_spec(OptionSpec::Kind kind, std::string names, std::string help) {
  OptionSpec spec;
  spec.kind = kind;
  spec.names = std::move(names);
  spec.help = std::move(help);
  return spec;
}

std::string choice_set(const std::vector<std::string>& names) {
  std::string set = "{";
  for (const auto& name : names) set.append(set.size() > 1 ? "," : "").append(name);
  return set.append("}");
}

OptionSpec whole_spec(std::string names, std::uint64_t lo, std::uint64_t hi, std::string help) {
  OptionSpec spec =
      detail::bare_spec(OptionSpec::Kind::whole_number, std::move(names), std::move(help));
  spec.whole_min = lo;
  spec.whole_max = hi;
  spec.value_name = "INT in " + whole_range(lo, hi);
  return spec;
}

double parse_real(const std::string& word) { return std::stod(word); }

}  // namespace detail

OptionSpec real_option(std::string names, double& field, double lo, double hi, std::string help) {
  OptionSpec spec = real_spec(std::move(names), lo, hi, std::move(help));
  spec.store = [&field](const std::vector<std::string>& words) {
    field = detail::parse_real(words.front());
  };
  return spec;
}

OptionSpec real_list_option(std::string names, std::vector<double>& field, double lo, double hi,
                            std::string help) {
  OptionSpec spec = real_spec(std::move(names), lo, hi, std::move(help));
  spec.list = true;
  spec.store = [&field](const std::vector<std::string>& words) {
    field.clear();
    for (const auto& word : words) field.push_back(detail::parse_real(word));
  };
  return spec;
}

OptionSpec text_option(std::string names, std::string& field, std::string help) {
  OptionSpec spec = detail::bare_spec(OptionSpec::Kind::text, std::move(names), std::move(help));
  spec.store = [&field](const std::vector<std::string>& words) { field = words.front(); };
  return spec;
}

OptionSpec flag_option(std::string names, bool& field, std::string help, bool value) {
  OptionSpec spec = detail::bare_spec(OptionSpec::Kind::flag, std::move(names), std::move(help));
  spec.flag = &field;
  spec.flag_value = value;
  return spec;
}

OptionSpec seed_option(std::uint64_t& seed, std::string help) {
  return whole_option("--seed", seed, 0, UINT64_MAX, std::move(help));
}

}  // namespace redist::app
