#!/bin/sh
# Builds delve with profile-guided optimisation, for the long figure runs.
#
# Why: a figure run of the mc bot takes CPU-hours, nearly all of it in the
# script interpreter. A build optimised for the path a real run takes plays
# exactly the same games (the optimiser changes no result) with less CPU:
# Dungeon Solitaire's mc games took 15% less (110 against 129 CPU-seconds
# for two games, 2026-11-26), and the same 300 heuristic games came out
# identical. Check that again on a few games before trusting a new build.
#
# Usage: benches/pgo.sh OUT_DIR DELVE_ARGS...
#   The DELVE_ARGS are one training run of the instrumented build (a few
#   minutes of the kind of run the figures need), run in the folder this
#   is called from. Prints the optimised binary's path. Needs `rustup
#   component add llvm-tools`.
set -eu
[ $# -ge 2 ] || { sed -n '2,/^set/p' "$0" | sed '$d'; exit 2; }
out=$(mkdir -p "$1" && CDPATH='' cd -- "$1" && pwd)
shift
manifest=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)/Cargo.toml
profdata=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-profdata 2>/dev/null | head -n 1)
[ -n "$profdata" ] || { echo "llvm-profdata not found: rustup component add llvm-tools" >&2; exit 1; }
# CARGO_ENCODED_RUSTFLAGS, not RUSTFLAGS, which would split a path with a space.
CARGO_ENCODED_RUSTFLAGS="-Cprofile-generate=$out/data" \
  cargo build --release --bin delve --manifest-path "$manifest" --target-dir "$out/gen" >&2
# Build scripts, instrumented too, leave profiles of their own: only the run's count.
rm -rf "$out/data"
LLVM_PROFILE_FILE="$out/data/%p-%m.profraw" "$out/gen/release/delve" "$@" >/dev/null
"$profdata" merge -o "$out/delve.profdata" "$out/data"
CARGO_ENCODED_RUSTFLAGS="-Cprofile-use=$out/delve.profdata" \
  cargo build --release --bin delve --manifest-path "$manifest" --target-dir "$out/use" >&2
echo "$out/use/release/delve"
