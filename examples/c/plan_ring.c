/* redist from C (docs/c_api.md): plan a heterogeneous bidirectional ring given as arrays, print the
 * plan, check it with the exact validator, write the schedule as `redist plan -o` would, and show a
 * refused instance's message. Exit status 0 when everything checked out.
 *
 *   cc -std=c11 plan_ring.c $(pkg-config --cflags --libs redist-c) -o plan_ring && ./plan_ring */
#include <stdio.h>
#include <stdlib.h>

#include <redist/redist.h>

static int fail(const char* what) {
  fprintf(stderr, "plan_ring: %s: %s\n", what, redist_last_error());
  return 1;
}

int main(int argc, char** argv) {
  /* P0 holds 7 items and must keep 3; costs 1, 2, 1 towards the successor, 0.5 back. */
  const int64_t loads[] = {7, 1, 3}, targets[] = {3, 4, 4};
  const int64_t succ_cost[] = {10, 20, 10}, pred_cost[] = {5}; /* tenths: one decimal */
  redist_ring* ring = NULL;
  redist_ring_plan* plan = NULL;
  redist_validation* verdict = NULL;
  if (redist_ring_create(&ring, REDIST_BIDIRECTIONAL, 3, loads, targets, succ_cost, 3, pred_cost, 1,
                         1) != REDIST_OK)
    return fail("ring");
  if (redist_plan_ring(ring, NULL, &plan) != REDIST_OK) return fail("plan");
  printf("%s: makespan %s, lower bound %s, gap %.3f%%, %s\n", redist_ring_plan_framework(plan),
         redist_ring_plan_makespan_text(plan), redist_ring_plan_lower_bound_text(plan),
         100 * redist_ring_plan_gap(plan),
         redist_ring_plan_status(plan) == REDIST_PLAN_OPTIMAL ? "optimal" : "feasible");

  const redist_schedule* schedule = redist_ring_plan_schedule(plan);
  size_t count = redist_schedule_count(schedule);
  int32_t* from = malloc((count + 1) * sizeof *from);
  int32_t* to = malloc((count + 1) * sizeof *to);
  int64_t* items = malloc((count + 1) * sizeof *items);
  double* start = malloc((count + 1) * sizeof *start);
  if (redist_schedule_transfers(schedule, from, to, items, start, NULL, NULL) != REDIST_OK)
    return fail("transfers");
  for (size_t k = 0; k < count; ++k)
    printf("  t=%g  P%d -> P%d  %lld item(s)\n", start[k], (int)from[k], (int)to[k], (long long)items[k]);

  if (redist_check(ring, schedule, &verdict) != REDIST_OK) return fail("check");
  int valid = redist_validation_valid(verdict);
  printf("validator: %s, makespan %s\n", valid ? "valid" : "INVALID",
         redist_validation_makespan_text(verdict));
  if (argc > 1 && redist_ring_plan_write(plan, argv[1]) != REDIST_OK) return fail("write");

  /* A bad instance is refused with the line `redist plan` would print. */
  const int64_t bad_targets[] = {3, 4, 5};
  redist_ring* bad = NULL;
  int refused = redist_ring_create(&bad, REDIST_BIDIRECTIONAL, 3, loads, bad_targets, succ_cost, 3,
                                   pred_cost, 1, 1) == REDIST_ERROR_INPUT;
  printf("refused as expected: %s\n", redist_last_error());

  free(from);
  free(to);
  free(items);
  free(start);
  redist_validation_free(verdict);
  redist_ring_plan_free(plan);
  redist_ring_free(ring);
  return valid && refused && count > 0 ? 0 : 1;
}
