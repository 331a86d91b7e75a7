#include "redist/io/schedule_io.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string_view>
#include <system_error>

#include "redist/core/error.hpp"
#include "schedule_assembler.hpp"

namespace redist::io {

namespace {

std::optional<Decimal> decimal_field(const Json& object, const char* key, const JsonPlace& place) {
  if (!object.contains(key)) return std::nullopt;
  return as_decimal(object[key], place[key]);
}

detail::RawTransfer raw_transfer(const Json& entry, const JsonPlace& place) {
  check_object_fields(entry, place, {}, {"from", "to", "items", "start"});
  detail::RawTransfer raw;
  raw.from = decimal_field(entry, "from", place);
  raw.to = decimal_field(entry, "to", place);
  if (entry.contains("items") && entry["items"].is_object()) {
    // Messages (docs/design.md section 4): {"total": N, "per_message": m}.
    const Json& items = entry["items"];
    check_object_fields(items, place["items"], {"total", "per_message"}, {});
    raw.items_object = true;
    raw.items = decimal_field(items, "total", place["items"]);
    raw.per_message = decimal_field(items, "per_message", place["items"]);
  } else {
    raw.items = decimal_field(entry, "items", place);
  }
  raw.start = decimal_field(entry, "start", place);
  raw.spacing = decimal_field(entry, "spacing", place);
  raw.first = decimal_field(entry, "first", place);
  if (entry.contains("link")) raw.link = as_string(entry["link"], place["link"]);
  return raw;
}

// A claim of the header (makespan, lower_bound): a number parse_decimal cannot hold is no reason
// to refuse the file (schedule_assembler.hpp); any other type still is.
void claim_field(const Json& document, const char* key, const JsonPlace& place,
                 void (detail::ScheduleAssembler::*set)(const std::optional<Decimal>&),
                 detail::ScheduleAssembler& assembler) {
  if (!document.contains(key)) return;
  const Json& value = document[key];
  if (value.is_binary() && value.get_binary().has_subtype() &&
      value.get_binary().subtype() == kDecimalSubtype) {
    const auto& bytes = value.get_binary();
    (assembler.*set)(parse_decimal(std::string(bytes.begin(), bytes.end())));
    return;
  }
  (assembler.*set)(as_decimal(value, place[key]));
}

}  // namespace

Schedule schedule_from_json(const Json& document, const std::string& source,
                            std::size_t ring_size) {
  detail::ScheduleAssembler assembler(source, ring_size);
  const JsonPlace& root = assembler.root();
  check_object_fields(document, root, {}, {"transfers"});
  const Json& list = document["transfers"];
  if (!list.is_array()) root["transfers"].fail("must be an array");
  assembler.mark_transfers_seen();
  for (std::size_t i = 0; i < list.size(); ++i)
    assembler.add_transfer(raw_transfer(list[i], root["transfers"][i]), i);
  claim_field(document, "makespan", root, &detail::ScheduleAssembler::set_makespan, assembler);
  claim_field(document, "lower_bound", root, &detail::ScheduleAssembler::set_lower_bound,
              assembler);
  if (document.contains("status"))
    assembler.set_status(as_string(document["status"], root["status"]));
  if (const auto f = decimal_field(document, "flow_shift", root)) assembler.set_flow_shift(*f);
  return assembler.finish();
}

Json schedule_to_json(const Schedule& schedule) {
  Json doc = Json::object();
  if (schedule.makespan) doc["makespan"] = ticks_to_json(*schedule.makespan, schedule.time_scale);
  if (schedule.lower_bound)
    doc["lower_bound"] = ticks_to_json(*schedule.lower_bound, schedule.time_scale);
  if (schedule.status) doc["status"] = to_string(*schedule.status);
  if (schedule.flow_shift) doc["flow_shift"] = *schedule.flow_shift;
  Json list = Json::array();
  for (const Transfer& t : schedule.transfers) {
    Json entry = {{"from", t.from},
                  {"to", t.to},
                  {"items", t.items},
                  {"start", ticks_to_json(t.start, schedule.time_scale)}};
    if (message_size(t) > 1)
      entry["items"] = {{"total", t.items}, {"per_message", message_size(t)}};
    if (t.link) entry["link"] = *t.link == Link::succ ? "succ" : "pred";
    if (t.first != kNoItems) entry["first"] = t.first;
    if (t.spacing != 0) entry["spacing"] = ticks_to_json(t.spacing, schedule.time_scale);
    list.push_back(std::move(entry));
  }
  doc["transfers"] = std::move(list);
  return doc;
}

namespace {

// The decimal digits of `value` into `out` (room for 39), most significant first; their count.
std::size_t unsigned_digits(unsigned __int128 value, char* out) {
  constexpr std::uint64_t kTen19 = 10'000'000'000'000'000'000ULL;
  if (value <= UINT64_MAX)
    return static_cast<std::size_t>(
        std::to_chars(out, out + 20, static_cast<std::uint64_t>(value)).ptr - out);
  const std::size_t high = unsigned_digits(value / kTen19, out);
  char* low = out + high;
  const char* low_end =
      std::to_chars(low, low + 20, static_cast<std::uint64_t>(value % kTen19)).ptr;
  const auto low_length = static_cast<std::size_t>(low_end - low);
  // The low part has 19 digits, leading zeros included.
  std::copy_backward(low, low + low_length, low + 19);
  std::fill_n(low, 19 - low_length, '0');
  return high + 19;
}

// Text formatted in place into a buffer that is handed to the writer whenever it holds about
// kScheduleChunkBytes: a std::string grown by appends checked its capacity for every key and value
// and was a fifth of `plan -o`'s time on 10^6-processor rings.
class ChunkWriter {
 public:
  explicit ChunkWriter(const TextWriter& write)
      : write_(write), buffer_(kScheduleChunkBytes + kMaxLine, '\0'), out_(buffer_.data()) {}

