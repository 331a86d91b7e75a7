// <redist/redist_mpi.h>: executing plans (blocking, split phase, in place) and the one-call
// redistributions.

#include <cstdlib>
#include <cstring>
#include <limits>
#include <span>
#include <vector>

#include "capi_support.hpp"
#include "mpi_handles.hpp"
#include "redist/exec/redistribute.hpp"

namespace capi = redist::capi;
namespace exec = redist::exec;
using capi::deref;
using capi::guarded_mpi;

namespace {

const char* const kRedistribute = "redistribute";  // the C++ one-call API's name in messages

const exec::Plan& plan_of(const redist_plan* plan, const char* call) {
  return deref(plan, call, "plan").plan;
}

// The C fields as the executor's. No field (NULL, or nfields < 1) is refused by the execution on
// every rank, as the executor refuses it from C++.
std::vector<exec::Field> fields_of(const redist_field* fields, int nfields) {
  if (fields == nullptr || nfields < 1) return {};
  std::vector<exec::Field> out(static_cast<std::size_t>(nfields));
  for (std::size_t k = 0; k < out.size(); ++k) {
    const redist_field& f = fields[k];
    out[k] = {static_cast<const std::byte*>(f.input), f.input_items,
              static_cast<std::byte*>(f.output), f.output_items, f.item_bytes};
  }
  return out;
}

// Bytes of `items` items of `item_bytes`, refused when it does not fit (a caller's mistake).
std::size_t byte_size(std::int64_t items, std::int64_t item_bytes, const char* call) {
  if (items < 0 || item_bytes <= 0 || items > std::numeric_limits<std::int64_t>::max() / item_bytes)
    throw capi::UsageError(
        std::string(call) +
        ": item_bytes and counts must be positive and their product fit 64 bits");
  return static_cast<std::size_t>(items * item_bytes);
}

}  // namespace

exec::Field capi::in_place_field(const exec::Plan& plan, std::byte* base,
                                 std::int64_t storage_items, std::int64_t offset,
                                 std::int64_t item_bytes) {
  const std::int64_t first_new = offset + plan.new_offset_shift();
  const bool fits = offset >= 0 && offset + plan.old_count() <= storage_items && first_new >= 0 &&
                    first_new + plan.new_count() <= storage_items;
  if (!fits) return {base, plan.old_count(), nullptr, -1, item_bytes};
  return {base + offset * item_bytes, plan.old_count(), base + first_new * item_bytes,
          plan.new_count(), item_bytes};
}

extern "C" {

redist_field redist_plan_in_place(const redist_plan* plan, void* storage, int64_t storage_items,
                                  int64_t offset, int64_t item_bytes) {
  redist_field field{};
  capi::guarded([&] {
    const char* call = "redist_plan_in_place";
    byte_size(storage_items, item_bytes, call);
    const exec::Field f = capi::in_place_field(
        plan_of(plan, call), static_cast<std::byte*>(storage), storage_items, offset, item_bytes);
    field = {f.input, f.input_items, f.output, f.output_items, f.item_bytes};
  });
  return field;
}

redist_status redist_plan_execute(const redist_plan* plan, const redist_field* fields, int nfields,
                                  redist_report* report) {
  return guarded_mpi([&] {
    const char* call = "redist_plan_execute";
    const exec::Plan& p = plan_of(plan, call);
    capi::fill_report(p.execute(fields_of(fields, nfields)), report);
  });
}

redist_status redist_plan_execute_failing(const redist_plan* plan, const redist_field* fields,
                                          int nfields, const char* reason) {
  return guarded_mpi([&] {
    const char* call = "redist_plan_execute_failing";
    const exec::Plan& p = plan_of(plan, call);
    const std::vector<exec::Field> f = fields_of(fields, nfields);
    const std::string why = reason != nullptr && *reason != '\0' ? reason : "failed";
    exec::detail::start_execution(p, f, nullptr, why, {}, {}).wait();
  });
}

redist_status redist_plan_start(const redist_plan* plan, const redist_field* fields, int nfields,
                                redist_request** request) {
  return guarded_mpi([&] {
    const char* call = "redist_plan_start";
    redist_request*& out = capi::out_handle(request, call);
    const exec::Plan& p = plan_of(plan, call);
    out = new redist_request{p.start(fields_of(fields, nfields))};
  });
}

redist_status redist_request_test(redist_request* request, int* done) {
  return guarded_mpi([&] {
    const char* call = "redist_request_test";
    int& result = deref(done, call, "done");
    result = 0;
    result = deref(request, call, "request").request.test() ? 1 : 0;
  });
}

redist_status redist_request_wait(redist_request** request, redist_report* report) {
  return guarded_mpi([&] {
    const char* call = "redist_request_wait";
    redist_request*& handle = deref(request, call, "request");
    // Freed whatever happens: a failed wait has completed the request as far as it can.
    std::unique_ptr<redist_request> owned(handle);
    handle = nullptr;
    capi::fill_report(deref(owned.get(), call, "*request").request.wait(), report);
  });
}

void redist_request_free(redist_request* request) { delete request; }

}  // extern "C"

