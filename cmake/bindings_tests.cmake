# The tests of the C interface, the Fortran module and the Python package (cmake/bindings.cmake),
# included from the top-level CMakeLists.txt after tests/. Labels: capi, fortran, python (and mpi
# for those run under mpirun, package for those built against an installed prefix).
if(TARGET redist_c)
  add_subdirectory(${PROJECT_SOURCE_DIR}/tests/capi ${PROJECT_BINARY_DIR}/tests/capi)
endif()
