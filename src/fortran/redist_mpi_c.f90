!> The C interface of redist's executor as Fortran sees it (docs/c_api.md "Fortran"): the statuses,
!> the bind(c) types of <redist/redist_mpi.h>, the shares, the errors and the C functions themselves.
!> Applications use module redist_mpi, which re-exports what they need from here.
module redist_mpi_c
  use, intrinsic :: iso_c_binding
  use, intrinsic :: iso_fortran_env, only: real32, real64, int32, int64
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

  public :: redist_count, redist_counts, redist_weight, redist_default_options, &
            redist_error_message, redist_error_rank
  ! For module redist_mpi only.
  public :: c_share, c_share_of, options_ptr, c_context_create_f, c_context_free, c_context_rank, &
            c_context_size, c_plan_options_init, c_plan_make, c_plan_reversed, c_plan_free, &
            c_plan_number, c_plan_total, c_plan_old_count, c_plan_old_first, c_plan_new_first, &
            c_plan_transport, c_plan_execute, c_plan_start, c_request_test, c_request_wait, &
            c_request_free, c_redistribute_with

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

end module redist_mpi_c