  void text(std::string_view s) {
    if (s.size() > kMaxLine / 2) {  // never within a transfer line; a long indent, say
      flush();
      write_(s);
      return;
    }
    std::memcpy(out_, s.data(), s.size());
    out_ += s.size();
  }
  template <std::size_t N>
  void literal(const char (&s)[N]) {
    std::memcpy(out_, s, N - 1);
    out_ += N - 1;
  }
  void integer(std::int64_t value) { out_ = std::to_chars(out_, out_ + 24, value).ptr; }
  // A time as schedule_to_json's dump writes it. Whole numbers of time units (every time of an
  // integer-cost plan) skip building a JSON value.
  void time(Ticks ticks, int scale) {
    if (scale == 0 && ticks <= INT64_MAX && ticks >= INT64_MIN) {
      integer(static_cast<std::int64_t>(ticks));
      return;
    }
    const Ticks unit = pow10_ticks(scale);
    if (ticks % unit == 0 && ticks / unit <= INT64_MAX && ticks / unit >= INT64_MIN) {
      integer(static_cast<std::int64_t>(ticks / unit));
      return;
    }
    if (ticks > 0 && ticks % unit != 0 && decimal_time(ticks, scale)) return;
    text(ticks_to_json(ticks, scale).dump());  // at most about 45 characters
  }
  // A positive time with a fraction (not a whole number of time units), written as
  // ticks_to_json(ticks, scale).dump() would write it without building a JSON value (the dump, two
  // decimal parses and a string per time made writing a decimal-cost plan of 10^6 transfers take
  // 0.35 s, against 0.04 s with whole times). That dump is the JSON number nlohmann writes for the
  // nearest double when it reads back as the exact decimal, and the exact decimal as a string
  // otherwise: so the exact digits are written as a number when nlohmann's own formatting of that
  // double gives exactly them, as a string when no double's formatting can (more than 17
  // significant digits), and false is returned, for the slow path, in between.
  bool decimal_time(Ticks ticks, int scale) {
    char digits[48];
    const std::size_t length = unsigned_digits(static_cast<unsigned __int128>(ticks), digits);
    std::size_t kept = length;  // the fraction is not 0: its trailing zeros go, never all of it
    while (digits[kept - 1] == '0') --kept;
    const auto point = static_cast<std::ptrdiff_t>(length) - scale;  // digits before the point
    char exact[96];
    char* end = exact;
    if (point <= 0) {
      *end++ = '0';
      *end++ = '.';
      end = std::fill_n(end, -point, '0');
      end = std::copy(digits, digits + kept, end);
    } else {
      end = std::copy(digits, digits + point, end);
      *end++ = '.';
      end = std::copy(digits + point, digits + kept, end);
    }
    const std::string_view text_exact(exact, static_cast<std::size_t>(end - exact));
    if (kept > 17) {  // a double's shortest form has at most 17 significant digits
      quoted(text_exact);
      return true;
    }
    const auto fraction = static_cast<int>(static_cast<std::ptrdiff_t>(kept) - point);
    const double approx = nearest_double(std::string_view(digits, kept), fraction, text_exact);
    char shortest[64];
    const char* shortest_end =
        nlohmann::detail::to_chars(shortest, shortest + sizeof shortest, approx);
    const std::string_view text_shortest(shortest,
                                         static_cast<std::size_t>(shortest_end - shortest));
    if (text_shortest == text_exact) {
      text(text_exact);
      return true;
    }
    // Another text for the double: a number when it still reads back as the exact decimal (the
    // same digits and scale once zeros at either end are dropped), the exact decimal as a string
    // when not. An exponent is left to the slow path.
    if (text_shortest.find_first_of("eE") != std::string_view::npos) return false;
    const std::size_t dot = text_shortest.find('.');
    std::string_view whole = text_shortest.substr(0, dot);
    std::string_view after =
        dot == std::string_view::npos ? std::string_view() : text_shortest.substr(dot + 1);
    while (!after.empty() && after.back() == '0') after.remove_suffix(1);
    std::string significant = std::string(whole) + std::string(after);
    significant.erase(0, std::min(significant.find_first_not_of('0'), significant.size()));
    if (significant == std::string_view(digits, kept) &&
        static_cast<int>(after.size()) == fraction) {
      text(text_shortest);
      return true;
    }
    quoted(text_exact);
    return true;
  }

