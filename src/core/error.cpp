#include "redist/core/error.hpp"

namespace redist {

namespace {
std::string compose(const std::string& file, const std::string& field, const std::string& reason) {
  std::string message;
  message.reserve(file.size() + field.size() + reason.size() + 4);
  if (!file.empty()) message.append(file).append(": ");
  if (!field.empty()) message.append(field).append(": ");
  message.append(reason);
  return message;
}
}  // namespace

InputError::InputError(std::string file, std::string field, std::string reason)
    : std::runtime_error(compose(file, field, reason)),
      file_(std::move(file)),
      field_(std::move(field)),
      reason_(std::move(reason)) {}

std::string indexed(const std::string& field, std::size_t index) {
  return field + "[" + std::to_string(index) + "]";
}

std::string echoed(std::string_view text) {
  constexpr std::size_t kWhole = 64, kKept = 32;
  if (text.size() <= kWhole) return std::string(text);
  std::size_t keep = kKept;  // whole UTF-8 characters
  while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  const std::string length = std::to_string(text.size());
  std::string out;
  out.reserve(keep + length.size() + 10);
  out += text.substr(0, keep);
  out += "...(";
  out += length;
  out += " bytes)";
  return out;
}

void assertion_failed(const char* expr, const char* file, int line) {
  throw InternalError(std::string("assertion '") + expr + "' failed at " + file + ":" +
                      std::to_string(line));
}

}  // namespace redist
