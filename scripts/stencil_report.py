#!/usr/bin/env python3
"""Summaries, tables and SVG plots of redist-mpi-example stencil runs (docs/reproduction.md).

Reads the per-run CSVs written by `redist-mpi-example stencil --csv` in DIR
(stencil_ratio1.csv, stencil_ratio10.csv: document 003 Figures 4-5; stencil_skewed_set.csv,
stencil_chunk_set.csv: Table 1a/1b's redistribution columns) and writes into DIR (the Markdown tables go to stdout; scripts/stencil_experiment.sh keeps them
in DIR/stencil_tables.md):
  stencil_summary.csv   per ratio, strategy and K: median and quartiles of the total time over all
                        runs (distributions x repetitions), and the median of the per-run ratio to D_can
  stencil_tables.csv    per run and strategy: tiles moved (fraction), steps, redistribution time, and
                        the tiled QR's traffic and work balance (stencil_qr16_*.csv: 16 ranks,
                        counts only)
  stencil_times.svg     Figures 4-5: time of redistribution + K iterations + move back, against K
  stencil_relative.svg  the same, relative to D_can of the same distribution and repetition
and prints the tables in Markdown. Python standard library only.
"""
import csv
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

STRATEGIES = ["owner", "can", "vol", "steps"]
LABEL = {"owner": "owner-computes", "can": "D_can", "vol": "D_vol", "steps": "D_steps"}
COLOUR = {"owner": "#7f7f7f", "can": "#d62728", "vol": "#1f77b4", "steps": "#2ca02c"}
DASH = {"owner": "6,3", "can": "", "vol": "", "steps": "2,2"}
MARKER = {"owner": "square", "can": "circle", "vol": "triangle", "steps": "diamond"}
# vol and steps are often equal: a small horizontal offset keeps both markers and bars visible.
OFFSET = {"owner": -0.12, "can": -0.04, "vol": 0.04, "steps": 0.12}


def read_rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def quartiles(values):
    """(median, first quartile, third quartile)."""
    values = sorted(values)
    if len(values) == 1:
        return values[0], values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[1], q[0], q[2]


def summarise_times(rows):
    """(strategy, k) -> (median, q1, q3) of total_s, and of total_s / D_can's total_s."""
    totals = defaultdict(list)
    by_run = {}
    for r in rows:
        key = (r["layout"], r["rep"], int(r["k"]))
        by_run[(r["strategy"],) + key] = float(r["total_s"])
        totals[(r["strategy"], int(r["k"]))].append(float(r["total_s"]))
    relative = defaultdict(list)
    for (s, layout, rep, k), t in by_run.items():
        can = by_run.get(("can", layout, rep, k))
        if can:
            relative[(s, k)].append(t / can)
    return ({key: quartiles(v) for key, v in totals.items()},
            {key: quartiles(v) for key, v in relative.items()},
            {key: len(v) for key, v in totals.items()})


def nice_step(span, target=5):
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def fmt(v):
    return f"{v:g}" if abs(v) >= 1e-9 else "0"


