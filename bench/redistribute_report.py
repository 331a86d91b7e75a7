#!/usr/bin/env python3
"""Markdown tables of bench_redistribute's CSV files (BENCHMARKS.md "Real bytes at the floor").

    python3 bench/redistribute_report.py docs/results/exec/onenode_np4.csv ...

One table per file: for every size and pattern, the hand-written redistribution's median time and
the ratios the targets of issue 33 and 28 are stated in (medians of the same run). Files written
with `--startups` (issue 31, BENCHMARKS.md "Start-up costs") get the measured time of each variant
against the plan's prediction instead, and the median error |measured - predicted| / measured.
"""
import csv
import statistics
import sys


def size_text(b):
    b = int(b)
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if b >= scale and b % scale == 0:
            return f"{b // scale} {unit}"
    return f"{b} B"


def ratio(v, a, b):
    return f"{v[a] / v[b]:.2f}" if a in v and b in v and v[b] > 0 else "-"


def startups_table(path, rows):
    print(f"\n{path} ({rows[0]['ranks']} ranks, items of {rows[0]['item_bytes']} bytes)\n")
    print("| items | pattern | variant | transport | messages | measured ms (q1-q3) | predicted ms "
          "| error |")
    print("|---:|---|---|---|---:|---:|---:|---:|")
    errors = {}
    for r in sorted(rows, key=lambda r: (int(r["items"]), r["pattern"])):
        measured, predicted = float(r["median_ms"]), float(r["predicted_ms"])
        error = abs(measured - predicted) / measured if measured > 0 else 0.0
        errors.setdefault(r["variant"], []).append(error)
        print(f"| {r['items']} | {r['pattern']} | {r['variant']} | {r['transport']} | {r['messages']} "
              f"| {measured:.2f} ({float(r['q1_ms']):.2f}-{float(r['q3_ms']):.2f}) | {predicted:.2f} "
              f"| {100 * error:.1f}% |")
    for variant, e in errors.items():
        print(f"\n{variant}: median error {100 * statistics.median(e):.1f}%, max {100 * max(e):.1f}% "
              f"over {len(e)} rows")


def table(path):
    rows = list(csv.DictReader(open(path)))
    if rows and "item_bytes" in rows[0]:
        startups_table(path, rows)
        return
    by = {}
    meta = {}
    for r in rows:
        key = (int(r["bytes"]), r["pattern"])
        by.setdefault(key, {})[r["variant"]] = float(r["median_ms"])
        meta[key] = (r["ranks"], r.get("transport", ""), float(r.get("predicted_ms") or 0))
    ranks = next(iter(meta.values()))[0] if meta else "?"
    print(f"\n{path} ({ranks} ranks)\n")
    print("| size | pattern | hand ms | redist / hand | plan / alltoallv | unchecked / alltoallv "
          "| plan-start / ialltoallv | 5 fields / 5 executes | in place / hand | PetscSF / redist "
          "| transport | predicted / plan |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    errors = []
    for (b, pattern), v in sorted(by.items()):
        _, transport, predicted = meta[(b, pattern)]
        pred = f"{predicted / v['plan']:.2f}" if "plan" in v and predicted > 0 else "-"
        if pred != "-":
            errors.append(abs(predicted - v["plan"]) / v["plan"])
        print(f"| {size_text(b)} | {pattern} | {v.get('hand', 0):.3f} | {ratio(v, 'redist', 'hand')} "
              f"| {ratio(v, 'plan', 'alltoallv')} | {ratio(v, 'plan-unchecked', 'alltoallv')} "
              f"| {ratio(v, 'plan-start', 'ialltoallv')} | {ratio(v, 'plan-5-fields', '5x-plan')} "
              f"| {ratio(v, 'in-place', 'hand')} | {ratio(v, 'petsc', 'redist')} | {transport} | {pred} |")
    if errors:
        print(f"\nprediction error |predicted - measured| / measured (plan): median "
              f"{100 * statistics.median(errors):.1f}%, max {100 * max(errors):.1f}% "
              f"over {len(errors)} rows")


for f in sys.argv[1:]:
    table(f)
