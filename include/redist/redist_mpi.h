/* redist's MPI executor from C (docs/c_api.md "The MPI executor"; the C++ API it wraps:
 * docs/api.md). Ranks hold contiguous pieces of one global ordered sequence of items (rank 0 the
 * first ones, then rank 1, ...); a plan is an agreed change of that layout, made once (one small
 * all-gather) and executed on any arrays laid out that way, as often as needed.
 *
 *   redist_context* ctx = NULL;
 *   redist_plan* plan = NULL;
 *   redist_share share = redist_share_weight(my_speed);
 *   redist_context_create(MPI_COMM_WORLD, &ctx);                       // collective
 *   if (redist_plan_make(ctx, my_count, &share, NULL, sizeof(double), REDIST_UNKNOWN_FIRST, &plan))
 *     fprintf(stderr, "%s\n", redist_last_error());                    // every rank gets it
 *   double* x_new = malloc(redist_plan_new_count(plan) * sizeof(double));
 *   redist_field f = {x, my_count, x_new, redist_plan_new_count(plan), sizeof(double)};
 *   redist_plan_execute(plan, &f, 1, NULL);                            // collective
 *   ...
 *   redist_plan_free(plan);
 *   redist_context_free(ctx);                                          // before MPI_Finalize
 *
 * Every collective call either succeeds on every rank or fails on every rank taking part with the
 * same status and message (redist_last_error: the C++ exception's text, naming the rank at fault),
 * and the caller's data is then as it was (an output may have been written, an input has not). The
 * library never aborts, exits or calls MPI_Abort. Conventions as in <redist/redist.h>. */
#ifndef REDIST_REDIST_MPI_H
#define REDIST_REDIST_MPI_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "redist/redist.h"

/* The C names (lower case, REDIST_ constants) are not the C++ code's: clang-tidy's naming rules
 * stop here. NOLINTBEGIN(readability-identifier-naming) */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Context ----------------------------------------------------------------------------------- */

typedef struct redist_context redist_context;

/* Collective over `comm` (MPI initialised; not MPI_COMM_NULL: that rank gets REDIST_ERROR_INPUT and
 * takes no part). Holds a duplicate of the communicator, a buffer pool and the network model. */
redist_status redist_context_create(MPI_Comm comm, redist_context** ctx);
/* The same from a Fortran handle (MPI_Comm_f2c), e.g. `comm%MPI_VAL` of mpi_f08 or mpi4py's
 * `comm.py2f()`. */
redist_status redist_context_create_f(MPI_Fint comm, redist_context** ctx);
/* Destroy before MPI_Finalize, after every plan and request made on it. */
void redist_context_free(redist_context* ctx);
int redist_context_rank(const redist_context* ctx);
int redist_context_size(const redist_context* ctx);
/* The network model plans are made for (docs/api.md section 7): flat (the default: every pair of
 * ranks one hop apart) with one latency and inverse bandwidth; or a ring whose links' models are
 * given (n values each, n the context's size: succ[i] for P_i -> P_{i+1}, pred[i] for
 * P_i -> P_{i-1}), or measured collectively by the probe. */
redist_status redist_context_set_flat_network(redist_context* ctx, double latency_s,
                                              double seconds_per_byte);
redist_status redist_context_set_ring_links(redist_context* ctx, const double* succ_latency_s,
                                            const double* succ_seconds_per_byte,
                                            const double* pred_latency_s,
                                            const double* pred_seconds_per_byte);
redist_status redist_context_probe_ring_links(redist_context* ctx);

/* ---- What a rank asks for ------------------------------------------------------------------------ */

typedef enum redist_share_kind {
  REDIST_SHARE_COUNT = 0,  /* exactly `count` items; the counts must add up to the items held */
  REDIST_SHARE_COUNTS = 1, /* every rank passes every rank's new count (counts[r] for rank r) */
  REDIST_SHARE_WEIGHT = 2  /* counts proportional to the ranks' weights (0: no item) */
} redist_share_kind;

typedef struct redist_share {
  int32_t kind; /* redist_share_kind; every rank passes the same kind */
  int32_t reserved;
  int64_t count;
  double weight;
  const int64_t* counts; /* REDIST_SHARE_COUNTS: counts_size values (read by redist_plan_make) */
  int64_t counts_size;
} redist_share;

redist_share redist_share_count(int64_t count);
redist_share redist_share_counts(const int64_t* counts, int64_t counts_size);
redist_share redist_share_weight(double weight);

/* ---- Options ------------------------------------------------------------------------------------- */

