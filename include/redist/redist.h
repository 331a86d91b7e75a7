/* redist's C interface: ring instances, the ring planner, lower bounds and the exact validator
 * (docs/c_api.md). C11; no MPI here: the MPI executor is in <redist/redist_mpi.h>.
 *
 *   redist_ring* ring = NULL;
 *   redist_ring_plan* plan = NULL;
 *   int64_t loads[] = {7, 1, 3}, targets[] = {3, 4, 4}, succ[] = {1, 2, 1}, pred[] = {1};
 *   if (redist_ring_create(&ring, REDIST_BIDIRECTIONAL, 3, loads, targets, succ, 3, pred, 1, 0) ||
 *       redist_plan_ring(ring, NULL, &plan)) {
 *     fprintf(stderr, "%s\n", redist_last_error());   // the same line `redist plan` prints
 *     ...
 *   }
 *   printf("makespan %g (bound %g)\n", redist_ring_plan_makespan(plan),
 *          redist_ring_plan_lower_bound(plan));
 *   redist_ring_plan_write(plan, "ring.schedule.json");  // byte for byte what `redist plan -o` writes
 *   redist_ring_plan_free(plan);
 *   redist_ring_free(ring);
 *
 * Conventions. Every function that can fail returns a redist_status (REDIST_OK, 0, on success) and
 * records the error's one-line message, readable with redist_last_error() on the same thread until
 * the next failing call; no C++ exception ever leaves the library, and nothing is printed. Handles
 * are opaque; each *_create / *_read / plan call gives one that the matching *_free releases
 * (freeing NULL does nothing). Strings returned by accessors belong to the handle; texts returned
 * through a `char**` are allocated by the library and released with redist_free. Accessors of a
 * NULL handle return 0 (or "" for strings) and record REDIST_ERROR_USAGE. Handles are not
 * thread-safe: use one from one thread at a time (different handles from different threads are
 * fine). Times are exact inside (integer ticks of 10^-decimals time units, as in the JSON files);
 * the double accessors round them for display, the *_text accessors give the exact decimals. */
#ifndef REDIST_REDIST_H
#define REDIST_REDIST_H

#include <stddef.h>
#include <stdint.h>

/* The C names (lower case, REDIST_ constants) are not the C++ code's: clang-tidy's naming rules
 * stop here. NOLINTBEGIN(readability-identifier-naming) */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors ------------------------------------------------------------------------------------ */

typedef enum redist_status {
  REDIST_OK = 0,
  REDIST_ERROR_INPUT = 1,     /* bad input: an instance, schedule or option (InputError) */
  REDIST_ERROR_AGREEMENT = 2, /* MPI: a collective call refused on every rank before data moved */
  REDIST_ERROR_CALL = 3,      /* MPI: an agreed call failed on some rank while it ran (CallError) */
  REDIST_ERROR_TIMEOUT = 4,   /* MPI: a rank did not arrive or stopped answering (TimeoutError) */
  REDIST_ERROR_MPI = 5,       /* MPI: an MPI call itself failed (MpiError) */
  REDIST_ERROR_USAGE = 6,     /* a NULL handle or pointer, a negative size, a request waited twice */
  REDIST_ERROR_NO_MEMORY = 7, /* an allocation failed */
  REDIST_ERROR_INTERNAL = 8   /* one of redist's own checks failed (please report it) */
} redist_status;

/* The message of this thread's last failed call: the one line the C++ exception carries (for an
 * input error "<file>: <field>[index]: reason", for a refused MPI call "redistribute: rank 1:
 * share: ..."), or "" when no call failed since redist_clear_error. */
const char* redist_last_error(void);
/* Its status (REDIST_OK when none). */
redist_status redist_last_status(void);
/* MPI errors: the rank where the failure happened (-1 when no single rank is known). */
int redist_last_error_rank(void);
/* REDIST_ERROR_TIMEOUT: the ranks known not to have arrived; writes at most `capacity` of them to
 * `ranks` (may be NULL) and returns how many there are. */
int redist_last_error_missing(int* ranks, int capacity);
void redist_clear_error(void);
/* "ok", "input", "agreement", "call", "timeout", "mpi", "usage", "no memory", "internal". */
const char* redist_status_name(redist_status status);
/* "0.1.0": the library's version (the same as `redist --version`). */
const char* redist_version(void);
/* Releases a text the library returned through a `char**` (NULL does nothing). */
void redist_free(void* text);

/* ---- Ring instances (docs/design.md section 1) ------------------------------------------------ */

typedef enum redist_ring_kind { REDIST_UNIDIRECTIONAL = 0, REDIST_BIDIRECTIONAL = 1 } redist_ring_kind;

typedef struct redist_ring redist_ring;

