// Compile-only: <redist/io.hpp> clean under -Wall -Wextra -Wpedantic -Wconversion
// -Wsign-conversion -Werror (tests/CMakeLists.txt, redist_umbrella_warnings; issue 29).

#include <redist/io.hpp>
