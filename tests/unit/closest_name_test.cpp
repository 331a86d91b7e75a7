// closest_name: the "did you mean" of the CLI's unknown subcommands, and the message itself.

#include "io/closest_name.hpp"

#include "app/unknown_command.hpp"

#include <gtest/gtest.h>

namespace redist {
namespace {

using app::unknown_subcommand_message;
using io::closest_name;
using io::edit_distance;

const std::vector<std::string> kCommands{"plan", "check", "bounds", "lau", "perm", "gen"};

TEST(EditDistance, CountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("plan", "plan"), 0u);
  EXPECT_EQ(edit_distance("pln", "plan"), 1u);    // one insertion
  EXPECT_EQ(edit_distance("plann", "plan"), 1u);  // one deletion
  EXPECT_EQ(edit_distance("plen", "plan"), 1u);   // one substitution
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", "cba"), edit_distance("cba", "abc"));
}

TEST(ClosestName, PrefersAPrefixThenTheNearestWithinTwoEdits) {
  EXPECT_EQ(closest_name(kCommands, "pln"), "plan");
  EXPECT_EQ(closest_name(kCommands, "b"), "bounds");  // a prefix, five edits away
  EXPECT_EQ(closest_name(kCommands, "bonds"), "bounds");
  EXPECT_EQ(closest_name(kCommands, "xyzzy"), "");  // nothing close: the caller lists them
  EXPECT_EQ(closest_name({}, "plan"), "");
}

TEST(UnknownSubcommandMessage, SuggestsTheClosestNameElseListsThem) {
  EXPECT_EQ(unknown_subcommand_message(kCommands, "", "pln"),
            "unknown subcommand 'pln' (did you mean 'plan'?)");
  EXPECT_EQ(unknown_subcommand_message({"ring", "lau", "perm"}, "gen ", "rng"),
            "unknown subcommand 'gen rng' (did you mean 'ring'?)");
  EXPECT_EQ(unknown_subcommand_message({"ring", "lau", "perm"}, "gen ", "xyzzy"),
            "unknown subcommand 'gen xyzzy' (commands: ring, lau, perm)");
  EXPECT_EQ(unknown_subcommand_message({"lau"}, "experiment ", "xyzzy"),
            "unknown subcommand 'experiment xyzzy' (commands: lau)");
}

}  // namespace
}  // namespace redist
