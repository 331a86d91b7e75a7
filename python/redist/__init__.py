"""redist: data redistribution after load balancing (docs/python.md).

    import redist
    ring = redist.gen("ring", n=8, ring="bi", costs="het", max_load=20, seed=1)   # as `redist gen`
    plan = redist.plan(ring)              # a dict like the JSON file, a Ring, arrays or a file name
    plan.makespan, plan.lower_bound, plan.gap, plan.status
    plan.schedule["from"], plan.schedule.to, plan.schedule.items, plan.schedule.start
    plan.write("ring.schedule.json")      # byte for byte what `redist plan -o` writes
    redist.check(ring, plan.schedule).valid
    plan.schedule.draw()                  # matplotlib

The MPI executor is in redist.mpi (needs mpi4py). Errors are redist.Error subclasses carrying the
C++ library's one-line message.
"""

import json as _json
import os as _os
from collections.abc import Mapping as _Mapping

import numpy as _np

from . import _redist
from ._errors import (AgreementError, CallError, Error, InputError, InternalError, MpiError,
                      TimeoutError)

__version__ = _redist.__version__
Bounds = _redist.Bounds
RingPlan = _redist.RingPlan
Validation = _redist.Validation

__all__ = ["Ring", "Schedule", "RingPlan", "Bounds", "Validation", "LauPlan", "PermResult", "plan",
           "bounds", "check", "lau", "perm", "gen", "gen_text", "read_ring", "Error", "InputError",
           "AgreementError", "CallError", "TimeoutError", "MpiError", "InternalError"]

_RING_FIELDS = ("ring", "loads", "targets", "succ_cost", "pred_cost")


