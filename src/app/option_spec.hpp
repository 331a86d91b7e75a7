#pragma once
// An option a library component accepts, described by the component itself: its flag name, help
// text, the values it takes and the field it fills. A front end (the `redist` command, a test, a
// script binding) turns a list of them into its own options without knowing the component; the
// component keeps its option names, ranges and wording next to the option type they fill.
// A spec refers to the field it fills: it must not outlive that field (the CLI binds the fields
// of an options object that its subcommand's callback owns).

#include <charconv>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "redist/core/error.hpp"

namespace redist::app {

struct OptionSpec {
  enum class Kind {
    whole_number,  // digits only, in [whole_min, whole_max]
    real_number,   // a finite number in [real_min, real_max]
    choice,        // one of `choices`; stores the value that word names
    text,          // any text
    flag,          // no value: stores `flag_value` into *flag
  };
  std::string names;  // "--max-load", or "-P,--processors"
  std::string help;
  Kind kind = Kind::text;
  bool list = false;          // comma-separated values, each checked (whole and real numbers)
  bool signed_field = false;  // the whole-number field has a signed type
  std::uint64_t whole_min = 0, whole_max = 0;
  double real_min = 0, real_max = 0;
  std::vector<std::string> choices;  // sorted
  std::string value_name;  // how help names a value: "INT in [1, 8]", "NUMBER", "{bi,uni}"
  std::string range_note;  // lists: why the range, said after "each must be ... in [lo, hi]"
  bool* flag = nullptr;
  bool flag_value = true;
  /// Stores the words given (one, or a list's elements), each of which passed `check`.
  std::function<void(const std::vector<std::string>&)> store;

  /// Empty when `word` is an acceptable value, else the reason it is not.
  [[nodiscard]] std::string check(const std::string& word) const;
};

namespace detail {
OptionSpec bare_spec(OptionSpec::Kind kind, std::string names, std::string help);
std::string choice_set(const std::vector<std::string>& names);  // "{a,b,c}"
OptionSpec whole_spec(std::string names, std::uint64_t lo, std::uint64_t hi, std::string help);
double parse_real(const std::string& word);  // a word that passed OptionSpec::check
template <class T>
T parse_whole(const std::string& word) {  // a word that passed OptionSpec::check
  std::uint64_t value = 0;
  std::from_chars(word.data(), word.data() + word.size(), value);
  return static_cast<T>(value);
}
}  // namespace detail

/// `names N`, N a whole number in [lo, hi] stored into `field` (hi must fit its type).
template <class T>
OptionSpec whole_option(std::string names, T& field, std::uint64_t lo, std::uint64_t hi,
                        std::string help) {
  REDIST_ASSERT(hi <= static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
  OptionSpec spec = detail::whole_spec(std::move(names), lo, hi, std::move(help));
  spec.signed_field = std::is_signed_v<T>;
  spec.store = [&field](const std::vector<std::string>& words) {
    field = detail::parse_whole<T>(words.front());
  };
  return spec;
}
/// `names N,N,...`, each a whole number in [lo, hi] (`why`: what the range is), replacing `field`.
template <class T>
OptionSpec whole_list_option(std::string names, std::vector<T>& field, std::uint64_t lo,
                             std::uint64_t hi, std::string help, std::string why) {
  REDIST_ASSERT(hi <= static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
  OptionSpec spec = detail::whole_spec(std::move(names), lo, hi, std::move(help));
  spec.signed_field = std::is_signed_v<T>;
  spec.list = true;
  spec.range_note = std::move(why);
  spec.store = [&field](const std::vector<std::string>& words) {
    field.clear();
    for (const auto& word : words) field.push_back(detail::parse_whole<T>(word));
  };
  return spec;
}
/// `names X`, X a finite number in [lo, hi].
OptionSpec real_option(std::string names, double& field, double lo, double hi, std::string help);
/// `names X,X,...`, each a finite number in [lo, hi], replacing `field`.
OptionSpec real_list_option(std::string names, std::vector<double>& field, double lo, double hi,
                            std::string help);
/// `names TEXT`.
OptionSpec text_option(std::string names, std::string& field, std::string help);
/// `names` alone: stores `value` (false: a flag that turns a default off).
OptionSpec flag_option(std::string names, bool& field, std::string help, bool value = true);

/// `names WORD`, WORD one of `choices`' names; stores the value it names into `field`.
template <class Field, class T>
OptionSpec choice_option(std::string names, Field& field, std::map<std::string, T> choices,
                         std::string help) {
  OptionSpec spec = detail::bare_spec(OptionSpec::Kind::choice, std::move(names), std::move(help));
  for (const auto& choice : choices) spec.choices.push_back(choice.first);
  spec.value_name = detail::choice_set(spec.choices);
  spec.store = [&field, choices = std::move(choices)](const std::vector<std::string>& words) {
    field = choices.at(words.front());
  };
  return spec;
}
/// The library's names of `values` (their to_string), for choice_option.
template <class Values>
auto named(const Values& values) {
  std::map<std::string, std::decay_t<decltype(*std::begin(values))>> names;
  for (const auto value : values) names.emplace(to_string(value), value);
  return names;
}
template <class T>
std::map<std::string, T> named(std::initializer_list<T> values) {
  return named<std::initializer_list<T>>(values);
}

/// `--seed S`, any 64-bit value.
OptionSpec seed_option(std::uint64_t& seed, std::string help = "random seed (0 .. 2^64-1)");

}  // namespace redist::app
