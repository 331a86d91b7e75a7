#!/usr/bin/env bash
# `redist experiment simgrid --quick` as the issue's checking script reads it: every fixed scheme and
# the adaptive policy for both ring sizes at every ratio, and the plots written as complete SVG
# documents. The claim of docs/simgrid.md, the adaptive policy's 30-seed mean at most 2% above the
# best fixed scheme at each ratio, and the paired 95% interval of that gap at most 7% above it, is
# checked on the committed full run (docs/results/simgrid/summary.csv). The quick run's 4 seeds are
# a smaller sample (at ring 32, ratio 100 its mean gap is +3.0%), so on it the test asks for 5% and
# only that the interval is reported.
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! "$REDIST" experiment simgrid --quick --out "$T" >"$T/stdout" 2>"$T/stderr"; then
  echo "FAIL: experiment simgrid --quick exited non-zero"; tail -5 "$T/stderr"; exit 1
fi
fail=0
grep -q 'simgrid: .*simulations' "$T/stderr" || { echo "FAIL: no progress on stderr"; fail=1; }
check_summary() {  # check_summary CSV LIMIT UPPER (the gap's mean, its interval's upper end)
awk -F, -v limit="$2" -v upper="$3" '
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    key = $col["ring_size"] "," $col["ratio"]
    seen[key "," $col["scheme"]] = 1
    keys[key] = 1
    if ($col["scheme"] == "adaptive") { gap[key] = $col["adaptive_gap"]; half[key] = $col["adaptive_gap_ci95"] }
  }
  END {
    split("none after50 at20-40-60-80 every10 every5 every3 every2 adaptive", schemes, " ")
    bad = 0; count = 0
    for (k in keys) {
      ++count
      for (s in schemes) if (!((k "," schemes[s]) in seen)) { print "FAIL: missing " schemes[s] " at ring,ratio " k; bad = 1 }
      if (!(k in gap) || gap[k] > limit + 0) { print "FAIL: adaptive " gap[k] " above the best fixed scheme at ring,ratio " k; bad = 1 }
      if (half[k] == "" || half[k] < 0 || gap[k] + half[k] > upper + 0) { print "FAIL: interval " gap[k] " +- " half[k] " at ring,ratio " k; bad = 1 }
    }
    if (count != 22) { print "FAIL: expected 2 ring sizes x 11 ratios (1..300), got " count; bad = 1 }
    exit bad
  }' "$1"
}
check_summary "$T/summary.csv" 0.05 10 || fail=1
check_summary "$SRC/docs/results/simgrid/summary.csv" 0.02 0.07 || fail=1
for svg in figure13_ring8 figure14_ring32 prediction; do
  f="$T/$svg.svg"
  if [ ! -s "$f" ] || ! head -c 200 "$f" | grep -q '<svg' || ! tail -c 20 "$f" | grep -q '</svg>'; then
    echo "FAIL: $svg.svg missing or incomplete"; fail=1
  fi
done
for csv in runs redistributions prediction prediction_checks; do
  [ -s "$T/$csv.csv" ] || { echo "FAIL: $csv.csv missing"; fail=1; }
done
# Planned with the routes' latencies as start-ups, the plan's own messages on dedicated links with
# those latencies take the plan's makespan, within 1% (the costs' nanosecond rounding), and the
# plan is never slower there than the plan made without start-ups with this layer's relay chunks
# (the start-up planner offers that plan as it runs here: ring/latency_relayed.hpp).
awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  { p = $col["predicted_startups_s"]; m = $col["latency_startups_s"]; tol = 0.01
    if (p <= 0 || m <= 0 || m > p * (1 + tol) || m < p * (1 - tol)) {
      print "FAIL: start-up plan simulated " m " s, predicted " p " s (ring " $1 ", seed " $2 ")"; bad = 1 }
    if (m > $col["latency_s"] * (1 + tol)) {
      print "FAIL: start-up plan " m " s, slower than the plan without " $col["latency_s"] " s (ring " $1 ", seed " $2 ")"; bad = 1 } }
  END { exit bad }' "$T/prediction_checks.csv" || fail=1
[ $fail = 0 ] && echo "simgrid experiment: all schemes present, adaptive within 2% (full run) / 5% (quick), plots written"
exit $fail
