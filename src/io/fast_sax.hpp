#pragma once
// Private to io: a fast JSON tokenizer for the large files redist reads (10^7-processor instances,
// 10^7-transfer schedules), driving the same SAX handlers as nlohmann::json::sax_parse.
//
// nlohmann's lexer copies every token through a character-by-character buffer and spent about half
// of `redist check`'s time. This one scans the text in place and covers what redist writes and
// people type: ASCII strings without escapes, numbers, literals, objects and arrays. For anything
// else (an escape, a non-ASCII byte, any syntax error) it gives up and the caller parses the whole
// text again with nlohmann's parser and a fresh handler, so that accepted input, the JSON rules
// checked and every error message stay exactly nlohmann's. Errors the handler raises while this
// parser runs are raised before any later byte matters, so they too are what nlohmann's pass would
// raise.
//
// Numbers reach the handler as nlohmann's do: integers without fraction or exponent as
// number_unsigned (>= 0) or number_integer (< 0) when they fit 64 bits, anything else as
// number_float with the exact source text (the double passed along is not computed: redist's
// handlers read the text, never the double).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace redist::io::detail {

/// A handler that wants to know how far this parser has read: after each element of an array,
/// `consumed(p)` says that this pass will not read the text before p again (the schedule reader
/// hands those pages back). nlohmann's parser never calls it.
template <class Handler>
concept WatchesProgress = requires(Handler& handler, const char* p) {
  handler.consumed(p);
};

template <class Handler>
class FastSax {
 public:
  FastSax(std::string_view text, Handler& handler)
      : p_(text.data()), end_(text.data() + text.size()), h_(handler) {}

  /// True when the whole text was read; false when the caller must fall back to nlohmann's parser.
  bool run() {
    skip_space();
    if (!value(0)) return false;
    skip_space();
    return p_ == end_;
  }