/* A ring of n processors: loads[i] items now on P_i, targets[i] after (the sums must agree).
 * succ_cost: the time of one item over P_i -> P_{i+1}, either one value for every link
 * (succ_cost_count 1) or n values; pred_cost likewise for P_i -> P_{i-1}, only on a bidirectional
 * ring (on a unidirectional one pass NULL and 0). Costs are integers in units of 10^-cost_decimals
 * (cost_decimals 0..18): {15, 2} with cost_decimals 1 is the JSON file's [1.5, 0.2]. The instance is
 * the one the JSON reader builds from those numbers; errors name the field and index as the reader
 * does, with "ring" as the file ("ring: loads[3]: must be >= 0, got -1"). */
redist_status redist_ring_create(redist_ring** ring, redist_ring_kind kind, size_t n,
                                 const int64_t* loads, const int64_t* targets,
                                 const int64_t* succ_cost, size_t succ_cost_count,
                                 const int64_t* pred_cost, size_t pred_cost_count,
                                 int cost_decimals);
/* A ring instance from its JSON text (docs/design.md section 4); `source` names it in errors (NULL:
 * "ring"). */
redist_status redist_ring_from_json(redist_ring** ring, const char* text, const char* source);
/* A ring instance file, read as `redist plan` reads it ("-" is standard input). */
redist_status redist_ring_read(redist_ring** ring, const char* path);
void redist_ring_free(redist_ring* ring);

size_t redist_ring_size(const redist_ring* ring);
redist_ring_kind redist_ring_get_kind(const redist_ring* ring);
/* Decimals of the costs' unit: the finest of the costs as given, trailing zeros dropped (JSON
 * [1.5, 2] and arrays {15, 20} at 1 decimal both give 1). */
int redist_ring_cost_decimals(const redist_ring* ring);
/* Copies n values into each non-NULL array (pred_cost: n values on a bidirectional ring, nothing on
 * a unidirectional one); costs in units of 10^-redist_ring_cost_decimals. */
redist_status redist_ring_arrays(const redist_ring* ring, int64_t* loads, int64_t* targets,
                                 int64_t* succ_cost, int64_t* pred_cost);
/* The instance as JSON text (what `redist gen ring` writes); release with redist_free. */
redist_status redist_ring_json(const redist_ring* ring, char** text);

/* ---- Schedules --------------------------------------------------------------------------------- */

typedef struct redist_schedule redist_schedule;

/* Which of P_from's links a transfer uses: needed only on a bidirectional ring of two processors,
 * where P_0 and P_1 are joined by two links each way. */
enum { REDIST_LINK_NONE = -1, REDIST_LINK_SUCC = 0, REDIST_LINK_PRED = 1 };

/* A schedule of `count` transfers: transfer k sends items[k] items from P_from[k] to its neighbour
 * P_to[k], starting at start[k], one item every spacing[k] (0: back to back, one item every link
 * cost). Times are integers in units of 10^-time_decimals. spacing and link may be NULL (all back
 * to back; no link named). Checked as the JSON reader checks a schedule for `ring`. */
redist_status redist_schedule_create(redist_schedule** schedule, const redist_ring* ring,
                                     size_t count, const int32_t* from, const int32_t* to,
                                     const int64_t* items, const int64_t* start,
                                     const int64_t* spacing, const int8_t* link,
                                     int time_decimals);
redist_status redist_schedule_from_json(redist_schedule** schedule, const redist_ring* ring,
                                        const char* text, const char* source);
/* A schedule file, read as `redist check` reads it. */
redist_status redist_schedule_read(redist_schedule** schedule, const redist_ring* ring,
                                   const char* path);
void redist_schedule_free(redist_schedule* schedule);

size_t redist_schedule_count(const redist_schedule* schedule);
int redist_schedule_time_decimals(const redist_schedule* schedule);
/* Copies the transfers into each non-NULL array (count values each); start and spacing in time
 * units (rounded to double; spacing 0 means back to back); link as REDIST_LINK_*. */
redist_status redist_schedule_transfers(const redist_schedule* schedule, int32_t* from, int32_t* to,
                                        int64_t* items, double* start, double* spacing,
                                        int8_t* link);
/* Start and spacing exactly, in units of 10^-redist_schedule_time_decimals (REDIST_ERROR_INPUT when
 * one does not fit 64 bits). */
redist_status redist_schedule_ticks(const redist_schedule* schedule, int64_t* start,
                                    int64_t* spacing);

/* ---- Lower bounds (document 000, docs/errata.md items 2-3) --------------------------------------- */

typedef struct redist_bounds redist_bounds;

