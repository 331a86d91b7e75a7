#!/usr/bin/env python3
"""netlab's topology files and routes, without root (ctest netlab.topology, label unit).

- Routes against brute force on 600 seeded random connected graphs of 2-7 nodes: following the
  installed next hops from any node reaches any host without a loop, in the fewest hops, and among
  those with the lowest latency (every simple path enumerated).
- Between hosts, forwarding (tables + policy rules) realises exactly the designated route, the
  same links both ways; on the bundled Tiers-like file too (the study's routes, platform_routes.cpp),
  so the emulated bottlenecks are its.
- Bad files: one message naming the file and field, for each kind of mistake.
"""

import json
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "tools"))
from netlab_topology import InputError, designated_paths, forwarding, load_topology  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..")


def realised_path(topo, fwd, src, dst):
    """The nodes a packet src -> dst visits: each node's policy rule for (src, dst) if any, else
    its table's next hop (as the kernel does)."""
    table, rules = fwd
    path, node = [src], src
    while node != dst:
        node = rules.get((node, src, dst), table[(node, dst)])[1]
        assert node not in path, f"forwarding loop {path + [node]}"
        path.append(node)
    return path


def simple_paths(adjacency, src, dst, seen=None):
    seen = seen or [src]
    if src == dst:
        yield list(seen)
        return
    for nxt in adjacency[src]:
        if nxt not in seen:
            seen.append(nxt)
            yield from simple_paths(adjacency, nxt, dst, seen)
            seen.pop()


def random_graph(rng, symmetric):
    n = rng.randint(2, 7)
    links = [(k, rng.randrange(k)) for k in range(1, n)]  # a spanning tree: connected
    for _ in range(rng.randint(0, n)):
        a, b = rng.sample(range(n), 2)
        if (a, b) not in links and (b, a) not in links:
            links.append((a, b))
    spec = []
    for a, b in links:
        fwd = (10.0, float(rng.randint(0, 3)))
        spec.append((a, b, fwd, fwd if symmetric else (10.0, float(rng.randint(0, 3)))))
    hosts = sorted(rng.sample(range(n), rng.randint(1, n)))
    return {"nodes": [f"n{k}" for k in range(n)], "hosts": hosts, "links": spec}


def test_routes_against_brute_force():
    """Latencies equal both ways (as on the study's platform): fewest hops, then lowest latency.
    Different latencies each way: fewest hops still (the latency tie-break then reads the direction
    away from the lower-numbered end, so it is not checked)."""
    rng = random.Random(13)
    for trial in range(600):
        symmetric = trial % 2 == 0
        topo = random_graph(rng, symmetric)
        fwd = forwarding(topo)
        paths = designated_paths(topo)
        n = len(topo["nodes"])
        adjacency = {k: [] for k in range(n)}
        delay = {}
        for a, b, ab, ba in topo["links"]:
            adjacency[a].append(b)
            adjacency[b].append(a)
            delay[(a, b)], delay[(b, a)] = ab[1], ba[1]
        for src in range(n):
            for dst in topo["hosts"]:
                if src == dst:
                    continue
                path = realised_path(topo, fwd, src, dst)
                if src in topo["hosts"]:
                    assert path == paths[(src, dst)][0], f"{topo}: {src}->{dst} took {path}, route {paths[(src, dst)]}"
                    assert path == realised_path(topo, fwd, dst, src)[::-1], f"{topo}: {src}<->{dst} not symmetric"

                def cost(p):
                    latency = sum(delay[(p[k], p[k + 1])] for k in range(len(p) - 1))
                    return (len(p), latency if symmetric else 0)
                best = min(cost(p) for p in simple_paths(adjacency, src, dst))
                assert cost(path) == best, f"{topo}: {src}->{dst} took {path} {cost(path)}, best {best}"


def test_tiers_file_routes_are_the_searched_ones():
    topo = load_topology(os.path.join(ROOT, "examples", "netlab", "tiers8.json"))
    fwd = forwarding(topo)
    paths = designated_paths(topo)
    assert len(topo["hosts"]) == 8
    for src in topo["hosts"]:
        for dst in topo["hosts"]:
            if src != dst:
                path = realised_path(topo, fwd, src, dst)
                assert path == paths[(src, dst)][0], f"{src}->{dst}: {path}, route {paths[(src, dst)][0]}"
                assert path == realised_path(topo, fwd, dst, src)[::-1], f"{src}<->{dst}: not symmetric"
    assert fwd[1], "the Tiers file has equal-cost ties: some policy rules are expected"


def expect_error(doc, field):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
    try:
        topo = load_topology(f.name)
        designated_paths(topo)
    except InputError as e:
        assert str(e).startswith(f.name) and field in str(e) and "\n" not in str(e), f"{doc}: {e}"
        return
    finally:
        os.unlink(f.name)
    raise AssertionError(f"accepted {doc}")


def test_bad_files():
    expect_error("{not json", "cannot read")
    expect_error({"kind": "mesh"}, "kind")
    expect_error({"kind": "ring", "hosts": 1, "links": []}, "hosts")
    expect_error({"kind": "ring", "hosts": 3, "links": [{"rate_mbit": 10}]}, "links")
    expect_error({"kind": "ring", "hosts": 2, "links": [{"rate_mbit": "fast"}]}, "links[0]: rate_mbit")
    expect_error({"kind": "ring", "hosts": 2, "links": [{"rate_mbit": 0}]}, "rate_mbit")
    expect_error({"kind": "ring", "hosts": 2, "links": [{"rate_mbit": 5, "back_delay_ms": -1}]}, "back_delay_ms")
    expect_error({"kind": "star", "hosts": 2, "links": [{"rate_mbit": 5}]}, "links")
    expect_error({"kind": "graph", "nodes": ["a", "a"], "hosts": ["a"], "links": []}, "nodes")
    expect_error({"kind": "graph", "nodes": ["a", "b"], "hosts": ["a", "c"], "links": []}, "hosts")
    expect_error({"kind": "graph", "nodes": ["a", "b"], "hosts": ["a", "b"], "links": [{"a": "a", "b": "a", "rate_mbit": 1}]}, "links[0]")
    expect_error({"kind": "graph", "nodes": ["a", "b"], "hosts": ["a", "b"], "links": []}, "cannot reach")


if __name__ == "__main__":
    test_routes_against_brute_force()
    test_tiers_file_routes_are_the_searched_ones()
    test_bad_files()
    print("netlab topology: OK")
