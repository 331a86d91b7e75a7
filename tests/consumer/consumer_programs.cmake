# The consumer programs, the same for every way of getting redist (tests/consumer/README.md).
# Warnings as errors, pedantic: redist's headers must include cleanly into a strict project.
set(consumer_warnings -Wall -Wextra -Wpedantic -Werror)

add_executable(plan_ring ${CMAKE_CURRENT_LIST_DIR}/src/plan_ring.cpp)
target_compile_options(plan_ring PRIVATE ${consumer_warnings})
target_link_libraries(plan_ring PRIVATE redist::core)

if(CONSUMER_WITH_MPI)
  add_executable(mpi_redistribute ${CMAKE_CURRENT_LIST_DIR}/src/mpi_redistribute.cpp)
  target_compile_options(mpi_redistribute PRIVATE ${consumer_warnings})
  target_link_libraries(mpi_redistribute PRIVATE redist::mpi)
endif()
