# Sourced by the binding tests (capi_plan_test.sh, tests/python): the ring instances they compare with
# the `redist` command, written to $1: the repository's own (examples/, the fuzz corpus: valid and
# refused ones) and generated rings of every framework, shape and cost kind. Needs $REDIST and $SRC.
instances_into() {
  local dir=$1 k=0
  mkdir -p "$dir"
  cp "$SRC"/examples/bidirectional_het.json "$dir"/example.json
  for f in "$SRC"/fuzz/corpus/ring_json/*.json; do cp "$f" "$dir/corpus_$(basename "$f")"; done
  for ring in uni bi; do
    for costs in hom het; do
      for shape in uniform gather scatter heavy blocks forward; do
        k=$((k + 1))
        "$REDIST" gen ring --n $((5 + k % 7 * 9)) --ring $ring --costs $costs --shape $shape \
          --max-load 30 --max-cost 9 --seed $k -o "$dir/gen_${ring}_${costs}_${shape}.json"
      done
    done
  done
  "$REDIST" gen ring --n 40 --ring bi --costs het --max-cost 5 --cost-decimals 2 --seed 3 -o "$dir/gen_decimals.json"
  "$REDIST" gen ring --n 30 --ring bi --costs het --light --seed 4 -o "$dir/gen_light.json"
  "$REDIST" gen ring --n 2 --ring bi --costs het --seed 5 -o "$dir/gen_two.json"
  printf '{"ring": "bidirectional", "loads": [1, 2], "targets": [2, 2], "succ_cost": 1, "pred_cost": 1}' >"$dir/bad_sums.json"
  printf '{"ring": "bidirectional", "loads": [1, 2], "targets": [2, 1], "succ_cost": 1}' >"$dir/bad_pred.json"
  printf '{"ring": "unidirectional", "loads": [1, 2, 3], "targets": [2, 2, 2], "succ_cost": [1, 0, 1]}' >"$dir/bad_cost.json"
}
