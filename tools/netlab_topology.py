"""netlab's topology files and routes (tools/netlab, docs/netlab.md): the three kinds of file
expand to one graph of nodes and one-way link parameters; routes are the SimGrid study's
(platform_routes.cpp): fewest hops, then lowest latency, then lowest link index. Pure code, no
system calls: tests/netlab/netlab_topology_test.py checks it without root."""

import heapq
import json


class InputError(Exception):
    """Bad topology or refusal: one line on stderr, exit 2."""


def _direction(spec, where, back):
    """(rate in Mbit/s, delay in ms) of one direction of a link; `back` reads the back_* fields,
    which default to the forward ones."""
    if not isinstance(spec, dict):
        raise InputError(f"{where}: must be an object")

    def field(name, low, high):
        key = ("back_" + name) if back and ("back_" + name) in spec else name
        value = spec.get(key, 0 if name == "delay_ms" else None)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise InputError(f"{where}: {key}: must be a number")
        if not low <= value <= high:
            raise InputError(f"{where}: {key}: {value} outside [{low}, {high}]")
        return float(value)
    return field("rate_mbit", 0.01, 100000), field("delay_ms", 0, 10000)


def _link_list(doc, path, count):
    links = doc.get("links")
    if not isinstance(links, list) or (count is not None and len(links) != count):
        want = f"a list of {count} links" if count is not None else "a list of links"
        raise InputError(f"{path}: links: must be {want}")
    return links


def load_topology(path):
    """{'hosts': [node...], 'nodes': [name...], 'links': [(a, b, fwd, back)]} from a JSON file.
    fwd / back are (rate_mbit, delay_ms) of a->b and b->a; hosts are node indices in rank order."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise InputError(f"{path}: cannot read the topology: {e}") from None
    kind = doc.get("kind") if isinstance(doc, dict) else None
    expand = {"ring": _ring, "star": _star, "graph": _graph}.get(kind)
    if expand:
        return dict(expand(doc, path), source=path)
    raise InputError(f"{path}: kind: must be \"ring\", \"star\" or \"graph\"")


def _host_count(doc, path, low):
    n = doc.get("hosts")
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= 64:
        raise InputError(f"{path}: hosts: must be an integer in [{low}, 64]")
    return n


def _ring(doc, path):
    # Link i joins P_i and P_{i+1}; its forward direction is P_i -> P_{i+1} (the ring's succ edge).
    n = _host_count(doc, path, 2)
    links = _link_list(doc, path, n if n > 2 else 1)
    out = []
    for i, spec in enumerate(links):
        where = f"{path}: links[{i}]"
        out.append((i, (i + 1) % n, _direction(spec, where, False), _direction(spec, where, True)))
    return {"nodes": [f"h{i}" for i in range(n)], "hosts": list(range(n)), "links": out}


def _star(doc, path):
    # Host i hangs off one switch (a router namespace); forward is host -> switch.
    n = _host_count(doc, path, 1)
    links = _link_list(doc, path, n)
    out = []
    for i, spec in enumerate(links):
        where = f"{path}: links[{i}]"
        out.append((i, n, _direction(spec, where, False), _direction(spec, where, True)))
    return {"nodes": [f"h{i}" for i in range(n)] + ["sw"], "hosts": list(range(n)), "links": out}


def _graph(doc, path):
    nodes = doc.get("nodes")
    if not isinstance(nodes, list) or not 1 <= len(nodes) <= 250 or not all(isinstance(x, str) for x in nodes):
        raise InputError(f"{path}: nodes: must be a list of 1 to 250 names")
    index = {name: k for k, name in enumerate(nodes)}
    if len(index) != len(nodes):
        raise InputError(f"{path}: nodes: names must differ")
    hosts = doc.get("hosts")
    if not isinstance(hosts, list) or not 1 <= len(hosts) <= 64 or not all(h in index for h in hosts):
        raise InputError(f"{path}: hosts: must list 1 to 64 of the nodes, in rank order")
    if len(set(hosts)) != len(hosts):
        raise InputError(f"{path}: hosts: a node may host one rank only")
    out = []
    for i, spec in enumerate(_link_list(doc, path, None)):
        where = f"{path}: links[{i}]"
        if not isinstance(spec, dict) or spec.get("a") not in index or spec.get("b") not in index or spec["a"] == spec["b"]:
            raise InputError(f"{where}: a, b: must name two different nodes")
        out.append((index[spec["a"]], index[spec["b"]], _direction(spec, where, False), _direction(spec, where, True)))
    return {"nodes": list(nodes), "hosts": [index[h] for h in hosts], "links": out}


def designated_paths(topo):
    """(src, dst) -> (nodes, links) of the route between every two nodes: fewest hops, then lowest
    latency, then lowest link index, searched from the smaller node index so that a route and its
    reverse use the same links (platform_routes.cpp does the same; with different latencies each
    way, the tie-break reads the direction away from the smaller index)."""
    n = len(topo["nodes"])
    incident = [[] for _ in range(n)]
    for li, (a, b, fwd, back) in enumerate(topo["links"]):
        incident[a].append((li, b, fwd[1]))
        incident[b].append((li, a, back[1]))
    paths = {}
    for root in range(n):
        label = {root: (0, 0.0, -1, -1)}  # hops, latency, via link, previous node
        heap = [(0, 0.0, -1, root)]
        while heap:
            hops, lat, via, node = heapq.heappop(heap)
            if label[node][:3] != (hops, lat, via):
                continue
            for li, nxt, delay in incident[node]:
                cand = (hops + 1, lat + delay, li, node)
                if nxt not in label or cand[:3] < label[nxt][:3]:
                    label[nxt] = cand
                    heapq.heappush(heap, (cand[0], cand[1], li, nxt))
        for leaf in range(root + 1, n):
            if leaf not in label:
                continue
            nodes, links = [leaf], []
            while nodes[-1] != root:
                links.append(label[nodes[-1]][2])
                nodes.append(label[nodes[-1]][3])
            nodes.reverse()  # root ... leaf
            links.reverse()
            paths[(root, leaf)] = (nodes, links)
            paths[(leaf, root)] = (nodes[::-1], links[::-1])
    for h in topo["hosts"]:
        for g in topo["hosts"]:
            if h != g and (h, g) not in paths:
                raise InputError(f"{topo.get('source', 'topology')}: links: {topo['nodes'][h]} cannot reach {topo['nodes'][g]}")
    return paths


def forwarding(topo):
    """What each node's kernel needs so that packets follow the designated routes hop by hop:
    table[(k, dst)] = (link, next node) from k's own route to dst (the main routing table), and
    rules[(k, src, dst)] = (link, next node) where the route of hosts src -> dst passes through k
    but leaves it another way than k's own route to dst (equal-cost ties broken from another end;
    installed as policy rules `from src to dst`). Without the rules, such a pair would take an
    equally short path with possibly another bottleneck."""
    paths = designated_paths(topo)
    table = {(src, dst): (links[0], nodes[1]) for (src, dst), (nodes, links) in paths.items()}
    rules = {}
    for src in topo["hosts"]:
        for dst in topo["hosts"]:
            if src == dst:
                continue
            nodes, links = paths[(src, dst)]
            for i in range(1, len(nodes) - 1):
                if table[(nodes[i], dst)] != (links[i], nodes[i + 1]):
                    rules[(nodes[i], src, dst)] = (links[i], nodes[i + 1])
    return table, rules
