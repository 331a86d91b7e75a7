#!/usr/bin/env python3
"""Measured against simulated, per scheme, for document 000's matrix application (docs/netlab.md).

    netlab_matrix_report.py MEASURED.txt[,MEASURED2.txt,...] SIMULATED.csv [FREE.csv] -o DIR [--name NAME]

MEASURED.txt: the output of `redist-mpi-example matrix --summary` run under tools/netlab; with several
(comma-separated), each scheme's median over the runs that have it (and its range) is reported, with
the median of its agreement time.
SIMULATED.csv: `redist-tiers-netlab --simulate-example` (scheme,redistributions,simulated_s and, since
the simulation models the agreement, agreement_s and decision_s). FREE.csv, optional: the same with
--free-coordinator (the study's free coordinator), shown for comparison.
Writes DIR/NAME.csv and DIR/NAME.svg (NAME defaults to matrix_schemes; grouped bars, round ticks, a
legend outside the bars) and prints the table as Markdown.
"""

import argparse
import csv
import math
import os
import statistics

# The example's scheme names -> the study's (redistribution_policy.cpp).
EXAMPLE_TO_STUDY = {"none": "none", "once@50": "after50", "every 20": "at20-40-60-80",
                    "every 10": "every10", "every 5": "every5", "every 3": "every3", "every 2": "every2",
                    "adaptive": "adaptive"}


def measured_totals(path):
    """scheme -> (total_s, agreement_s) from the example's table of totals."""
    out = {}
    for line in open(path, encoding="utf-8"):
        for name, study in EXAMPLE_TO_STUDY.items():
            rest = line[len(name):].split() if line.startswith(name + " ") else None
            if rest and len(rest) >= 7 and rest[0].isdigit():
                out[study] = (float(rest[1]), float(rest[6]))
    return out


def simulated_totals(path):
    """scheme -> (simulated_s, agreement_s); agreement 0 where the CSV has none (free coordinator)."""
    with open(path, encoding="utf-8") as f:
        return {row["scheme"]: (float(row["simulated_s"]), float(row.get("agreement_s") or 0))
                for row in csv.DictReader(f)}


def nice_step(top):
    """A round tick step (1, 2 or 5 times a power of ten) giving 4-8 ticks up to `top`."""
    raw = top / 5
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def write_svg(path, schemes, series, title):
    width, height, left, bottom, top_margin = 720, 360, 60, 60, 50
    plot_w, plot_h = width - left - 20, height - bottom - top_margin
    top = max(v for _, values, _ in series for v in values if v is not None)
    step = nice_step(top)
    ymax = step * math.ceil(top / step)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="14">{title}</text>']
    for k in range(int(round(ymax / step)) + 1):
        y = top_margin + plot_h - plot_h * k * step / ymax
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{k * step:g}</text>')
    out.append(f'<text x="14" y="{top_margin + plot_h / 2}" transform="rotate(-90 14 {top_margin + plot_h / 2})" text-anchor="middle">total time (s)</text>')
    group = plot_w / len(schemes)
    bar = group * 0.8 / len(series)
    for i, scheme in enumerate(schemes):
        x0 = left + i * group + group * 0.1
        for j, (_, values, colour) in enumerate(series):
            if values[i] is None:
                continue
            h = plot_h * values[i] / ymax
            out.append(f'<rect x="{x0 + j * bar:.1f}" y="{top_margin + plot_h - h:.1f}" width="{bar - 2:.1f}" height="{h:.1f}" fill="{colour}"/>')
        out.append(f'<text x="{left + (i + 0.5) * group:.1f}" y="{top_margin + plot_h + 18}" text-anchor="middle">{scheme}</text>')
    for j, (name, _, colour) in enumerate(series):  # legend in one row above the plot
        x = left + j * 220
        out.append(f'<rect x="{x}" y="30" width="12" height="12" fill="{colour}"/><text x="{x + 18}" y="40">{name}</text>')
    out.append(f'<line x1="{left}" y1="{top_margin + plot_h}" x2="{left + plot_w}" y2="{top_margin + plot_h}" stroke="black"/>')
    out.append("</svg>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("measured")
    parser.add_argument("simulated")
    parser.add_argument("free", nargs="?")
    parser.add_argument("-o", "--out", required=True)
    parser.add_argument("--name", default="matrix_schemes")
    parser.add_argument("--title", default="matrix application on the emulated Tiers-like ring of 8: measured vs simulated")
    args = parser.parse_args()
    runs = [measured_totals(path) for path in args.measured.split(",")]
    per_scheme, agreements = {}, {}
    for run in runs:
        for scheme, (total, agreement) in run.items():
            per_scheme.setdefault(scheme, []).append(total)
            agreements.setdefault(scheme, []).append(agreement)
    measured = {s: statistics.median(v) for s, v in per_scheme.items()}
    simulated = simulated_totals(args.simulated)
    free = simulated_totals(args.free) if args.free else {}
    schemes = list(simulated)
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for s in schemes:
        m, (sim, sim_agreement) = measured.get(s), simulated[s]
        error = None if m is None else (m - sim) / m
        agreement = statistics.median(agreements[s]) if s in agreements else None
        rows.append((s, m, agreement, sim, sim_agreement, free.get(s, (None, 0))[0], error))
    with open(os.path.join(args.out, args.name + ".csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["scheme", "measured_s", "measured_runs", "measured_min_s", "measured_max_s",
                    "measured_agreement_s", "simulated_s", "simulated_agreement_s",
                    "simulated_free_coordinator_s", "error_vs_measured"])
        for s, m, agreement, sim, sim_agreement, fr, e in rows:
            v = per_scheme.get(s, [])
            w.writerow([s, "" if m is None else f"{m:.3f}", len(v), f"{min(v):.3f}" if v else "",
                        f"{max(v):.3f}" if v else "", "" if agreement is None else f"{agreement:.3f}",
                        f"{sim:.3f}", f"{sim_agreement:.3f}", "" if fr is None else f"{fr:.3f}",
                        "" if e is None else f"{e:.4f}"])
    series = [("measured (netlab)", [r[1] for r in rows], "#1f77b4"),
              ("simulated, agreement modelled", [r[3] for r in rows], "#ff7f0e")]
    if free:
        series.append(("simulated, free coordinator", [r[5] for r in rows], "#2ca02c"))
    write_svg(os.path.join(args.out, args.name + ".svg"), schemes, series, args.title)
    print("| scheme | measured s (median) | runs: min-max | agreement, measured | simulated s | agreement, simulated | "
          "free coordinator s | (measured - simulated) / measured |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for s, m, agreement, sim, sim_agreement, fr, e in rows:
        v = per_scheme.get(s, [])
        spread = f"{len(v)}: {min(v):.2f}-{max(v):.2f}" if v else "-"
        print(f"| {s} | {'-' if m is None else f'{m:.2f}'} | {spread} | {'-' if agreement is None else f'{agreement:.3f}'} | "
              f"{sim:.2f} | {sim_agreement:.3f} | {'-' if fr is None else f'{fr:.2f}'} | {'-' if e is None else f'{100 * e:+.1f}%'} |")


if __name__ == "__main__":
    main()