typedef enum redist_transport {
  REDIST_TRANSPORT_AUTOMATIC = 0, /* chosen from the context's network model */
  REDIST_TRANSPORT_DIRECT = 1,    /* point-to-point messages straight to the new owners */
  REDIST_TRANSPORT_ALLTOALLV = 2, /* one MPI_Alltoallv (never in place) */
  REDIST_TRANSPORT_RING = 3,      /* neighbour messages following a ring plan, relays forwarding */
  REDIST_TRANSPORT_NONE = 4       /* in a report: nothing had to move */
} redist_transport;

/* Called on this rank after each batch of completed messages and once at the end; a nonzero return
 * fails the call on every rank (REDIST_ERROR_CALL naming this rank). */
typedef int (*redist_progress_fn)(int64_t bytes_done, int64_t bytes_total, int64_t messages_done,
                                  int64_t messages_total, void* user_data);

/* Every rank passes the same options (the agreement names a rank that differs), except window and
 * plan_order, which only shape how this rank posts its messages (docs/api.md). */
typedef struct redist_plan_options {
  int32_t wrap;      /* 0: keep the global order (default); 1: it may be rotated (periodic data) */
  int32_t transport; /* redist_transport */
  int32_t ring_kind; /* redist_ring_kind of a ring network's links (default bidirectional) */
  int32_t window;    /* ring transport: messages in flight per link and direction (default 4) */
  int32_t plan_order; /* ring transport: this rank's sends on both links in one queue */
  int32_t verify;     /* compare every rank's whole plan before data moves */
  int64_t chunk_bytes;         /* ring transport: bytes per message (0: from the link models) */
  int64_t max_chunk_bytes;     /* default 8 MiB */
  int64_t max_message_bytes;   /* larger messages go as several MPI messages (default 1 GiB) */
  int64_t max_items_per_round; /* alltoallv transport: items per pair and round */
  double timeout_seconds;      /* > 0: a rank waits at most this for a peer (REDIST_ERROR_TIMEOUT) */
  redist_progress_fn progress; /* NULL: none */
  void* progress_user_data;
} redist_plan_options;

/* The defaults (those of a NULL options pointer). */
void redist_plan_options_init(redist_plan_options* options);

/* ---- Plans ------------------------------------------------------------------------------------- */

typedef struct redist_plan redist_plan;

/* `first` of redist_plan_make when the ranks' items follow rank order from item 0. */
#define REDIST_UNKNOWN_FIRST (-1)

/* Collective. This rank holds `count` items now and asks for `share`. item_bytes (0 or the size of
 * an item) tunes the ring transport's messages; `first` is the global index of this rank's first
 * item, or REDIST_UNKNOWN_FIRST on every rank. options NULL: the defaults. */
redist_status redist_plan_make(redist_context* ctx, int64_t count, const redist_share* share,
                               const redist_plan_options* options, int64_t item_bytes,
                               int64_t first, redist_plan** plan);
/* The change back from the new layout to the old one (local: no communication). */
redist_status redist_plan_reversed(const redist_plan* plan, redist_plan** reversed);
/* Local. Free a plan after the requests started from it ended, before its context. */
void redist_plan_free(redist_plan* plan);

int64_t redist_plan_total(const redist_plan* plan);     /* items over all ranks */
int64_t redist_plan_old_count(const redist_plan* plan); /* this rank's */
int64_t redist_plan_new_count(const redist_plan* plan);
int64_t redist_plan_old_first(const redist_plan* plan); /* global index of its first item */
int64_t redist_plan_new_first(const redist_plan* plan);
/* In place: free items needed before and after this rank's old items, and where the new items
 * start relative to the old first one (negative: before it). */
int64_t redist_plan_room_before(const redist_plan* plan);
int64_t redist_plan_room_after(const redist_plan* plan);
int64_t redist_plan_new_offset_shift(const redist_plan* plan);
redist_transport redist_plan_transport(const redist_plan* plan);
const char* redist_plan_transport_reason(const redist_plan* plan);
double redist_plan_predicted_seconds(const redist_plan* plan);
double redist_plan_agreement_seconds(const redist_plan* plan);
/* Every rank's old and new counts (the context's size values into each non-NULL array). */
redist_status redist_plan_counts(const redist_plan* plan, int64_t* old_counts, int64_t* new_counts);

/* ---- Executing a plan -------------------------------------------------------------------------- */

/* One array moved by an execution: this rank's old items at `input` (input_items of them, the plan's
 * old count) and room for its new ones at `output` (output_items >= the plan's new count). */
typedef struct redist_field {
  const void* input;
  int64_t input_items;
  void* output;
  int64_t output_items;
  int64_t item_bytes;
} redist_field;