namespace {

// The one call with the new piece placed where `allocate(new_count)` says, as the C++ vector call
// does it (redistribute.hpp): plan, allocate (a failure to allocate fails the call on every rank,
// naming this one), execute. Throws the executor's errors.
// `allocate(new_count)` returns the output and its room in items. Every argument the executor
// checks is refused on every rank (a negative count, an item size, a NULL input, too little room).
template <class Allocate>
exec::TransferReport redistribute_into(redist_context* ctx, int64_t item_bytes, const void* input,
                                       int64_t input_items, const redist_share* share,
                                       const redist_plan_options* options, Allocate&& allocate,
                                       const char* call) {
  exec::Context& c = deref(ctx, call, "ctx").context;
  const exec::Plan plan = exec::detail::make_plan(c, input_items, capi::new_share(share, call),
                                                  capi::plan_options(options), item_bytes,
                                                  exec::kUnknownFirst, kRedistribute);
  const auto [output, room] = allocate(plan.new_count());
  std::string failure;
  if (output == nullptr && room < 0)
    failure = "could not allocate the new array of " + std::to_string(plan.new_count()) + " items";
  const exec::Field f{static_cast<const std::byte*>(input), input_items,
                      static_cast<std::byte*>(output), std::max<std::int64_t>(room, 0), item_bytes};
  const double agreement = plan.agreement_seconds();
  exec::TransferReport done =
      exec::detail::start_execution(plan, std::span<const exec::Field>(&f, 1), input, failure, {},
                                    {}, kRedistribute)
          .wait();
  done.agreement_seconds = agreement;
  return done;
}

}  // namespace

extern "C" {

redist_status redist_redistribute_with(redist_context* ctx, int64_t item_bytes, const void* input,
                                       int64_t input_items, const redist_share* share,
                                       const redist_plan_options* options,
                                       redist_allocate_fn allocate, void* user_data,
                                       redist_report* report) {
  return guarded_mpi([&] {
    const char* call = "redist_redistribute_with";
    if (allocate == nullptr)
      throw capi::UsageError(std::string(call) + ": allocate: a null pointer");
    const auto place = [&](int64_t n) {
      void* output = allocate(n, user_data);
      return std::pair{output, output != nullptr || n == 0 ? n : std::int64_t{-1}};
    };
    capi::fill_report(
        redistribute_into(ctx, item_bytes, input, input_items, share, options, place, call),
        report);
  });
}

redist_status redist_redistribute(redist_context* ctx, int64_t item_bytes, const void* input,
                                  int64_t input_items, void* output, int64_t output_capacity,
                                  const redist_share* share, const redist_plan_options* options,
                                  redist_report* report) {
  return guarded_mpi([&] {
    const auto place = [&](int64_t) { return std::pair{output, output_capacity}; };
    capi::fill_report(redistribute_into(ctx, item_bytes, input, input_items, share, options, place,
                                        "redist_redistribute"),
                      report);
  });
}

redist_status redist_redistribute_alloc(redist_context* ctx, int64_t item_bytes, const void* input,
                                        int64_t input_items, const redist_share* share,
                                        const redist_plan_options* options, void** output,
                                        int64_t* new_count, redist_report* report) {
  const char* call = "redist_redistribute_alloc";
  void* block = nullptr;
  const redist_status status = guarded_mpi([&] {
    capi::out_handle(output, call);
    deref(new_count, call, "new_count") = 0;
    const auto allocate = [&](int64_t n) {
      if (n == 0 || item_bytes <= 0) return std::pair<void*, std::int64_t>{nullptr, 0};
      if (item_bytes > 0 && n <= std::numeric_limits<std::int64_t>::max() / item_bytes)
        block = std::malloc(static_cast<std::size_t>(n * item_bytes));
      return std::pair<void*, std::int64_t>{block, block != nullptr ? n : -1};
    };
    const exec::TransferReport done =
        redistribute_into(ctx, item_bytes, input, input_items, share, options, allocate, call);
    *output = block;
    *new_count = done.new_count;
    capi::fill_report(done, report);
  });
  if (status != REDIST_OK) std::free(block);
  return status;
}

}  // extern "C"
