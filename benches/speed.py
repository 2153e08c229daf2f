#!/usr/bin/env python3
"""Speed in games per CPU-second, and against the plain-Python yardstick.

Why this exists: issue 19 asks that random Clear the Dungeon games in delve be
at least as fast as the same rules in plain Python
(benches/clear_the_dungeon_yardstick.py), measured as a ratio in one run, and
that every ruleset's random and heuristic games per CPU-second be known. The
machine this project is built on is shared, so wall time says little: this
script counts the CPU time of child processes (getrusage), which a busy
neighbour barely changes.

What it does:
  1. The ratio: alternates the yardstick and `delve sim clear-the-dungeon
     --jobs 1` for a few rounds (paired in time, so a change in the machine's
     load hits both), and prints delve's games per CPU-second over Python's,
     the median of the rounds.
  2. Per ruleset (every name `delve list` prints), random and heuristic games
     per CPU-second: a short run to size the real one, then a run of about
     `--seconds` CPU-seconds.

delve's CPU time includes starting the process and compiling the ruleset
(a few milliseconds, under 1% of a run here); Python's is the yardstick's own
figure, its games only. So the ratio, if anything, understates delve.

Usage (build first: `cargo build --release`):
    python3 benches/speed.py [--delve target/release/delve] [--rounds 3]
        [--games 3000] [--seconds 2] [--game NAME-OR-PATH] [--only-ratio] [--json]
        [--before OTHER-DELVE]   # per ruleset: the other build, then this one
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
YARDSTICK = os.path.join(HERE, "clear_the_dungeon_yardstick.py")


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(command: list[str]) -> tuple[str, float]:
    """Runs a command to its end; its standard output and CPU seconds."""
    before = child_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    spent = child_cpu() - before
    if done.returncode != 0:
        sys.exit(f"speed.py: `{' '.join(command)}` failed:\n{done.stderr}")
    return done.stdout, spent


def delve_rate(delve: str, game: str, bot: str, games: int) -> float:
    out, cpu = run([delve, "sim", game, "--games", str(games), "--bot", bot,
                    "--jobs", "1", "--json"])
    played = json.loads(out)["games"]
    return played / cpu


def python_rate(games: int) -> float:
    # The yardstick's own figure: CPU time of its games, start-up left out.
    out, _ = run([sys.executable, YARDSTICK, "--games", str(games)])
    return json.loads(out)["games_per_cpu_second"]


def ratio(delve: str, game: str, rounds: int, games: int) -> dict:
    delve_rates, python_rates, ratios = [], [], []
    for _ in range(rounds):
        p = python_rate(games)
        d = delve_rate(delve, game, "random", games)
        python_rates.append(p)
        delve_rates.append(d)
        ratios.append(d / p)
    return {
        "python_games_per_cpu_second": statistics.median(python_rates),
        "delve_games_per_cpu_second": statistics.median(delve_rates),
        "ratio": statistics.median(ratios),
        "rounds": ratios,
    }


def ruleset_rate(delve: str, game: str, bot: str, seconds: float) -> dict:
    probe = 10
    rate = delve_rate(delve, game, bot, probe)
    games = max(probe, min(20000, int(rate * seconds)))
    rate = delve_rate(delve, game, bot, games)
    return {"games": games, "games_per_cpu_second": rate}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--delve", default=os.path.join(HERE, "..", "target", "release", "delve"))
    parser.add_argument("--game", default="clear-the-dungeon",
                        help="the ruleset (or a .rhai path) raced against the yardstick")
    parser.add_argument("--rounds", type=int, default=3, help="paired rounds for the ratio")
    parser.add_argument("--games", type=int, default=3000, help="games per side and round")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU-seconds per ruleset and bot")
    parser.add_argument("--only-ratio", action="store_true")
    parser.add_argument("--before", metavar="DELVE",
                        help="another delve build, measured in turn with this one per ruleset "
                             "(a before/after table from one run)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    if not os.path.exists(args.delve):
        sys.exit(f"speed.py: no delve at {args.delve}: run `cargo build --release` first")

    result = {"ratio": ratio(args.delve, args.game, args.rounds, args.games)}
    r = result["ratio"]
    if not args.json:
        print(f"random {args.game}, games per CPU-second: delve "
              f"{r['delve_games_per_cpu_second']:.0f}, python "
              f"{r['python_games_per_cpu_second']:.0f}")
        print(f"ratio delve/python: {r['ratio']:.3f} (rounds: "
              + ", ".join(f"{x:.3f}" for x in r["rounds"]) + ")", flush=True)
    if not args.only_ratio:
        listed, _ = run([args.delve, "list"])
        # A long description wraps onto indented lines: names start a line.
        names = [line.split()[0] for line in listed.splitlines()
                 if line.strip() and not line[0].isspace()]
        rows = {}
        if not args.json:
            print(f"\n{'ruleset':32} {'random/CPU-s':>13} {'heuristic/CPU-s':>16}")
        for name in names:
            rows[name] = {}
            for bot in ("random", "heuristic"):
                if args.before:
                    rows[name][bot + "_before"] = ruleset_rate(args.before, name, bot, args.seconds)
                rows[name][bot] = ruleset_rate(args.delve, name, bot, args.seconds)
            if not args.json:
                line = f"{name:32}"
                for bot, width in (("random", 13), ("heuristic", 16)):
                    if args.before:
                        line += f" {rows[name][bot + '_before']['games_per_cpu_second']:8.1f} ->"
                    line += f" {rows[name][bot]['games_per_cpu_second']:{width}.1f}"
                print(line, flush=True)
        result["rulesets"] = rows
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
