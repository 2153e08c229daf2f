#!/usr/bin/env python3
"""Pools the paired `delve sim --json --each` chunks kept in this folder.

These chunks were made before `delve sim --out DIR --shard K/N` and
`delve pool`, which pool new runs byte for byte; this script stays beside
the chunks it reads, so their figures can be pooled again. Why it was
written: a slow bot (the mc bot on Mythic Dungeon Crawler takes
about half a CPU-minute a game) is measured in chunks of seeds, often over
several sessions. Each chunk is one line of `delve sim ... --vs-bot B --json
--each` (or `--vs`), which lists every game by its seed. This script pairs
the games of all chunks seed by seed and prints what one run over all the
seeds would have printed: each configuration's wins and mean score, and the
paired differences (first minus second) with their 95% intervals, worked
out as `delve sim` does.

A seed that appears twice (two chunks overlap) is an error: it would count
one deal twice.

With `--against RUN.json`, a run of one bot over seeds of its own (`delve
sim GAME --bot B --json --each`, cheap where the chunks are slow), the
chunks' first configuration is paired with that run instead of their
second, on the seeds both have.

Usage:
    python3 docs/figures/pool_chunks.py [--against RUN.json] CHUNK.json...
"""

import json
import math
import sys

Z95 = 1.959963984540054


def paired(a, b):
    """Mean of the differences and its 95% interval (normal approximation)."""
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    if n == 0:
        return 0.0, (0.0, 0.0)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def load(paths):
    """The two configurations' names and their games by seed."""
    names, games = None, {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            run = json.loads(f.read())
        if "a" not in run or "each" not in run["a"]:
            sys.exit(f"{path}: not a compared run with --json --each")
        these = tuple(f"{run[k]['setup']} ({run[k]['bot']} bot)" for k in "ab")
        if names is None:
            names = these
        elif these != names:
            sys.exit(f"{path}: compares {these}, the others {names}")
        for x, y in zip(run["a"]["each"], run["b"]["each"]):
            if x["seed"] in games:
                sys.exit(f"{path}: seed {x['seed']} is already in another chunk")
            games[x["seed"]] = (x, y)
    if names is None:
        sys.exit("usage: pool_chunks.py [--against RUN.json] CHUNK.json...")
    return names, games


def against(path, names, games):
    """The chunks' first configuration paired with a one-bot run's games."""
    with open(path, encoding="utf-8") as f:
        run = json.loads(f.read())
    if "each" not in run:
        sys.exit(f"{path}: not a one-bot run with --json --each")
    theirs = {g["seed"]: g for g in run["each"]}
    paired_games = {s: (g[0], theirs[s]) for s, g in games.items() if s in theirs}
    if not paired_games:
        sys.exit(f"{path}: no seed in common with the chunks")
    return (names[0], f"{run['setup']} ({run['bot']} bot)"), paired_games


def main():
    args = sys.argv[1:]
    other = None
    if args[:1] == ["--against"]:
        if len(args) < 2:
            sys.exit("usage: pool_chunks.py [--against RUN.json] CHUNK.json...")
        other, args = args[1], args[2:]
    names, games = load(args)
    if other is not None:
        names, games = against(other, names, games)
    seeds = sorted(games)
    pairs = [games[s] for s in seeds]
    print(f"{len(seeds)} seeds, {seeds[0]}-{seeds[-1]}")
    for i, name in enumerate(names):
        wins = sum(p[i]["win"] for p in pairs)
        scores = [p[i]["score"] for p in pairs if p[i]["score"] is not None]
        mean = f", mean score {sum(scores) / len(scores):.2f}" if scores else ""
        print(f"  {name}: {wins} of {len(pairs)} won ({100 * wins / len(pairs):.1f}%){mean}")
    win, (low, high) = paired(
        [float(p[0]["win"]) for p in pairs], [float(p[1]["win"]) for p in pairs]
    )
    print(f"win rate difference: {100 * win:+.1f} points (95% CI {100 * low:+.1f} to {100 * high:+.1f})")
    scored = [p for p in pairs if p[0]["score"] is not None and p[1]["score"] is not None]
    if scored:
        score, (low, high) = paired([p[0]["score"] for p in scored], [p[1]["score"] for p in scored])
        print(f"mean score difference: {score:+.2f} (95% CI {low:+.2f} to {high:+.2f})")


if __name__ == "__main__":
    main()
