# The tests of the C interface, the Fortran module and the Python package (cmake/bindings.cmake),
# included from the top-level CMakeLists.txt after tests/. Labels: capi, fortran, python (and mpi
# for those run under mpirun, package for those built against an installed prefix).
if(TARGET redist_c)
  add_subdirectory(${PROJECT_SOURCE_DIR}/tests/capi ${PROJECT_BINARY_DIR}/tests/capi)
endif()

# The Python package: pytest against the CLI (label python), and redist.mpi on 4 ranks with mpi4py
# (labels python and mpi). Skipped, and said so, when pytest or mpi4py is missing.
if(REDIST_HAVE_PYTHON AND TARGET redist)
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import pytest" RESULT_VARIABLE _redist_pytest
                  OUTPUT_QUIET ERROR_QUIET)
  set(REDIST_PYTHON_TEST_ENV PYTHONPATH=${PROJECT_BINARY_DIR}/python REDIST=$<TARGET_FILE:redist>
      SRC=${PROJECT_SOURCE_DIR} MPLBACKEND=Agg PYTHONDONTWRITEBYTECODE=1)
  if(_redist_pytest EQUAL 0)
    add_test(NAME python.pytest
             COMMAND ${CMAKE_COMMAND} -E env ${REDIST_PYTHON_TEST_ENV}
                     ${Python3_EXECUTABLE} -m pytest -q -p no:cacheprovider ${PROJECT_SOURCE_DIR}/tests/python)
    set_tests_properties(python.pytest PROPERTIES LABELS "python;unit" TIMEOUT 900)
  else()
    message(STATUS "redist: Python tests skipped: ${Python3_EXECUTABLE} cannot import pytest (python3-pytest)")
  endif()
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import mpi4py" RESULT_VARIABLE _redist_mpi4py
                  OUTPUT_QUIET ERROR_QUIET)
  if(TARGET redist_python_mpi AND _redist_mpi4py EQUAL 0)
    add_test(NAME python.mpi.np4
             COMMAND ${CMAKE_COMMAND} -E env ${REDIST_PYTHON_TEST_ENV} OMPI_ALLOW_RUN_AS_ROOT=1
                     OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ${MPIEXEC_EXECUTABLE} --oversubscribe
                     ${MPIEXEC_NUMPROC_FLAG} 4 ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/python/mpi_redistribute.py)
    set_tests_properties(python.mpi.np4 PROPERTIES LABELS "python;mpi" TIMEOUT 600)
  elseif(TARGET redist_python_mpi)
    message(STATUS "redist: redist.mpi tests skipped: ${Python3_EXECUTABLE} cannot import mpi4py (python3-mpi4py)")
  endif()
  unset(_redist_pytest)
  unset(_redist_mpi4py)
endif()

# The Fortran example on 4 ranks, every item checked (labels fortran and mpi).
if(TARGET redist-fortran-example)
  add_test(NAME fortran.example.np4
           COMMAND ${MPIEXEC_EXECUTABLE} --oversubscribe ${MPIEXEC_NUMPROC_FLAG} 4 $<TARGET_FILE:redist-fortran-example>)
  set_tests_properties(fortran.example.np4 PROPERTIES LABELS "fortran;mpi" TIMEOUT 600
                       ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"
                       PASS_REGULAR_EXPRESSION "every item in place")
endif()

# The C examples as users run them.
if(TARGET redist-c-plan-example)
  add_test(NAME capi.example.plan COMMAND redist-c-plan-example)
  set_tests_properties(capi.example.plan PROPERTIES LABELS "unit;capi" PASS_REGULAR_EXPRESSION "validator: valid")
endif()
if(TARGET redist-c-mpi-example)
  add_test(NAME capi.example.redistribute.np4
           COMMAND ${MPIEXEC_EXECUTABLE} --oversubscribe ${MPIEXEC_NUMPROC_FLAG} 4 $<TARGET_FILE:redist-c-mpi-example>)
  set_tests_properties(capi.example.redistribute.np4 PROPERTIES LABELS "mpi;capi" TIMEOUT 600
                       ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"
                       PASS_REGULAR_EXPRESSION "every item in place")
endif()

# The C interface, the Fortran module and the Python package from the prefix package.install fills
# (tests/consumer/bindings_test.sh; label package). Not under sanitizers, as package.* .
if(REDIST_INSTALL AND NOT REDIST_SANITIZE AND TARGET redist_c)
  set(_redist_fc "")
  if(TARGET redist_fortran)
    set(_redist_fc ${CMAKE_Fortran_COMPILER})
  endif()
  set(_redist_python "")
  if(REDIST_HAVE_PYTHON)
    set(_redist_python ${Python3_EXECUTABLE})
  endif()
  if(TARGET redist_c_mpi)
    set(_redist_with_mpi 1)
  else()
    set(_redist_with_mpi 0)
  endif()
  set(REDIST_BINDINGS_PACKAGE_ENV
      REDIST_SOURCE_DIR=${PROJECT_SOURCE_DIR} WORK=${PROJECT_BINARY_DIR}/tests/package CC=${CMAKE_C_COMPILER}
      FC=${_redist_fc} PYTHON=${_redist_python} WITH_MPI=${_redist_with_mpi} MPIEXEC=${MPIEXEC_EXECUTABLE}
      GENERATOR=${CMAKE_GENERATOR} PYTHON_DIR=${REDIST_PYTHON_INSTALL_DIR})
  set(_redist_steps installed c cmake)
  if(_redist_fc AND _redist_with_mpi)
    list(APPEND _redist_steps fortran)
  endif()
  if(_redist_python)
    list(APPEND _redist_steps python)
  endif()
  foreach(step IN LISTS _redist_steps)
    add_test(NAME package.bindings.${step}
             COMMAND ${CMAKE_COMMAND} -E env ${REDIST_BINDINGS_PACKAGE_ENV}
                     bash ${PROJECT_SOURCE_DIR}/tests/consumer/bindings_test.sh ${step})
    set_tests_properties(package.bindings.${step} PROPERTIES LABELS package TIMEOUT 900
                         FIXTURES_REQUIRED redist_installed)
  endforeach()
  unset(_redist_fc)
  unset(_redist_python)
  unset(_redist_with_mpi)
  unset(_redist_steps)
endif()
