#pragma once
// Seeded mutations of JSON text for reader property tests: each edit replaces a byte with one that
// matters to a JSON tokenizer (brackets, quotes, digits, letters of literals, a non-ASCII byte),
// deletes a byte or doubles one.

#include <string>

#include "redist/core/random.hpp"

namespace redist::testing {

inline std::string mutated_json(std::string text, Rng& rng, int max_edits) {
  static const std::string alphabet = "{}[]:,\"\\-+.eE0123456789 \ntrufalsn\x80";
  const auto pick = [&](std::size_t size) {
    return static_cast<std::size_t>(rng.uniform(0, static_cast<std::int64_t>(size) - 1));
  };
  for (auto edits = rng.uniform(1, max_edits); edits > 0 && !text.empty(); --edits) {
    const std::size_t at = pick(text.size());
    const auto kind = rng.uniform(0, 2);
    if (kind == 0) text[at] = alphabet[pick(alphabet.size())];
    if (kind == 1) text.erase(at, 1);
    if (kind == 2) text.insert(at, 1, text[at]);
  }
  return text;
}

}  // namespace redist::testing
