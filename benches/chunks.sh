#!/bin/sh
# Makes a slow paired figure run in chunks of 25 seeds, one after another,
# for `benches/pool.py` to pool: chunks already made are skipped, so a run
# cut short (a session's end) goes on where it stopped, and two of these
# over different seed ranges use two cores.
#
# Usage: benches/chunks.sh DELVE OUT_DIR FIRST STOP SIM_ARGS...
#   Runs `DELVE sim SIM_ARGS --seed S --games 25 --jobs 1 --json --each`
#   for S = FIRST, FIRST+25, ... below STOP (the last chunk may pass STOP),
#   into OUT_DIR/seeds-S.json, written whole (a chunk cut short leaves only
#   its .part), and what it printed to stderr into seeds-S.err. A chunk is
#   known by its file alone: give each configuration a folder of its own.
#   Example: benches/chunks.sh target/release/delve figs 0 500
#     dungeon-solitaire --bot mc --vs-bot heuristic --rollout heuristic --worlds 4
set -eu
[ $# -ge 5 ] || { sed -n '2,/^set/p' "$0" | sed '$d'; exit 2; }
delve=$1 out=$2 first=$3 stop=$4
shift 4
for n in "$first" "$stop"; do
  case $n in '' | *[!0-9]*) echo "FIRST and STOP are seeds (whole numbers): not '$n'" >&2; exit 2 ;; esac
done
mkdir -p "$out"
s=$first
while [ "$s" -lt "$stop" ]; do
  if [ ! -s "$out/seeds-$s.json" ]; then
    "$delve" sim "$@" --seed "$s" --games 25 --jobs 1 --json --each \
      >"$out/seeds-$s.part" 2>"$out/seeds-$s.err"
    mv "$out/seeds-$s.part" "$out/seeds-$s.json"
  fi
  s=$((s + 25))
done
