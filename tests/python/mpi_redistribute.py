"""redist.mpi on any number of ranks (ctest python.mpi.np4: mpirun -np 4 python3 THIS), checked row
by row: every array holds rows of one global sequence whose `id` is their global index, so after a
call rank r must hold ids new_first, new_first + 1, ... in order, in the dtype and row shape it gave.
Structured and 2-D arrays; one call; a plan on several arrays, reversed, in place, split phase; the
bytes each rank sends compared with the layouts; a refusal raised on every rank with the same
message, naming the rank, the arrays intact. Exit status 0 when every check passed on every rank."""

import sys

import numpy as np
from mpi4py import MPI

import redist
from redist import mpi

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
failures = []

PARTICLE = np.dtype([("x", "f8", (3,)), ("id", "i8"), ("tag", "u1")])  # padded, structured


def check(ok, what):
    if not ok:
        failures.append(what)
        print(f"rank {rank}: FAIL: {what}", file=sys.stderr, flush=True)


def old_count(r):
    return 2 * r + 1


def old_first(r):
    return r * r


TOTAL = size * size


def particles(first, count):
    p = np.zeros(count, PARTICLE)
    p["id"] = np.arange(first, first + count)
    p["x"] = p["id"][:, None] * np.array([1.0, 0.5, -1.0])
    p["tag"] = p["id"] % 251
    return p


def rows(first, count, width=5):
    return np.arange(first, first + count, dtype=np.float64)[:, None] * 10 + np.arange(width)


def holds(array, first, count, what):
    expected = particles(first, count) if array.dtype == PARTICLE else rows(first, count)
    check(array.dtype == expected.dtype and array.shape == expected.shape,
          f"{what}: dtype/shape {array.dtype}/{array.shape}")
    check(array.shape == expected.shape and bool(np.all(array == expected)),
          f"{what}: rows out of place")


def sent_bytes(old_counts, new_counts, row_bytes):
    """Bytes this rank sends in a kept-order redistribution: its old rows outside its new range."""
    old_start, new_start = sum(old_counts[:rank]), sum(new_counts[:rank])
    old_end, new_end = old_start + old_counts[rank], new_start + new_counts[rank]
    kept = max(0, min(old_end, new_end) - max(old_start, new_start))
    return (old_counts[rank] - kept) * row_bytes


ctx = mpi.Context(comm)
check(ctx.rank == rank and ctx.size == size, "context rank/size")
mine = particles(old_first(rank), old_count(rank))
table = rows(old_first(rank), old_count(rank))

# One call, by weight: a structured array.
new, report = mpi.redistribute(ctx, mine, mpi.weight(rank + 1), report=True)
holds(new, report["new_first"], report["new_count"], "redistribute by weight")
counts = comm.allgather(report["new_count"])
check(sum(counts) == TOTAL and report["total_items"] == TOTAL, "weights: counts add up")
check(report["bytes_sent"] == sent_bytes([old_count(r) for r in range(size)], counts,
                                         PARTICLE.itemsize), "weights: bytes sent")
holds(mine, old_first(rank), old_count(rank), "the input after a call")

# A plan made once: two arrays of different dtypes and row shapes in one execution.
even = [TOTAL // size + (r == size - 1) * (TOTAL % size) for r in range(size)]
plan = mpi.Plan(ctx, len(mine), mpi.count(even[rank]))
check(plan.new_count == even[rank] and plan.old_count == old_count(rank), "plan counts")
check(list(plan.old_counts) == [old_count(r) for r in range(size)], "plan old_counts")
check(plan.new_first == sum(even[:rank]), "plan new_first")
(p_new, t_new), report = plan.execute(mine, table, report=True)
holds(p_new, plan.new_first, plan.new_count, "plan: particles")
holds(t_new, plan.new_first, plan.new_count, "plan: 2-D rows")
check(report["bytes_sent"] == sent_bytes([old_count(r) for r in range(size)], even,
                                         PARTICLE.itemsize + table[0].nbytes), "plan: bytes sent")
back = plan.reversed().execute(t_new)
holds(back, old_first(rank), old_count(rank), "reversed")
# Into an output given, and from a strided input (copied contiguous first).
out = np.full((plan.new_count + 3, 5), -1.0)
view = plan.execute(np.array(table[::1]), out=out)
check(view.base is out or view.base is out.base, "out=: a view of out")
holds(view, plan.new_first, plan.new_count, "plan: out=")
# Split phase.
request = plan.start(mine)
while not request.test():
    pass
holds(request.wait(), plan.new_first, plan.new_count, "split phase")
# In place: room before and after the old rows.
storage = np.zeros(plan.room_before + len(mine) + plan.room_after, PARTICLE)
storage[plan.room_before:plan.room_before + len(mine)] = mine
in_place, report = plan.execute_in_place(storage, plan.room_before, report=True)
holds(in_place, plan.new_first, plan.new_count, "in place")
check(report["bytes_copied"] == 0, "in place: nothing copied locally")

# Every rank's counts, with a communicator rather than a context (a temporary one).
gathered = mpi.redistribute(comm, table, mpi.counts([TOTAL] + [0] * (size - 1)))
holds(gathered, 0, TOTAL if rank == 0 else 0, "counts: everything to rank 0")

# Refusals: rank 1 asks for one row too many; every rank raises the same error.
if size >= 2:
    try:
        mpi.redistribute(ctx, mine, mpi.count(even[rank] + (rank == 1)))
        check(False, "refusal: no error")
    except redist.AgreementError as error:
        check(isinstance(error, redist.InputError) and error.rank == 1, "refusal: rank 1")
        check(str(error).startswith("redistribute: rank 1: share: "), f"refusal text: {error}")
        check(comm.allgather(str(error)) == [str(error)] * size, "refusal: the same on every rank")
    holds(mine, old_first(rank), old_count(rank), "the input after a refusal")
try:
    mpi.redistribute(ctx, np.array([object()] * 2), mpi.count(2))
    check(False, "object dtype: no error")
except redist.InputError as error:
    check("Python objects" in str(error), f"object dtype: {error}")

ctx.free()
failed = comm.allreduce(len(failures))
if rank == 0:
    print(f"python mpi test on {size} ranks: {failed} failed check(s)")
sys.exit(0 if failed == 0 else 1)
