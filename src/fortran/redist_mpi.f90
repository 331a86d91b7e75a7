!> redist's MPI executor from Fortran (docs/c_api.md "Fortran"): a thin module over the C interface
!> <redist/redist_mpi.h>. Ranks hold contiguous pieces of one global ordered sequence of items
!> (rank 0 the first ones, then rank 1, ...); a redistribution gives every rank a new piece of the
!> same sequence, in the same order.
!>
!>   use mpi_f08
!>   use redist_mpi
!>   type(redist_context) :: ctx
!>   real(real64), allocatable :: x(:)
!>   call ctx%create(MPI_COMM_WORLD, ierr)                        ! collective
!>   call redist_redistribute(ctx, x, redist_weight(speed), ierr)  ! x reallocated to its new piece
!>   if (ierr /= REDIST_OK) print *, redist_error_message()        ! the same line on every rank
!>
!> A derived type (bind(c), no pointers or allocatable components) moves through a plan: make it,
!> allocate the new array with plan%new_count(), execute, then move_alloc. Several arrays of the
!> same layout move in one execution (plan%execute_fields). Every collective call sets ierr to
!> REDIST_OK on every rank or to the same error on every rank taking part, the data as it was.
module redist_mpi
  use, intrinsic :: iso_c_binding
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64
  use mpi_f08, only: MPI_Comm
  use redist_mpi_c
  implicit none
  private

  ! What redist_mpi_c declares for applications.
  public :: REDIST_OK, REDIST_ERROR_INPUT, REDIST_ERROR_AGREEMENT, REDIST_ERROR_CALL, &
            REDIST_ERROR_TIMEOUT, REDIST_ERROR_MPI, REDIST_ERROR_USAGE, REDIST_ERROR_NO_MEMORY, &
            REDIST_ERROR_INTERNAL, REDIST_TRANSPORT_AUTOMATIC, REDIST_TRANSPORT_DIRECT, &
            REDIST_TRANSPORT_ALLTOALLV, REDIST_TRANSPORT_RING, REDIST_TRANSPORT_NONE, redist_share, &
            redist_plan_options, redist_report, redist_field, redist_count, redist_counts, &
            redist_weight, redist_default_options, redist_error_message, redist_error_rank

  type, public :: redist_context
    type(c_ptr) :: handle = c_null_ptr
  contains
    procedure :: create_f08 => context_create_f08
    procedure :: create_handle => context_create_handle
    generic :: create => create_f08, create_handle
    procedure :: free => context_free
    procedure :: rank => context_rank
    procedure :: size => context_size
  end type

  type, public :: redist_request
    type(c_ptr) :: handle = c_null_ptr
  contains
    procedure :: test => request_test
    procedure :: wait => request_wait
    procedure :: free => request_free
  end type

  type, public :: redist_plan
    type(c_ptr) :: handle = c_null_ptr
  contains
    procedure :: make_64 => plan_make_64
    procedure :: make_32 => plan_make_32
    generic :: make => make_64, make_32
    procedure :: free => plan_free
    procedure :: reversed => plan_reversed
    procedure :: total => plan_total
    procedure :: old_count => plan_old_count
    procedure :: new_count => plan_new_count
    procedure :: old_first => plan_old_first
    procedure :: new_first => plan_new_first
    procedure :: transport => plan_transport
    procedure :: execute_1d => plan_execute_1d
    procedure :: execute_2d => plan_execute_2d
    generic :: execute => execute_1d, execute_2d
    procedure :: execute_fields => plan_execute_fields
    procedure :: start => plan_start
    procedure :: start_fields => plan_start_fields
  end type

  public :: redist_field_of, redist_redistribute

  interface redist_field_of
    module procedure field_of_1d, field_of_2d
  end interface

  !> One call: the array is replaced by this rank's new piece (reallocated), the global order kept.
  interface redist_redistribute
    module procedure redistribute_real64, redistribute_real32, redistribute_int32, &
                     redistribute_int64, redistribute_real64_2d
  end interface

  ! The new piece of an intrinsic array in one call: the allocatable that allocate_new fills, the
  ! one of the kind being moved.
  integer, parameter :: kind_real64 = 1, kind_real32 = 2, kind_int32 = 3, kind_int64 = 4, &
                        kind_real64_2d = 5
  type :: new_piece
    integer :: kind = 0
    integer(int64) :: rows = 0  ! kind_real64_2d: the items are columns of this many rows
    real(real64), allocatable :: real64(:), real64_2d(:, :)
    real(real32), allocatable :: real32(:)
    integer(int32), allocatable :: int32(:)
    integer(int64), allocatable :: int64(:)
  end type

