# The pkg-config files of the C interface and the Fortran module (cmake/bindings_install.cmake),
# included from cmake/install.cmake once the prefix of the .pc files is known. Static archives, so
# each lists every library a C or Fortran linker needs: the C++ runtime, and MPI through its own module.
set(REDIST_PC_RUNTIME_LIBS "-lstdc++ -lm -pthread")

# MPI for one language as a .pc file names it: `Requires: <module>` for the first of `modules`
# that pkg-config knows (the .pc then holds no path of this machine), else the include directories
# and libraries FindMPI found for `lang`.
function(redist_pc_mpi lang modules requires_var cflags_var libs_var)
  set(requires "")
  set(cflags "")
  set(libs "")
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    foreach(module IN LISTS modules)
      pkg_check_modules(REDIST_PC_${lang}_${module} QUIET ${module})
      if(REDIST_PC_${lang}_${module}_FOUND)
        set(requires "Requires: ${module}")
        break()
      endif()
    endforeach()
  endif()
  if(requires STREQUAL "")
    find_package(MPI QUIET COMPONENTS ${lang})
    foreach(dir IN LISTS MPI_${lang}_INCLUDE_DIRS)
      string(APPEND cflags " -I${dir}")
    endforeach()
    foreach(item IN LISTS MPI_${lang}_LINK_FLAGS MPI_${lang}_LIBRARIES)
      string(APPEND libs " ${item}")
    endforeach()
  endif()
  set(${requires_var} "${requires}" PARENT_SCOPE)
  set(${cflags_var} "${cflags}" PARENT_SCOPE)
  set(${libs_var} "${libs}" PARENT_SCOPE)
endfunction()
if(REDIST_EXPORTS_C)
  configure_file(cmake/redist-c.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/redist-c.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/redist-c.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
if(REDIST_EXPORTS_C_MPI)
  # MPI through its own pkg-config module for C, so that the .pc file holds no absolute paths of
  # the machine that built redist; FindMPI's flags only where MPI installs no such module.
  redist_pc_mpi(C "ompi-c;mpich;mpi-c;mpi" REDIST_PC_MPI_C_REQUIRES REDIST_PC_MPI_C_CFLAGS
                REDIST_PC_MPI_C_LIBS)
  configure_file(cmake/redist-c-mpi.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/redist-c-mpi.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/redist-c-mpi.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
if(REDIST_EXPORTS_FORTRAN)
  redist_pc_mpi(Fortran "ompi-fort;mpich;mpi-fort" REDIST_PC_MPI_FORTRAN_REQUIRES
                REDIST_PC_MPI_FORTRAN_CFLAGS REDIST_PC_MPI_FORTRAN_LIBS)
  # MPI's module files (mpi_f08.mod) are compiler-specific and pkg-config modules do not name their
  # folder (Debian's ompi-fort.pc keeps it in a variable): the folder that redist's own module was
  # compiled against, as FindMPI found it, is the one a program using redist_mpi must read.
  if(NOT REDIST_PC_MPI_FORTRAN_REQUIRES STREQUAL "")
    find_package(MPI QUIET COMPONENTS Fortran)
    set(module_dirs ${MPI_Fortran_INCLUDE_DIRS} ${MPI_Fortran_MODULE_DIR})
    list(REMOVE_DUPLICATES module_dirs)
    foreach(dir IN LISTS module_dirs)
      if(EXISTS "${dir}/mpi_f08.mod")
        string(APPEND REDIST_PC_MPI_FORTRAN_CFLAGS " -I${dir}")
      endif()
    endforeach()
  endif()
  configure_file(cmake/redist-fortran.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/redist-fortran.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/redist-fortran.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
