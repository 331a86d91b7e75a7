"""redist's MPI executor for numpy arrays (docs/python.md "MPI"), with mpi4py.

    from mpi4py import MPI
    import numpy as np
    from redist import mpi

    ctx = mpi.Context(MPI.COMM_WORLD)                     # collective; reuse it
    x = mpi.redistribute(ctx, x, mpi.weight(my_speed))    # x: this rank's rows of the global order
    plan = mpi.Plan(ctx, len(x), mpi.count(n))            # made once ...
    x_new, v_new = plan.execute(x, v)                     # ... executed on several arrays at once
    x = plan.reversed().execute(x_new)                    # and back

An array's items are its rows (axis 0), in the global order rank 0's rows, then rank 1's, ... ;
after a call rank r holds the rows new_first .. new_first + new_count - 1 of that order. Any dtype
without Python objects travels (structured dtypes too), as bytes; the new arrays keep the dtype and
the row shape. Every call is collective and either succeeds on every rank or raises the same
redist.Error on every rank, the arrays as they were.
"""

from mpi4py import MPI as _MPI  # initialises MPI; redist's calls need it

from . import _redist_mpi
from ._errors import AgreementError, CallError, Error, InputError, MpiError, TimeoutError  # noqa: F401

__all__ = ["Context", "Plan", "Request", "Share", "count", "counts", "weight", "redistribute"]


class Share:
    """What a rank asks for: count(n), counts(every rank's counts) or weight(w)."""

    __slots__ = ("kind", "value")

    def __init__(self, kind, value):
        if kind not in ("count", "counts", "weight"):
            raise InputError("redist.mpi: share: must be count, counts or weight")
        self.kind, self.value = kind, value

    def __repr__(self):
        return f"redist.mpi.{self.kind}({self.value!r})"


def count(n):
    """Exactly n items on this rank (the counts must add up to the items held)."""
    return Share("count", int(n))


def counts(all_counts):
    """Every rank's new count (every rank passes the same list)."""
    return Share("counts", [int(c) for c in all_counts])


def weight(w):
    """Counts proportional to the ranks' weights (a weight of 0 gets no item)."""
    return Share("weight", float(w))


def _share(share):
    if not isinstance(share, Share):
        raise TypeError("share: use redist.mpi.count(n), counts([...]) or weight(w)")
    return share


class Context:
    """redist's context on a communicator (collective): a duplicate of it, a buffer pool and the
    network model. Make one and reuse it; free() it (or let it go) before MPI is finalised."""

    __slots__ = ("_native",)

    def __init__(self, comm=None):
        self._native = _redist_mpi.Context(_MPI.COMM_WORLD if comm is None else comm)

    rank = property(lambda self: self._native.rank)
    size = property(lambda self: self._native.size)

    def set_flat_network(self, latency_s=2e-6, seconds_per_byte=2e-10):
        self._native.set_flat_network(latency_s, seconds_per_byte)

    def free(self):
        self._native.free()


def _context(ctx_or_comm):
    return ctx_or_comm if isinstance(ctx_or_comm, Context) else Context(ctx_or_comm)


class Plan:
    """A redistribution plan, made once (collective: one small all-gather) and executed on any
    arrays laid out as it says: count rows on this rank now, `share` after.

    Options (the same on every rank): wrap (rotate the order: periodic data only), transport
    ("automatic", "direct", "alltoallv", "ring"), timeout (seconds; 0: wait as MPI does), ring
    ("bidirectional" or "unidirectional" links of a ring network), item_bytes (tunes the ring
    transport's messages)."""

    __slots__ = ("_native",)

    def __init__(self, ctx, count, share, item_bytes=0, wrap=False, transport="automatic",
                 timeout=0.0, ring="bidirectional"):
        if isinstance(ctx, _redist_mpi.Plan):  # reversed()
            self._native = ctx
            return
        share = _share(share)
        context = _context(ctx)
        self._native = _redist_mpi.Plan(context._native, int(count), share.kind, share.value,
                                        int(item_bytes), bool(wrap), transport, float(timeout),
                                        ring)

    def __getattr__(self, name):  # total, old_count, new_count, new_first, counts, transport, ...
        return getattr(self._native, name)

    def reversed(self):
        """The plan from the new layout back to the old one (local: no communication)."""
        return Plan(self._native.reversed(), None, None)

    def execute(self, *arrays, out=None, report=False):
        """Collective. The new piece of each array (a new array, or a view of out's first new_count
        rows when out is given); several arrays move together in one exchange. With report=True,
        also the report (a dict: bytes_sent, bytes_received, transport, ...)."""
        outs = _outs(out, len(arrays))
        new, rep = self._native._execute(list(arrays), outs)
        return _returned(new, rep, report)

    def execute_in_place(self, storage, offset, report=False):
        """Collective. storage[offset:offset+old_count] holds the old rows, with room_before free
        rows before them and room_after after; returns the view of the new rows
        (storage[offset+new_offset_shift:][:new_count]). Only the rows that move are copied."""
        new, rep = self._native._in_place(storage, int(offset))
        return (new, rep) if report else new

    def start(self, *arrays, out=None):
        """Collective, split phase: a Request; the arrays must stay untouched until its wait()."""
        return Request(self._native._start(list(arrays), _outs(out, len(arrays))))


class Request:
    """A redistribution in flight: test() progresses it, wait() completes it and returns what
    execute would have."""

    __slots__ = ("_native",)

    def __init__(self, native):
        self._native = native

    def test(self):
        return self._native.test()

    def wait(self, report=False):
        new, rep = self._native._wait()
        return _returned(new, rep, report)


def _outs(out, n):
    if out is None:
        return [None] * n
    if n == 1 and not isinstance(out, (list, tuple)):
        return [out]
    return list(out)


def _returned(new, rep, report):
    result = new[0] if len(new) == 1 else tuple(new)
    return (result, rep) if report else result


def redistribute(ctx, array, share, wrap=False, transport="automatic", timeout=0.0,
                 ring="bidirectional", report=False):
    """Collective, one call: this rank's new piece of `array` (a new array of the same dtype and
    row shape). `ctx`: a Context, or a communicator (a Context is then made and freed: one
    MPI_Comm_dup more per call)."""
    share = _share(share)
    context = _context(ctx)
    new, rep = _redist_mpi._redistribute(context._native, array, share.kind, share.value,
                                         bool(wrap), transport, float(timeout), ring)
    return (new, rep) if report else new