contains

  ! ---- Context -------------------------------------------------------------------------------

  !> Collective over `comm` (use mpi_f08). Free it before MPI_Finalize.
  subroutine context_create_f08(this, comm, ierr)
    class(redist_context), intent(inout) :: this
    type(MPI_Comm), intent(in) :: comm
    integer, intent(out) :: ierr
    ierr = int(c_context_create_f(int(comm%MPI_VAL, c_int), this%handle))
  end subroutine

  !> The same from an integer handle (use mpi).
  subroutine context_create_handle(this, comm, ierr)
    class(redist_context), intent(inout) :: this
    integer, intent(in) :: comm
    integer, intent(out) :: ierr
    ierr = int(c_context_create_f(int(comm, c_int), this%handle))
  end subroutine

  subroutine context_free(this)
    class(redist_context), intent(inout) :: this
    call c_context_free(this%handle)
    this%handle = c_null_ptr
  end subroutine

  integer function context_rank(this)
    class(redist_context), intent(in) :: this
    context_rank = int(c_context_rank(this%handle))
  end function

  integer function context_size(this)
    class(redist_context), intent(in) :: this
    context_size = int(c_context_size(this%handle))
  end function

  ! ---- Plans ---------------------------------------------------------------------------------

  !> Collective. This rank holds `count` items now and asks for `share`. item_bytes (optional)
  !> tunes the ring transport's messages.
  subroutine plan_make_64(this, ctx, count, share, ierr, options, item_bytes)
    class(redist_plan), intent(inout) :: this
    type(redist_context), intent(in) :: ctx
    integer(int64), intent(in) :: count
    type(redist_share), intent(in), target :: share
    integer, intent(out) :: ierr
    type(redist_plan_options), intent(in), optional, target :: options
    integer(int64), intent(in), optional :: item_bytes
    type(c_share), target :: s
    type(redist_plan_options), target :: defaults
    integer(c_int64_t) :: bytes
    call this%free()
    s = c_share_of(share)
    call c_plan_options_init(defaults)
    bytes = 0
    if (present(item_bytes)) bytes = item_bytes
    ierr = int(c_plan_make(ctx%handle, count, c_loc(s), options_ptr(options, defaults), bytes, &
                           -1_c_int64_t, this%handle))
  end subroutine

  subroutine plan_make_32(this, ctx, count, share, ierr, options, item_bytes)
    class(redist_plan), intent(inout) :: this
    type(redist_context), intent(in) :: ctx
    integer(int32), intent(in) :: count
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_plan_options), intent(in), optional :: options
    integer(int64), intent(in), optional :: item_bytes
    call plan_make_64(this, ctx, int(count, int64), share, ierr, options, item_bytes)
  end subroutine

  !> Local. `back` becomes the plan from the new layout back to the old one.
  subroutine plan_reversed(this, back, ierr)
    class(redist_plan), intent(in) :: this
    type(redist_plan), intent(inout) :: back
    integer, intent(out) :: ierr
    call back%free()
    ierr = int(c_plan_reversed(this%handle, back%handle))
  end subroutine

  subroutine plan_free(this)
    class(redist_plan), intent(inout) :: this
    call c_plan_free(this%handle)
    this%handle = c_null_ptr
  end subroutine

  integer(int64) function plan_total(this)
    class(redist_plan), intent(in) :: this
    plan_total = c_plan_total(this%handle)
  end function

  integer(int64) function plan_old_count(this)
    class(redist_plan), intent(in) :: this
    plan_old_count = c_plan_old_count(this%handle)
  end function

  integer(int64) function plan_new_count(this)
    class(redist_plan), intent(in) :: this
    plan_new_count = c_plan_number(this%handle)
  end function

  integer(int64) function plan_old_first(this)
    class(redist_plan), intent(in) :: this
    plan_old_first = c_plan_old_first(this%handle)
  end function

  integer(int64) function plan_new_first(this)
    class(redist_plan), intent(in) :: this
    plan_new_first = c_plan_new_first(this%handle)
  end function

  integer function plan_transport(this)
    class(redist_plan), intent(in) :: this
    plan_transport = int(c_plan_transport(this%handle))
  end function

  ! ---- Fields --------------------------------------------------------------------------------

  ! The address of an array's first element (no copy: the callers pass contiguous arrays).
  type(c_ptr) function address(x)
    type(*), dimension(*), intent(in), target :: x
    address = c_loc(x)
  end function

  !> The field of a rank-1 array of any type (its elements are the items): `input` holds the old
  !> items, `output` has room for the new ones. Both must be contiguous and stay so until the
  !> execution ends.
  type(redist_field) function field_of_1d(input, output) result(f)
    class(*), dimension(:), intent(in), contiguous, target :: input
    class(*), dimension(:), intent(in), contiguous, target :: output
    f%item_bytes = storage_size(input, kind=c_int64_t) / 8
    f%input_items = size(input, kind=c_int64_t)
    f%output_items = size(output, kind=c_int64_t)
    f%input = address(input)
    f%output = address(output)
  end function

  !> The field of a rank-2 array: its columns are the items (contiguous in Fortran's order).
  type(redist_field) function field_of_2d(input, output) result(f)
    class(*), dimension(:, :), intent(in), contiguous, target :: input
    class(*), dimension(:, :), intent(in), contiguous, target :: output
    f%item_bytes = storage_size(input, kind=c_int64_t) / 8 * size(input, 1, kind=c_int64_t)
    f%input_items = size(input, 2, kind=c_int64_t)
    f%output_items = size(output, 2, kind=c_int64_t)
    f%input = address(input)
    f%output = address(output)
  end function

  integer function execute(plan, fields, report)
    type(c_ptr), intent(in) :: plan
    type(redist_field), intent(in), target :: fields(:)
    type(redist_report), intent(out), optional, target :: report
    type(c_ptr) :: out
    out = c_null_ptr
    if (present(report)) out = c_loc(report)
    execute = int(c_plan_execute(plan, c_loc(fields), int(size(fields), c_int), out))
  end function

  !> Collective. `output(1:new_count)` receives this rank's new items (of the same type).
  subroutine plan_execute_1d(this, input, output, ierr, report)
    class(redist_plan), intent(in) :: this
    class(*), dimension(:), intent(in), contiguous, target :: input
    class(*), dimension(:), intent(inout), contiguous, target :: output
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    ierr = execute(this%handle, [field_of_1d(input, output)], report)
  end subroutine

  !> Collective. The columns of `input` are the items; `output(:, 1:new_count)` receives them.
  subroutine plan_execute_2d(this, input, output, ierr, report)
    class(redist_plan), intent(in) :: this
    class(*), dimension(:, :), intent(in), contiguous, target :: input
    class(*), dimension(:, :), intent(inout), contiguous, target :: output
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    ierr = execute(this%handle, [field_of_2d(input, output)], report)
  end subroutine

  !> Collective. Several arrays of the same layout in one exchange (redist_field_of each).
  subroutine plan_execute_fields(this, fields, ierr, report)
    class(redist_plan), intent(in) :: this
    type(redist_field), intent(in) :: fields(:)
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    ierr = execute(this%handle, fields, report)
  end subroutine

  !> Collective, split phase: posts the messages; `request%wait` completes them. The arrays must be
  !> contiguous (checked: REDIST_ERROR_USAGE on this rank otherwise, before anything starts) and
  !> stay untouched until the wait.
  subroutine plan_start(this, input, output, request, ierr)
    class(redist_plan), intent(in) :: this
    class(*), dimension(:), intent(in), target :: input
    class(*), dimension(:), intent(inout), target :: output
    type(redist_request), intent(inout) :: request
    integer, intent(out) :: ierr
    if (.not. (is_contiguous(input) .and. is_contiguous(output))) then
      ierr = REDIST_ERROR_USAGE
      return
    end if
    call this%start_fields([field_of_1d(input, output)], request, ierr)
  end subroutine

  subroutine plan_start_fields(this, fields, request, ierr)
    class(redist_plan), intent(in) :: this
    type(redist_field), intent(in), target :: fields(:)
    type(redist_request), intent(inout) :: request
    integer, intent(out) :: ierr
    call request%free()
    ierr = int(c_plan_start(this%handle, c_loc(fields), int(size(fields), c_int), request%handle))
  end subroutine

  ! ---- Requests ------------------------------------------------------------------------------

  !> Progress without blocking; done becomes .true. once this rank's part is complete.
  subroutine request_test(this, done, ierr)
    class(redist_request), intent(inout) :: this
    logical, intent(out) :: done
    integer, intent(out) :: ierr
    integer(c_int) :: finished
    finished = 0
    ierr = int(c_request_test(this%handle, finished))
    done = finished /= 0
  end subroutine

  !> Completes the transfer (the request is then freed).
  subroutine request_wait(this, ierr, report)
    class(redist_request), intent(inout) :: this
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional, target :: report
    type(c_ptr) :: out
    out = c_null_ptr
    if (present(report)) out = c_loc(report)
    ierr = int(c_request_wait(this%handle, out))
  end subroutine

  !> Completes an unfinished request as the wait would (its errors are lost) and frees it.
  subroutine request_free(this)
    class(redist_request), intent(inout) :: this
    call c_request_free(this%handle)
    this%handle = c_null_ptr
  end subroutine

  ! ---- One call ------------------------------------------------------------------------------

  ! redist_redistribute_with's allocator: room for n items of the piece's kind (NULL when the
  ! allocation fails, which fails the call on every rank; NULL for no item is no failure).
  type(c_ptr) function allocate_new(n, user) bind(c) result(p)
    integer(c_int64_t), value :: n
    type(c_ptr), value :: user
    type(new_piece), pointer :: piece
    integer :: status
    call c_f_pointer(user, piece)
    p = c_null_ptr
    select case (piece%kind)
    case (kind_real64)
      allocate (piece%real64(n), stat=status)
      if (status == 0 .and. n > 0) p = c_loc(piece%real64)
    case (kind_real32)
      allocate (piece%real32(n), stat=status)
      if (status == 0 .and. n > 0) p = c_loc(piece%real32)
    case (kind_int32)
      allocate (piece%int32(n), stat=status)
      if (status == 0 .and. n > 0) p = c_loc(piece%int32)
    case (kind_int64)
      allocate (piece%int64(n), stat=status)
      if (status == 0 .and. n > 0) p = c_loc(piece%int64)
    case (kind_real64_2d)
      allocate (piece%real64_2d(piece%rows, n), stat=status)
      if (status == 0 .and. n > 0 .and. piece%rows > 0) p = c_loc(piece%real64_2d)
    end select
  end function

  ! The one call on raw memory: plan, the allocator fills the holder, execute.
  integer function redistribute_raw(ctx, item_bytes, input, count, share, piece, report, options)
    type(redist_context), intent(in) :: ctx
    integer(c_int64_t), intent(in) :: item_bytes, count
    type(c_ptr), intent(in) :: input
    type(redist_share), intent(in), target :: share
    type(new_piece), intent(inout), target :: piece
    type(redist_report), intent(out), optional, target :: report
    type(redist_plan_options), intent(in), optional, target :: options
    type(c_share), target :: s
    type(redist_plan_options), target :: defaults
    type(c_ptr) :: out
    s = c_share_of(share)
    call c_plan_options_init(defaults)
    out = c_null_ptr
    if (present(report)) out = c_loc(report)
    redistribute_raw = int(c_redistribute_with(ctx%handle, item_bytes, input, count, c_loc(s), &
                                               options_ptr(options, defaults), &
                                               c_funloc(allocate_new), c_loc(piece), out))
  end function

  !> Collective. x becomes this rank's new piece (on failure it is as it was).
  subroutine redistribute_real64(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    real(real64), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(new_piece), target :: next
    if (.not. allocated(x)) allocate (x(0))
    next%kind = kind_real64
    ierr = redistribute_raw(ctx, c_sizeof(0.0_real64), address(x), size(x, kind=c_int64_t), share, next, &
                            report, options)
    if (ierr == REDIST_OK) call move_alloc(next%real64, x)
  end subroutine

  subroutine redistribute_real32(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    real(real32), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(new_piece), target :: next
    if (.not. allocated(x)) allocate (x(0))
    next%kind = kind_real32
    ierr = redistribute_raw(ctx, c_sizeof(0.0_real32), address(x), size(x, kind=c_int64_t), share, next, &
                            report, options)
    if (ierr == REDIST_OK) call move_alloc(next%real32, x)
  end subroutine

  subroutine redistribute_int32(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    integer(int32), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(new_piece), target :: next
    if (.not. allocated(x)) allocate (x(0))
    next%kind = kind_int32
    ierr = redistribute_raw(ctx, c_sizeof(0_int32), address(x), size(x, kind=c_int64_t), share, next, &
                            report, options)
    if (ierr == REDIST_OK) call move_alloc(next%int32, x)
  end subroutine

  subroutine redistribute_int64(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    integer(int64), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(new_piece), target :: next
    if (.not. allocated(x)) allocate (x(0))
    next%kind = kind_int64
    ierr = redistribute_raw(ctx, c_sizeof(0_int64), address(x), size(x, kind=c_int64_t), share, next, &
                            report, options)
    if (ierr == REDIST_OK) call move_alloc(next%int64, x)
  end subroutine

  !> The columns of x are the items: x becomes x(:, 1:new_count) of this rank's new piece.
  subroutine redistribute_real64_2d(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    real(real64), allocatable, target, intent(inout) :: x(:, :)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(new_piece), target :: next
    if (.not. allocated(x)) allocate (x(0, 0))
    next%kind = kind_real64_2d
    next%rows = size(x, 1, kind=int64)
    ierr = redistribute_raw(ctx, c_sizeof(0.0_real64) * size(x, 1, kind=c_int64_t), address(x), &
                            size(x, 2, kind=c_int64_t), share, next, report, options)
    if (ierr == REDIST_OK) call move_alloc(next%real64_2d, x)
  end subroutine

end module redist_mpi
