// The streaming schedule reader (schedule_io.hpp, schedule_from_text): SAX events straight into a
// ScheduleAssembler, no DOM. A DOM node per value cost several hundred bytes per transfer; here a
// transfer costs what the Schedule stores, and one pass reads the file.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "fast_sax.hpp"
#include "io/huge_pages.hpp"
#include "io/malformed_json.hpp"
#include "redist/core/error.hpp"
#include "redist/io/schedule_io.hpp"
#include "redist/io/unknown_field.hpp"
#include "schedule_assembler.hpp"

namespace redist::io {

namespace {

// Where the reader stands: the top object, the transfers array, one transfer, the object form of a
// transfer's "items" ({"total": N, "per_message": m}), or a value it skips (extra fields are allowed
// anywhere but in "items", and are still checked for duplicate keys and depth).
enum class Level { document, transfers, transfer, items, skipped };

// string_views: a key is compared by length first, then its bytes (4 keys a transfer, 10^7
// transfers in the largest schedules).
constexpr std::array<std::string_view, 7> kTransferFields = {"from",    "to",   "items", "start",
                                                             "spacing", "link", "first"};
// Their indices in kTransferFields.
enum class TransferField { from, to, items, start, spacing, link, first, none };

// The top level's fields: those read, then those `redist plan -o` and `redist exact -o` write
// beside them (ring/plan_output.cpp, exact/ring_optimum_output.cpp), which are known without being
// read.
const std::vector<std::string>& document_fields() {
  static const std::vector<std::string> fields = {"transfers",
                                                  "makespan",
                                                  "lower_bound",
                                                  "status",
                                                  "flow_shift",
                                                  "bounds",
                                                  "framework",
                                                  "gap",
                                                  "method",
                                                  "transfers_written_to",
                                                  "optimum",
                                                  "proved",
                                                  "planner_makespan",
                                                  "planner_lower_bound",
                                                  "solver",
                                                  "nodes",
                                                  "slot",
                                                  "horizon_slots",
                                                  "binaries"};
  return fields;
}

const std::vector<std::string>& transfer_fields() {
  static const std::vector<std::string> fields(kTransferFields.begin(), kTransferFields.end());
  return fields;
}

bool is_transfer_field(const std::string& key) {
  return std::find(kTransferFields.begin(), kTransferFields.end(), key) != kTransferFields.end();
}

class ScheduleSaxReader {
 public:
  ScheduleSaxReader(const std::string& source, std::size_t ring_size,
                    const UnknownFieldPolicy& policy)
      : assembler_(source, ring_size), policy_(policy) {}