 private:
  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() ||
        std::string_view(p_, word.size()) != word)
      return false;
    p_ += word.size();
    return true;
  }

  // A string without escapes, control or non-ASCII bytes, into buffer_; false otherwise.
  bool plain_string() {
    ++p_;  // the opening quote
    const char* begin = p_;
    while (p_ != end_ && *p_ != '"') {
      const auto c = static_cast<unsigned char>(*p_);
      if (c < 0x20 || c >= 0x80 || c == '\\') return false;
      ++p_;
    }
    if (p_ == end_) return false;
    buffer_.assign(begin, p_);
    ++p_;  // the closing quote
    return true;
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  bool number() {
    const char* begin = p_;
    const bool negative = *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || !digit(*p_)) return false;
    const char* first = p_;
    // The digits' value, accumulated while scanning (it wraps past 19 digits, where whole() takes
    // over): the one pass over an integer that ring instances are made of.
    std::uint64_t magnitude = 0;
    if (*p_ == '0') {
      ++p_;
      if (p_ != end_ && digit(*p_)) return false;  // a leading zero
    } else {
      while (p_ != end_ && digit(*p_))
        magnitude = magnitude * 10 + static_cast<unsigned>(*p_++ - '0');
    }
    bool integer = true;
    if (p_ != end_ && *p_ == '.') {
      integer = false;
      ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      integer = false;
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !digit(*p_)) return false;
      while (p_ != end_ && digit(*p_)) ++p_;
    }
    // Below 10^19 the digits fit 64 bits unsigned; a negative one must also be >= -2^63.
    if (integer && p_ - first <= 19 && (!negative || magnitude <= std::uint64_t{1} << 63)) {
      emit_whole(magnitude, negative);
      return true;
    }
    if (integer && whole(first, negative)) return true;
    buffer_.assign(begin, p_);
    h_.number_float(0.0, buffer_);
    return true;
  }

  // Digits [first, p_) as an unsigned or negative integer; false when they do not fit 64 bits.
  bool whole(const char* first, bool negative) {
    if (p_ - first > 20) return false;
    std::uint64_t magnitude = 0;
    for (const char* d = first; d != p_; ++d) {
      const auto v = static_cast<std::uint64_t>(*d - '0');
      if (magnitude > (UINT64_MAX - v) / 10) return false;
      magnitude = magnitude * 10 + v;
    }
    if (negative && magnitude > std::uint64_t{1} << 63) return false;
    emit_whole(magnitude, negative);
    return true;
  }

  // An integer as nlohmann reports it: number_unsigned when >= 0, number_integer when negative
  // (magnitude <= 2^63).
  void emit_whole(std::uint64_t magnitude, bool negative) {
    if (!negative) {
      h_.number_unsigned(magnitude);
      return;
    }
    h_.number_integer(magnitude == std::uint64_t{1} << 63 ? INT64_MIN
                                                          : -static_cast<std::int64_t>(magnitude));
  }

  bool value(std::size_t depth) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        if (!plain_string()) return false;
        h_.string(buffer_);
        return true;
      case 't':
        return literal("true") && (h_.boolean(true), true);
      case 'f':
        return literal("false") && (h_.boolean(false), true);
      case 'n':
        return literal("null") && (h_.null(), true);
      default:
        return number();
    }
  }

  enum class After { more, closed, bad };

  // After a member or an element: past the closing bracket, past a comma, or a syntax error.
  After after_item(char close) {
    skip_space();
    if (p_ == end_ || (*p_ != close && *p_ != ',')) return After::bad;
    const bool closed = *p_ == close;
    ++p_;
    skip_space();
    return closed ? After::closed : After::more;
  }

  // The opening bracket read; true (and past it) when the container closes at once.
  bool empty_container(char close) {
    ++p_;
    skip_space();
    if (p_ == end_ || *p_ != close) return false;
    ++p_;
    return true;
  }

  bool object(std::size_t depth) {
    h_.start_object(static_cast<std::size_t>(-1));
    if (!empty_container('}')) {
      for (After after = After::more; after == After::more;) {
        if (p_ == end_ || *p_ != '"' || !plain_string()) return false;
        h_.key(buffer_);
        skip_space();
        if (p_ == end_ || *p_ != ':') return false;
        ++p_;
        skip_space();
        if (!value(depth + 1)) return false;
        after = after_item('}');
        if (after == After::bad) return false;
      }
    }
    h_.end_object();
    return true;
  }

  bool array(std::size_t depth) {
    h_.start_array(static_cast<std::size_t>(-1));
    if (!empty_container(']')) {
      for (After after = After::more; after == After::more;) {
        if (!value(depth + 1)) return false;
        after = after_item(']');
        if (after == After::bad) return false;
        if constexpr (WatchesProgress<Handler>) h_.consumed(p_);
      }
    }
    h_.end_array();
    return true;
  }

  const char* p_;
  const char* end_;
  Handler& h_;
  std::string buffer_;
};

/// Parses `text` into a handler made by `make_handler()`: the fast tokenizer first, nlohmann's
/// parser on a fresh handler when it gives up, over the text `slow_text()` returns (the same text,
/// or the same file read again where the fast pass handed the consumed text back). Returns the
/// handler that read the whole text.
template <class Handler, class MakeHandler, class SlowText>
Handler sax_parse_fast(std::string_view text, MakeHandler make_handler, SlowText slow_text) {
  {
    Handler fast = make_handler();
    if (FastSax<Handler>(text, fast).run()) return fast;
  }
  const std::string_view again = slow_text();
  Handler slow = make_handler();
  nlohmann::json::sax_parse(again.begin(), again.end(), &slow,
                            nlohmann::detail::input_format_t::json, true, false);
  return slow;
}

template <class Handler, class MakeHandler>
Handler sax_parse_fast(std::string_view text, MakeHandler make_handler) {
  return sax_parse_fast<Handler>(text, make_handler, [text] { return text; });
}

}  // namespace redist::io::detail
