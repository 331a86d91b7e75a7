! The Fortran module's execution path for bench_bindings_executor (BENCHMARKS.md "Bindings"): a C
! plan handle and two arrays of doubles in, plan%execute of module redist_mpi on them, its status
! out. What a Fortran application's call costs beyond the C one (the class(*) arrays, the field).
integer(c_int) function redist_bench_fortran_execute(handle, input, input_items, output, output_items) &
    bind(c, name="redist_bench_fortran_execute") result(status)
  use, intrinsic :: iso_c_binding
  use redist_mpi
  implicit none
  type(c_ptr), value :: handle
  integer(c_int64_t), value :: input_items, output_items
  real(c_double), intent(in), target :: input(input_items)
  real(c_double), intent(inout), target :: output(output_items)
  type(redist_plan) :: plan
  integer :: ierr
  plan%handle = handle  ! borrowed: not freed here
  call plan%execute(input, output, ierr)
  status = int(ierr, c_int)
end function
