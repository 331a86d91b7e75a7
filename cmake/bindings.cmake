# The C interface, the Fortran module and the Python package (issue 32; docs/c_api.md,
# docs/python.md). Included from the top-level CMakeLists.txt after src/: each part is built when
# what it needs is found, and said to be skipped otherwise.
option(REDIST_WITH_C_API "Build the C interface (redist::c, redist::c_mpi)" ON)
option(REDIST_WITH_FORTRAN "Build the Fortran module over the C interface when a Fortran compiler and MPI's Fortran bindings are found" ${REDIST_IS_TOP_LEVEL})
option(REDIST_WITH_PYTHON "Build the Python package when Python 3, pybind11 and numpy are found" ${REDIST_IS_TOP_LEVEL})

if(REDIST_WITH_C_API)
  enable_language(C)  # the C interface's tests and examples are C programs
  add_subdirectory(${PROJECT_SOURCE_DIR}/src/capi ${PROJECT_BINARY_DIR}/src/capi)
else()
  message(STATUS "redist: C interface skipped: REDIST_WITH_C_API is OFF")
endif()
