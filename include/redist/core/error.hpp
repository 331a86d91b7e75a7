#pragma once
// The error family of redist (docs/style.md "Errors"): bad user input throws InputError, which
// names the file, the field (with its index, e.g. "loads[3]") and the reason; the CLI prints it on
// one line and exits with status 2. Broken invariants inside the library use REDIST_ASSERT, which
// throws InternalError so that tests can observe misuse instead of aborting.

#include <stdexcept>
#include <string>
#include <string_view>

namespace redist {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, std::string field, std::string reason);

  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] const std::string& field() const noexcept { return field_; }
  [[nodiscard]] const std::string& reason() const noexcept { return reason_; }

 private:
  std::string file_;
  std::string field_;
  std::string reason_;
};

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// "loads" + 3 -> "loads[3]": the field naming convention of every error message.
std::string indexed(const std::string& field, std::size_t index);

/// Input text quoted in a message: whole up to 64 bytes, else its first 32 bytes, "..." and its
/// length ("1234...(1000000 bytes)"), so that a hostile 10^6-digit number or key gives a one-line
/// error, not a megabyte of stderr.
std::string echoed(std::string_view text);

[[noreturn]] void assertion_failed(const char* expr, const char* file, int line);

}  // namespace redist

#define REDIST_ASSERT(expr) \
  ((expr) ? static_cast<void>(0) : ::redist::assertion_failed(#expr, __FILE__, __LINE__))
