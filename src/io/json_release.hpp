#pragma once
// Frees a JSON document without allocating.
//
// nlohmann::json's destructor flattens a container onto a heap-allocated stack as long as its
// largest array before freeing it (json.hpp, basic_json::json_value::destroy): freeing a document
// with an array of 10^7 numbers asks for 160 MB. Where memory has just run out (a std::bad_alloc
// unwinding past the document, or a limit reached while it was built), that request throws inside a
// noexcept destructor and the program dies in std::terminate instead of reporting the error (issue
// 27: `gen ring --n 10^7` under 650 MB, exit 134). release_json empties the document bottom-up,
// every container's elements before the container, so that no destroy() ever finds a child to
// move: nothing is allocated. Recursion depth is the document's nesting (at most kMaxJsonDepth for
// parsed documents, a few levels for written ones).

#include "redist/io/exact_json.hpp"

namespace redist::io {

/// Leaves `document` empty (its containers cleared, scalars as they were), allocating nothing.
void release_json(Json& document) noexcept;

/// Releases a document when its owner's scope ends, by return or by exception:
///   Json doc = parse_exact_json(text, path);
///   const JsonReleaser release(doc);
class JsonReleaser {
 public:
  explicit JsonReleaser(Json& document) noexcept : document_(document) {}
  ~JsonReleaser() { release_json(document_); }
  JsonReleaser(const JsonReleaser&) = delete;
  JsonReleaser& operator=(const JsonReleaser&) = delete;

 private:
  Json& document_;
};

}  // namespace redist::io
