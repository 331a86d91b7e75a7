#pragma once
// The 128-bit integers of exact time arithmetic (decimal.hpp) and of exact sums of traffic and
// weights.
//
// __int128 is a GCC/Clang extension: naming it directly in a public header makes every consumer
// compiling with -Wpedantic warn. __extension__ marks this one declaration as an intended
// extension, so the rest of the headers spell the type Int128 and include cleanly under -std=c++20
// -Wpedantic (the header-hygiene test, tests/consumer/header_hygiene_test.sh).

namespace redist {

__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

}  // namespace redist
