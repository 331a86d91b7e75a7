/* The C interface's planning half against the `redist` command (tests/capi/capi_plan_test.sh) and
 * against itself. Compiled as C11 with -Wall -Wextra -Wpedantic -Werror.
 *
 *   capi_plan_test OUT FILE...   for each ring instance FILE, writes under OUT/<k>.*:
 *     schedule.json  redist_ring_plan_write of the file's plan (what `redist plan FILE -o` writes)
 *     bounds.json    redist_bounds_json (what `redist bounds FILE --json` prints)
 *     check.json     redist_validation_json of that schedule read back (`redist check --json`)
 *     error.txt      instead, when the file is refused: "redist: " + redist_last_error() (the
 *                    line `redist plan FILE` prints)
 *   and checks in C, for every valid file: the instance rebuilt from its arrays plans to the same
 *   JSON text; the plan's schedule rebuilt from arrays validates with the plan's makespan; the
 *   accessors agree with the text.
 *   capi_plan_test --self     the checks that need no file (errors from arrays, NULL handles).
 * Exit status 0 when every check passed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "redist/redist.h"

static int failures = 0;

#define CHECK(cond)                                                         \
  do {                                                                      \
    if (!(cond)) {                                                          \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                           \
    }                                                                       \
  } while (0)

/* The last error is exactly `want`. */
#define CHECK_ERROR(want)                                                                  \
  do {                                                                                     \
    if (strcmp(redist_last_error(), want) != 0) {                                          \
      fprintf(stderr, "%s:%d: last error \"%s\", expected \"%s\"\n", __FILE__, __LINE__, \
              redist_last_error(), want);                                                  \
      ++failures;                                                                          \
    }                                                                                      \
  } while (0)

static void write_text(const char* path, const char* text) {
  FILE* f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "cannot write %s\n", path);
    exit(2);
  }
  fputs(text, f);
  fclose(f);
}

static char* read_text(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)size + 1);
  size_t got = fread(text, 1, (size_t)size, f);
  text[got] = '\0';
  fclose(f);
  return text;
}

/* The instance rebuilt from its arrays plans to the same document as the file's instance. */
static void check_arrays_plan_the_same(const redist_ring* ring, const char* expected_json) {
  size_t n = redist_ring_size(ring);
  int bi = redist_ring_get_kind(ring) == REDIST_BIDIRECTIONAL;
  int64_t* loads = malloc(n * sizeof *loads);
  int64_t* targets = malloc(n * sizeof *targets);
  int64_t* succ = malloc(n * sizeof *succ);
  int64_t* pred = malloc(n * sizeof *pred);
  CHECK(redist_ring_arrays(ring, loads, targets, succ, pred) == REDIST_OK);
  redist_ring* copy = NULL;
  redist_ring_plan* plan = NULL;
  CHECK(redist_ring_create(&copy, bi ? REDIST_BIDIRECTIONAL : REDIST_UNIDIRECTIONAL, n, loads,
                           targets, succ, n, bi ? pred : NULL, bi ? n : 0,
                           redist_ring_cost_decimals(ring)) == REDIST_OK);
  CHECK(redist_plan_ring(copy, NULL, &plan) == REDIST_OK);
  char* json = NULL;
  size_t length = 0;
  CHECK(redist_ring_plan_json(plan, &json, &length) == REDIST_OK);
  CHECK(json != NULL && strcmp(json, expected_json) == 0 && strlen(json) == length);
  redist_free(json);
  redist_ring_plan_free(plan);
  redist_ring_free(copy);
  free(loads);
  free(targets);
  free(succ);
  free(pred);
}

