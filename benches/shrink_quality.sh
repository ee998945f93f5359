#!/bin/sh
# Shrink quality: for each wrong program of the example crates' stress tests, run as their
# tests run it through the example's own command line, the program runs the shrink took,
# its standing (least, greedy, budget-exhausted) and the input it reached. Figures in
# docs/performance.md ("Shrink quality").
#
#   cargo build -p nim-move -p euclid-game --bins
#   cargo build -p kayles --features cli --bin kayles-game
#   cargo build -p subtraction-interactive --bins
#   benches/shrink_quality.sh [TARGET_DIR/debug]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/target/debug}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for c in nim-move/largest euclid/wrong euclid/float kayles/wrong_at_70 subtraction-interactive/greedy; do
    gcc -O2 -o "$dir/$(echo "$c" | tr / -)" "$root/examples/$(dirname "$c")/solutions/$(basename "$c").c" -lm
done
# row NAME COMMAND...: one line, NAME, runs, standing, generator and the shrunk input.
row() {
    name=$1
    shift
    "$@" --json --out-dir "$dir/out-$name" > "$dir/$name.json" 2> /dev/null || true
    python3 - "$name" "$dir/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[2]))
cases = r["input"].split("\n", 1)[1].strip().replace("\n", " / ")
print(f"{sys.argv[1]:28} {r['shrink']['runs']:5} runs  {r['shrink']['standing']:17} {r['generator']:16} {cases[:60]}")
PY
}
row nim-move-largest-seed-3 "$bin/nim-move" stress --solution "$dir/nim-move-largest" --seed 3
row nim-move-largest-seed-3-3000 "$bin/nim-move" stress --solution "$dir/nim-move-largest" --seed 3 --cases 3000
row nim-move-largest-40 "$bin/nim-move" stress --solution "$dir/nim-move-largest" --cases 40
row euclid-wrong "$bin/euclid-game" stress --solution "$dir/euclid-wrong"
row euclid-float "$bin/euclid-game" stress --solution "$dir/euclid-float"
row kayles-wrong-at-70 "$bin/kayles-game" stress --grundy --solution "$dir/kayles-wrong_at_70" --cases 60
row subtraction-greedy "$bin/subtraction-interactive" stress --set 1,3,4 --solution "$dir/subtraction-interactive-greedy" --cases 40
