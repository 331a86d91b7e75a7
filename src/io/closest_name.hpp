#pragma once
// The name a mistyped word most likely meant, for "did you mean ...?" messages (a reader's
// unknown fields, the command line's unknown subcommands): the name the word begins, else the
// nearest within two edits (insertions, deletions and substitutions of one character, Levenshtein
// distance).

#include <cstddef>
#include <string>
#include <vector>

namespace redist::io {

/// Levenshtein distance between `a` and `b`. O(|a| |b|) time, O(|b|) memory.
std::size_t edit_distance(const std::string& a, const std::string& b);

/// The first of `names` that begins with `word` or, failing that, the first at the least edit
/// distance if that is at most 2; empty when none is close.
std::string closest_name(const std::vector<std::string>& names, const std::string& word);

}  // namespace redist::io
