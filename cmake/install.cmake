# Install rules and package files (README "Install"): the public headers, the layer libraries, the
# `redist` CLI, redistConfig.cmake (imported targets redist::core and redist::mpi) and the pkg-config
# files redist.pc and redist-mpi.pc. Included from the top-level CMakeLists.txt after src/ and cli/.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(REDIST_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/redist)

# redist::core: the pure layers, one static archive each, plus the interface target that unites them.
# Each layer is exported under its own name (redist::redist_ring, ...) so that CMake orders the
# archives; consumers link redist::core.
set(REDIST_CORE_LIBRARIES redist_core redist_io redist_sim redist_ring redist_sim_allport redist_lau
    redist_perm redist_report)
install(TARGETS ${REDIST_CORE_LIBRARIES} redist_lib EXPORT redistTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT redistTargets NAMESPACE redist:: DESTINATION ${REDIST_CMAKE_DIR})

# Public headers of the pure layers (internals stay in src/), the umbrellas <redist/redist.hpp>
# (algorithms), <redist/io.hpp> (files, JSON) and <redist/report.hpp>, and the generated version.
foreach(layer core io sim ring lau perm)
  install(DIRECTORY include/redist/${layer} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist)
endforeach()
# The report layer less the SimGrid studies' reports (the simgrid layer is not installed).
install(DIRECTORY include/redist/report DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist
        PATTERN simgrid_study_report.hpp EXCLUDE PATTERN ordered_simgrid_report.hpp EXCLUDE)
install(FILES include/redist/redist.hpp include/redist/io.hpp include/redist/report.hpp
              ${PROJECT_BINARY_DIR}/include/redist/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist)

# redist::mpi: the executor (exec) in its own export set, so that only a consumer of the executor
# needs MPI (redistConfig.cmake).
if(TARGET redist_exec)
  set(REDIST_EXPORTS_MPI ON)
  install(TARGETS redist_exec_plan redist_exec redist_mpi EXPORT redistMpiTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT redistMpiTargets NAMESPACE redist:: DESTINATION ${REDIST_CMAKE_DIR})
  # mpi_program.hpp is the main() of redist's own MPI tools (it needs CLI11): not for applications.
  install(DIRECTORY include/redist/exec DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist
          PATTERN mpi_program.hpp EXCLUDE)
  install(FILES include/redist/mpi.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist)
else()
  set(REDIST_EXPORTS_MPI OFF)
endif()

# The C interface and the Fortran module: targets, headers, module file (components c, c_mpi, fortran).
include(${PROJECT_SOURCE_DIR}/cmake/bindings_install.cmake)

configure_package_config_file(cmake/redistConfig.cmake.in ${PROJECT_BINARY_DIR}/redistConfig.cmake
                              INSTALL_DESTINATION ${REDIST_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/redistConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/redistConfig.cmake ${PROJECT_BINARY_DIR}/redistConfigVersion.cmake
        DESTINATION ${REDIST_CMAKE_DIR})

# pkg-config. The archives are listed users before what they use (pkg-config keeps the order).
# ${prefix} is found from the .pc file's own place (${pcfiledir}), so that `cmake --install build
# --prefix P` gives files that work under P; install dirs given as absolute paths stay as given.
file(RELATIVE_PATH REDIST_PC_UP "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" REDIST_PC_UP "${REDIST_PC_UP}")
set(REDIST_PC_PREFIX "\${pcfiledir}/${REDIST_PC_UP}")
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(REDIST_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(REDIST_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(REDIST_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(REDIST_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(REDIST_PC_CORE_LIBS "-lredist_report -lredist_lau -lredist_ring -lredist_perm -lredist_io -lredist_sim_allport -lredist_sim -lredist_core")
configure_file(cmake/redist.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/redist.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/redist.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(REDIST_EXPORTS_MPI)
  # MPI through its own pkg-config module (Open MPI's ompi, MPICH's mpich, or the generic mpi), so
  # that redist-mpi.pc holds no absolute paths of the machine that built redist. Without one, MPI's
  # flags as FindMPI found them.
  find_package(PkgConfig QUIET)
  set(REDIST_PC_MPI_REQUIRES "")
  if(PkgConfig_FOUND)
    foreach(module ompi mpich mpi)
      pkg_check_modules(REDIST_MPI_PC QUIET ${module})
      if(REDIST_MPI_PC_FOUND)
        set(REDIST_PC_MPI_REQUIRES ", ${module}")
        break()
      endif()
    endforeach()
  endif()
  set(REDIST_PC_MPI_CFLAGS "-DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1")
  set(REDIST_PC_MPI_LIBS "")
  if(REDIST_PC_MPI_REQUIRES STREQUAL "")
    find_package(MPI QUIET COMPONENTS CXX)
    foreach(dir IN LISTS MPI_CXX_INCLUDE_DIRS)
      string(APPEND REDIST_PC_MPI_CFLAGS " -I${dir}")
    endforeach()
    foreach(flag IN LISTS MPI_CXX_LINK_FLAGS MPI_CXX_LIBRARIES)
      string(APPEND REDIST_PC_MPI_LIBS " ${flag}")
    endforeach()
  endif()
  configure_file(cmake/redist-mpi.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/redist-mpi.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/redist-mpi.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()

# The C interface's and the Fortran module's pkg-config files.
include(${PROJECT_SOURCE_DIR}/cmake/bindings_pkgconfig.cmake)

# The command-line tools, and the licence.
if(TARGET redist)
  install(TARGETS redist RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET redist-probe)
  install(TARGETS redist-probe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(FILES LICENSE README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The documentation the README points to (architecture, API, limits, the model pages, results).
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
