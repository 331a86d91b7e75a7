#include "watched_collective.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

#include "mpi_support.hpp"

namespace redist::exec::detail {

namespace {

constexpr std::size_t kNamedRanks = 16;  // a verdict names at most this many missing ranks
constexpr std::size_t kTextBytes = 512;  // a failure text as broadcast
constexpr char kPartSeparator = '\x1f';  // between file, field and reason of a refusal

std::string refusal_text(const AgreementError& e) {
  return e.file() + kPartSeparator + e.field() + kPartSeparator + e.reason();
}

[[noreturn]] void throw_refusal(const std::string& text, int rank) {
  const std::size_t a = text.find(kPartSeparator);
  const std::size_t b = a == std::string::npos ? a : text.find(kPartSeparator, a + 1);
  if (b == std::string::npos) throw CallError(text, rank);
  throw AgreementError(text.substr(0, a), text.substr(a + 1, b - a - 1), text.substr(b + 1));
}

std::string rank_list(const std::vector<int>& ranks) {
  std::string list;
  for (std::size_t k = 0; k < ranks.size(); ++k) {
    if (k == kNamedRanks) return list + ", ...";
    list += (k == 0 ? "" : ", ") + std::to_string(ranks[k]);
  }
  return list;
}

std::string missing_text(const std::string& call, const std::vector<int>& missing, double timeout) {
  return call + ": rank 0: rank(s) " + rank_list(missing) + " did not arrive within " +
         seconds_text(timeout) + " (skipped the collective call, or failed or stalled before it)";
}

}  // namespace

WatchedCollective::WatchedCollective(Context& ctx, MPI_Request request,
                                     std::shared_ptr<void> buffers, double timeout,
                                     std::string call)
    : ctx_(ctx),
      comm_(ctx.comm()),
      request_(request),
      buffers_(std::move(buffers)),
      timeout_(timeout),
      call_(std::move(call)) {
  watch();
}

WatchedCollective::WatchedCollective(Context& ctx, std::unique_ptr<MaxReduction> reduction,
                                     double timeout, std::string call)
    : ctx_(ctx),
      comm_(ctx.comm()),
      reduction_(std::move(reduction)),
      timeout_(timeout),
      call_(std::move(call)) {
  watch();
}

// Timeout mode: every rank tells rank 0 that it arrived (docs: watched_collective.hpp).
void WatchedCollective::watch() {
  if (timeout_ <= 0.0) return;
  started_ = now();
  sequence_ = ctx_.next_sequence();
  const auto ranks = static_cast<std::size_t>(ctx_.size());
  if (ctx_.rank() == 0) {
    tokens_.assign(ranks, MPI_REQUEST_NULL);
    token_values_.assign(ranks, 0);
    arrived_.assign(ranks, 0);
    arrived_[0] = 1;
    for (std::size_t r = 1; r < ranks; ++r) post_token_receive(r);
    return;
  }
  token_value_ = std::make_unique<std::uint64_t>(sequence_);
  check_mpi(MPI_Isend(token_value_.get(), 1, MPI_UINT64_T, 0, kTagArrive, comm_, &token_send_),
            "MPI_Isend");
  verdict_values_.assign(2 + kNamedRanks, 0);
  post_verdict_receive();
}

WatchedCollective::~WatchedCollective() {
  if (done_ || reduction_) {  // a reduction's own destructor gives up its messages
    if (!done_) finish();
    return;
  }
  // An unfinished collective cannot be cancelled or freed (MPI forbids it for collectives): MPI
  // may still write into its buffers, so they are left to it; the communicator is retired by the
  // failed call's marking.
  static_cast<void>(new std::shared_ptr<void>(std::move(buffers_)));
  ctx_.collective_abandoned();
  finish();
}

void WatchedCollective::post_token_receive(std::size_t r) {
  check_mpi(MPI_Irecv(&token_values_[r], 1, MPI_UINT64_T, static_cast<int>(r), kTagArrive, comm_,
                      &tokens_[r]),
            "MPI_Irecv");
}

void WatchedCollective::post_verdict_receive() {
  check_mpi(MPI_Irecv(verdict_values_.data(), static_cast<int>(verdict_values_.size()),
                      MPI_UINT64_T, 0, kTagVerdict, comm_, &verdict_),
            "MPI_Irecv");
}

bool WatchedCollective::test() {
  if (done_) return true;
  int complete = 0;
  if (reduction_)
    complete = reduction_->test() ? 1 : 0;
  else
    check_mpi(MPI_Test(&request_, &complete, MPI_STATUS_IGNORE), "MPI_Test");
  if (complete == 0) return false;
  done_ = true;
  finish();
  return true;
}

void WatchedCollective::wait() {
  if (done_) return;
  if (timeout_ <= 0.0 && !reduction_) {
    check_mpi(MPI_Wait(&request_, MPI_STATUS_IGNORE), "MPI_Wait");
    done_ = true;
    finish();
    return;
  }
  if (timeout_ <= 0.0) {
    for (Backoff backoff; !test();) backoff.idle();
    return;
  }
  for (Backoff backoff; !test(); backoff.idle()) {
    poll_tokens();
    const double waited = now() - started_;
    if (ctx_.rank() == 0 ? waited > timeout_ : waited > 2.0 * timeout_) time_out();
  }
}

void WatchedCollective::poll_tokens() {
  if (ctx_.rank() == 0) {
    for (std::size_t r = 1; r < tokens_.size(); ++r) {
      if (tokens_[r] == MPI_REQUEST_NULL) continue;
      int complete = 0;
      check_mpi(MPI_Test(&tokens_[r], &complete, MPI_STATUS_IGNORE), "MPI_Test");
      if (complete == 0) continue;
      if (token_values_[r] == sequence_)
        arrived_[r] = 1;
      else
        post_token_receive(r);  // a token left over from an earlier call of this rank
    }
    return;
  }
  int complete = 0;
  check_mpi(MPI_Test(&verdict_, &complete, MPI_STATUS_IGNORE), "MPI_Test");
  if (complete == 0) return;
  if (verdict_values_[0] != sequence_) {
    post_verdict_receive();
    return;
  }
  std::vector<int> missing;
  const auto count = std::min<std::uint64_t>(verdict_values_[1], kNamedRanks);
  for (std::uint64_t k = 0; k < count; ++k)
    missing.push_back(static_cast<int>(verdict_values_[2 + k]));
  ctx_.mark_failed(true);
  throw TimeoutError(missing_text(call_, missing, timeout_), missing.empty() ? -1 : missing.front(),
                     missing);
}

void WatchedCollective::time_out() {
  ctx_.mark_failed(true);
  if (ctx_.rank() != 0)
    throw TimeoutError(call_ + ": rank " + std::to_string(ctx_.rank()) +
                           ": no answer from rank 0 within " + seconds_text(2.0 * timeout_) +
                           " (rank 0, or a rank it waits for, did not arrive)",
                       0, {0});
  std::vector<int> missing;
  for (std::size_t r = 1; r < arrived_.size(); ++r)
    if (arrived_[r] == 0) missing.push_back(static_cast<int>(r));
  // Tell every rank that arrived; the small sends are left to complete on their own, from a buffer
  // that outlives them.
  auto* verdict = new std::vector<std::uint64_t>(2 + kNamedRanks, 0);
  (*verdict)[0] = sequence_;
  (*verdict)[1] = std::min<std::uint64_t>(missing.size(), kNamedRanks);
  for (std::size_t k = 0; k < (*verdict)[1]; ++k)
    (*verdict)[2 + k] = static_cast<std::uint64_t>(missing[k]);
  for (std::size_t r = 1; r < arrived_.size(); ++r) {
    if (arrived_[r] == 0) continue;
    MPI_Request send = MPI_REQUEST_NULL;
    if (MPI_Isend(verdict->data(), static_cast<int>(verdict->size()), MPI_UINT64_T,
                  static_cast<int>(r), kTagVerdict, comm_, &send) == MPI_SUCCESS)
      MPI_Request_free(&send);
  }
  throw TimeoutError(missing_text(call_, missing, timeout_), missing.empty() ? -1 : missing.front(),
                     missing);
}

void WatchedCollective::finish() noexcept {
  give_up(tokens_, [](std::size_t) { return false; });
  if (verdict_ != MPI_REQUEST_NULL)
    give_up(std::span(&verdict_, 1), [](std::size_t) { return false; });
  if (token_send_ != MPI_REQUEST_NULL) {
    int complete = 0;
    MPI_Test(&token_send_, &complete, MPI_STATUS_IGNORE);
    if (complete == 0) {  // rank 0 stopped listening: the tiny buffer must outlive the send
      MPI_Request_free(&token_send_);
      static_cast<void>(token_value_.release());
    }
  }
}

std::vector<std::byte> gather_fixed(Context& ctx, const void* mine, std::size_t bytes,
                                    double timeout, const std::string& call) {
  const auto ranks = static_cast<std::size_t>(ctx.size());
  const int count = to_int(static_cast<std::int64_t>(bytes), "record");
  if (timeout <= 0.0) {
    // Nothing to watch: the blocking collective, which MPI libraries tune better than the
    // nonblocking one (OpenMPI's MPI_Iallgather costs about twice its MPI_Allgather on 4 ranks of
    // one node, bench_redistribute --variants make,allgather).
    std::vector<std::byte> all(ranks * bytes);
    check_mpi(MPI_Allgather(mine, count, MPI_BYTE, all.data(), count, MPI_BYTE, ctx.comm()),
              "MPI_Allgather");
    return all;
  }
  // Both buffers stay with the collective should it be abandoned (a timeout).
  auto buffers = std::make_shared<std::vector<std::byte>>((ranks + 1) * bytes);
  std::memcpy(buffers->data() + ranks * bytes, mine, bytes);
  MPI_Request request = MPI_REQUEST_NULL;
  check_mpi(MPI_Iallgather(buffers->data() + ranks * bytes, count, MPI_BYTE, buffers->data(), count,
                           MPI_BYTE, ctx.comm(), &request),
            "MPI_Iallgather");
  WatchedCollective(ctx, request, buffers, timeout, call).wait();
  buffers->resize(ranks * bytes);
  return std::move(*buffers);
}

namespace {

std::unique_ptr<MaxReduction> status_reduction(Context& ctx, std::uint64_t key, bool failed,
                                               int tag) {
  // The highest failing rank (+1), and max(key) == ~max(~key) exactly when every rank passed the
  // same key.
  const MaxReduction::Words mine = {failed ? static_cast<std::uint64_t>(ctx.rank()) + 1 : 0, key,
                                    ~key};
  return std::make_unique<MaxReduction>(ctx.comm(), ctx.rank(), ctx.size(), tag, mine);
}

}  // namespace

StatusExchange::StatusExchange(Context& ctx, std::uint64_t key, const std::string& failure,
                               double timeout, std::string call, int tag)
    : ctx_(ctx),
      failure_(failure),
      timeout_(timeout),
      call_(call),
      reduction_(nullptr),
      collective_(ctx, status_reduction(ctx, key, !failure.empty(), tag), timeout,
                  std::move(call)) {
  reduction_ = collective_.reduction();
}

StatusExchange::StatusExchange(Context& ctx, std::uint64_t key, const AgreementError& refusal,
                               double timeout, std::string call, int tag)
    : StatusExchange(ctx, key, refusal_text(refusal), timeout, std::move(call), tag) {}

bool StatusExchange::failed() const noexcept {
  const MaxReduction::Words& all = reduction_->result();
  return all[0] != 0 || all[1] != ~all[2];
}

void StatusExchange::conclude() {
  if (!failed()) return;
  ctx_.mark_failed(false);
  const MaxReduction::Words& all = reduction_->result();
  if (all[0] == 0)
    throw CallError(call_ +
                        ": the ranks executed different plans or item layouts (a plan made "
                        "by another call, another item size or field count on some rank)",
                    -1);
  const int failing = static_cast<int>(all[0] - 1);
  auto text = std::make_shared<std::vector<char>>(kTextBytes, '\0');
  if (ctx_.rank() == failing) std::strncpy(text->data(), failure_.c_str(), kTextBytes - 1);
  MPI_Request request = MPI_REQUEST_NULL;
  check_mpi(MPI_Ibcast(text->data(), static_cast<int>(kTextBytes), MPI_CHAR, failing,
                       collective_.comm(), &request),
            "MPI_Ibcast");
  WatchedCollective(ctx_, request, text, timeout_, call_).wait();
  (*text)[kTextBytes - 1] = '\0';
  const std::string message = ctx_.rank() == failing ? failure_ : std::string(text->data());
  if (message.find(kPartSeparator) != std::string::npos) throw_refusal(message, failing);
  throw CallError(message, failing);
}

}  // namespace redist::exec::detail
