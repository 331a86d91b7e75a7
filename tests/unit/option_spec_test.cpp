// app/option_spec.hpp: a spec set binds to fields, checks words with the CLI's messages and
// stores what they name; ranges and choice names are exposed for a front end.

#include "app/option_spec.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace redist::app {
namespace {

enum class Colour { red, dark_blue };
const char* to_string(Colour colour) { return colour == Colour::red ? "red" : "dark-blue"; }

// What a front end does with one given option: check every word, then store them.
void give(const OptionSpec& spec, const std::vector<std::string>& words) {
  for (const auto& word : words) ASSERT_EQ(spec.check(word), "") << spec.names << " " << word;
  spec.store(words);
}

TEST(OptionSpec, WholeNumberExposesItsRangeAndStoresIntoItsField) {
  std::size_t n = 0;
  int effort = 1;
  const OptionSpec spec = whole_option("--n", n, 1, 100, "number of processors");
  EXPECT_EQ(spec.kind, OptionSpec::Kind::whole_number);
  EXPECT_EQ(spec.whole_min, 1u);
  EXPECT_EQ(spec.whole_max, 100u);
  EXPECT_EQ(spec.value_name, "INT in [1, 100]");
  EXPECT_FALSE(spec.signed_field);
  EXPECT_TRUE(whole_option("--effort", effort, 0, 9, "").signed_field);
  give(spec, {"42"});
  EXPECT_EQ(n, 42u);
}

TEST(OptionSpec, WholeNumberRefusesSignsFractionsAndTheOutOfRange) {
  std::int64_t load = 7;
  const OptionSpec spec = whole_option("--max-load", load, 1, 1000, "");
  EXPECT_EQ(spec.check("-1"), "must be a whole number in [1, 1000], got '-1'");
  EXPECT_EQ(spec.check("2.5"), "must be a whole number in [1, 1000], got '2.5'");
  EXPECT_EQ(spec.check(""), "must be a whole number in [1, 1000], got ''");
  EXPECT_EQ(spec.check("0"), "must be in [1, 1000], got 0");
  EXPECT_EQ(spec.check("1001"), "must be in [1, 1000], got 1001");
  EXPECT_EQ(spec.check("99999999999999999999999"),
            "must be in [1, 1000], got 99999999999999999999999");
  EXPECT_EQ(load, 7);  // checking stores nothing
}

TEST(OptionSpec, SeedTakesEvery64BitValue) {
  std::uint64_t seed = 0;
  const OptionSpec spec = seed_option(seed);
  EXPECT_EQ(spec.names, "--seed");
  give(spec, {"18446744073709551615"});
  EXPECT_EQ(seed, UINT64_MAX);
  EXPECT_NE(spec.check("18446744073709551616"), "");
}

TEST(OptionSpec, RealNumberRefusesNanInfinityAndTrailingText) {
  double alpha = 0.5;
  const OptionSpec spec = real_option("--alpha", alpha, 0, 1, "skew");
  EXPECT_EQ(spec.real_min, 0.0);
  EXPECT_EQ(spec.real_max, 1.0);
  for (const char* bad : {"nan", "inf", "0.5x", "1.5", "-0.1", ""})
    EXPECT_EQ(spec.check(bad), "must be a number in [0, 1], got '" + std::string(bad) + "'");
  give(spec, {"0.25"});
  EXPECT_EQ(alpha, 0.25);
}

TEST(OptionSpec, ListsReplaceTheDefaultAndCheckEachElement) {
  std::vector<int> sizes{8, 32};
  const OptionSpec spec = whole_list_option("--ring-sizes", sizes, 3, 69, "", "the hosts");
  EXPECT_TRUE(spec.list);
  EXPECT_EQ(spec.check("2"), "each must be a whole number in [3, 69] (the hosts)");
  EXPECT_EQ(spec.check("x"), "each must be a whole number in [3, 69] (the hosts)");
  give(spec, {"4", "69"});
  EXPECT_EQ(sizes, (std::vector<int>{4, 69}));

  std::vector<double> ratios{1, 2, 3};
  const OptionSpec reals = real_list_option("--ratios", ratios, 0, 1e6, "");
  EXPECT_TRUE(reals.list);
  EXPECT_EQ(reals.check("-1"), "must be a number in [0, 1e+06], got '-1'");
  give(reals, {"0.5"});
  EXPECT_EQ(ratios, (std::vector<double>{0.5}));
}

TEST(OptionSpec, ChoiceNamesAreTheLibrarysToStringNames) {
  Colour colour = Colour::red;
  const OptionSpec spec =
      choice_option("--colour", colour, named({Colour::red, Colour::dark_blue}), "a colour");
  EXPECT_EQ(spec.choices, (std::vector<std::string>{"dark-blue", "red"}));
  EXPECT_EQ(spec.value_name, "{dark-blue,red}");
  EXPECT_EQ(spec.check("blue"), "blue not in {dark-blue,red}");
  give(spec, {"dark-blue"});
  EXPECT_EQ(colour, Colour::dark_blue);
}

TEST(OptionSpec, ChoiceStoresIntoAnOptionalOrAnyAssignableField) {
  std::optional<Colour> colour;
  give(choice_option("--colour", colour, named({Colour::red}), ""), {"red"});
  EXPECT_EQ(colour, Colour::red);
  bool heterogeneous = false;
  give(choice_option("--costs", heterogeneous,
                     std::map<std::string, bool>{{"hom", false}, {"het", true}}, ""),
       {"het"});
  EXPECT_TRUE(heterogeneous);
}

TEST(OptionSpec, FlagsAndTextBindTheirFields) {
  bool light = false, use_bound = true;
  const OptionSpec on = flag_option("--light", light, "light");
  const OptionSpec off = flag_option("--from-scratch", use_bound, "", false);
  EXPECT_EQ(on.flag, &light);
  EXPECT_TRUE(on.flag_value);
  EXPECT_EQ(off.flag, &use_bound);
  EXPECT_FALSE(off.flag_value);
  std::string grid;
  const OptionSpec text = text_option("--grid", grid, "PxQ");
  EXPECT_EQ(text.check("anything"), "");
  give(text, {"4x8"});
  EXPECT_EQ(grid, "4x8");
}

}  // namespace
}  // namespace redist::app
