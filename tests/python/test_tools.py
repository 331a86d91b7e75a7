"""redist.gen, lau and perm against `redist gen`, `redist lau --json` and `redist perm --json`:
the same instances for the same seeds and options, the same documents, the same refusals."""

import json

import numpy as np
import pytest

import redist
from conftest import SRC, cli

GENERATORS = [
    ("ring", {"n": 9, "ring": "bi", "costs": "het", "max_load": 25, "seed": 3}),
    ("ring", {"n": 30, "ring": "uni", "costs": "het", "max_cost": 5, "cost_decimals": 1,
              "shape": "scatter", "seed": 11}),
    ("ring", {"n": 16, "ring": "bi", "light": True, "seed": 0}),
    ("ring", {"n": 7}),
    ("lau", {"n": 12, "max_load": 40, "seed": 5}),
    ("lau", {"n": 10, "whole_average": True, "seed": 2}),
    ("perm", {"dist": "random", "P": 6, "D": 4, "seed": 9}),
    ("perm", {"dist": "skewed", "processors": 5, "items_per_part": 3, "alpha": 0.5, "seed": 1}),
    ("perm", {"dist": "block1d", "P": 4, "N": 30, "form": "items", "seed": 4}),
]


def flags(options):
    words = []
    for key, value in options.items():
        name = ("-" if key in ("P", "D", "N") else "--") + key.replace("_", "-")
        words += [name] if value is True else [name, str(value)]
    return words


@pytest.mark.parametrize("kind,options", GENERATORS)
def test_gen_is_the_cli(kind, options):
    status, out, err = cli("gen", kind, *flags(options))
    assert status == 0, err
    assert redist.gen_text(kind, **options) == out.decode()
    assert redist.gen(kind, **options) == json.loads(out)


def test_gen_refusals():
    with pytest.raises(redist.InputError) as error:
        redist.gen("ring", n=0)
    assert error.value.field == "n" and str(error.value).startswith("gen ring: n: ")
    with pytest.raises(redist.InputError, match="unknown option"):
        redist.gen("ring", colour="blue")
    with pytest.raises(redist.InputError, match="must be"):
        redist.gen("tree")


LAU_INSTANCES = sorted((SRC / "fuzz" / "corpus" / "allport_json").glob("*.json"))


@pytest.mark.parametrize("path", LAU_INSTANCES, ids=lambda p: p.name)
@pytest.mark.parametrize("options", [{}, {"mode": "multi"}, {"algorithm": "window"},
                                     {"algorithm": "traffic", "traffic_rule": "printed"}])
def test_lau_is_the_cli(path, options):
    status, out, err = cli("lau", path, "--json", *flags(options))
    if status == 2:
        with pytest.raises(redist.InputError) as error:
            redist.lau(path, **options)
        assert "redist: " + str(error.value) + "\n" == err
        return
    plan = redist.lau(path, **options)
    assert plan.json() == out.decode()
    assert redist.lau(json.loads(path.read_text()), **options).json().replace(
        '"instance"', "") == plan.json().replace('"instance"', "")
    assert plan.flows.dtype == np.int64 and plan.shift == json.loads(out)["shift"]


PERM_INSTANCES = sorted((SRC / "fuzz" / "corpus" / "perm_json").glob("*.json"))


@pytest.mark.parametrize("path", PERM_INSTANCES, ids=lambda p: p.name)
@pytest.mark.parametrize("objective", ["volume", "steps"])
def test_perm_is_the_cli(path, objective):
    status, out, err = cli("perm", path, "--json", "--objective", objective)
    if status == 2:
        with pytest.raises(redist.InputError) as error:
            redist.perm(path, objective=objective)
        assert "redist: " + str(error.value) + "\n" == err
        return
    result = redist.perm(path, objective=objective)
    assert result.json() == out.decode()
    assert redist.perm(json.loads(path.read_text()), objective=objective).json() == result.json()
    assert result.assignment.dtype == np.int64


def test_generated_lau_and_perm_plan_as_the_cli(tmp_path):
    for k, (kind, options) in enumerate(GENERATORS):
        if kind == "ring":
            continue
        path = tmp_path / f"{k}.json"
        path.write_text(redist.gen_text(kind, **options))
        if kind == "lau":
            assert redist.lau(path).json() == cli("lau", path, "--json")[1].decode()
        else:
            assert redist.perm(path).json() == cli("perm", path, "--json")[1].decode()