def y_range(values, y_floor=None):
    """Round bounds and tick step covering the values (and y_floor when given)."""
    lo = min(values) if y_floor is None else min(y_floor, min(values))
    hi = max(values)
    step = nice_step(max(hi - lo, 1e-9))
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def panel(out, x0, y0, w, h, title, series, y_label, bounds, legend_at):
    """series: strategy -> [(k, median, q1, q3)]. Draws axes with round ticks, bars, lines, legend."""
    lo, hi, step = bounds
    ks = sorted({p[0] for pts in series.values() for p in pts})
    kx0, kx1 = ks[0] - 0.5, ks[-1] + 0.5
    X = lambda k: x0 + (k - kx0) / (kx1 - kx0) * w
    Y = lambda v: y0 + h - (v - lo) / (hi - lo) * h
    out.append(f'<text x="{x0 + w / 2}" y="{y0 - 12}" text-anchor="middle" font-size="14">{title}</text>')
    out.append(f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="#000"/>')
    v = lo
    while v <= hi + step / 2:
        out.append(f'<line x1="{x0}" x2="{x0 + w}" y1="{Y(v):.1f}" y2="{Y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{x0 - 6}" y="{Y(v) + 4:.1f}" text-anchor="end" font-size="11">{fmt(round(v, 10))}</text>')
        v += step
    for k in ks:
        out.append(f'<text x="{X(k):.1f}" y="{y0 + h + 16}" text-anchor="middle" font-size="11">{k}</text>')
    out.append(f'<text x="{x0 + w / 2}" y="{y0 + h + 34}" text-anchor="middle" font-size="12">stencil iterations K</text>')
    out.append(f'<text transform="translate({x0 - 44},{y0 + h / 2}) rotate(-90)" text-anchor="middle" '
               f'font-size="12">{y_label}</text>')
    for s, pts in series.items():
        c = COLOUR[s]
        path = " ".join(f"{X(k + OFFSET[s]):.1f},{Y(m):.1f}" for k, m, _, _ in pts)
        dash = f' stroke-dasharray="{DASH[s]}"' if DASH[s] else ""
        out.append(f'<polyline points="{path}" fill="none" stroke="{c}" stroke-width="1.6"{dash}/>')
        for k, m, q1, q3 in pts:
            x = X(k + OFFSET[s])
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{Y(q1):.1f}" y2="{Y(q3):.1f}" stroke="{c}"/>')
            out.append(marker(MARKER[s], x, Y(m), c))
    # Inside the frame, in the corner the data leaves empty (top left for times, bottom right for ratios).
    ly = y0 + 10 if legend_at == "top-left" else y0 + h - 16 * len(series) - 14
    lx = x0 + 8 if legend_at == "top-left" else x0 + w - 158
    out.append(f'<rect x="{lx}" y="{ly - 4}" width="150" height="{16 * len(series) + 8}" fill="#fff" '
               f'fill-opacity="0.85" stroke="#999"/>')
    for i, s in enumerate(series):
        yy = ly + 8 + 16 * i
        dash = f' stroke-dasharray="{DASH[s]}"' if DASH[s] else ""
        out.append(f'<line x1="{lx + 6}" x2="{lx + 32}" y1="{yy}" y2="{yy}" stroke="{COLOUR[s]}" stroke-width="1.6"{dash}/>')
        out.append(marker(MARKER[s], lx + 19, yy, COLOUR[s]))
        out.append(f'<text x="{lx + 38}" y="{yy + 4}" font-size="11">{LABEL[s]}</text>')


def marker(kind, x, y, c):
    if kind == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{c}"/>'
    if kind == "triangle":
        return f'<polygon points="{x:.1f},{y - 4.5:.1f} {x - 4:.1f},{y + 3.5:.1f} {x + 4:.1f},{y + 3.5:.1f}" fill="{c}"/>'
    if kind == "diamond":
        return f'<polygon points="{x:.1f},{y - 4.5:.1f} {x - 4:.1f},{y:.1f} {x:.1f},{y + 4.5:.1f} {x + 4:.1f},{y:.1f}" fill="#fff" stroke="{c}" stroke-width="1.5"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{c}"/>'


def write_svg(path, panels, y_label, y_floor=None, strategies=STRATEGIES, legend_at="top-left"):
    """Side-by-side panels on one y scale, so that they compare at a glance."""
    w, h, left, gap = 380, 280, 70, 90
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + len(panels) * (w + gap)}" height="{h + 110}" '
           f'font-family="sans-serif">', '<rect width="100%" height="100%" fill="#fff"/>']
    drawn = []
    for title, stats in panels:
        series = {s: [(k, *stats[(s, k)]) for k in sorted(k for (t, k) in stats if t == s)] for s in strategies}
        drawn.append((title, {s: p for s, p in series.items() if p}))
    bounds = y_range([v for _, series in drawn for pts in series.values() for p in pts for v in p[1:]], y_floor)
    for i, (title, series) in enumerate(drawn):
        panel(out, left + i * (w + gap), 40, w, h, title, series, y_label, bounds, legend_at)
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")


