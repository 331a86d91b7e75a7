#!/usr/bin/env bash
# Transfers per link of two builds' heterogeneous unidirectional plans on `redist gen ring` rings of
# every shape: sizes SIZES, loads up to 10^3 and 10^9, costs up to 10 and 1000, seeds 1..SEEDS.
# Prints, per size and shape, the mean and the most transfers per link of each build; every plan
# must be optimal (the script stops otherwise).
#
#   BEFORE=old/redist AFTER=build/cli/redist SIZES="1000 30000 250000" SEEDS=3 bash bench/paced_lines_study.sh
set -eu
SIZES=${SIZES:-1000 30000 250000}
SEEDS=${SEEDS:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
count() {  # schedule -> "transfers links most status"
  python3 - "$1" <<'PY'
import collections, json, sys
d = json.load(open(sys.argv[1]))
c = collections.Counter((t["from"], t["to"]) for t in d["transfers"])
print(len(d["transfers"]), len(c), max(c.values()), d["status"])
PY
}
for n in $SIZES; do
  for shape in uniform gather scatter heavy blocks forward; do
    for b in before after; do : >"$T/$b"; done
    for load in 1000 1000000000; do for cost in 10 1000; do for seed in $(seq "$SEEDS"); do
      "$AFTER" gen ring --n "$n" --ring uni --costs het --max-load "$load" --max-cost "$cost" \
        --shape "$shape" --seed "$seed" -o "$T/ring.json"
      for b in before after; do
        bin=$BEFORE; [ "$b" = after ] && bin=$AFTER
        "$bin" plan "$T/ring.json" -o "$T/plan.json" >/dev/null
        count "$T/plan.json" >>"$T/$b"
      done
    done; done; done
    for b in before after; do
      awk -v n="$n" -v s="$shape" -v b="$b" '$4 != "optimal" { print "not optimal"; exit 1 }
        { t += $1; l += $2; if ($3 > m) m = $3 }
        END { printf "| %s | %s | %s | %.4f | %d |\n", n, s, b, t / l, m }' "$T/$b"
    done
  done
  echo "n = $n done" >&2
done
