#!/usr/bin/env bash
# Two builds of `redist plan -o` run alternately on the same instances, each round followed by the
# new build's `redist bounds` and Python's json.load of the same file (the baselines, same run):
# medians of wall seconds, CPU seconds (user + system) in brackets, and the largest peak (MiB).
#
#   BEFORE=old/redist AFTER=build/cli/redist FILES="a.json b.json" ROUNDS=5 bash bench/alternate_plans.sh
#
# Each plan writes a new file (an existing one costs a flush on ext4 when replaced). PAUSE=S sleeps S
# seconds before each timed command: a one-off run, after the virtual machine's host has taken back
# the memory the previous command freed (BENCHMARKS.md "Small pages, faulted in beside the planner").
set -eu
ROUNDS=${ROUNDS:-5}
PAUSE=${PAUSE:-0}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for r in $(seq "$ROUNDS"); do
  for f in $FILES; do
    for b in before after; do
      bin=$BEFORE; [ "$b" = after ] && bin=$AFTER
      rm -f "$T/out.json"
      sleep "$PAUSE"
      /usr/bin/time -f "$f $b %e %U %S %M" "$bin" plan "$f" -o "$T/out.json" >/dev/null 2>>"$T/raw"
    done
    sleep "$PAUSE"
    /usr/bin/time -f "$f bounds %e %U %S %M" "$AFTER" bounds "$f" >/dev/null 2>>"$T/raw"
    sleep "$PAUSE"
    /usr/bin/time -f "$f python %e %U %S %M" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" 2>>"$T/raw"
  done
  echo "round $r of $ROUNDS done" >&2
done
python3 - "$T/raw" <<'PY'
import collections, statistics as st, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) == 6:
        runs[(p[0], p[1])].append((float(p[2]), float(p[3]) + float(p[4]), int(p[5])))
print("| file | plan -o before | after | bounds | python | after / bounds | after / python |")
print("|---|---:|---:|---:|---:|---:|---:|")
files = list(dict.fromkeys(f for f, _ in runs))
for f in files:
    cells = []
    for k in ("before", "after", "bounds", "python"):
        v = runs[(f, k)]
        cells.append("%.2f s (%.2f) %d MiB" % (st.median(x[0] for x in v), st.median(x[1] for x in v), max(x[2] for x in v) // 1024))
    wall = {k: st.median(x[0] for x in runs[(f, k)]) for k in ("after", "bounds", "python")}
    print("| %s | %s | %.1fx | %.2fx |" % (f, " | ".join(cells), wall["after"] / wall["bounds"], wall["after"] / wall["python"]))
PY
