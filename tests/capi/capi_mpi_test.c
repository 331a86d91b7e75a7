/* The C interface's MPI executor on any number of ranks (ctest capi.mpi.np4), checked item by item:
 * every rank holds a piece of one global sequence of particles whose `id` is their global index, so
 * that after each call rank r must hold ids new_first .. new_first + new_count - 1 in order.
 * Plans with counts, every rank's counts and weights; several fields in one execution; reversed;
 * in place; split phase; the one-call forms; and refusals: the same status and message on every
 * rank, naming the rank at fault, the data intact. C11, -Wpedantic -Werror. Exit 0 when every check
 * passed on every rank. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "redist/redist_mpi.h"

typedef struct particle {
  double x[3];
  int64_t id;
} particle;

static int failures = 0;
static int rank = 0, size = 1;

#define CHECK(cond)                                                                          \
  do {                                                                                       \
    if (!(cond)) {                                                                           \
      fprintf(stderr, "rank %d: %s:%d: check failed: %s (last error: %s)\n", rank, __FILE__, \
              __LINE__, #cond, redist_last_error());                                         \
      ++failures;                                                                            \
    }                                                                                        \
  } while (0)

static particle make_particle(int64_t id) {
  particle p = {{(double)id, 0.5 * (double)id, -(double)id}, id};
  return p;
}

/* Rank r holds `count` particles starting at global index `first`. */
static particle* make_piece(int64_t first, int64_t count) {
  particle* p = malloc((size_t)(count > 0 ? count : 1) * sizeof *p);
  for (int64_t k = 0; k < count; ++k) p[k] = make_particle(first + k);
  return p;
}

static int piece_is(const particle* p, int64_t first, int64_t count) {
  for (int64_t k = 0; k < count; ++k) {
    particle want = make_particle(first + k);
    if (memcmp(&p[k], &want, sizeof want) != 0) return 0;
  }
  return 1;
}

/* The same text on every rank: compare with rank 0's. */
static int same_on_every_rank(const char* text) {
  char mine[512] = {0}, root[512] = {0};
  strncpy(mine, text, sizeof mine - 1);
  memcpy(root, mine, sizeof root);
  MPI_Bcast(root, (int)sizeof root, MPI_CHAR, 0, MPI_COMM_WORLD);
  int same = strcmp(mine, root) == 0, all = 0;
  MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all;
}

/* Old layout: rank r holds 2r + 1 particles (rank order from item 0). */
static int64_t old_count(int r) { return 2 * r + 1; }
static int64_t old_first(int r) { return (int64_t)r * r; }
static int64_t total(void) { return (int64_t)size * size; }

