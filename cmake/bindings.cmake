# The C interface, the Fortran module and the Python package (issue 32; docs/c_api.md,
# docs/python.md). Included from the top-level CMakeLists.txt after src/: each part is built when
# what it needs is found, and said to be skipped otherwise.
option(REDIST_WITH_C_API "Build the C interface (redist::c, redist::c_mpi)" ON)
option(REDIST_WITH_FORTRAN "Build the Fortran module over the C interface when a Fortran compiler and MPI's Fortran bindings are found" ${REDIST_IS_TOP_LEVEL})
option(REDIST_WITH_PYTHON "Build the Python package when Python 3, pybind11 and numpy are found" ${REDIST_IS_TOP_LEVEL})

if(REDIST_WITH_C_API)
  enable_language(C)  # the C interface's tests and examples are C programs
  add_subdirectory(${PROJECT_SOURCE_DIR}/src/capi ${PROJECT_BINARY_DIR}/src/capi)
  if(REDIST_BUILD_EXAMPLES)
    add_subdirectory(${PROJECT_SOURCE_DIR}/examples/c ${PROJECT_BINARY_DIR}/examples/c)
  endif()
else()
  message(STATUS "redist: C interface skipped: REDIST_WITH_C_API is OFF")
endif()

# The Python package: Debian's interpreter first (/usr/bin/python3, where python3-numpy,
# python3-mpi4py and python3-matplotlib live; the python3 on PATH may be another one without numpy),
# pybind11 (pybind11-dev) and numpy. Its compiled modules are shared objects that hold redist's
# layers, so those are compiled as position-independent code (see BENCHMARKS.md "Bindings" for what
# that costs the planner: measured, not assumed).
set(REDIST_PYTHON_INSTALL_DIR "lib/python3/dist-packages" CACHE STRING
    "Where `cmake --install` puts the Python package, relative to the prefix (Debian's layout)")
set(REDIST_HAVE_PYTHON OFF)
if(REDIST_WITH_PYTHON AND REDIST_SANITIZE)
  message(STATUS "redist: Python package skipped: not with sanitizers (python3 would need their runtime preloaded)")
elseif(REDIST_WITH_PYTHON AND NOT TARGET redist_c)
  message(STATUS "redist: Python package skipped: it needs the C interface's helpers (REDIST_WITH_C_API)")
elseif(REDIST_WITH_PYTHON)
  if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python3_EXECUTABLE /usr/bin/python3)
  endif()
  find_package(Python3 QUIET COMPONENTS Interpreter Development.Module)
  find_package(pybind11 CONFIG QUIET)
  set(_redist_numpy 1)
  if(Python3_Interpreter_FOUND)
    execute_process(COMMAND ${Python3_EXECUTABLE} -c "import numpy" RESULT_VARIABLE _redist_numpy
                    OUTPUT_QUIET ERROR_QUIET)
  endif()
  if(NOT Python3_Interpreter_FOUND OR NOT Python3_Development.Module_FOUND)
    message(STATUS "redist: Python package skipped: no Python 3 interpreter with its headers (python3-dev)")
  elseif(NOT pybind11_FOUND)
    message(STATUS "redist: Python package skipped: pybind11 not found (pybind11-dev)")
  elseif(NOT _redist_numpy EQUAL 0)
    message(STATUS "redist: Python package skipped: ${Python3_EXECUTABLE} cannot import numpy (python3-numpy)")
  else()
    set(REDIST_HAVE_PYTHON ON)
    message(STATUS "redist: Python package with ${Python3_EXECUTABLE} (Python ${Python3_VERSION})")
    foreach(layer redist_core redist_io redist_sim redist_ring redist_sim_allport redist_lau redist_perm
                  redist_report redist_c redist_exec_plan redist_exec redist_c_mpi)
      if(TARGET ${layer})
        set_target_properties(${layer} PROPERTIES POSITION_INDEPENDENT_CODE ON)
        # Calls inside the library stay direct and inlinable, as without -fPIC.
        target_compile_options(${layer} PRIVATE -fno-semantic-interposition)
      endif()
    endforeach()
    add_subdirectory(${PROJECT_SOURCE_DIR}/python ${PROJECT_BINARY_DIR}/python)
  endif()
  unset(_redist_numpy)
endif()

# The Fortran module over the C interface's executor: a Fortran compiler, and MPI's mpi_f08 module
# for it (Debian: gfortran, and OpenMPI's libopenmpi-dev built for that gfortran).
set(REDIST_HAVE_FORTRAN OFF)
if(REDIST_WITH_FORTRAN)
  include(CheckLanguage)
  check_language(Fortran)
  if(NOT CMAKE_Fortran_COMPILER)
    message(STATUS "redist: Fortran module skipped: no Fortran compiler (gfortran)")
  elseif(NOT TARGET redist_c_mpi)
    message(STATUS "redist: Fortran module skipped: it needs the MPI executor (MPI and the C interface)")
  else()
    enable_language(Fortran)
    find_package(MPI QUIET COMPONENTS Fortran)
    if(NOT MPI_Fortran_FOUND OR NOT MPI_Fortran_HAVE_F08_MODULE)
      message(STATUS "redist: Fortran module skipped: MPI has no mpi_f08 module for ${CMAKE_Fortran_COMPILER}")
    else()
      set(REDIST_HAVE_FORTRAN ON)
      message(STATUS "redist: Fortran module with ${CMAKE_Fortran_COMPILER} (${CMAKE_Fortran_COMPILER_ID} ${CMAKE_Fortran_COMPILER_VERSION})")
      add_subdirectory(${PROJECT_SOURCE_DIR}/src/fortran ${PROJECT_BINARY_DIR}/src/fortran)
      if(REDIST_BUILD_EXAMPLES)
        add_executable(redist-fortran-example ${PROJECT_SOURCE_DIR}/examples/fortran/redistribute.f90)
        target_link_libraries(redist-fortran-example PRIVATE redist_fortran)
        set_target_properties(redist-fortran-example PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                              ${PROJECT_BINARY_DIR}/examples/fortran)
      endif()
    endif()
  endif()
endif()

# What the C interface and the Fortran module add to an execution (bench/bindings_executor_bench.cpp,
# BENCHMARKS.md "Bindings").
if(REDIST_BUILD_BENCH AND TARGET redist_c_mpi)
  find_package(CLI11 QUIET)
  add_executable(bench_bindings_executor ${PROJECT_SOURCE_DIR}/bench/bindings_executor_bench.cpp)
  target_link_libraries(bench_bindings_executor PRIVATE redist_c_mpi CLI11::CLI11 redist_warnings)
  set_target_properties(bench_bindings_executor PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
  if(TARGET redist_fortran)
    target_sources(bench_bindings_executor PRIVATE ${PROJECT_SOURCE_DIR}/bench/bindings_fortran_execute.f90)
    target_link_libraries(bench_bindings_executor PRIVATE redist_fortran)
    target_compile_definitions(bench_bindings_executor PRIVATE REDIST_BENCH_FORTRAN=1)
  endif()
endif()
# The C++ side of bench/bindings_plan_bench.py: plan_ring on raw arrays.
if(REDIST_BUILD_BENCH)
  add_executable(bench_plan_arrays ${PROJECT_SOURCE_DIR}/bench/bindings_plan_arrays.cpp)
  target_link_libraries(bench_plan_arrays PRIVATE redist_ring redist_warnings)
  set_target_properties(bench_plan_arrays PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/bench)
endif()
