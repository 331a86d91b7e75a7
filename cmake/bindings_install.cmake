# Install rules of the C interface and the Fortran module (docs/c_api.md; README "Install"),
# included from cmake/install.cmake after the core and MPI rules, before the package config that
# names their components (cmake/bindings_pkgconfig.cmake writes their pkg-config files): the headers <redist/redist.h> and
# <redist/redist_mpi.h>, the libraries redist_c, redist_c_mpi and redist_fortran with their CMake
# targets (redist::c, redist::c_mpi, redist::fortran: components c, c_mpi, fortran of
# redistConfig.cmake), the module files (redist_mpi.mod, and redist_mpi_c.mod that it builds on)
# under include/redist/fortran, and the
# pkg-config files (cmake/bindings_pkgconfig.cmake). The Python package installs itself
# (python/CMakeLists.txt).
set(REDIST_EXPORTS_C OFF)
set(REDIST_EXPORTS_C_MPI OFF)
set(REDIST_EXPORTS_FORTRAN OFF)

if(TARGET redist_c)
  set(REDIST_EXPORTS_C ON)
  install(TARGETS redist_c EXPORT redistCTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT redistCTargets NAMESPACE redist:: DESTINATION ${REDIST_CMAKE_DIR})
  install(FILES include/redist/redist.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist)
endif()

if(TARGET redist_c_mpi AND REDIST_EXPORTS_MPI)
  set(REDIST_EXPORTS_C_MPI ON)
  install(TARGETS redist_c_mpi EXPORT redistCMpiTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT redistCMpiTargets NAMESPACE redist:: DESTINATION ${REDIST_CMAKE_DIR})
  install(FILES include/redist/redist_mpi.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist)
endif()

if(TARGET redist_fortran AND REDIST_EXPORTS_C_MPI)
  set(REDIST_EXPORTS_FORTRAN ON)
  install(TARGETS redist_fortran EXPORT redistFortranTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT redistFortranTargets NAMESPACE redist:: DESTINATION ${REDIST_CMAKE_DIR})
  install(FILES ${PROJECT_BINARY_DIR}/fortran/modules/redist_mpi.mod
                ${PROJECT_BINARY_DIR}/fortran/modules/redist_mpi_c.mod
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/redist/fortran)
endif()
