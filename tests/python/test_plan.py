"""redist.plan, bounds and check against the `redist` command on the same instances: the same
schedule document byte for byte, the same bounds and checks, the same error lines; from files,
dicts and numpy arrays alike."""

import json

import numpy as np
import pytest

import redist
from conftest import cli


def test_every_instance_as_the_cli_gives_it(instances, tmp_path):
    planned = refused = 0
    for k, path in enumerate(instances):
        want = tmp_path / f"{k}.cli.json"
        status, _, stderr = cli("plan", path, "-o", want)
        if status == 2:
            with pytest.raises(redist.InputError) as error:
                redist.plan(path)
            assert "redist: " + str(error.value) + "\n" == stderr, path.name
            refused += 1
            continue
        assert status == 0
        plan = redist.plan(path)
        got = tmp_path / f"{k}.py.json"
        plan.write(got)
        assert got.read_bytes() == want.read_bytes(), path.name
        assert plan.json() == want.read_text()
        # The same instance as a dict and as numpy arrays plans to the same document.
        document = json.loads(path.read_text())
        assert redist.plan(document).json() == plan.json(), path.name
        ring = redist.read_ring(path)
        narrow = np.int32 if ring.loads.max() < 2**31 else np.int64  # other integer dtypes too
        arrays = redist.Ring(ring.loads.astype(narrow), ring.targets, ring.succ_cost,
                             ring.pred_cost, ring=ring.kind, cost_decimals=ring.cost_decimals)
        assert redist.plan(arrays).json() == plan.json(), path.name
        assert redist.bounds(ring).json() == cli("bounds", path, "--json")[1].decode()
        assert redist.check(ring, got).json() == cli("check", path, got, "--json")[1].decode()
        assert redist.check(document, plan.schedule).valid
        planned += 1
    assert planned >= 30 and refused >= 5


def test_plan_fields_and_dtypes():
    ring = redist.gen("ring", n=12, ring="bi", costs="het", max_load=30, seed=7)
    plan = redist.plan(ring)
    document = json.loads(plan.json())
    assert plan.makespan == document["makespan"] and plan.lower_bound <= plan.makespan
    assert plan.status == document["status"] and plan.framework == document["framework"]
    assert plan.flow_shift == document["flow_shift"] and plan.method == document["method"]
    assert plan.status != "optimal" or plan.gap == 0.0
    s = plan.schedule
    assert len(s) == len(document["transfers"])
    assert s["from"].dtype == np.int32 and s.to.dtype == np.int32 and s.from_ is s["from"]
    assert s.items.dtype == np.int64 and s.start.dtype == np.float64 and s.spacing.dtype == np.float64
    assert s.link.dtype == np.int8 and s.start_ticks.dtype == np.int64
    for k, t in enumerate(document["transfers"]):
        assert (s["from"][k], s.to[k], s.items[k], s.start[k]) == (t["from"], t["to"], t["items"],
                                                                   t["start"])
        assert s.spacing[k] == t.get("spacing", 0)
    assert not s.start.flags.writeable  # shared, cached: read-only
    assert s.end.max() == plan.makespan
    assert [t["name"] for t in plan.bounds.terms] == [b["name"] for b in document["bounds"]]


def test_decimal_costs_exact():
    ring = {"ring": "unidirectional", "loads": [5, 0, 1, 2], "targets": [2, 2, 2, 2],
            "succ_cost": [0.1, 0.25, 1e-3, 2]}
    from_dict = redist.plan(ring)
    from_ticks = redist.plan(redist.Ring([5, 0, 1, 2], [2, 2, 2, 2], [100, 250, 1, 2000],
                                         cost_decimals=3))
    from_floats = redist.plan(redist.Ring([5, 0, 1, 2], [2, 2, 2, 2], [0.1, 0.25, 1e-3, 2]))
    assert from_dict.json() == from_ticks.json() == from_floats.json()
    assert redist.Ring.from_json(ring).cost_decimals == 3


def test_schedule_from_arrays_is_checked_exactly():
    ring = redist.Ring([7, 1, 3], [3, 4, 4], [1, 2, 1], 1)
    plan = redist.plan(ring)
    s = plan.schedule
    again = redist.Schedule(ring, s["from"], s.to, s.items, s.start_ticks, s.spacing_ticks, s.link,
                            time_decimals=s.time_decimals)
    verdict = redist.check(ring, again)
    assert verdict.valid and verdict.makespan == plan.makespan
    items = s.items.copy()
    items[0] -= 1
    broken = redist.check(ring, redist.Schedule(ring, s["from"], s.to, np.maximum(items, 1),
                                                s.start_ticks))
    assert not broken.valid and broken.violation["rule"] in ("final-load", "holdings")
    with pytest.raises(redist.InputError, match=r"^schedule: transfers\[0\]\.to: processor 5 is out"):
        redist.Schedule(ring, [0], [5], [1], [0])


def test_errors_are_the_cli_lines():
    with pytest.raises(redist.InputError) as error:
        redist.Ring([1, 2], [2, 1.5], [1], ring="unidirectional")
    assert str(error.value) == "ring: targets[1]: must be an integer, got 1.5"
    with pytest.raises(redist.InputError) as error:
        redist.Ring([1, 2], [2, 1], [1, 1, 1])
    assert error.value.field == "succ_cost" and isinstance(error.value, ValueError)
    with pytest.raises(redist.InputError, match="effort: must be in"):
        redist.plan(redist.Ring([1], [1], [1]), effort=-1)
    with pytest.raises(redist.InputError, match="^missing.json: "):
        redist.plan("missing.json")
    assert issubclass(redist.AgreementError, redist.InputError)
    assert issubclass(redist.TimeoutError, redist.CallError)
    assert issubclass(redist.TimeoutError, TimeoutError)


def test_draw_and_svg(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    plan = redist.plan(redist.gen("ring", n=6, ring="bi", costs="het", seed=2))
    ax = plan.schedule.draw(title="a plan")
    assert len(ax.collections) == 1 and ax.get_title() == "a plan"
    ax.figure.savefig(tmp_path / "plan.png")
    assert (tmp_path / "plan.png").stat().st_size > 1000
    assert plan.svg().startswith("<svg") or plan.svg().startswith("<?xml")
