#pragma once
// Document 000's Algorithm 3 (homogeneous bidirectional ring, section 5.2) as the document prints
// it: test-only reference code that the errata tests run to show where it fails (docs/errata.md
// item 1). It decides every step's sends from the imbalances alone, exactly as the printed rules
// do, and never looks at what a processor holds; the exact validator then judges the schedule.

#include <cstdint>

#include "redist/core/ring_instance.hpp"
#include "redist/core/schedule.hpp"

namespace redist::testing {

/// How the rules for balanced processors (the printed lines 25-30: a processor with zero imbalance
/// passes on what its neighbour sends it) are applied within a step.
enum class ForwardingRules {
  one_pass,     // the processors in index order, once (the sequential reading of the text)
  until_stable  // repeated until no rule adds a send (the reading under which they are optimal)
};

struct PrintedAlgorithm3Run {
  Schedule schedule;   // one single-item transfer per send, step s in [(s-1) c, s c)
  int steps = 0;       // recursive calls that sent something
  bool ended = false;  // delta_max reached 0 within the step limit
};

/// Runs the printed rules on a homogeneous bidirectional ring (every cost equal) for at most
/// `max_steps` calls. The schedule is returned whether or not it is feasible.
PrintedAlgorithm3Run run_printed_algorithm3(const RingInstance& instance, ForwardingRules rules,
                                            int max_steps = 200);

/// delta_max of the printed line 1 (the Lemma 6 value in steps) for imbalances `delta`.
std::int64_t printed_delta_max(const std::vector<std::int64_t>& delta);

}  // namespace redist::testing