def _plain(value):
    """json.dumps' fallback: numpy arrays and scalars as Python lists and numbers."""
    if isinstance(value, _np.ndarray):
        return value.tolist()
    if isinstance(value, _np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _json_text(document):
    return document if isinstance(document, str) else _json.dumps(document, default=_plain)


def _is_path(value):
    return isinstance(value, (str, _os.PathLike))


def _whole_array(value):
    """The value as an integer numpy array, or None when it is not one (floats, decimals, text)."""
    if isinstance(value, (bool, float, str)) or value is None:
        return None
    array = _np.asarray(value)
    return array if array.dtype.kind in "iu" else None


class Ring:
    """A ring instance (docs/design.md section 1): loads[i] items on P_i now, targets[i] after.

    Ring(loads, targets, succ_cost, pred_cost=None, ring=None, cost_decimals=0): costs are one value
    for every link or one per processor, integers in units of 10^-cost_decimals ({15, 2} at one
    decimal is 1.5 and 0.2), or floats read as the decimals they print as (0.1 is one tenth). `ring`
    is "unidirectional" or "bidirectional" (default: bidirectional when pred_cost is given).
    Ring.from_json(text or dict) reads the JSON form; read_ring(path) a file.
    """

    __slots__ = ("_ring",)

    def __init__(self, loads, targets, succ_cost, pred_cost=None, ring=None, cost_decimals=0):
        if ring is None:
            ring = "unidirectional" if pred_cost is None else "bidirectional"
        values = [loads, targets, succ_cost] + ([] if pred_cost is None else [pred_cost])
        if all(_whole_array(v) is not None for v in values):
            self._ring = _redist.Ring._from_arrays(
                loads, targets, _np.atleast_1d(_np.asarray(succ_cost)),
                None if pred_cost is None else _np.atleast_1d(_np.asarray(pred_cost)), ring,
                cost_decimals, "ring")
            return
        # Floats (or anything else): read as the JSON reader reads the same numbers.
        if cost_decimals != 0:
            error = InputError("ring: cost_decimals: only with integer costs")
            error.file, error.field, error.reason = "ring", "cost_decimals", "only with integer costs"
            raise error
        document = {"ring": ring, "loads": loads, "targets": targets, "succ_cost": succ_cost}
        if pred_cost is not None:
            document["pred_cost"] = pred_cost
        self._ring = Ring.from_json(document)._ring

    @classmethod
    def _wrap(cls, native):
        ring = cls.__new__(cls)
        ring._ring = native
        return ring

    @classmethod
    def from_json(cls, document, source="ring"):
        """A ring from its JSON text or a dict of the same fields (exact decimals)."""
        if isinstance(document, _Mapping):
            fast = _ring_from_whole_dict(document)
            if fast is not None:
                return fast
        return cls._wrap(_redist.Ring._from_json(_json_text(document), source))

    n = property(lambda self: self._ring.n, doc="number of processors")
    kind = property(lambda self: self._ring.kind, doc='"unidirectional" or "bidirectional"')
    loads = property(lambda self: self._ring.loads)
    targets = property(lambda self: self._ring.targets)
    succ_cost = property(lambda self: self._ring.succ_cost,
                         doc="costs in units of 10^-cost_decimals (int64)")
    pred_cost = property(lambda self: self._ring.pred_cost)
    cost_decimals = property(lambda self: self._ring.cost_decimals)

    def __len__(self):
        return self._ring.n

    def json(self):
        """The instance as `redist gen ring` writes it."""
        return self._ring.json()

    def to_dict(self):
        return _json.loads(self.json())

    def __repr__(self):
        return f"redist.Ring(n={self.n}, kind={self.kind!r})"


def _ring_from_whole_dict(document):
    """A dict whose counts and costs are all integers goes straight to the arrays (no JSON)."""
    if set(document) - set(_RING_FIELDS) or not isinstance(document.get("ring"), str):
        return None
    if any(k not in document for k in ("loads", "targets", "succ_cost")):
        return None
    values = [document[k] for k in _RING_FIELDS[1:] if k in document]
    if any(_whole_array(v) is None for v in values):
        return None
    if document["ring"] not in ("unidirectional", "bidirectional"):
        return None
    try:
        return Ring(document["loads"], document["targets"], document["succ_cost"],
                    document.get("pred_cost"), document["ring"])
    except InputError:
        return None  # let the JSON reader say it, in its words


def read_ring(path):
    """A ring instance file, read as `redist plan` reads it."""
    return Ring._wrap(_redist.Ring._read(_os.fspath(path)))


def _as_ring(instance):
    if isinstance(instance, Ring):
        return instance
    if _is_path(instance):
        return read_ring(instance)
    if isinstance(instance, _Mapping):
        return Ring.from_json(instance)
    raise TypeError("a ring instance is a redist.Ring, a dict like the JSON file, or a file name")


class Schedule:
    """A ring schedule. Columns as read-only numpy arrays: s["from"] (or s.from_), s.to (int32),
    s.items (int64), s.start, s.spacing (float64 time units; spacing 0 = back to back), s.link
    (int8: -1 none, 0 succ, 1 pred), s.start_ticks / s.spacing_ticks (int64, exact, in units of
    10^-time_decimals), s.end (float64, when each transfer's last item arrives)."""

    __slots__ = ("_schedule", "_columns")
    _NAMES = ("from", "to", "items", "start", "spacing", "link", "start_ticks", "spacing_ticks",
              "end")

    def __init__(self, ring, from_, to, items, start, spacing=None, link=None, time_decimals=0):
        """From arrays: times are integers in units of 10^-time_decimals; checked as a schedule
        file is (processors in range, items >= 1, times >= 0)."""
        native = _redist.Schedule._from_arrays(_as_ring(ring)._ring, from_, to, items, start,
                                                spacing, link, time_decimals)
        self._schedule, self._columns = native, {}

    @classmethod
    def _wrap(cls, native):
        schedule = cls.__new__(cls)
        schedule._schedule, schedule._columns = native, {}
        return schedule

    @classmethod
    def from_json(cls, ring, document, source="schedule"):
        """A schedule from its JSON text or a dict like the file, for `ring`."""
        return cls._wrap(_redist.Schedule._from_json(_as_ring(ring)._ring, _json_text(document),
                                                     source))

    @classmethod
    def read(cls, ring, path):
        return cls._wrap(_redist.Schedule._read(_as_ring(ring)._ring, _os.fspath(path)))

    def __getitem__(self, name):
        if name not in self._NAMES:
            raise KeyError(name)
        if name not in self._columns:
            self._columns[name] = self._schedule._column(name)
        return self._columns[name]

    def __len__(self):
        return len(self._schedule)

    from_ = property(lambda self: self["from"])
    to = property(lambda self: self["to"])
    items = property(lambda self: self["items"])
    start = property(lambda self: self["start"])
    spacing = property(lambda self: self["spacing"])
    link = property(lambda self: self["link"])
    start_ticks = property(lambda self: self["start_ticks"])
    spacing_ticks = property(lambda self: self["spacing_ticks"])
    end = property(lambda self: self["end"])
    time_decimals = property(lambda self: self._schedule.time_decimals)
    ring = property(lambda self: Ring._wrap(self._schedule._ring()))

    def draw(self, ax=None, title=None):
        """The space-time diagram (matplotlib; returns the Axes)."""
        from ._draw import draw_schedule
        return draw_schedule(self, ax=ax, title=title)

    def __repr__(self):
        return f"redist.Schedule({len(self)} transfers)"


def _plan_schedule(self):
    return Schedule._wrap(self._schedule_native)


RingPlan.schedule = property(_plan_schedule, doc="the plan's Schedule")
RingPlan.ring = property(lambda self: Ring._wrap(self._ring_native))
RingPlan.write = lambda self, path: self._write(_os.fspath(path))
RingPlan.write.__doc__ = "Writes json() to the file, byte for byte what `redist plan -o` writes."
RingPlan.__repr__ = lambda self: (f"redist.RingPlan(makespan={self.makespan_text}, "
                                  f"lower_bound={self.lower_bound_text}, status={self.status!r})")


def plan(instance, back_to_back=False, effort=1):
    """The best plan redist finds for a ring (`redist plan`): a RingPlan with makespan, lower_bound,
    gap, status, framework, method, flow_shift, schedule, bounds, json(), write(path), svg().
    `instance`: a Ring, a dict like the JSON file (numpy arrays allowed), or a file name (read as
    `redist plan` reads it: within the memory available, errors naming the file)."""
    if _is_path(instance):
        return _redist._plan_file(_os.fspath(instance), back_to_back, effort)
    return _redist._plan(_as_ring(instance)._ring, back_to_back, effort)


def bounds(instance):
    """The lower bounds that apply (`redist bounds`): lower_bound, terms, json()."""
    return _redist._bounds(_as_ring(instance)._ring)


def check(instance, schedule):
    """Validates a schedule exactly (`redist check`): a Validation with valid, makespan, violation
    (a dict: rule, time, processor, message) and json(). `schedule`: a Schedule, a dict like the
    JSON file, or a file name."""
    ring = _as_ring(instance)
    if _is_path(schedule):
        schedule = Schedule.read(ring, schedule)
    elif not isinstance(schedule, Schedule):
        schedule = Schedule.from_json(ring, schedule)
    return _redist._check(ring._ring, schedule._schedule)


class _JsonResult:
    """A result kept as the JSON document the `redist` command prints."""

    def __init__(self, text):
        self._text = text
        self._doc = _json.loads(text)

    def json(self):
        """The document `redist ... --json` prints."""
        return self._text

    def as_dict(self):
        return _json.loads(self._text)

    def __getitem__(self, key):
        return self._doc[key]


class LauPlan(_JsonResult):
    """An all-port plan (`redist lau --json`): shift, flows (numpy int64), traffic, T_single,
    T_multi; the whole document as as_dict() / json()."""

    shift = property(lambda self: self._doc["shift"])
    flows = property(lambda self: _np.asarray(self._doc["flows"], dtype=_np.int64))
    traffic = property(lambda self: int(self._doc["traffic"]))
    T_single = property(lambda self: self._doc["T_single"])
    T_multi = property(lambda self: self._doc["T_multi"])


class PermResult(_JsonResult):
    """A permutation result (`redist perm --json`): assignment (numpy), volume, steps, the step
    schedule; the whole document as as_dict() / json()."""

    assignment = property(lambda self: _np.asarray(self._doc["assignment"], dtype=_np.int64))
    volume = property(lambda self: self._doc["volume"])
    steps = property(lambda self: self._doc["steps"])


def _text_or_path(instance):
    if _is_path(instance):
        return None, _os.fspath(instance)
    if isinstance(instance, _Mapping) or isinstance(instance, str):
        return _json_text(instance), None
    if isinstance(instance, (list, tuple, _np.ndarray)):  # lau: the loads alone
        return _json_text({"loads": instance}), None
    raise TypeError("an instance is a dict like the JSON file or a file name")


def lau(instance, **options):
    """All-port ring plan (document 002; `redist lau`). Options as the command's: mode="single" |
    "multi", algorithm="optimal" | "linear" | "traffic" | "window", traffic_rule=... `instance`: a
    dict ({"loads": [...], "targets": [...]}), the loads alone, or a file name."""
    text, path = _text_or_path(instance)
    return LauPlan(_redist._lau(text, path, options))


def perm(instance, **options):
    """Permutation redistribution (document 003; `redist perm`): objective="volume" | "steps".
    `instance`: a dict ({"counts": [[...]]} or {"initial": [...], "partition": [...]}) or a file."""
    text, path = _text_or_path(instance)
    return PermResult(_redist._perm(text, path, options))


def gen_text(kind, seed=None, **options):
    """The instance `redist gen KIND` writes, as text: kind "ring", "lau" or "perm"; the same
    options (max_load=20 for --max-load 20, light=True for --light) and the same instance for the
    same seed."""
    return _redist._gen(kind, seed, options)


def gen(kind, seed=None, **options):
    """gen_text's instance as a dict (ready for plan, lau or perm)."""
    return _json.loads(gen_text(kind, seed, **options))
