"""redist.plan from numpy arrays against ring::plan_ring from C++ on the same arrays (BENCHMARKS.md
"Bindings"). For each ring (drawn by redist.gen, as `redist gen ring` draws it), after one warm-up
plan in this process, alternately: one `bench_plan_arrays FILE` run (C++: the seconds of a
plan_ring call alone, after its own warm-up plan, the arrays already in a RingInstance) and one
redist.plan call on a dict of numpy int64 arrays (Python: converting the arrays, planning, the
RingPlan returned; then, apart, reading the schedule's columns as numpy arrays), and, in this
process too, plan_ring alone on the converted ring (in_process_s: the same C++ call with Python's
heap around it, so that python_s / in_process_s is what the binding itself adds). Medians over the
repetitions; both must give the same makespan.

    PYTHONPATH=build/python /usr/bin/python3 bench/bindings_plan_bench.py \
        --cpp build/bench/bench_plan_arrays --n 1000000 --reps 5
"""

import argparse
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np

import redist

RINGS = {
    "uni-het": {"ring": "uni", "costs": "het"},
    "bi-hom": {"ring": "bi", "costs": "hom"},
    "bi-het": {"ring": "bi", "costs": "het"},
}


def arrays_of(document):
    out = {"ring": document["ring"]}
    for key in ("loads", "targets", "succ_cost", "pred_cost"):
        if key in document:
            out[key] = np.asarray(document[key], dtype=np.int64)
    return out


def write_raw(path, ring):
    n = len(ring.loads)
    header = np.array([n, 1 if ring.kind == "bidirectional" else 0, ring.cost_decimals], np.int64)
    with open(path, "wb") as f:
        for part in (header, ring.loads, ring.targets, ring.succ_cost):
            f.write(np.ascontiguousarray(part, dtype=np.int64).tobytes())
        if ring.pred_cost is not None:
            f.write(np.ascontiguousarray(ring.pred_cost, dtype=np.int64).tobytes())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpp", required=True, help="the bench_plan_arrays executable")
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rings", default=",".join(RINGS))
    args = parser.parse_args()
    print(f"{'ring':8} {'n':>8} {'cpp_s':>8} {'python_s':>9} {'ratio':>6} {'in_process_s':>12} "
          f"{'binding':>8} {'columns_s':>9} reps")
    with tempfile.TemporaryDirectory() as folder:
        for name in args.rings.split(","):
            document = redist.gen("ring", n=args.n, max_load=100, seed=args.seed, **RINGS[name])
            instance = arrays_of(document)
            raw = os.path.join(folder, f"{name}.bin")
            write_raw(raw, redist.Ring.from_json(instance))
            cpp, python, columns, inside = [], [], [], []
            ring = redist.Ring.from_json(instance)
            redist.plan(instance)  # warm-up, as the C++ side does
            for _ in range(args.reps):
                out = subprocess.run([args.cpp, raw], check=True, capture_output=True, text=True)
                seconds, cpp_makespan = out.stdout.split()
                cpp.append(float(seconds))
                t0 = time.perf_counter()
                plan = redist.plan(instance)
                python.append(time.perf_counter() - t0)
                assert plan.makespan_text == cpp_makespan, (plan.makespan_text, cpp_makespan)
                t0 = time.perf_counter()
                s = plan.schedule
                for column in ("from", "to", "items", "start", "spacing"):
                    s[column]
                columns.append(time.perf_counter() - t0)
                del plan, s
                inside.append(redist._redist._plan_ring_seconds(ring._ring))
            c, p, i = (statistics.median(v) for v in (cpp, python, inside))
            print(f"{name:8} {args.n:8d} {c:8.3f} {p:9.3f} {p / c:6.3f} {i:12.3f} {p / i:8.3f} "
                  f"{statistics.median(columns):9.3f} {args.reps}", flush=True)


if __name__ == "__main__":
    main()