/* A field executed in place: `storage` (storage_items items of item_bytes) holds this rank's old
 * items from index `offset` on; the new items end up from offset + redist_plan_new_offset_shift on.
 * Only the items that move are copied. Too little room makes the execution fail on every rank. */
redist_field redist_plan_in_place(const redist_plan* plan, void* storage, int64_t storage_items,
                                  int64_t offset, int64_t item_bytes);

/* What an execution reports on this rank (docs/api.md "The report"). */
typedef struct redist_report {
  int64_t total_items;
  int64_t new_count; /* items this rank holds now */
  int64_t new_first; /* global index of its first item (mod total when rotated) */
  int32_t transport; /* redist_transport */
  int32_t reserved;
  int64_t chunk_items;      /* ring transport: items per message */
  double predicted_seconds; /* under the context's network model */
  double agreement_seconds; /* making the plan (one call); 0 when a plan is reused */
  double transfer_seconds;  /* first message posted to the end of the call (or of the wait) */
  int64_t bytes_sent;       /* bytes exchanged with other ranks (a relayed item on every hop) */
  int64_t bytes_received;
  int64_t bytes_copied; /* kept items copied locally (0 in place) */
  int64_t messages_sent;
  int64_t mpi_messages;
  int64_t staging_peak_bytes;
} redist_report;

/* "direct", "alltoallv", "ring", "none", "automatic". */
const char* redist_transport_name(redist_transport transport);

/* Collective. Moves every field's items to the new layout (blocking); nfields >= 1 fields of the
 * same layout travel together. report may be NULL. */
redist_status redist_plan_execute(const redist_plan* plan, const redist_field* fields, int nfields,
                                  redist_report* report);
/* Collective. Takes part in an execution this rank cannot do (it could not allocate its output,
 * say): the call fails on every rank with "<call>: rank R: <reason>", nothing moved. Pass the same
 * fields the others pass (an output may be NULL). Returns REDIST_ERROR_CALL. */
redist_status redist_plan_execute_failing(const redist_plan* plan, const redist_field* fields,
                                          int nfields, const char* reason);

/* ---- Split phase ------------------------------------------------------------------------------- */

typedef struct redist_request redist_request;

/* Collective. Checks the fields and posts the messages; the transfer progresses in test and wait.
 * Until the wait, the inputs must not change and the outputs not be read. */
redist_status redist_plan_start(const redist_plan* plan, const redist_field* fields, int nfields,
                                redist_request** request);
/* Progress without blocking; *done becomes 1 once this rank's part is complete. A failed call
 * returns its error here or from the wait. */
redist_status redist_request_test(redist_request* request, int* done);
/* Completes the transfer, fills the report (may be NULL), frees the request and sets *request to
 * NULL (also on failure). */
redist_status redist_request_wait(redist_request** request, redist_report* report);
/* Frees an unfinished request after completing it as the wait would (its errors are then lost). */
void redist_request_free(redist_request* request);

/* ---- One call: make a plan and execute it -------------------------------------------------------- */

/* Collective. `input` holds this rank's input_items items of item_bytes; the new piece is written to
 * the start of `output` (room for output_capacity items; it must hold the new count; input and
 * output must not overlap). */
redist_status redist_redistribute(redist_context* ctx, int64_t item_bytes, const void* input,
                                  int64_t input_items, void* output, int64_t output_capacity,
                                  const redist_share* share, const redist_plan_options* options,
                                  redist_report* report);
/* The same with the new piece where the caller's allocator puts it: allocate(new_count, user_data)
 * is called on every rank once the new count is known and returns room for new_count items, or NULL
 * when it cannot, which fails the call on every rank ("redistribute: rank R: could not allocate
 * ..."; NULL for a count of 0 is no failure). The caller owns what it allocated, whatever the
 * status. This is how the Fortran module fills an allocatable array. */
typedef void* (*redist_allocate_fn)(int64_t new_count, void* user_data);
redist_status redist_redistribute_with(redist_context* ctx, int64_t item_bytes, const void* input,
                                       int64_t input_items, const redist_share* share,
                                       const redist_plan_options* options,
                                       redist_allocate_fn allocate, void* user_data,
                                       redist_report* report);
/* The same with the new piece in a new array: *output (malloc'd: release with free; NULL when the
 * new count is 0) holds *new_count items on success; on failure *output is NULL. */
redist_status redist_redistribute_alloc(redist_context* ctx, int64_t item_bytes, const void* input,
                                        int64_t input_items, const redist_share* share,
                                        const redist_plan_options* options, void** output,
                                        int64_t* new_count, redist_report* report);

#ifdef __cplusplus
}
#endif

/* NOLINTEND(readability-identifier-naming) */

#endif /* REDIST_REDIST_MPI_H */
