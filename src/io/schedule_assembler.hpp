#pragma once
// Private to io: turns the fields of a schedule file, as a reader meets them, into a Schedule in
// one pass. Both the DOM reader (schedule_from_json) and the streaming one (schedule_from_text)
// feed it, so the two apply the same rules with the same messages.
//
// Times (start, spacing) are exact decimals that may use different numbers of digits; a schedule
// has one time scale, the finest. Rather than keeping every decimal until the end (a second pass,
// 32 bytes per time), times are kept as ticks at the finest scale met so far and the ones already
// stored are multiplied up when a finer one arrives: at most kMaxTimeScale times.
//
// The makespan and lower bound a schedule claims never choose that scale, nor decide whether the
// schedule can be read (issue 27: a header "makespan": 19.999999999999999999 once forced ticks of
// 10^-18, too fine for a cost of 10): they are kept when they are exact at the transfers' scale,
// dropped otherwise. `check` never uses them.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "redist/core/schedule.hpp"
#include "redist/io/exact_json.hpp"

namespace redist::io::detail {

/// The fields of one transfer as read, before any rule is checked.
struct RawTransfer {
  std::optional<Decimal> from, to, items, start, spacing, first;
  std::optional<std::string> link;
  // "items" written as an object {"total": N, "per_message": m} (docs/design.md section 4): `items`
  // is then its total and `per_message` its message size.
  bool items_object = false;
  std::optional<Decimal> per_message;
};

class ScheduleAssembler {
 public:
  ScheduleAssembler(const std::string& source, std::size_t ring_size)
      : root_{source, ""}, ring_size_(ring_size) {}

  /// Checks transfer number `index` (its fields named transfers[index].field) and stores it.
  void add_transfer(const RawTransfer& raw, std::size_t index);
  /// A claim of the file's header; nullopt: a number that parse_decimal could not hold exactly.
  void set_makespan(const std::optional<Decimal>& value);
  void set_lower_bound(const std::optional<Decimal>& value);
  void set_status(std::string_view value);
  void set_flow_shift(const Decimal& value);
  void mark_transfers_seen() { transfers_seen_ = true; }
  /// Room for at most `transfers` transfers, so that the list never moves while it grows (a move
  /// holds the old and the new list at once: up to 3x the schedule's own size).
  void reserve(std::size_t transfers) { schedule_.transfers.reserve(transfers); }

  /// The schedule; InputError when "transfers" never appeared.
  Schedule finish();

  const JsonPlace& root() const { return root_; }

 private:
  template <class Place>
  Ticks time_ticks(const Decimal& value, const Place& place);
  void refine_scale(int scale);

  JsonPlace root_;
  std::size_t ring_size_;
  Schedule schedule_;
  std::optional<Decimal> claimed_makespan_, claimed_lower_bound_;
  bool transfers_seen_ = false;
  bool names_items_ = false;  // transfer 0 carried "first": every transfer must
};

/// An integer field (processor, items, flow_shift) read as a Decimal: InputError unless whole and
/// in 64 bits.
std::int64_t decimal_to_int64(const Decimal& value, const JsonPlace& place);

}  // namespace redist::io::detail
