# The fuzz harness bodies as an ordinary static library: linked by the libFuzzer executables
# (fuzz/CMakeLists.txt, clang) and by the replay test (tests/CMakeLists.txt, any compiler), so a
# saved failing input replays through exactly the code that found it. Included from both places.
if(NOT TARGET redist_fuzz_harness)
  add_library(redist_fuzz_harness STATIC
    ${CMAKE_CURRENT_LIST_DIR}/harness.cpp
    ${CMAKE_CURRENT_LIST_DIR}/reader_targets.cpp
    ${CMAKE_CURRENT_LIST_DIR}/schedule_target.cpp
    ${CMAKE_CURRENT_LIST_DIR}/plan_target.cpp
    ${CMAKE_CURRENT_LIST_DIR}/lau_target.cpp
    ${CMAKE_CURRENT_LIST_DIR}/perm_target.cpp)
  # The oracles borrowed from the test suite: brute force and the reference validator (tests/support),
  # the all-port brute force over shifts (tests/unit/lau_brute_force.hpp, header only).
  if(TARGET redist_test_support)
    target_link_libraries(redist_fuzz_harness PUBLIC redist_test_support)
  else()
    target_sources(redist_fuzz_harness PRIVATE ${PROJECT_SOURCE_DIR}/tests/support/ring_brute_force.cpp
                                               ${PROJECT_SOURCE_DIR}/tests/support/reference_validator.cpp
                                               ${PROJECT_SOURCE_DIR}/tests/support/ordered_oracles.cpp)
  endif()
  target_include_directories(redist_fuzz_harness PUBLIC ${CMAKE_CURRENT_LIST_DIR} ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(redist_fuzz_harness PUBLIC redist_io redist_sim redist_ring redist_lau redist_perm
    PRIVATE redist_warnings)
endif()
