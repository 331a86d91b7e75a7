#pragma once
// Fields a reader does not know (issue 27 item 12: a misspelt "Spacing" in a transfer was ignored
// without a word, timing the items back to back). Instance files refuse them; schedule files, which
// may carry extra fields (docs/design.md section 4), get a warning naming the field and the closest
// known one, and `redist check --strict` refuses them.

#include <cstddef>
#include <string>
#include <vector>

namespace redist::io {

/// The known name `key` most likely meant (core/closest_name.hpp, letter case ignored), or "".
std::string closest_field(const std::string& key, const std::vector<std::string>& known);

/// "unknown field", with " (did you mean \"spacing\"?)" when a known field is close.
std::string unknown_field_reason(const std::string& key, const std::vector<std::string>& known);

/// A field a schedule does not define, as met: the first place it was seen ("transfers[3].Spacing",
/// long keys shortened as echoed() does), the closest known field ("" when none) and how often.
struct UnknownField {
  std::string place;
  std::string closest;
  std::size_t count = 0;
};

/// "transfers[3].Spacing: unknown field, ignored (did you mean \"spacing\"?), in 1000 places": the
/// text of a warning line.
std::string unknown_field_warning(const UnknownField& field);

/// What a schedule reader does with the fields a schedule does not define: keep them in `found` (at
/// most kMaxUnknownFields distinct ones, when `found` is set), or, `strict`, refuse the file at the
/// first one (InputError naming its place).
struct UnknownFieldPolicy {
  bool strict = false;
  std::vector<UnknownField>* found = nullptr;
};
inline constexpr std::size_t kMaxUnknownFields = 8;

}  // namespace redist::io