  bool null() { return scalar("null"); }
  bool boolean(bool) { return scalar("boolean"); }
  bool number_integer(Json::number_integer_t v) { return number(Decimal{v, 0}); }
  bool number_unsigned(Json::number_unsigned_t v) {
    return number(Decimal{static_cast<Ticks>(v), 0});
  }
  bool number_float(Json::number_float_t, const Json::string_t& text) {
    if (skipping()) return true;
    const auto parsed = parse_decimal(text);
    if (!parsed && is_claim()) return claim(std::nullopt);  // a claim never refuses the file
    if (!parsed) here().fail(unrepresentable_number(text));
    return number(*parsed);
  }
  bool string(Json::string_t& v);
  bool binary(Json::binary_t&) { return scalar("binary"); }
  bool start_object(std::size_t) { return open(true); }
  bool start_array(std::size_t) { return open(false); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(Json::string_t& k);
  [[noreturn]] bool parse_error(std::size_t position, const std::string&,
                                const nlohmann::detail::exception& ex) {
    root().fail(malformed_json_reason(position, ex));
  }

  Schedule finish() {
    Schedule schedule = assembler_.finish();
    if (policy_.found) *policy_.found = std::move(unknown_);
    return schedule;
  }
  void reserve(std::size_t transfers) { assembler_.reserve(transfers); }

  // The fast pass's text from `from` on is the reader's to hand back as it is consumed (nullptr:
  // it is not). The pages of text already parsed go back to the system several at a time, so that
  // the text (60 to 75 bytes per transfer) and the transfers it becomes (64) never add up at peak.
  void release_text_from(const char* from) { unreleased_ = from; }
  void consumed(const char* upto) {
    if (unreleased_ == nullptr || static_cast<std::size_t>(upto - unreleased_) < kReleaseChunk)
      return;
    const HugePageSpan released = release_huge_pages(unreleased_, upto);
    if (!released.empty()) unreleased_ = reinterpret_cast<const char*>(released.last);
  }

 private:
  struct Frame {
    Level level;
    bool object;
    std::vector<std::string> keys;  // keys met in this object (skipped objects and top level)
  };

  const JsonPlace& root() const { return assembler_.root(); }
  bool skipping() const { return !stack_.empty() && stack_.back().level == Level::skipped; }
  Level level() const { return stack_.empty() ? Level::document : stack_.back().level; }

  // The place of the value being read, for messages only (built on error).
  JsonPlace here() const {
    if (stack_.empty()) return root();
    const Level l = stack_.back().level;
    if (l == Level::transfers) return root()["transfers"][index_];
    if (l == Level::transfer) return root()["transfers"][index_][key_];
    if (l == Level::items) return root()["transfers"][index_]["items"][member_];
    return root()[key_];
  }

  [[noreturn]] void wrong_type(const char* want, const char* got) const {
    here().fail(std::string("must be ") + want + ", got " + got);
  }

  bool scalar(const char* type);
  void unknown_field(const std::string& k, bool in_transfer);
  // The header's makespan or lower_bound: what the planner claims.
  bool is_claim() const {
    return level() == Level::document && (key_ == "makespan" || key_ == "lower_bound");
  }
  bool claim(const std::optional<Decimal>& value) {
    if (key_ == "makespan") assembler_.set_makespan(value);
    if (key_ == "lower_bound") assembler_.set_lower_bound(value);
    return true;
  }
  bool number(const Decimal& value);
  bool open(bool object);
  bool close();
  void duplicate_check(std::vector<std::string>& keys, const std::string& k) const;

  detail::ScheduleAssembler assembler_;
  std::vector<Frame> stack_;
  std::string key_;               // the current key at top level or in a transfer
  std::string member_;            // the current key inside a transfer's "items" object
  std::size_t index_ = 0;         // the current transfer
  detail::RawTransfer raw_;       // the transfer being read
  unsigned transfer_fields_ = 0;  // bit i: kTransferFields[i] met in the current transfer
  TransferField transfer_field_ = TransferField::none;  // the current key in a transfer
  const char* unreleased_ = nullptr;  // the first byte of text not yet handed back
  UnknownFieldPolicy policy_;
  std::vector<UnknownField> unknown_;  // the distinct ones met (at most kMaxUnknownFields)
  std::vector<std::string> unknown_keys_;
  static constexpr std::size_t kReleaseChunk = 4 * kHugePageBytes;
};

void ScheduleSaxReader::duplicate_check(std::vector<std::string>& keys,
                                        const std::string& k) const {
  if (std::find(keys.begin(), keys.end(), k) == keys.end()) {
    keys.push_back(k);
    return;
  }
  const Level l = stack_.back().level;
  if (l == Level::document) root()[k].fail("duplicate key in the same object");
  if (l == Level::transfer) root()["transfers"][index_][k].fail("duplicate key in the same object");
  const bool in_transfer = stack_.size() > 2 && stack_[2].level == Level::transfer;
  (in_transfer ? root()["transfers"][index_][key_] : root()[key_])[k].fail(
      "duplicate key in the same object");
}

// A field of a transfer or of the top level that schedules do not define: kept for a warning (each
// distinct key once, with its first place and a count), or refused when the read is strict. Only
// such fields pay for this: known ones never reach it.
[[gnu::noinline, gnu::cold]] void ScheduleSaxReader::unknown_field(const std::string& k,
                                                                   bool in_transfer) {
  const auto seen = std::find(unknown_keys_.begin(), unknown_keys_.end(), k);
  if (seen != unknown_keys_.end()) {
    ++unknown_[static_cast<std::size_t>(seen - unknown_keys_.begin())].count;
    return;
  }
  const JsonPlace place = in_transfer ? root()["transfers"][index_][echoed(k)] : root()[echoed(k)];
  const std::vector<std::string>& known = in_transfer ? transfer_fields() : document_fields();
  if (policy_.strict)
    place.fail(unknown_field_reason(k, known) +
               "; a strict read refuses fields a schedule does not "
               "define");
  if (unknown_.size() == kMaxUnknownFields) return;
  unknown_keys_.push_back(k);
  unknown_.push_back({place.field, closest_field(k, known), 1});
}

bool ScheduleSaxReader::key(Json::string_t& k) {
  Frame& frame = stack_.back();
  if (frame.level == Level::items) {
    const JsonPlace items = root()["transfers"][index_]["items"];
    if (k != "total" && k != "per_message") items[k].fail("unknown field");
    if (std::find(frame.keys.begin(), frame.keys.end(), k) != frame.keys.end())
      items[k].fail("duplicate key in the same object");
    frame.keys.push_back(k);
    member_ = k;
    return true;
  }
  if (frame.level == Level::transfer) {
    const auto known =
        std::find(kTransferFields.begin(), kTransferFields.end(), std::string_view(k));
    if (known != kTransferFields.end()) {
      transfer_field_ = static_cast<TransferField>(known - kTransferFields.begin());
      const unsigned bit = 1U << static_cast<unsigned>(transfer_field_);
      if (transfer_fields_ & bit)
        root()["transfers"][index_][k].fail("duplicate key in the same object");
      transfer_fields_ |= bit;
    } else {
      transfer_field_ = TransferField::none;
      duplicate_check(frame.keys, k);
      unknown_field(k, true);
    }
    key_ = k;
    return true;
  }
  if (frame.level == Level::document) {
    duplicate_check(frame.keys, k);
    const auto& known = document_fields();
    if (std::find(known.begin(), known.end(), k) == known.end()) unknown_field(k, false);
    key_ = k;
    return true;
  }
  duplicate_check(frame.keys, k);
  return true;
}

// A value that is neither a number nor a string the reader wants: null, a boolean or another
// string.
bool ScheduleSaxReader::scalar(const char* type) {
  if (stack_.empty()) root().fail(std::string("must be a JSON object, got ") + type);
  if (skipping()) return true;
  const Level l = level();
  if (l == Level::transfers) wrong_type("a JSON object", type);
  if (l == Level::items) wrong_type("a number", type);
  if (l == Level::transfer && is_transfer_field(key_))
    wrong_type(key_ == "link" ? "a string" : "a number", type);
  if (l == Level::document && key_ == "transfers") root()["transfers"].fail("must be an array");
  if (l == Level::document && key_ == "status") wrong_type("a string", type);
  if (l == Level::document && (key_ == "makespan" || key_ == "lower_bound" || key_ == "flow_shift"))
    wrong_type("a number", type);
  return true;
}

bool ScheduleSaxReader::string(Json::string_t& v) {
  if (skipping()) return true;
  const Level l = level();
  const bool link = l == Level::transfer && key_ == "link";
  const bool status = l == Level::document && key_ == "status";
  if (link) raw_.link = v;
  if (status) assembler_.set_status(v);
  if (link || status) return true;
  // So that redist reads back every file it writes (a start of 1.000000000000000001 is a string).
  if (const auto d = decimal_written_as_string(v)) return number(*d);
  return scalar("string");
}

bool ScheduleSaxReader::number(const Decimal& value) {
  if (stack_.empty()) root().fail("must be a JSON object, got number");
  if (skipping()) return true;
  const Level l = level();
  if (l == Level::transfers) wrong_type("a JSON object", "number");
  if (l == Level::items) {
    (member_ == "total" ? raw_.items : raw_.per_message) = value;
    return true;
  }
  if (l == Level::transfer) {
    // The field key() found, by its index in kTransferFields (no string compared per number).
    switch (transfer_field_) {
      case TransferField::from:
        raw_.from = value;
        break;
      case TransferField::to:
        raw_.to = value;
        break;
      case TransferField::items:
        raw_.items = value;
        break;
      case TransferField::start:
        raw_.start = value;
        break;
      case TransferField::spacing:
        raw_.spacing = value;
        break;
      case TransferField::first:
        raw_.first = value;
        break;
      case TransferField::link:
        wrong_type("a string", "number");
      case TransferField::none:
        break;  // a field transfers do not define
    }
    return true;
  }
  if (key_ == "transfers") root()["transfers"].fail("must be an array");
  if (key_ == "status") wrong_type("a string", "number");
  if (is_claim()) return claim(value);
  if (key_ == "flow_shift") assembler_.set_flow_shift(value);
  return true;
}

bool ScheduleSaxReader::open(bool object) {
  if (stack_.size() >= kMaxJsonDepth)
    root().fail("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  const char* type = object ? "object" : "array";
  if (stack_.empty()) {
    if (!object) root().fail("must be a JSON object, got array");
    stack_.push_back({Level::document, true, {}});
    return true;
  }
  Level next = Level::skipped;
  const Level l = level();
  if (l == Level::document && key_ == "transfers") {
    if (object) root()["transfers"].fail("must be an array");
    assembler_.mark_transfers_seen();
    next = Level::transfers;
    index_ = 0;
  } else if (l == Level::document && (key_ == "status" || key_ == "makespan" ||
                                      key_ == "lower_bound" || key_ == "flow_shift")) {
    wrong_type(key_ == "status" ? "a string" : "a number", type);
  } else if (l == Level::transfers) {
    if (!object) wrong_type("a JSON object", type);
    next = Level::transfer;
    raw_ = {};
    transfer_fields_ = 0;
  } else if (l == Level::transfer && key_ == "items" && object) {
    next = Level::items;  // messages: {"total": N, "per_message": m}
    raw_.items_object = true;
  } else if (l == Level::transfer && is_transfer_field(key_)) {
    wrong_type(key_ == "link"    ? "a string"
               : key_ == "items" ? "a number or an object"
                                 : "a number",
               type);
  } else if (l == Level::items) {
    wrong_type("a number", type);
  }
  stack_.push_back({next, object, {}});
  return true;
}

bool ScheduleSaxReader::close() {
  const Level l = stack_.back().level;
  stack_.pop_back();
  if (l == Level::transfer) assembler_.add_transfer(raw_, index_++);
  return true;
}

}  // namespace

// The shortest text of a transfer, {"from":0,"items":1,"start":0,"to":1} and a comma: a file of
// B bytes lists fewer than B / 38 transfers. Reserving that many costs address space only; the
// pages a vector never touches are never resident.
constexpr std::size_t kShortestTransferText = 38;

namespace {

// The fast pass over `text`, handing back its consumed pages when `release` (the text is then the
// caller's to lose), and nlohmann's pass over `slow_text()` should the fast one give up.
template <class SlowText>
Schedule parse_schedule(std::string_view text, const std::string& source, std::size_t ring_size,
                        const UnknownFieldPolicy& policy, bool release, SlowText slow_text) {
  const std::size_t text_bytes = text.size();
  auto reader = detail::sax_parse_fast<ScheduleSaxReader>(
      text,
      [&, fast = true]() mutable {
        ScheduleSaxReader fresh(source, ring_size, policy);
        fresh.reserve(text_bytes / kShortestTransferText + 1);
        if (release && fast) fresh.release_text_from(text.data());  // nlohmann's pass never does
        fast = false;
        return fresh;
      },
      slow_text);
  return reader.finish();
}

}  // namespace

Schedule schedule_from_text(std::string_view text, const std::string& source, std::size_t ring_size,
                            const UnknownFieldPolicy& policy) {
  return parse_schedule(text, source, ring_size, policy, false, [text] { return text; });
}

Schedule read_schedule(const std::string& path, std::size_t ring_size,
                       const UnknownFieldPolicy& policy) {
  std::string text = read_text_file(path);
  // A file's text is handed back as it is parsed; should the fast pass give up (an escape, a
  // syntax error), the file is read again for nlohmann's pass. Standard input cannot be read
  // twice, so its text is kept whole.
  const bool release = path != "-";
  return parse_schedule(text, path, ring_size, policy, release, [&]() -> std::string_view {
    if (release) text = read_text_file(path);
    return text;
  });
}

}  // namespace redist::io
