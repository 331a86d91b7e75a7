/* redist's MPI executor from C (docs/c_api.md "The MPI executor"): particles spread unevenly over
 * the ranks are rebalanced to the ranks' weights in one call, then evenly with a plan made once and
 * executed on two arrays, back with the reversed plan in split phase; every rank checks every item
 * against its global index, and a refused call names the rank at fault on every rank.
 *
 *   mpicc -std=c11 redistribute.c $(pkg-config --cflags --libs redist-c-mpi) -o redistribute
 *   mpirun -np 4 ./redistribute */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <redist/redist_mpi.h>

typedef struct particle {
  double x, y, z;
  int64_t id; /* its global index */
} particle;

static int rank, size, failures;

static void expect(int ok, const char* what) {
  if (ok) return;
  ++failures;
  fprintf(stderr, "rank %d: FAILED: %s (%s)\n", rank, what, redist_last_error());
}

static int in_place(const particle* p, int64_t first, int64_t count) {
  for (int64_t k = 0; k < count; ++k)
    if (p[k].id != first + k || p[k].x != (double)(first + k)) return 0;
  return 1;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  redist_context* ctx = NULL;
  expect(redist_context_create(MPI_COMM_WORLD, &ctx) == REDIST_OK, "context");

  /* Rank r holds 2r + 1 particles, global indices r^2 .. r^2 + 2r (size^2 in all). */
  int64_t count = 2 * rank + 1, first = (int64_t)rank * rank, total = (int64_t)size * size;
  particle* mine = malloc((size_t)count * sizeof *mine);
  for (int64_t k = 0; k < count; ++k) mine[k] = (particle){(double)(first + k), 0, 0, first + k};

  /* One call: counts proportional to the weights (rank + 1), the new array allocated. */
  redist_share share = redist_share_weight(rank + 1.0);
  void* moved = NULL;
  int64_t moved_count = 0;
  redist_report report;
  expect(redist_redistribute_alloc(ctx, sizeof(particle), mine, count, &share, NULL, &moved,
                                   &moved_count, &report) == REDIST_OK, "redistribute by weight");
  expect(in_place(moved, report.new_first, moved_count), "every particle in place (weights)");
  if (rank == 0)
    printf("by weight: rank 0 holds %lld particles, sent %lld bytes (%s transport)\n",
           (long long)moved_count, (long long)report.bytes_sent,
           redist_transport_name((redist_transport)report.transport));
  free(moved);

  /* A plan made once, executed on two arrays (the particles and their masses) together. */
  int64_t even = total / size; /* = size */
  share = redist_share_count(even);
  redist_plan* plan = NULL;
  expect(redist_plan_make(ctx, count, &share, NULL, sizeof(particle), REDIST_UNKNOWN_FIRST, &plan) ==
             REDIST_OK, "plan");
  double* mass = malloc((size_t)count * sizeof *mass);
  for (int64_t k = 0; k < count; ++k) mass[k] = 2.0 * (double)(first + k);
  int64_t n = redist_plan_new_count(plan);
  particle* next = malloc((size_t)(n > 0 ? n : 1) * sizeof *next);
  double* next_mass = malloc((size_t)(n > 0 ? n : 1) * sizeof *next_mass);
  redist_field fields[2] = {{mine, count, next, n, sizeof(particle)},
                            {mass, count, next_mass, n, sizeof(double)}};
  expect(redist_plan_execute(plan, fields, 2, NULL) == REDIST_OK, "execute");
  expect(in_place(next, redist_plan_new_first(plan), n), "every particle in place (plan)");
  for (int64_t k = 0; k < n; ++k)
    expect(next_mass[k] == 2.0 * (double)(redist_plan_new_first(plan) + k), "every mass in place");

  /* Back with the reversed plan, in split phase. */
  redist_plan* back = NULL;
  expect(redist_plan_reversed(plan, &back) == REDIST_OK, "reversed");
  memset(mine, 0, (size_t)count * sizeof *mine);
  redist_field f = {next, n, mine, count, sizeof(particle)};
  redist_request* request = NULL;
  expect(redist_plan_start(back, &f, 1, &request) == REDIST_OK, "start");
  int done = 0;
  while (!done && redist_request_test(request, &done) == REDIST_OK) { /* compute here */
  }
  expect(redist_request_wait(&request, NULL) == REDIST_OK, "wait");
  expect(in_place(mine, first, count), "every particle back in place");

  /* Rank 1 asks for one particle too many: every rank gets the refusal naming rank 1. */
  if (size >= 2) {
    share = redist_share_count(even + (rank == 1));
    redist_status status = redist_redistribute_alloc(ctx, sizeof(particle), mine, count, &share,
                                                     NULL, &moved, &moved_count, NULL);
    expect(status == REDIST_ERROR_AGREEMENT && redist_last_error_rank() == 1, "the refusal");
    expect(in_place(mine, first, count), "the data intact after the refusal");
    if (rank == 0) printf("refused as expected: %s\n", redist_last_error());
  }

  redist_plan_free(back);
  redist_plan_free(plan);
  redist_context_free(ctx);
  free(mine);
  free(mass);
  free(next);
  free(next_mass);
  int all = 0;
  MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0 && all == 0) printf("redist from C on %d ranks: every item in place\n", size);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}
