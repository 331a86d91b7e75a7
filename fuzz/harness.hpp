#pragma once
// Fuzz harnesses (issue 8). Each one takes arbitrary bytes, drives one input path or one planner
// with them, and checks what comes out against an oracle that does not trust the code under test:
//
//   ring_json      ring instance reader: accepted instances obey every rule and round-trip exactly
//   allport_json   all-port instance reader: same
//   perm_json      permutation instance reader (both forms): same
//   schedule_json  schedule reader + exact validator, against the item-by-item reference validator
//   plan           plan_ring on any instance the reader accepts: the validator accepts the schedule
//                  with the reported makespan, no proved lower bound exceeds it, optimality claims
//                  hold, and tiny homogeneous rings agree with breadth-first brute force; and
//                  plan_ordered: the ordered validator accepts it, never worse than linear, its
//                  bounds below it and below the exhaustive ordered optimum of tiny rings
//   lau            every all-port algorithm and mode against the step-by-step executor, and the
//                  optimal one against every shift (brute force)
//   perm           every permutation solver against brute force over all P! assignments (P <= 6),
//                  their certificates, and every step schedule against the checker and a second one
//
// The harnesses are plain functions so that the same bodies run under libFuzzer
// (fuzz/fuzz_main.cpp, clang) and in the ordinary test suite (tests/fuzz_replay_test.cpp, any
// compiler), which replays the seed corpora and every saved regression input. Bad input
// (InputError) is an expected outcome; a broken oracle throws FuzzFailure, which libFuzzer reports
// as a crash (uncaught exception) and the replay test as a failure with the same message.

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

namespace redist::fuzz {

using Bytes = std::span<const std::uint8_t>;

class FuzzFailure : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Throws FuzzFailure("<target>: <what>") when `ok` is false.
void require(bool ok, const char* target, const std::string& what);

/// The planner harnesses decode bytes into an instance's JSON text; with REDIST_FUZZ_VERBOSE=1 in
/// the environment they print it, so that a crash file can be turned into a file for the CLI.
void show_decoded(const char* target, const std::string& text);

void fuzz_ring_json(Bytes data);
void fuzz_allport_json(Bytes data);
void fuzz_perm_json(Bytes data);
void fuzz_schedule_json(Bytes data);
void fuzz_plan(Bytes data);
void fuzz_lau(Bytes data);
void fuzz_perm(Bytes data);

struct FuzzTarget {
  const char* name;  // also the directory under fuzz/corpus/ and fuzz/regressions/
  void (*run)(Bytes);
};

/// Every target, in a fixed order (scripts/fuzz.sh and the replay test use the same names).
std::span<const FuzzTarget> fuzz_targets();

}  // namespace redist::fuzz
