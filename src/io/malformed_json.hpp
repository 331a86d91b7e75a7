#pragma once
// The one message of every JSON reader for text that is not JSON: "malformed JSON at byte N: why",
// from the parser's own exception (the SAX handlers' parse_error).

#include <cstddef>
#include <exception>
#include <string>

namespace redist::io {

/// "malformed JSON at byte `position`: <the parser's reason>".
std::string malformed_json_reason(std::size_t position, const std::exception& error);

/// Throws InputError(source, "", malformed_json_reason(position, error)).
[[noreturn]] void throw_malformed_json(const std::string& source, std::size_t position,
                                       const std::exception& error);

}  // namespace redist::io