/* The plan's schedule rebuilt from its arrays (exact ticks) is valid with the plan's makespan. */
static void check_schedule_arrays(const redist_ring* ring, const redist_ring_plan* plan) {
  const redist_schedule* s = redist_ring_plan_schedule(plan);
  size_t count = redist_schedule_count(s);
  size_t room = count > 0 ? count : 1;
  int32_t* from = malloc(room * sizeof *from);
  int32_t* to = malloc(room * sizeof *to);
  int64_t* items = malloc(room * sizeof *items);
  int64_t* start = malloc(room * sizeof *start);
  int64_t* spacing = malloc(room * sizeof *spacing);
  int8_t* link = malloc(room);
  double* start_time = malloc(room * sizeof *start_time);
  CHECK(redist_schedule_transfers(s, from, to, items, start_time, NULL, link) == REDIST_OK);
  CHECK(redist_schedule_ticks(s, start, spacing) == REDIST_OK);
  redist_schedule* copy = NULL;
  redist_validation* v = NULL;
  CHECK(redist_schedule_create(&copy, ring, count, from, to, items, start, spacing, link,
                               redist_schedule_time_decimals(s)) == REDIST_OK);
  CHECK(redist_check(ring, copy, &v) == REDIST_OK);
  CHECK(redist_validation_valid(v) == 1);
  CHECK(strcmp(redist_validation_makespan_text(v), redist_ring_plan_makespan_text(plan)) == 0);
  CHECK(fabs(redist_validation_makespan(v) - redist_ring_plan_makespan(plan)) <=
        1e-12 * (1 + redist_ring_plan_makespan(plan)));
  if (count > 0) { /* one item less on the first transfer breaks the final loads */
    redist_schedule* broken = NULL;
    redist_validation* bad = NULL;
    items[0] -= 1;
    if (items[0] >= 1) {
      CHECK(redist_schedule_create(&broken, ring, count, from, to, items, start, spacing, link,
                                   redist_schedule_time_decimals(s)) == REDIST_OK);
      CHECK(redist_check(ring, broken, &bad) == REDIST_OK);
      CHECK(redist_validation_valid(bad) == 0);
      CHECK(strlen(redist_validation_rule(bad)) > 0 && strlen(redist_validation_message(bad)) > 0);
    }
    redist_validation_free(bad);
    redist_schedule_free(broken);
  }
  redist_validation_free(v);
  redist_schedule_free(copy);
  free(from);
  free(to);
  free(items);
  free(start);
  free(spacing);
  free(link);
  free(start_time);
}

static void one_file(const char* out, int k, const char* file) {
  char path[4096];
  redist_ring* ring = NULL;
  redist_ring_plan* plan = NULL;
  if (redist_plan_ring_file(file, NULL, &ring, &plan) != REDIST_OK) {
    CHECK(redist_last_status() == REDIST_ERROR_INPUT);
    CHECK(ring == NULL && plan == NULL);
    char* line = malloc(strlen(redist_last_error()) + 16);
    sprintf(line, "redist: %s\n", redist_last_error());
    snprintf(path, sizeof path, "%s/%d.error.txt", out, k);
    write_text(path, line);
    free(line);
    return;
  }
  snprintf(path, sizeof path, "%s/%d.schedule.json", out, k);
  CHECK(redist_ring_plan_write(plan, path) == REDIST_OK);
  char* json = NULL;
  CHECK(redist_ring_plan_json(plan, &json, NULL) == REDIST_OK);
  char* written = read_text(path);
  CHECK(written != NULL && json != NULL && strcmp(written, json) == 0);
  free(written);
  /* The accessors against the document. */
  char key[256];
  snprintf(key, sizeof key, "\"makespan\": %s,", redist_ring_plan_makespan_text(plan));
  CHECK(strstr(json, key) != NULL);
  snprintf(key, sizeof key, "\"status\": \"%s\",",
           redist_ring_plan_status(plan) == REDIST_PLAN_OPTIMAL ? "optimal" : "feasible");
  CHECK(strstr(json, key) != NULL);
  snprintf(key, sizeof key, "\"framework\": \"%s\",", redist_ring_plan_framework(plan));
  CHECK(strstr(json, key) != NULL);
  CHECK(redist_ring_plan_status(plan) != REDIST_PLAN_OPTIMAL || redist_ring_plan_gap(plan) == 0.0);
  CHECK(redist_ring_plan_makespan(plan) >= redist_ring_plan_lower_bound(plan));
  check_arrays_plan_the_same(ring, json);
  check_schedule_arrays(ring, plan);
  redist_free(json);

  redist_bounds* bounds = NULL;
  char* text = NULL;
  CHECK(redist_ring_bounds(ring, &bounds) == REDIST_OK);
  CHECK(redist_bounds_json(bounds, &text) == REDIST_OK);
  snprintf(path, sizeof path, "%s/%d.bounds.json", out, k);
  write_text(path, text);
  redist_free(text);
  CHECK(strcmp(redist_bounds_lower_bound_text(bounds),
               redist_bounds_lower_bound_text(redist_ring_plan_bounds(plan))) == 0);
  for (size_t i = 0; i < redist_bounds_count(bounds); ++i)
    CHECK(redist_bounds_value(bounds, i) <= redist_bounds_lower_bound(bounds));
  redist_bounds_free(bounds);

  redist_schedule* schedule = NULL;
  redist_validation* v = NULL;
  snprintf(path, sizeof path, "%s/%d.schedule.json", out, k);
  CHECK(redist_schedule_read(&schedule, ring, path) == REDIST_OK);
  CHECK(redist_check(ring, schedule, &v) == REDIST_OK);
  CHECK(redist_validation_json(v, &text) == REDIST_OK);
  snprintf(path, sizeof path, "%s/%d.check.json", out, k);
  write_text(path, text);
  redist_free(text);
  redist_validation_free(v);
  redist_schedule_free(schedule);
  redist_ring_plan_free(plan);
  redist_ring_free(ring);
}

