#!/usr/bin/env python3
"""How often `hint mc` reaches a verdict, and how long a player waits for it.

Why this exists: issue 56 asks that a Monte Carlo hint give a verdict (a best
group of options surely better than the rest, or options that are the same)
within a second at the median decision of every shipped ruleset with hidden
cards, and at 90% of decisions or more within its 5-second cap. This script
measures that over seeded games, as docs/hints.md's table shows it.

What it does, per ruleset: plays games from seed 1 up through the JSON
protocol (`delve play GAME --seed S --json`), each decision answered by the
ruleset's own bot (`hint`, then that option); at every `--stride`-th decision
of a game (from a place that moves with the seed, so the game's phases are all
met) it first asks `hint mc` and times the answer as the client waits for it
(wall time, the request and its reply), until `--decisions` decisions are
measured. Then it prints, per ruleset, the share of decisions with a verdict,
the median and 90th-percentile seconds, and the decisions without one.

The machine's load changes wall time: the load average is printed before and
after each ruleset (2 cores shared with other work).

Usage (build first: `cargo build --profile quick`, or `--release`):
    python3 benches/hints.py [--delve target/quick/delve] [--decisions 200]
        [--stride 5] [--game NAME]... [--json] [--each FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

# The shipped rulesets whose players do not see every card.
HIDDEN = [
    "clear-the-dungeon",
    "clear-the-dungeon-v1.0",
    "clear-the-dungeon-hard",
    "tomb-of-four-kings",
    "tomb-of-four-kings-torchlight",
    "mythic-dungeon-crawler",
    "mythic-dungeon-crawler-easy",
    "dungeon-solitaire",
    "klondike",
    "golf",
]


class Game:
    """One game over the protocol: lines in, messages out."""

    def __init__(self, delve: str, game: str, seed: int):
        self.process = subprocess.Popen(
            [delve, "play", game, "--seed", str(seed), "--json"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.standing = self.until_standing()

    def until_standing(self) -> dict:
        """Reads messages up to the next prompt or end; an ok on the way is kept."""
        self.ok = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("hints.py: delve stopped before the game ended")
            message = json.loads(line)
            if message["type"] == "ok":
                self.ok = message
            elif message["type"] == "error":
                # A decision with no hint at all (the worlds could not be
                # made) is kept as one without a verdict, named.
                self.ok = {"verdict": message["message"], "answered": False, "worlds": 0,
                           "seconds": None}
            elif message["type"] in ("prompt", "end"):
                return message

    def send(self, line: str) -> dict:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        self.standing = self.until_standing()
        return self.ok

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def measure(delve: str, game: str, decisions: int, stride: int, each) -> list[dict]:
    measured = []
    # From 1: a ruleset with the field's deal numbers (Golf's, Klondike's)
    # has no deal 0.
    seed = 1
    while len(measured) < decisions:
        play = Game(delve, game, seed)
        at = 0
        while play.standing["type"] == "prompt" and len(measured) < decisions:
            if at % stride == seed % stride:
                started = time.monotonic()
                hint = play.send("hint mc")
                waited = time.monotonic() - started
                row = {
                    "game": game,
                    "seed": seed,
                    "decision": play.standing["choices"] + 1,
                    "options": len(play.standing["options"]),
                    "verdict": hint["verdict"],
                    "answered": hint.get("answered", not hint.get("too_close_to_call", False)),
                    # A search's answer (all seen, a win found) plays no world.
                    "method": hint.get("method", "mc"),
                    "worlds": hint.get("worlds", 0),
                    "hint_seconds": hint.get("seconds", waited),
                    "seconds": waited,
                }
                measured.append(row)
                if each:
                    each.write(json.dumps(row) + "\n")
                    each.flush()
            bot = play.send("hint")
            play.send(str(bot["index"]))
            at += 1
        play.close()
        seed += 1
    return measured


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--delve", default="target/quick/delve")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--stride", type=int, default=5)
    parser.add_argument("--game", action="append", help="a ruleset (default: every one with hidden cards)")
    parser.add_argument("--json", action="store_true", help="one JSON object per ruleset")
    parser.add_argument("--each", help="append every decision measured to this file, as JSON lines")
    args = parser.parse_args()
    each = open(args.each, "a", encoding="utf-8") if args.each else None
    if not args.json:
        print("| ruleset | decisions | with a verdict | median s | 90th percentile s | load before/after |")
        print("| --- | --- | --- | --- | --- | --- |")
    for game in args.game or HIDDEN:
        load_before = os.getloadavg()[0]
        rows = measure(args.delve, game, args.decisions, args.stride, each)
        load_after = os.getloadavg()[0]
        seconds = [r["seconds"] for r in rows]
        answered = [r for r in rows if r["answered"]]
        summary = {
            "game": game,
            "decisions": len(rows),
            "with_verdict": len(answered) / len(rows),
            "median_seconds": statistics.median(seconds),
            "p90_seconds": quantile(seconds, 0.9),
            "load": [load_before, load_after],
            "without": [f"seed {r['seed']} decision {r['decision']}" for r in rows if not r["answered"]],
        }
        if args.json:
            print(json.dumps(summary), flush=True)
        else:
            print(
                f"| `{game}` | {len(rows)} | {100 * summary['with_verdict']:.0f}% | "
                f"{summary['median_seconds']:.2f} | {summary['p90_seconds']:.2f} | "
                f"{load_before:.1f} / {load_after:.1f} |",
                flush=True,
            )
    if each:
        each.close()


if __name__ == "__main__":
    main()
