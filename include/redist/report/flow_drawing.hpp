#pragma once
// Schedules drawn in text the way document 002 draws them (Fig. 1):
//
//   7_0 --2--> 0_1 ..0.. 3_2 --1--> 1_3 ..0.. 1_4 <--1-- [0_5] <--3-- (7_0)
//
// load_index for each node, the flow over each edge as an arrow with its amount (dotted when zero),
// red nodes (holding less than they must send, document 002 section 2) in brackets, and the ring
// closed by repeating P_0 in parentheses. Long rings wrap at `width` columns.

#include <cstdint>
#include <span>
#include <string>

namespace redist::report {

/// Red in the document's sense: the node must send (to either side) more than it holds.
bool is_red_node(std::span<const std::int64_t> loads, std::span<const std::int64_t> flows,
                 std::size_t node);

std::string draw_flows(std::span<const std::int64_t> loads, std::span<const std::int64_t> flows,
                       std::size_t width = 100);

}  // namespace redist::report
