#include "redist/io/json_text.hpp"

#include <algorithm>
#include <charconv>

#include "redist/core/error.hpp"

namespace redist::io {

namespace {

bool is_scalar(const Json& v) { return !v.is_object() && !v.is_array(); }

// Objects one key per line; arrays of scalars and array elements that are objects of scalars on one
// line each: a schedule reads as one transfer per line.
void write_json(const Json& v, int depth, std::string& out) {
  const std::string pad(static_cast<std::size_t>(depth) * 2, ' ');
  const std::string inner(static_cast<std::size_t>(depth + 1) * 2, ' ');
  const bool flat = std::all_of(v.begin(), v.end(), [](const Json& e) { return is_scalar(e); });
  if (is_scalar(v) || v.empty() || (flat && v.is_array()) || (flat && depth > 0 && v.is_object())) {
    out += v.dump();
    return;
  }
  const bool object = v.is_object();
  out += object ? "{\n" : "[\n";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out += inner;
    if (object) out += Json(it.key()).dump() + ": ";
    write_json(*it, depth + 1, out);
  }
  out += "\n" + pad + (object ? "}" : "]");
}

}  // namespace

std::string json_text_with_arrays(const Json& document, std::vector<RawMember> arrays) {
  REDIST_ASSERT(document.is_object());
  std::vector<RawMember> members;
  members.reserve(document.size() + arrays.size());
  for (auto it = document.begin(); it != document.end(); ++it) {
    std::string text;
    write_json(*it, 1, text);
    members.push_back({it.key(), std::move(text)});
  }
  for (RawMember& array : arrays) {
    REDIST_ASSERT(!document.contains(array.key));
    members.push_back(std::move(array));
  }
  // nlohmann's objects are std::maps: keys in std::string order, as here.
  std::sort(members.begin(), members.end(),
            [](const RawMember& a, const RawMember& b) { return a.key < b.key; });
  std::size_t bytes = 4;
  for (const RawMember& m : members) bytes += m.key.size() + m.text.size() + 8;
  std::string out;
  out.reserve(bytes);
  out += "{";
  for (std::size_t k = 0; k < members.size(); ++k) {
    out += k == 0 ? "\n  " : ",\n  ";
    out += Json(members[k].key).dump();
    out += ": ";
    out += members[k].text;
    std::string().swap(members[k].text);  // a large array's text is not held twice for long
  }
  out += members.empty() ? "}\n" : "\n}\n";
  return out;
}

std::string int_array_text(const std::vector<std::int64_t>& values) {
  std::string out;
  out.reserve(2 + values.size() * 4);
  out += '[';
  char digits[24];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    const auto end = std::to_chars(digits, digits + sizeof digits, values[i]).ptr;
    out.append(digits, end);
  }
  out += ']';
  return out;
}

std::string scalars_text(std::size_t count, const std::function<Json(std::size_t)>& element) {
  std::string out = "[";
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0) out += ',';
    out += element(i).dump();
  }
  out += ']';
  return out;
}

std::string json_text(const Json& document, const RawMember& raw) {
  std::string out;
  write_json(document, 0, out);
  if (!raw.key.empty()) {
    REDIST_ASSERT(document.is_object() && !document.contains(raw.key));
    out.pop_back();                        // the closing brace
    if (out.size() > 1) out.back() = ',';  // "...value\n" -> "...value,"
    // Appended piece by piece: the text of a 10^6-transfer schedule is ~60 MB, and each temporary
    // copy of it added 60 bytes per processor to plan's peak memory.
    out.reserve(out.size() + raw.key.size() + raw.text.size() + 16);
    out += "\n  ";
    out += Json(raw.key).dump();
    out += ": ";
    out += raw.text;
    out += "\n}";
  }
  out += "\n";
  return out;
}

}  // namespace redist::io
