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
  implicit none
  private

  ! Statuses (redist_status of <redist/redist.h>).
  integer, parameter, public :: REDIST_OK = 0, REDIST_ERROR_INPUT = 1, REDIST_ERROR_AGREEMENT = 2, &
                                REDIST_ERROR_CALL = 3, REDIST_ERROR_TIMEOUT = 4, REDIST_ERROR_MPI = 5, &
                                REDIST_ERROR_USAGE = 6, REDIST_ERROR_NO_MEMORY = 7, &
                                REDIST_ERROR_INTERNAL = 8
  ! Transports (redist_transport).
  integer, parameter, public :: REDIST_TRANSPORT_AUTOMATIC = 0, REDIST_TRANSPORT_DIRECT = 1, &
                                REDIST_TRANSPORT_ALLTOALLV = 2, REDIST_TRANSPORT_RING = 3, &
                                REDIST_TRANSPORT_NONE = 4

  !> What a rank asks for: redist_count(n), redist_counts(all ranks' counts) or redist_weight(w).
  type, public :: redist_share
    integer :: kind = 0
    integer(int64) :: count = 0
    real(real64) :: weight = 0
    integer(int64), allocatable :: counts(:)
  end type

  !> The plan options of <redist/redist_mpi.h>; start from redist_default_options().
  type, bind(c), public :: redist_plan_options
    integer(c_int32_t) :: wrap, transport, ring_kind, window, plan_order, verify
    integer(c_int64_t) :: chunk_bytes, max_chunk_bytes, max_message_bytes, max_items_per_round
    real(c_double) :: timeout_seconds
    type(c_funptr) :: progress
    type(c_ptr) :: progress_user_data
  end type

  !> What an execution reports on this rank (docs/api.md "The report").
  type, bind(c), public :: redist_report
    integer(c_int64_t) :: total_items = 0, new_count = 0, new_first = 0
    integer(c_int32_t) :: transport = 0, reserved = 0
    integer(c_int64_t) :: chunk_items = 0
    real(c_double) :: predicted_seconds = 0, agreement_seconds = 0, transfer_seconds = 0
    integer(c_int64_t) :: bytes_sent = 0, bytes_received = 0, bytes_copied = 0, messages_sent = 0, &
                          mpi_messages = 0, staging_peak_bytes = 0
  end type

  !> One array of an execution (redist_field_of builds it from two arrays).
  type, bind(c), public :: redist_field
    type(c_ptr) :: input = c_null_ptr
    integer(c_int64_t) :: input_items = 0
    type(c_ptr) :: output = c_null_ptr
    integer(c_int64_t) :: output_items = 0
    integer(c_int64_t) :: item_bytes = 0
  end type

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

  public :: redist_count, redist_counts, redist_weight, redist_default_options, redist_field_of, &
            redist_redistribute, redist_error_message, redist_error_rank

  !> What a rank asks for: exactly n items, every rank's new counts, or a weight.
  interface redist_count
    module procedure count_64, count_32
  end interface
  interface redist_counts
    module procedure counts_64, counts_32
  end interface
  interface redist_weight
    module procedure weight_64, weight_32
  end interface

  interface redist_field_of
    module procedure field_of_1d, field_of_2d
  end interface

  !> One call: the array is replaced by this rank's new piece (reallocated), the global order kept.
  interface redist_redistribute
    module procedure redistribute_real64, redistribute_real32, redistribute_int32, &
                     redistribute_int64, redistribute_real64_2d
  end interface

  ! The C interface. Its share (a bind(c) copy of redist_share, counts by address).
  type, bind(c) :: c_share
    integer(c_int32_t) :: kind = 0, reserved = 0
    integer(c_int64_t) :: count = 0
    real(c_double) :: weight = 0
    type(c_ptr) :: counts = c_null_ptr
    integer(c_int64_t) :: counts_size = 0
  end type

  interface
    integer(c_int) function c_context_create_f(comm, ctx) bind(c, name="redist_context_create_f")
      import :: c_int, c_ptr
      integer(c_int), value :: comm
      type(c_ptr) :: ctx
    end function
    subroutine c_context_free(ctx) bind(c, name="redist_context_free")
      import :: c_ptr
      type(c_ptr), value :: ctx
    end subroutine
    integer(c_int) function c_context_rank(ctx) bind(c, name="redist_context_rank")
      import :: c_int, c_ptr
      type(c_ptr), value :: ctx
    end function
    integer(c_int) function c_context_size(ctx) bind(c, name="redist_context_size")
      import :: c_int, c_ptr
      type(c_ptr), value :: ctx
    end function
    subroutine c_plan_options_init(options) bind(c, name="redist_plan_options_init")
      import :: redist_plan_options
      type(redist_plan_options) :: options
    end subroutine
    integer(c_int) function c_plan_make(ctx, count, share, options, item_bytes, first, plan) &
        bind(c, name="redist_plan_make")
      import :: c_int, c_ptr, c_int64_t
      type(c_ptr), value :: ctx, share, options
      integer(c_int64_t), value :: count, item_bytes, first
      type(c_ptr) :: plan
    end function
    integer(c_int) function c_plan_reversed(plan, reversed) bind(c, name="redist_plan_reversed")
      import :: c_int, c_ptr
      type(c_ptr), value :: plan
      type(c_ptr) :: reversed
    end function
    subroutine c_plan_free(plan) bind(c, name="redist_plan_free")
      import :: c_ptr
      type(c_ptr), value :: plan
    end subroutine
    integer(c_int64_t) function c_plan_number(plan) bind(c, name="redist_plan_new_count")
      import :: c_int64_t, c_ptr
      type(c_ptr), value :: plan
    end function
    integer(c_int64_t) function c_plan_total(plan) bind(c, name="redist_plan_total")
      import :: c_int64_t, c_ptr
      type(c_ptr), value :: plan
    end function
    integer(c_int64_t) function c_plan_old_count(plan) bind(c, name="redist_plan_old_count")
      import :: c_int64_t, c_ptr
      type(c_ptr), value :: plan
    end function
    integer(c_int64_t) function c_plan_old_first(plan) bind(c, name="redist_plan_old_first")
      import :: c_int64_t, c_ptr
      type(c_ptr), value :: plan
    end function
    integer(c_int64_t) function c_plan_new_first(plan) bind(c, name="redist_plan_new_first")
      import :: c_int64_t, c_ptr
      type(c_ptr), value :: plan
    end function
    integer(c_int) function c_plan_transport(plan) bind(c, name="redist_plan_transport")
      import :: c_int, c_ptr
      type(c_ptr), value :: plan
    end function
    integer(c_int) function c_plan_execute(plan, fields, nfields, report) &
        bind(c, name="redist_plan_execute")
      import :: c_int, c_ptr
      type(c_ptr), value :: plan, fields, report
      integer(c_int), value :: nfields
    end function
    integer(c_int) function c_plan_start(plan, fields, nfields, request) &
        bind(c, name="redist_plan_start")
      import :: c_int, c_ptr
      type(c_ptr), value :: plan, fields
      integer(c_int), value :: nfields
      type(c_ptr) :: request
    end function
    integer(c_int) function c_request_test(request, done) bind(c, name="redist_request_test")
      import :: c_int, c_ptr
      type(c_ptr), value :: request
      integer(c_int) :: done
    end function
    integer(c_int) function c_request_wait(request, report) bind(c, name="redist_request_wait")
      import :: c_int, c_ptr
      type(c_ptr) :: request
      type(c_ptr), value :: report
    end function
    subroutine c_request_free(request) bind(c, name="redist_request_free")
      import :: c_ptr
      type(c_ptr), value :: request
    end subroutine
    integer(c_int) function c_redistribute_with(ctx, item_bytes, input, input_items, share, options, &
                                                allocate, user_data, report) &
        bind(c, name="redist_redistribute_with")
      import :: c_int, c_ptr, c_int64_t, c_funptr
      type(c_ptr), value :: ctx, input, share, options, user_data, report
      integer(c_int64_t), value :: item_bytes, input_items
      type(c_funptr), value :: allocate
    end function
    type(c_ptr) function c_last_error() bind(c, name="redist_last_error")
      import :: c_ptr
    end function
    integer(c_int) function c_last_error_rank() bind(c, name="redist_last_error_rank")
      import :: c_int
    end function
    integer(c_size_t) function c_strlen(text) bind(c, name="strlen")
      import :: c_size_t, c_ptr
      type(c_ptr), value :: text
    end function
  end interface

  ! The new piece of an intrinsic array in one call: the allocatable the C allocator fills.
  type :: real64_holder
    real(real64), allocatable :: a(:)
  end type
  type :: real32_holder
    real(real32), allocatable :: a(:)
  end type
  type :: int32_holder
    integer(int32), allocatable :: a(:)
  end type
  type :: int64_holder
    integer(int64), allocatable :: a(:)
  end type
  type :: real64_2d_holder
    integer(int64) :: rows = 0
    real(real64), allocatable :: a(:, :)
  end type

contains

  ! ---- Errors --------------------------------------------------------------------------------

  !> The message of this image's last failed call (the C++ exception's one line, naming the rank).
  function redist_error_message() result(message)
    character(len=:), allocatable :: message
    type(c_ptr) :: text
    character(kind=c_char), pointer :: chars(:)
    integer :: k, n
    text = c_last_error()
    n = int(c_strlen(text))
    call c_f_pointer(text, chars, [n])
    allocate (character(len=n) :: message)
    do k = 1, n
      message(k:k) = chars(k)
    end do
  end function

  !> The rank at fault in the last failed MPI call (-1 when no single rank is known).
  integer function redist_error_rank()
    redist_error_rank = int(c_last_error_rank())
  end function

  ! ---- Shares and options --------------------------------------------------------------------

  type(redist_share) function count_64(n) result(share)
    integer(int64), intent(in) :: n
    share%kind = 0
    share%count = n
  end function

  type(redist_share) function count_32(n) result(share)
    integer(int32), intent(in) :: n
    share = count_64(int(n, int64))
  end function

  type(redist_share) function counts_64(counts) result(share)
    integer(int64), intent(in) :: counts(:)
    share%kind = 1
    allocate (share%counts, source=counts)
  end function

  type(redist_share) function counts_32(counts) result(share)
    integer(int32), intent(in) :: counts(:)
    share = counts_64(int(counts, int64))
  end function

  type(redist_share) function weight_64(w) result(share)
    real(real64), intent(in) :: w
    share%kind = 2
    share%weight = w
  end function

  type(redist_share) function weight_32(w) result(share)
    real(real32), intent(in) :: w
    share = weight_64(real(w, real64))
  end function

  type(redist_plan_options) function redist_default_options()
    call c_plan_options_init(redist_default_options)
  end function

  ! The C share of a redist_share (`share` must stay alive while the C call reads it).
  type(c_share) function c_share_of(share)
    type(redist_share), intent(in), target :: share
    c_share_of%kind = int(share%kind, c_int32_t)
    c_share_of%count = share%count
    c_share_of%weight = share%weight
    if (allocated(share%counts)) then
      c_share_of%counts_size = size(share%counts, kind=c_int64_t)
      if (size(share%counts) > 0) c_share_of%counts = c_loc(share%counts)
    end if
  end function

  type(c_ptr) function options_ptr(options, defaults)
    type(redist_plan_options), intent(in), optional, target :: options
    type(redist_plan_options), intent(in), target :: defaults
    if (present(options)) then
      options_ptr = c_loc(options)
    else
      options_ptr = c_loc(defaults)
    end if
  end function

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

  type(c_ptr) function allocate_real64(n, user) bind(c) result(p)
    integer(c_int64_t), value :: n
    type(c_ptr), value :: user
    type(real64_holder), pointer :: h
    integer :: status
    call c_f_pointer(user, h)
    p = c_null_ptr
    allocate (h%a(n), stat=status)
    if (status == 0 .and. n > 0) p = c_loc(h%a)
  end function

  type(c_ptr) function allocate_real32(n, user) bind(c) result(p)
    integer(c_int64_t), value :: n
    type(c_ptr), value :: user
    type(real32_holder), pointer :: h
    integer :: status
    call c_f_pointer(user, h)
    p = c_null_ptr
    allocate (h%a(n), stat=status)
    if (status == 0 .and. n > 0) p = c_loc(h%a)
  end function

  type(c_ptr) function allocate_int32(n, user) bind(c) result(p)
    integer(c_int64_t), value :: n
    type(c_ptr), value :: user
    type(int32_holder), pointer :: h
    integer :: status
    call c_f_pointer(user, h)
    p = c_null_ptr
    allocate (h%a(n), stat=status)
    if (status == 0 .and. n > 0) p = c_loc(h%a)
  end function

  type(c_ptr) function allocate_int64(n, user) bind(c) result(p)
    integer(c_int64_t), value :: n
    type(c_ptr), value :: user
    type(int64_holder), pointer :: h
    integer :: status
    call c_f_pointer(user, h)
    p = c_null_ptr
    allocate (h%a(n), stat=status)
    if (status == 0 .and. n > 0) p = c_loc(h%a)
  end function

  type(c_ptr) function allocate_real64_2d(n, user) bind(c) result(p)
    integer(c_int64_t), value :: n
    type(c_ptr), value :: user
    type(real64_2d_holder), pointer :: h
    integer :: status
    call c_f_pointer(user, h)
    p = c_null_ptr
    allocate (h%a(h%rows, n), stat=status)
    if (status == 0 .and. n > 0 .and. h%rows > 0) p = c_loc(h%a)
  end function

  ! The one call on raw memory: plan, the allocator fills the holder, execute.
  integer function redistribute_raw(ctx, item_bytes, input, count, share, allocator, holder, &
                                    report, options)
    type(redist_context), intent(in) :: ctx
    integer(c_int64_t), intent(in) :: item_bytes, count
    type(c_ptr), intent(in) :: input, holder
    type(redist_share), intent(in), target :: share
    type(c_funptr), intent(in) :: allocator
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
                                               options_ptr(options, defaults), allocator, holder, &
                                               out))
  end function

  !> Collective. x becomes this rank's new piece (on failure it is as it was).
  subroutine redistribute_real64(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    real(real64), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(real64_holder), target :: next
    if (.not. allocated(x)) allocate (x(0))
    ierr = redistribute_raw(ctx, c_sizeof(0.0_real64), address(x), size(x, kind=c_int64_t), share, &
                            c_funloc(allocate_real64), c_loc(next), report, options)
    if (ierr == REDIST_OK) call move_alloc(next%a, x)
  end subroutine

  subroutine redistribute_real32(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    real(real32), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(real32_holder), target :: next
    if (.not. allocated(x)) allocate (x(0))
    ierr = redistribute_raw(ctx, c_sizeof(0.0_real32), address(x), size(x, kind=c_int64_t), share, &
                            c_funloc(allocate_real32), c_loc(next), report, options)
    if (ierr == REDIST_OK) call move_alloc(next%a, x)
  end subroutine

  subroutine redistribute_int32(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    integer(int32), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(int32_holder), target :: next
    if (.not. allocated(x)) allocate (x(0))
    ierr = redistribute_raw(ctx, c_sizeof(0_int32), address(x), size(x, kind=c_int64_t), share, &
                            c_funloc(allocate_int32), c_loc(next), report, options)
    if (ierr == REDIST_OK) call move_alloc(next%a, x)
  end subroutine

  subroutine redistribute_int64(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    integer(int64), allocatable, target, intent(inout) :: x(:)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(int64_holder), target :: next
    if (.not. allocated(x)) allocate (x(0))
    ierr = redistribute_raw(ctx, c_sizeof(0_int64), address(x), size(x, kind=c_int64_t), share, &
                            c_funloc(allocate_int64), c_loc(next), report, options)
    if (ierr == REDIST_OK) call move_alloc(next%a, x)
  end subroutine

  !> The columns of x are the items: x becomes x(:, 1:new_count) of this rank's new piece.
  subroutine redistribute_real64_2d(ctx, x, share, ierr, report, options)
    type(redist_context), intent(in) :: ctx
    real(real64), allocatable, target, intent(inout) :: x(:, :)
    type(redist_share), intent(in) :: share
    integer, intent(out) :: ierr
    type(redist_report), intent(out), optional :: report
    type(redist_plan_options), intent(in), optional :: options
    type(real64_2d_holder), target :: next
    if (.not. allocated(x)) allocate (x(0, 0))
    next%rows = size(x, 1, kind=int64)
    ierr = redistribute_raw(ctx, c_sizeof(0.0_real64) * size(x, 1, kind=c_int64_t), address(x), &
                            size(x, 2, kind=c_int64_t), share, c_funloc(allocate_real64_2d), &
                            c_loc(next), report, options)
    if (ierr == REDIST_OK) call move_alloc(next%a, x)
  end subroutine

end module redist_mpi