/* Every lower bound that applies to the ring (what `redist bounds` prints). */
redist_status redist_ring_bounds(const redist_ring* ring, redist_bounds** bounds);
void redist_bounds_free(redist_bounds* bounds);
/* The largest of them. */
double redist_bounds_lower_bound(const redist_bounds* bounds);
const char* redist_bounds_lower_bound_text(const redist_bounds* bounds);
size_t redist_bounds_count(const redist_bounds* bounds);
/* Term i (i < count): "lemma1", "lemma5", "lemma6", "lemma12", "system6_integer", "forwarding"; where
 * it comes from; its value. NULL / NaN and REDIST_ERROR_USAGE when i is out of range. */
const char* redist_bounds_name(const redist_bounds* bounds, size_t i);
const char* redist_bounds_source(const redist_bounds* bounds, size_t i);
double redist_bounds_value(const redist_bounds* bounds, size_t i);
/* What `redist bounds --json` prints. */
redist_status redist_bounds_json(const redist_bounds* bounds, char** text);

/* ---- The ring planner (`redist plan`) ---------------------------------------------------------- */

typedef struct redist_ring_plan_options {
  int back_to_back; /* nonzero: no spaced transfers (relays forward in batches; may cost optimality) */
  int effort;       /* heterogeneous bidirectional search effort, 0..1000 (default 1) */
} redist_ring_plan_options;
void redist_ring_plan_options_init(redist_ring_plan_options* options);

typedef enum redist_plan_status { REDIST_PLAN_OPTIMAL = 0, REDIST_PLAN_FEASIBLE = 1 } redist_plan_status;

typedef struct redist_ring_plan redist_ring_plan;

/* The best plan redist finds for the ring, checked by the exact validator before it is returned
 * (options NULL: the defaults). The same plan as `redist plan` on the same instance. */
redist_status redist_plan_ring(const redist_ring* ring, const redist_ring_plan_options* options,
                               redist_ring_plan** plan);
/* `redist plan FILE` itself: the file read within the memory available, refused before the work
 * when planning would not fit, errors naming the file. `ring` (may be NULL) receives the instance. */
redist_status redist_plan_ring_file(const char* path, const redist_ring_plan_options* options,
                                    redist_ring** ring, redist_ring_plan** plan);
void redist_ring_plan_free(redist_ring_plan* plan);

double redist_ring_plan_makespan(const redist_ring_plan* plan);
double redist_ring_plan_lower_bound(const redist_ring_plan* plan);
const char* redist_ring_plan_makespan_text(const redist_ring_plan* plan);
const char* redist_ring_plan_lower_bound_text(const redist_ring_plan* plan);
/* (makespan - bound) / bound: 0 for a plan proved optimal by its bound; 0 when both are 0, and NaN
 * when only the bound is. */
double redist_ring_plan_gap(const redist_ring_plan* plan);
redist_plan_status redist_ring_plan_status(const redist_ring_plan* plan);
int64_t redist_ring_plan_flow_shift(const redist_ring_plan* plan);
const char* redist_ring_plan_framework(const redist_ring_plan* plan);
const char* redist_ring_plan_method(const redist_ring_plan* plan);
/* The plan's schedule and bounds, owned by the plan (valid until it is freed). */
const redist_schedule* redist_ring_plan_schedule(const redist_ring_plan* plan);
const redist_bounds* redist_ring_plan_bounds(const redist_ring_plan* plan);
/* The schedule document `redist plan -o` writes, byte for byte: as text (its length, without the
 * terminating NUL, in *length when length is not NULL), or written to `path` (through a temporary
 * renamed into place, as the command does). */
redist_status redist_ring_plan_json(const redist_ring_plan* plan, char** text, size_t* length);
redist_status redist_ring_plan_write(const redist_ring_plan* plan, const char* path);

/* ---- The exact validator (`redist check`) ------------------------------------------------------ */

typedef struct redist_validation redist_validation;

/* Validates the schedule against the ring exactly (one-port model, docs/design.md section 6). An
 * invalid schedule is a result (redist_validation_valid 0), not an error. */
redist_status redist_check(const redist_ring* ring, const redist_schedule* schedule,
                           redist_validation** validation);
void redist_validation_free(redist_validation* validation);
int redist_validation_valid(const redist_validation* validation);
double redist_validation_makespan(const redist_validation* validation); /* valid schedules */
const char* redist_validation_makespan_text(const redist_validation* validation);
/* The earliest violation of an invalid schedule: its rule ("neighbour", "spacing", "one-port",
 * "holdings", "final-load"), time, processor and message ("" / 0 on a valid one). */
const char* redist_validation_rule(const redist_validation* validation);
double redist_validation_time(const redist_validation* validation);
int64_t redist_validation_processor(const redist_validation* validation);
const char* redist_validation_message(const redist_validation* validation);
/* What `redist check --json` prints. */
redist_status redist_validation_json(const redist_validation* validation, char** text);

#ifdef __cplusplus
}
#endif

/* NOLINTEND(readability-identifier-naming) */

#endif /* REDIST_REDIST_H */