/* Errors from arrays name the field as the JSON reader does; NULL handles are usage errors. */
static void self_checks(void) {
  int64_t loads[] = {7, 1, 3}, targets[] = {3, 4, 4}, succ[] = {10, 20, 10}, pred[] = {10};
  int64_t negative[] = {7, -1, 3};
  redist_ring* ring = NULL;
  CHECK(redist_ring_create(&ring, REDIST_BIDIRECTIONAL, 3, negative, targets, succ, 3, pred, 1, 0) ==
        REDIST_ERROR_INPUT);
  CHECK(ring == NULL);
  CHECK_ERROR("ring: loads[1]: must be >= 0, got -1");
  CHECK(redist_ring_create(&ring, REDIST_BIDIRECTIONAL, 3, loads, targets, succ, 2, pred, 1, 0) ==
        REDIST_ERROR_INPUT);
  CHECK(strstr(redist_last_error(), "ring: succ_cost: has 2 entries") == redist_last_error());
  CHECK(redist_ring_create(&ring, REDIST_UNIDIRECTIONAL, 3, loads, targets, succ, 3, pred, 1, 0) ==
        REDIST_ERROR_INPUT);
  CHECK_ERROR("ring: pred_cost: is only allowed on a bidirectional ring (this ring is "
               "unidirectional)");
  /* 10, 20, 10 and 10 at one decimal are 1, 2, 1 and 1: the design example, decimals dropped. */
  CHECK(redist_ring_create(&ring, REDIST_BIDIRECTIONAL, 3, loads, targets, succ, 3, pred, 1, 1) ==
        REDIST_OK);
  CHECK(redist_ring_cost_decimals(ring) == 0);
  char* json = NULL;
  CHECK(redist_ring_json(ring, &json) == REDIST_OK);
  redist_ring* again = NULL;
  CHECK(redist_ring_from_json(&again, json, NULL) == REDIST_OK);
  redist_free(json);
  redist_ring_plan* plan = NULL;
  CHECK(redist_plan_ring(again, NULL, &plan) == REDIST_OK);
  CHECK(strcmp(redist_ring_plan_makespan_text(plan), "4") == 0);
  CHECK(redist_ring_plan_status(plan) == REDIST_PLAN_OPTIMAL);
  redist_ring_plan_options options;
  redist_ring_plan_options_init(&options);
  CHECK(options.effort == 1 && options.back_to_back == 0);
  options.effort = -1;
  redist_ring_plan* refused = NULL;
  CHECK(redist_plan_ring(again, &options, &refused) == REDIST_ERROR_INPUT && refused == NULL);
  CHECK_ERROR("redist_plan_ring: options.effort: must be in [0, 1000], got -1");
  /* A schedule from arrays is checked as a file is. */
  int32_t from[] = {0}, to[] = {2};
  int64_t items[] = {0}, start[] = {0};
  redist_schedule* schedule = NULL;
  CHECK(redist_schedule_create(&schedule, again, 1, from, to, items, start, NULL, NULL, 0) ==
        REDIST_ERROR_INPUT);
  CHECK_ERROR("schedule: transfers[0].items: must be in 1 .. 2^63-1, got 0");
  to[0] = 3;
  CHECK(redist_schedule_create(&schedule, again, 1, from, to, items, start, NULL, NULL, 0) ==
        REDIST_ERROR_INPUT);
  CHECK_ERROR("schedule: transfers[0].to: processor 3 is out of range 0..2");
  redist_ring_plan_free(plan);
  redist_ring_free(again);
  redist_ring_free(ring);
  /* NULL handles: usage errors, nothing crashes. */
  CHECK(redist_plan_ring(NULL, NULL, &plan) == REDIST_ERROR_USAGE && plan == NULL);
  CHECK_ERROR("redist_plan_ring: ring: a null pointer");
  CHECK(redist_ring_size(NULL) == 0 && redist_last_status() == REDIST_ERROR_USAGE);
  CHECK(strcmp(redist_ring_plan_framework(NULL), "") == 0);
  CHECK(redist_bounds_name(NULL, 0) == NULL);
  redist_ring_free(NULL);
  redist_clear_error();
  CHECK(redist_last_status() == REDIST_OK && strcmp(redist_last_error(), "") == 0);
  CHECK(strcmp(redist_status_name(REDIST_ERROR_AGREEMENT), "agreement") == 0);
  CHECK(strlen(redist_version()) > 0);
}

int main(int argc, char** argv) {
  if (argc >= 2 && strcmp(argv[1], "--self") == 0) {
    self_checks();
  } else if (argc >= 2) {
    for (int k = 2; k < argc; ++k) one_file(argv[1], k - 2, argv[k]);
  } else {
    fprintf(stderr, "usage: capi_plan_test --self | OUT FILE...\n");
    return 2;
  }
  if (failures > 0) fprintf(stderr, "%d check(s) failed\n", failures);
  return failures == 0 ? 0 : 1;
}
