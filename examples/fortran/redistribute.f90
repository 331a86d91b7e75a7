! redist from Fortran (docs/c_api.md "Fortran"): a real(8) array redistributed in one call (and
! reallocated), an array of a derived type through a plan, both arrays in one execution, back with
! the reversed plan, split phase, columns of a 2-D array, and a refused call. Every rank checks every
! item against its expected global index after each step. Run on any number of ranks (ctest runs it
! on 4: fortran.example.np4):
!
!   mpirun -np 4 redist-fortran-example
program redistribute_example
  use, intrinsic :: iso_c_binding, only: c_double, c_int64_t
  use, intrinsic :: iso_fortran_env, only: int64, real64, output_unit
  use mpi_f08
  use redist_mpi
  implicit none

  !> An item: travels as bytes, so no pointers or allocatable components.
  type, bind(c) :: particle
    real(c_double) :: x(3)
    integer(c_int64_t) :: id
  end type

  type(redist_context) :: ctx
  type(redist_plan) :: plan, back
  type(redist_request) :: request
  type(redist_report) :: report
  real(real64), allocatable :: x(:), x_new(:), columns(:, :)
  type(particle), allocatable :: parts(:), parts_new(:)
  integer(int64) :: first, count, total, even, k
  integer :: rank, nranks, ierr, failures, all_failures
  logical :: done

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks)
  failures = 0
  call ctx%create(MPI_COMM_WORLD, ierr)
  call expect(ierr == REDIST_OK, "context")

  ! Rank r holds 2r + 1 items, global indices r^2 .. r^2 + 2r.
  count = 2 * rank + 1
  first = int(rank, int64)**2
  total = int(nranks, int64)**2
  x = [(real(first + k, real64), k = 0, count - 1)]
  allocate (parts(count))
  do k = 1, count
    parts(k) = particle([real(first + k - 1, c_double), 0.5d0, -1.0d0], first + k - 1)
  end do

  ! One call: x is reallocated to the new piece, counts proportional to the weights rank + 1.
  call redist_redistribute(ctx, x, redist_weight(real(rank + 1, real64)), ierr, report)
  call expect(ierr == REDIST_OK, "redistribute by weight: " // redist_error_message())
  call expect(size_of(x) == report%new_count, "the new count")
  call expect(all(x == [(real(report%new_first + k, real64), k = 0, report%new_count - 1)]), &
              "every real(8) item in place")

  ! A plan made once: the derived type, then both arrays in one execution.
  x = [(real(first + k, real64), k = 0, count - 1)]
  even = total / nranks
  if (rank == nranks - 1) even = even + mod(total, int(nranks, int64))
  call plan%make(ctx, count, redist_count(even), ierr)
  call expect(ierr == REDIST_OK, "plan")
  allocate (parts_new(plan%new_count()), x_new(plan%new_count()))
  call plan%execute(parts, parts_new, ierr)
  call expect(ierr == REDIST_OK .and. parts_in_place(parts_new, plan%new_first()), &
              "every particle in place")
  parts_new(:)%id = -1
  call plan%execute_fields([redist_field_of(x, x_new), redist_field_of(parts, parts_new)], ierr, &
                           report)
  call expect(ierr == REDIST_OK .and. parts_in_place(parts_new, plan%new_first()) .and. &
              all(x_new == [(real(plan%new_first() + k, real64), k = 0, plan%new_count() - 1)]), &
              "two arrays in one execution")

  ! Back with the reversed plan, in split phase.
  call plan%reversed(back, ierr)
  parts(:)%id = -1
  call back%start(parts_new, parts, request, ierr)
  call expect(ierr == REDIST_OK, "start")
  done = .false.
  do while (.not. done .and. ierr == REDIST_OK)
    call request%test(done, ierr)
  end do
  call request%wait(ierr)
  call expect(ierr == REDIST_OK .and. parts_in_place(parts, first), "back, split phase")
  call move_alloc(parts_new, parts)  ! keep the new layout

  ! Columns of a 2-D array are items: column k holds global index k in both rows.
  allocate (columns(2, count))
  do k = 1, count
    columns(:, k) = real(first + k - 1, real64)
  end do
  call redist_redistribute(ctx, columns, redist_count(even), ierr, report)
  call expect(ierr == REDIST_OK .and. all(shape(columns) == [2_int64, even]), "columns")
  do k = 1, even
    call expect(all(columns(:, k) == real(report%new_first + k - 1, real64)), "every column in place")
  end do

  ! Rank 1 asks for one item too many: every rank gets the refusal naming rank 1, x unchanged.
  if (nranks >= 2) then
    call redist_redistribute(ctx, x, redist_count(merge(even + 1, even, rank == 1)), ierr)
    call expect(ierr == REDIST_ERROR_AGREEMENT, "the refusal's status")
    call expect(index(redist_error_message(), "redistribute: rank 1: share: ") == 1, &
                "the refusal names rank 1: " // redist_error_message())
    call expect(redist_error_rank() == 1, "redist_error_rank")
    call expect(all(x == [(real(first + k, real64), k = 0, count - 1)]), "x unchanged")
    if (rank == 0) write (output_unit, '(a)') "refused as expected: " // redist_error_message()
  end if

  call back%free()
  call plan%free()
  call ctx%free()
  call MPI_Allreduce(failures, all_failures, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (rank == 0 .and. all_failures == 0) write (output_unit, '(a,i0,a)') &
    "redist from Fortran on ", nranks, " ranks: every item in place"
  call MPI_Finalize()
  if (all_failures /= 0) error stop 1

contains

  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (ok) return
    failures = failures + 1
    write (output_unit, '(a,i0,a)') "rank ", rank, ": FAILED: " // what
  end subroutine

  integer(int64) function size_of(a)
    real(real64), intent(in) :: a(:)
    size_of = size(a, kind=int64)
  end function

  logical function parts_in_place(p, at)
    type(particle), intent(in) :: p(:)
    integer(int64), intent(in) :: at
    integer(int64) :: j
    parts_in_place = .true.
    do j = 1, size(p, kind=int64)
      parts_in_place = parts_in_place .and. p(j)%id == at + j - 1 .and. &
                       p(j)%x(1) == real(at + j - 1, c_double) .and. p(j)%x(2) == 0.5d0
    end do
  end function

end program redistribute_example
