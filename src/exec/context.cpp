#include "redist/exec/context.hpp"

#include "redist/core/error.hpp"

namespace redist::exec {

namespace {

std::string mpi_error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS)
    return "MPI error " + std::to_string(code);
  return std::string(text, static_cast<std::size_t>(length));
}

}  // namespace

MpiError::MpiError(const std::string& call, int code)
    : std::runtime_error(call + " failed: " + mpi_error_text(code)), code_(code) {}

void check_mpi(int rc, const char* call) {
  if (rc != MPI_SUCCESS) throw MpiError(call, rc);
}

Context::Context(MPI_Comm comm) {
  int initialised = 0;
  check_mpi(MPI_Initialized(&initialised), "MPI_Initialized");
  if (initialised == 0)
    throw InputError("redist::exec::Context", "MPI", "MPI_Init has not been called");
  check_mpi(MPI_Comm_dup(comm, &comm_), "MPI_Comm_dup");
  check_mpi(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  check_mpi(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
  check_mpi(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
  links_ = RingLinkModels::uniform(static_cast<std::size_t>(size_));
}

Context::~Context() {
  int finalised = 0;
  // A destructor cannot throw: if MPI is already finalised the communicator is gone anyway.
  if (MPI_Finalized(&finalised) == MPI_SUCCESS && finalised == 0 && comm_ != MPI_COMM_NULL)
    MPI_Comm_free(&comm_);
}

void Context::set_link_models(RingLinkModels models) {
  if (models.succ.size() != static_cast<std::size_t>(size_) ||
      models.pred.size() != static_cast<std::size_t>(size_))
    throw InputError("redist::exec::Context", "link_models",
                     "need one model per rank and direction");
  links_ = std::move(models);
  links_measured_ = true;
}

}  // namespace redist::exec
