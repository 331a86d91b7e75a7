#!/usr/bin/env python3
"""Checks that redist's layers include only downward (docs/architecture.md).

Reads every `#include "redist/<layer>/..."` or `#include <redist/<layer>/...>` (an installed
header) and every `#include "<layer>/..."` (a layer's internal header under src/<layer>/) in
include/ and src/, and prints each include that goes up or sideways in the layer order (file:line:
layer -> layer). Also prints every use of threads, signal masks or kernel memory advice in the
pure algorithm layers (MACHINERY_FREE: they ask a ring::PlanMachinery instead, which the program
supplies from src/app; docs/architecture.md "Plan machinery"), and the number of lines of the
command-line tool (cli/), which docs/architecture.md keeps under CLI_LINE_LIMIT. Exit status 1 when
any include goes up, the algorithm layers use machinery or the CLI is longer, else 0.

Usage: scripts/check_layers.py [REPOSITORY_ROOT]
"""

import pathlib
import re
import sys

# Rank of each layer: a file may include its own layer and layers of a lower rank. Layers of the
# same rank (lau, perm and exact; exec and simgrid) are siblings and must not include each other.
LAYER_RANK = {
    "core": 0,
    "io": 1,
    "sim": 2,
    "ring": 3,
    "lau": 4,
    "perm": 4,
    "exact": 4,  # MILP optima of small rings (optional: GLPK/CBC)
    "exec": 5,
    "simgrid": 5,
    "report": 6,  # experiments and charts, the SimGrid study's report included (redist_report_simgrid)
    "app": 7,  # command facades, option specs, writers: what cli/ calls (not installed)
}

# Algorithm layers that start no thread, block no signal and advise the kernel nothing
# (docs/architecture.md "Plan machinery"): the ring planners ask ring::PlanMachinery for those
# services, and the `redist` program's machinery (src/app/program_machinery.hpp) supplies them; the
# exact validator hands a large schedule's two halves to a job runner its caller gives (sim/
# ring_validator.hpp). sim's all-port executor simulates threads, it starts none.
MACHINERY_FREE = ("core", "sim", "ring", "lau", "perm")
MACHINERY = re.compile(r"std::thread\b|std::jthread\b|std::async\b|pthread_|sigset_t|madvise|"
                       r"#\s*include\s*<(?:thread|pthread\.h|csignal|signal\.h|sys/mman\.h)>")

# The command-line tool only parses and prints (docs/architecture.md "The app layer").
CLI_LINE_LIMIT = 500

INCLUDE = re.compile(r'^\s*#\s*include\s*(?:[<"]redist/([A-Za-z_]+)/|"([A-Za-z_]+)/)')
SOURCE_SUFFIXES = {".hpp", ".cpp", ".h", ".cc"}


def layer_of(path, root):
    """The layer a file belongs to: include/redist/<layer>/... or src/<layer>/..., else None."""
    parts = path.relative_to(root).parts
    if parts[0] == "include" and len(parts) > 3 and parts[1] == "redist":
        return parts[2]
    if parts[0] == "src" and len(parts) > 2:
        return parts[1]
    return None


def source_files(root, folder):
    base = root / folder
    if not base.is_dir():
        return []
    return sorted(p for p in base.rglob("*") if p.suffix in SOURCE_SUFFIXES and p.is_file())


def wrong_includes(root):
    """(file, line number, own layer, included layer) for every include that does not go down."""
    found = []
    for path in source_files(root, "include") + source_files(root, "src"):
        own = layer_of(path, root)
        if own not in LAYER_RANK:
            continue  # umbrella headers (redist.hpp, mpi.hpp, version.hpp) sit above every layer
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1) or match.group(2)
            if match.group(2) and target not in LAYER_RANK:
                continue  # a folder of the file's own layer ("detail/...")
            if target == own:
                continue
            if target not in LAYER_RANK:
                found.append((path, number, own, target + " (unknown layer)"))
            elif LAYER_RANK[target] >= LAYER_RANK[own]:
                found.append((path, number, own, target))
    return found


def machinery_uses(root):
    """(file, line number, text) for every thread, signal mask or madvise in MACHINERY_FREE layers."""
    found = []
    for path in source_files(root, "include") + source_files(root, "src"):
        if layer_of(path, root) not in MACHINERY_FREE:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            code = line.split("//", 1)[0]
            if MACHINERY.search(code):
                found.append((path, number, line.strip()))
    return found


def cli_lines(root):
    return sum(len(p.read_text(encoding="utf-8", errors="replace").splitlines())
               for p in source_files(root, "cli"))


def main(argv):
    root = pathlib.Path(argv[1] if len(argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    root = root.resolve()
    found = wrong_includes(root)
    for path, number, own, target in found:
        print(f"{path.relative_to(root)}:{number}: {own} -> {target}")
    print(f"up-includes: {len(found)}")
    machinery = machinery_uses(root)
    for path, number, line in machinery:
        print(f"{path.relative_to(root)}:{number}: machinery in an algorithm layer: {line}")
    print(f"machinery uses in {', '.join(MACHINERY_FREE)}: {len(machinery)}")
    lines = cli_lines(root)
    print(f"cli lines: {lines} (limit {CLI_LINE_LIMIT})")
    return 1 if found or machinery or lines > CLI_LINE_LIMIT else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
