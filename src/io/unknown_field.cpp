#include "redist/io/unknown_field.hpp"

#include <algorithm>
#include <cctype>

#include "redist/core/closest_name.hpp"

namespace redist::io {

std::string closest_field(const std::string& key, const std::vector<std::string>& known) {
  if (std::string best = closest_name(known, key); !best.empty()) return best;
  std::string lower = key;  // "Spacing", "SPACING"
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower == key ? std::string() : closest_name(known, lower);
}

std::string unknown_field_reason(const std::string& key, const std::vector<std::string>& known) {
  const std::string closest = key.empty() ? std::string() : closest_field(key, known);
  return closest.empty() ? "unknown field" : "unknown field (did you mean \"" + closest + "\"?)";
}

std::string unknown_field_warning(const UnknownField& field) {
  std::string text = field.place + ": unknown field, ignored";
  if (!field.closest.empty()) text += " (did you mean \"" + field.closest + "\"?)";
  if (field.count > 1) text += ", in " + std::to_string(field.count) + " places";
  return text;
}

}  // namespace redist::io
