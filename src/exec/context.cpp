#include "redist/exec/context.hpp"

#include <algorithm>
#include <cstring>

namespace redist::exec {

namespace {

std::string mpi_error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS)
    return "MPI error " + std::to_string(code);
  return std::string(text, static_cast<std::size_t>(length));
}

bool overlaps(const std::byte* a0, const std::byte* a1, const std::byte* b0, const std::byte* b1) {
  return a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1;
}

bool conflict(const Context::Claim& a, const Context::Claim& b) {
  if (a.owner != nullptr && a.owner == b.owner) return true;
  return overlaps(a.write_begin, a.write_end, b.write_begin, b.write_end) ||
         overlaps(a.write_begin, a.write_end, b.read_begin, b.read_end) ||
         overlaps(a.read_begin, a.read_end, b.write_begin, b.write_end);
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
  // Checked here: MPI_Comm_dup on MPI_COMM_NULL would fail under the caller's error handler,
  // MPI_ERRORS_ARE_FATAL by default, which ends the job.
  if (comm == MPI_COMM_NULL)
    throw InputError("redist::exec::Context", "comm",
                     "MPI_COMM_NULL is not a communicator (a rank that MPI_Comm_split left out "
                     "takes no part in redist's calls)");
  check_mpi(MPI_Comm_dup(comm, &comm_), "MPI_Comm_dup");
  check_mpi(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  check_mpi(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
  check_mpi(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
  links_ = RingLinkModels::uniform(static_cast<std::size_t>(size_));
  update_network_digest();
}

void Context::update_network_digest() noexcept {
  // The same words as agreement.cpp's network_digest, kept here so that calls need not rehash.
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&h](double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    h = (h ^ bits) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
  };
  mix(network_ == Network::ring ? 1.0 : 0.0);
  for (const auto* side : {&links_.succ, &links_.pred})
    for (const LinkModel& m : *side) {
      mix(m.latency_s);
      mix(m.seconds_per_byte);
    }
  network_digest_ = h;
}

Context::~Context() {
  int finalised = 0;
  // A destructor cannot throw: if MPI is already finalised the communicator is gone anyway.
  if (MPI_Finalized(&finalised) != MPI_SUCCESS || finalised != 0) return;
  if (keep_communicators_) return;
  for (MPI_Comm& old : retired_) MPI_Comm_free(&old);
  if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

void Context::execution_ended() noexcept {
  if (--live_executions_ > 0 || keep_communicators_) return;
  for (MPI_Comm& old : retired_) MPI_Comm_free(&old);
  retired_.clear();
}

void Context::set_link_models(RingLinkModels models) {
  if (models.succ.size() != static_cast<std::size_t>(size_) ||
      models.pred.size() != static_cast<std::size_t>(size_))
    throw InputError("redist::exec::Context", "link_models",
                     "need one model per rank and direction");
  links_ = std::move(models);
  network_ = Network::ring;
  update_network_digest();
}

void Context::set_flat_network(LinkModel model) {
  links_ = RingLinkModels::uniform(static_cast<std::size_t>(size_), model);
  network_ = Network::flat;
  update_network_digest();
}

void Context::begin_call() {
  if (timed_out_)
    throw CallError(
        "redist: this Context is unusable after a TimeoutError (a rank may still be inside the "
        "call that timed out): destroy it and make a new one",
        -1);
  if (!needs_fresh_comm_) return;
  // Every rank saw the failure (the call's status exchange told them), so every rank is here.
  MPI_Comm fresh = MPI_COMM_NULL;
  check_mpi(MPI_Comm_dup(comm_, &fresh), "MPI_Comm_dup");
  check_mpi(MPI_Comm_set_errhandler(fresh, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
  if (live_executions_ > 0 || keep_communicators_)
    retired_.push_back(comm_);  // a request in flight, or an abandoned collective, still uses it
  else
    MPI_Comm_free(&comm_);
  comm_ = fresh;
  needs_fresh_comm_ = false;
}

void Context::mark_failed(bool timed_out) noexcept {
  needs_fresh_comm_ = true;
  timed_out_ = timed_out_ || timed_out;
}

bool Context::conflicts(const Claim& claim) const noexcept {
  for (const auto& [other_id, other] : claims_)
    if (conflict(claim, other)) return true;
  return false;
}

bool Context::claim(const Claim& claim, std::uint64_t& id) {
  if (conflicts(claim)) return false;
  id = ++next_claim_;
  claims_.emplace_back(id, claim);
  return true;
}

void Context::release(std::uint64_t id) noexcept {
  claims_.erase(std::remove_if(claims_.begin(), claims_.end(),
                               [id](const auto& entry) { return entry.first == id; }),
                claims_.end());
}

}  // namespace redist::exec