  void quoted(std::string_view s) {
    *out_++ = '"';
    text(s);
    *out_++ = '"';
  }

  // The double nearest to digits x 10^-fraction (`text`, the same decimal written out), as strtod
  // gives it: with at most 15 digits and 22 decimals both the integer and the power of ten are
  // doubles exactly, and one division rounds correctly (Clinger's fast path); from_chars
  // otherwise.
  static double nearest_double(std::string_view digits, int fraction, std::string_view text) {
    static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                         1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                         1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (digits.size() <= 15 && fraction >= 0 && fraction <= 22) {
      std::uint64_t m = 0;
      for (const char c : digits) m = m * 10 + static_cast<std::uint64_t>(c - '0');
      return static_cast<double>(m) / kPowers[fraction];
    }
    double value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
  }

  // Hands the buffer over once it is full enough: room for one more line is always left.
  void line_done() {
    if (static_cast<std::size_t>(out_ - buffer_.data()) >= kScheduleChunkBytes) flush();
  }
  void flush() {
    if (out_ != buffer_.data()) write_(std::string_view(buffer_.data(), out_ - buffer_.data()));
    out_ = buffer_.data();
  }

 private:
  // A transfer line is well under this (two 128-bit times, two 64-bit integers, the keys).
  static constexpr std::size_t kMaxLine = 1024;
  const TextWriter& write_;
  std::string buffer_;
  char* out_;
};

// One transfer as schedule_to_json's dump writes it. Keys in the order nlohmann::json sorts them,
// so that the text matches.
void put_transfer(ChunkWriter& out, const Transfer& t, int scale) {
  if (t.first != kNoItems) {
    out.literal("{\"first\":");
    out.integer(t.first);
    out.literal(",\"from\":");
  } else {
    out.literal("{\"from\":");
  }
  out.integer(t.from);
  if (message_size(t) > 1) {
    out.literal(",\"items\":{\"per_message\":");
    out.integer(message_size(t));
    out.literal(",\"total\":");
    out.integer(t.items);
    out.literal("}");
  } else {
    out.literal(",\"items\":");
    out.integer(t.items);
  }
  if (t.link) {
    if (*t.link == Link::succ)
      out.literal(",\"link\":\"succ\"");
    else
      out.literal(",\"link\":\"pred\"");
  }
  if (t.spacing != 0) {
    out.literal(",\"spacing\":");
    out.time(t.spacing, scale);
  }
  out.literal(",\"start\":");
  out.time(t.start, scale);
  out.literal(",\"to\":");
  out.integer(t.to);
  out.literal("}");
}

}  // namespace

void write_transfers_json(const Schedule& schedule, const std::string& indent,
                          const TextWriter& write) {
  if (schedule.transfers.empty()) {
    write("[]");
    return;
  }
  ChunkWriter out(write);
  out.literal("[\n");
  const std::string inner = indent + "  ";
  for (std::size_t i = 0; i < schedule.transfers.size(); ++i) {
    out.text(inner);
    put_transfer(out, schedule.transfers[i], schedule.time_scale);
    if (i + 1 < schedule.transfers.size())
      out.literal(",\n");
    else
      out.literal("\n");
    out.line_done();
  }
  out.text(indent);
  out.literal("]");
  out.flush();
}

std::string transfers_json_text(const Schedule& schedule, const std::string& indent) {
  std::string out;
  // Room for a typical line (two 7-digit processors, a 10-digit count and start) so that the string
  // is not doubled, and copied, once it outgrows a short guess.
  out.reserve(schedule.transfers.size() * (indent.size() + 72));
  write_transfers_json(schedule, indent, [&](std::string_view piece) { out += piece; });
  return out;
}

void write_schedule_document(std::string_view object_text, const Schedule& schedule,
                             const TextWriter& write) {
  const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (!object_text.empty() && is_space(object_text.back())) object_text.remove_suffix(1);
  REDIST_ASSERT(object_text.size() >= 2 && object_text.front() == '{' && object_text.back() == '}');
  object_text.remove_suffix(1);  // the closing brace
  while (is_space(object_text.back())) object_text.remove_suffix(1);
  std::string head(object_text);
  if (head.size() > 1) head += ',';  // an object with members: "...value" -> "...value,"
  head += "\n  \"transfers\": ";
  write(head);
  write_transfers_json(schedule, "  ", write);
  write("\n}\n");
}

}  // namespace redist::io