static void plans_and_fields(redist_context* ctx) {
  const int64_t count = old_count(rank), first = old_first(rank);
  particle* mine = make_piece(first, count);
  int64_t* ids = malloc((size_t)count * sizeof *ids);
  for (int64_t k = 0; k < count; ++k) ids[k] = first + k;
  /* Even counts, the remainder to the last rank. */
  int64_t even = total() / size, want = even + (rank == size - 1 ? total() % size : 0);
  redist_share share = redist_share_count(want);
  redist_plan* plan = NULL;
  CHECK(redist_plan_make(ctx, count, &share, NULL, sizeof(particle), REDIST_UNKNOWN_FIRST, &plan) ==
        REDIST_OK);
  CHECK(redist_plan_new_count(plan) == want && redist_plan_old_count(plan) == count);
  CHECK(redist_plan_old_first(plan) == first && redist_plan_total(plan) == total());
  const int64_t new_first = redist_plan_new_first(plan);
  CHECK(new_first == even * rank);
  int64_t* olds = malloc((size_t)size * sizeof *olds);
  int64_t* news = malloc((size_t)size * sizeof *news);
  CHECK(redist_plan_counts(plan, olds, news) == REDIST_OK);
  for (int r = 0; r < size; ++r) CHECK(olds[r] == old_count(r));
  CHECK(news[rank] == want);
  CHECK(strlen(redist_plan_transport_reason(plan)) > 0);

  /* Two fields in one execution. */
  particle* next = malloc((size_t)(want > 0 ? want : 1) * sizeof *next);
  int64_t* next_ids = malloc((size_t)(want > 0 ? want : 1) * sizeof *next_ids);
  redist_field fields[2] = {{mine, count, next, want, sizeof(particle)},
                            {ids, count, next_ids, want, sizeof(int64_t)}};
  redist_report report;
  CHECK(redist_plan_execute(plan, fields, 2, &report) == REDIST_OK);
  CHECK(piece_is(next, new_first, want));
  for (int64_t k = 0; k < want; ++k) CHECK(next_ids[k] == new_first + k);
  CHECK(report.new_count == want && report.new_first == new_first && report.total_items == total());
  CHECK(report.transport == REDIST_TRANSPORT_DIRECT || report.transport == REDIST_TRANSPORT_NONE);
  int64_t sent = report.bytes_sent, received = report.bytes_received, all_sent = 0, all_received = 0;
  MPI_Allreduce(&sent, &all_sent, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&received, &all_received, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  CHECK(all_sent == all_received);
  CHECK(report.bytes_copied + report.bytes_received == 8 * want + (int64_t)sizeof(particle) * want);

  /* Back with the reversed plan. */
  redist_plan* back = NULL;
  CHECK(redist_plan_reversed(plan, &back) == REDIST_OK);
  CHECK(redist_plan_new_count(back) == count);
  particle* again = malloc((size_t)count * sizeof *again);
  redist_field f_back = {next, want, again, count, sizeof(particle)};
  CHECK(redist_plan_execute(back, &f_back, 1, NULL) == REDIST_OK);
  CHECK(piece_is(again, first, count));

  /* Split phase. */
  memset(next, 0, (size_t)want * sizeof *next);
  redist_field f = {mine, count, next, want, sizeof(particle)};
  redist_request* request = NULL;
  CHECK(redist_plan_start(plan, &f, 1, &request) == REDIST_OK);
  int done = 0;
  for (int polls = 0; !done && polls < 1000000; ++polls) CHECK(redist_request_test(request, &done) == REDIST_OK);
  CHECK(redist_request_wait(&request, &report) == REDIST_OK);
  CHECK(request == NULL && piece_is(next, new_first, want));

  /* In place: room before and after the old items. */
  const int64_t before = redist_plan_room_before(plan), after = redist_plan_room_after(plan);
  const int64_t storage_items = before + count + after;
  particle* storage = malloc((size_t)storage_items * sizeof *storage);
  memcpy(storage + before, mine, (size_t)count * sizeof *mine);
  redist_field in_place = redist_plan_in_place(plan, storage, storage_items, before, sizeof(particle));
  CHECK(redist_plan_execute(plan, &in_place, 1, &report) == REDIST_OK);
  CHECK(piece_is(storage + before + redist_plan_new_offset_shift(plan), new_first, want));
  CHECK(report.bytes_copied == 0);
  /* Too little room: refused on every rank, nothing moved. */
  memcpy(storage, mine, (size_t)count * sizeof *mine);
  in_place = redist_plan_in_place(plan, storage, count, 0, sizeof(particle));
  redist_status status = redist_plan_execute(plan, &in_place, 1, NULL);
  int needs_room = before > 0 || after > 0, any_needs = 0;
  MPI_Allreduce(&needs_room, &any_needs, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  CHECK(status == (any_needs ? REDIST_ERROR_AGREEMENT : REDIST_OK));
  CHECK(piece_is(storage, first, count) || status == REDIST_OK);

  redist_plan_free(back);
  redist_plan_free(plan);
  free(storage);
  free(again);
  free(next);
  free(next_ids);
  free(olds);
  free(news);
  free(ids);
  free(mine);
}

static int fail_on_rank_zero(int64_t bytes_done, int64_t bytes_total, int64_t messages_done,
                             int64_t messages_total, void* user_data) {
  (void)bytes_done, (void)bytes_total, (void)messages_done, (void)messages_total;
  return *(const int*)user_data == 0 ? 7 : 0;
}

static void* refuse_on_last_rank(int64_t new_count, void* user_data) {
  particle** block = user_data;
  if (rank == size - 1) return NULL;
  *block = malloc((size_t)(new_count > 0 ? new_count : 1) * sizeof(particle));
  return *block;
}

static void one_call_and_refusals(redist_context* ctx) {
  const int64_t count = old_count(rank), first = old_first(rank);
  particle* mine = make_piece(first, count);
  /* Weights: rank r weighs r + 1. */
  redist_share share = redist_share_weight(rank + 1.0);
  void* out = NULL;
  int64_t got = -1;
  redist_report report;
  CHECK(redist_redistribute_alloc(ctx, sizeof(particle), mine, count, &share, NULL, &out, &got,
                                  &report) == REDIST_OK);
  CHECK(got == report.new_count && piece_is(out, report.new_first, got));
  int64_t sum = 0;
  MPI_Allreduce(&got, &sum, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  CHECK(sum == total());
  free(out);

  /* Every rank's counts, into a caller's array: everything to rank 0. */
  int64_t* counts = calloc((size_t)size, sizeof *counts);
  counts[0] = total();
  share = redist_share_counts(counts, size);
  particle* all = malloc((size_t)total() * sizeof *all);
  CHECK(redist_redistribute(ctx, sizeof(particle), mine, count, all, rank == 0 ? total() : 0, &share,
                            NULL, &report) == REDIST_OK);
  CHECK(rank != 0 || piece_is(all, 0, total()));

  /* Rank 1 asks for one item too many: refused on every rank, naming rank 1. */
  if (size >= 2) {
    int64_t even = total() / size;
    share = redist_share_count(even + (rank == size - 1 ? total() % size : 0) + (rank == 1));
    out = NULL;
    redist_status status =
        redist_redistribute_alloc(ctx, sizeof(particle), mine, count, &share, NULL, &out, &got, NULL);
    CHECK(status == REDIST_ERROR_AGREEMENT && out == NULL);
    CHECK(strncmp(redist_last_error(), "redistribute: rank 1: share: ", 29) == 0);
    CHECK(redist_last_error_rank() == 1);
    CHECK(same_on_every_rank(redist_last_error()));
    CHECK(piece_is(mine, first, count));
  }

  /* A progress callback that fails on rank 0: a call error on every rank, naming rank 0. */
  redist_plan_options options;
  redist_plan_options_init(&options);
  options.progress = fail_on_rank_zero;
  options.progress_user_data = &rank;
  share = redist_share_count(total() / size + (rank == size - 1 ? total() % size : 0));
  redist_status status =
      redist_redistribute_alloc(ctx, sizeof(particle), mine, count, &share, &options, &out, &got, NULL);
  CHECK(status == REDIST_ERROR_CALL && out == NULL);
  CHECK(strstr(redist_last_error(), "rank 0") != NULL && same_on_every_rank(redist_last_error()));
  CHECK(redist_last_error_rank() == 0);

  /* The last rank cannot allocate its new piece. */
  particle* block = NULL;
  status = redist_redistribute_with(ctx, sizeof(particle), mine, count, &share, NULL,
                                    refuse_on_last_rank, &block, NULL);
  CHECK(size == 1 ? status == REDIST_OK || status == REDIST_ERROR_CALL : status == REDIST_ERROR_CALL);
  char want[128];
  snprintf(want, sizeof want, "redistribute: rank %d: could not allocate", size - 1);
  CHECK(strncmp(redist_last_error(), want, strlen(want)) == 0 && same_on_every_rank(redist_last_error()));
  free(block);

  /* Bad usage is caught locally, with no collective started. */
  redist_plan* plan = NULL;
  CHECK(redist_plan_make(ctx, count, NULL, NULL, 0, REDIST_UNKNOWN_FIRST, &plan) == REDIST_ERROR_USAGE);
  CHECK(strcmp(redist_last_error(), "redist_plan_make: share: a null pointer") == 0 && plan == NULL);
  CHECK(redist_plan_new_count(NULL) == -1 && redist_last_status() == REDIST_ERROR_USAGE);
  CHECK(piece_is(mine, first, count));
  free(counts);
  free(all);
  free(mine);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  redist_context* ctx = NULL;
  CHECK(redist_context_create_f(MPI_Comm_c2f(MPI_COMM_WORLD), &ctx) == REDIST_OK);
  CHECK(redist_context_rank(ctx) == rank && redist_context_size(ctx) == size);
  plans_and_fields(ctx);
  one_call_and_refusals(ctx);
  redist_context_free(ctx);
  redist_context* none = NULL;
  CHECK(redist_context_create(MPI_COMM_NULL, &none) == REDIST_ERROR_INPUT && none == NULL);
  int all_failures = 0;
  MPI_Allreduce(&failures, &all_failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("capi_mpi_test on %d ranks: %d failed check(s)\n", size, all_failures);
  MPI_Finalize();
  return all_failures == 0 ? 0 : 1;
}
