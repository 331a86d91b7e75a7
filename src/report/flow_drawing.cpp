#include "redist/report/flow_drawing.hpp"

#include "redist/core/error.hpp"

namespace redist::report {

bool is_red_node(std::span<const std::int64_t> loads, std::span<const std::int64_t> flows,
                 std::size_t node) {
  const std::size_t n = loads.size();
  const std::int64_t right = flows[node];
  const std::int64_t left = flows[node == 0 ? n - 1 : node - 1];
  const __int128 sends =
      static_cast<__int128>(right > 0 ? right : 0) + (left < 0 ? -static_cast<__int128>(left) : 0);
  return sends > loads[node];
}

namespace {

std::string node_label(std::span<const std::int64_t> loads, std::span<const std::int64_t> flows,
                       std::size_t i) {
  std::string text = std::to_string(loads[i]);
  text.append("_").append(std::to_string(i));
  if (!is_red_node(loads, flows, i)) return text;
  std::string boxed = "[";
  return boxed.append(text).append("]");
}

std::string edge_label(std::int64_t flow) {
  if (flow > 0) return "--" + std::to_string(flow) + "-->";
  if (flow < 0) return "<--" + std::to_string(-flow) + "--";
  return "..0..";
}

}  // namespace

std::string draw_flows(std::span<const std::int64_t> loads, std::span<const std::int64_t> flows,
                       std::size_t width) {
  REDIST_ASSERT(loads.size() == flows.size() && !loads.empty());
  std::string out, line;
  const auto put = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > width) {
      out += line + "\n";
      line = "    ";  // continuation lines are indented
    } else if (!line.empty()) {
      line += ' ';
    }
    line += token;
  };
  for (std::size_t i = 0; i < loads.size(); ++i) {
    put(node_label(loads, flows, i));
    put(edge_label(flows[i]));
  }
  std::string closing =
      "(";  // appended piecewise: GCC 12 warns falsely (-Wrestrict) on "(" + s + ")"
  closing.append(node_label(loads, flows, 0)).append(")");
  put(closing);
  return out + line + "\n";
}

}  // namespace redist::report