def main(directory):
    d = Path(directory)
    figures = [(ratio, d / f"stencil_ratio{ratio}.csv") for ratio in (1, 10)]
    figures = [(ratio, p) for ratio, p in figures if p.exists()]
    summary = [["ratio", "strategy", "k", "runs", "median_s", "q1_s", "q3_s", "rel_can_median", "rel_can_q1", "rel_can_q3"]]
    times_panels, rel_panels = [], []
    print("| ratio | K | owner-computes (s) | D_can (s) | D_vol (s) | D_steps (s) | D_vol / D_can | D_steps / D_can |")
    print("|---|---|---|---|---|---|---|---|")
    for ratio, path in figures:
        rows = read_rows(path)
        times, rel, runs = summarise_times(rows)
        tau = float(rows[0]["tau_comm_s"]) * 1e3
        for (s, k) in sorted(times, key=lambda x: (STRATEGIES.index(x[0]), x[1])):
            summary.append([ratio, s, k, runs[(s, k)], *(f"{v:.5f}" for v in times[(s, k)]),
                            *(f"{v:.4f}" for v in rel.get((s, k), ("", "", "")) if v != "")])
        for k in sorted({k for (_, k) in times}):
            cells = [f"{times[(s, k)][0]:.3f}" for s in STRATEGIES]
            print(f"| {ratio} | {k} | " + " | ".join(cells) +
                  f" | {rel[('vol', k)][0]:.3f} | {rel[('steps', k)][0]:.3f} |")
        title = f"tau_comm/tau_calc = {ratio} (tau_comm {tau:.0f} ms)"
        times_panels.append((title, times))
        rel_panels.append((title, rel))
    with open(d / "stencil_summary.csv", "w", newline="") as f:
        csv.writer(f).writerows(summary)
    if times_panels:
        write_svg(d / "stencil_times.svg", times_panels, "time: redistribute + K iterations + back (s)", 0.0)
        write_svg(d / "stencil_relative.svg", rel_panels, "time / time with D_can (median, quartiles)",
                  strategies=["can", "vol", "steps"], legend_at="bottom-right")
    tables = [["run", "distribution", "strategy", "runs", "tiles", "moved_fraction", "steps", "redistribution_s_median",
               "qr_tiles_sent", "qr_work_share"]]
    print("\n| run | distribution | strategy | tiles | moved | steps | redistribution (s, median) | QR tiles sent | QR busiest rank's work x P |")
    print("|---|---|---|---|---|---|---|---|---|")
    runs = [d / f"stencil_{name}.csv" for name in ("skewed_set", "chunk_set", "ratio1")]
    runs += sorted(d.glob("stencil_qr16_*.csv"))
    for path in runs:
        if not path.exists():
            continue
        setting = path.stem[len("stencil_"):]
        rows = [r for r in read_rows(path) if r["k"] == "0"]
        for s in STRATEGIES:
            mine = [r for r in rows if r["strategy"] == s]
            tiles = int(mine[0]["tiles"])
            moved = statistics.mean(int(r["moved_tiles"]) for r in mine) / tiles
            steps = statistics.mean(int(r["steps"]) for r in mine)
            # The qr16 runs are counts on shared memory: their times say nothing.
            timed = not setting.startswith("qr16")
            redist = statistics.median(float(r["redistribution_s"]) for r in mine) if timed else float("nan")
            qr = [r for r in mine if int(r.get("qr_tiles_sent", "-1")) >= 0]
            qr_sent = statistics.mean(int(r["qr_tiles_sent"]) for r in qr) if qr else ""
            qr_share = statistics.mean(float(r["qr_work_share"]) for r in qr) if qr else ""
            dist = mine[0]["distribution"]
            tables.append([setting, dist, s, len(mine), tiles, f"{moved:.4f}", f"{steps:.2f}", f"{redist:.4f}" if timed else "",
                           f"{qr_sent:.1f}" if qr else "", f"{qr_share:.3f}" if qr else ""])
            qr_cells = f"{qr_sent:.0f} | {qr_share:.2f}" if qr else "- | -"
            redist_cell = f"{redist:.3f}" if timed else "-"
            print(f"| {setting} | {dist} | {LABEL[s]} | {tiles} | {100 * moved:.1f}% | {steps:.1f} | {redist_cell} | {qr_cells} |")
    with open(d / "stencil_tables.csv", "w", newline="") as f:
        csv.writer(f).writerows(tables)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/results/stencil")
