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
measured. Then it prints, per ruleset, the share of decisions with a verdict
and how many of each kind (separated, alike, within the negligible margin:
docs/hints.md), the median and 90th-percentile seconds with the median CPU
seconds beside them (every core's, read from /proc), and the decisions without
one; and,
from the comparisons of the decisions without a verdict, two estimates of what
would give them one: worlds that came k times as fast (a strict verdict, or one
by the ruleset's negligible margins), or margins k times as wide.

The machine's load changes wall time: the load average is printed before and
after each ruleset (2 cores shared with other work).

Usage (build first: `cargo build --profile quick`, or `--release`):
    python3 benches/hints.py [--delve target/quick/delve] [--decisions 200]
        [--stride 5] [--game NAME]... [--json] [--each FILE]
    python3 benches/hints.py --from FILE   (the tables again from an --each file)
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

    def cpu_seconds(self) -> float:
        """The CPU time delve has used so far, on every thread (Linux)."""
        with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        # utime and stime, the 14th and 15th fields of the whole line.
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

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
                cpu_before = play.cpu_seconds()
                hint = play.send("hint mc")
                waited = time.monotonic() - started
                cpu = play.cpu_seconds() - cpu_before
                row = {
                    "game": game,
                    "seed": seed,
                    "decision": play.standing["choices"] + 1,
                    "options": len(play.standing["options"]),
                    "verdict": hint["verdict"],
                    "answered": hint.get("answered", not hint.get("too_close_to_call", False)),
                    "kind": hint.get("kind"),
                    # A search's answer (all seen, a win found) plays no world.
                    "method": hint.get("method", "mc"),
                    "worlds": hint.get("worlds", 0),
                    "hint_seconds": hint.get("seconds", waited),
                    "seconds": waited,
                    "cpu_seconds": cpu,
                }
                row["contenders"] = contenders(hint)
                row["negligible"] = hint.get("negligible")
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


def contenders(hint: dict) -> list:
    """A decision without a verdict: each option still in play outside the
    leader's group, as `[measure, difference from the leader, half-width]`."""
    if hint.get("answered", True) or hint.get("method", "mc") != "mc":
        return []
    found = []
    for option in hint.get("options", []):
        versus = option.get("versus_best")
        if option.get("group") == 0 or not versus or versus["surely_worse"] or versus["same"]:
            continue
        # Too few worlds to compare (an interval without ends): no estimate.
        if versus["low"] is None or versus["high"] is None:
            found.append([versus["measure"], versus["mean"] or 0.0, float("inf")])
            continue
        found.append([versus["measure"], versus["mean"], (versus["high"] - versus["low"]) / 2])
    return found


def needs(row: dict, margins: dict) -> tuple[float, float]:
    """How many worlds a decision without a verdict would have needed: a
    strict verdict (the leader surely better than each contender), and one by
    the ruleset's negligible margins (each contender's interval top below the
    margin). A half-width shrinks about as one over the root of the worlds,
    so a contender `d` behind with half-width `h` after `n` worlds needs about
    n (h / |d|)^2 worlds, or n (h / (m - d))^2 with margin m; the decision
    needs the most of its contenders. An estimate: the interval's factor for
    looking after every world grows slowly too, and `d` is itself measured.
    """
    n = row["worlds"]
    strict = margin = 0.0
    for measure, d, h in row["contenders"]:
        strict = max(strict, n * (h / abs(d)) ** 2 if d else float("inf"))
        m = margins.get(measure)
        margin = max(margin, n * (h / (m - d)) ** 2 if m is not None and m > d else float("inf"))
    return strict, margin


def declared_margins(rows: list[dict]) -> dict:
    """The ruleset's negligible margins, as its verdicts by them carry them
    (none if it had no such verdict)."""
    return next((r["negligible"] for r in rows if r.get("negligible")), None) or {}


def speedups(rows: list[dict]) -> dict:
    """The share of decisions with a verdict if worlds came k times as fast,
    strict or by the margins, from what the decisions without one needed."""
    margins = declared_margins(rows)
    shares = {}
    for k in (1, 2, 4, 10, 100):
        strict = margin = 0
        for r in rows:
            if r["answered"]:
                strict += 1
                margin += 1
                continue
            if not r.get("contenders") or not r["worlds"]:
                continue
            s, m = needs(r, margins)
            strict += s <= k * r["worlds"]
            margin += min(s, m) <= k * r["worlds"]
        shares[k] = (strict / len(rows), margin / len(rows))
    return shares


def wider(rows: list[dict]) -> dict:
    """The share of decisions with a verdict by the negligible margins were
    they k times as wide, from the intervals the decisions without one
    ended with (a wider margin would have stopped some sooner, on wider
    intervals: this counts the decisions at the cap)."""
    margins = declared_margins(rows)
    shares = {}
    for k in (1, 2, 3, 5):
        verdicts = 0
        for r in rows:
            if r["answered"]:
                verdicts += 1
            elif r.get("contenders") and all(
                margins.get(measure) is not None and d + h < k * margins[measure]
                for measure, d, h in r["contenders"]
            ):
                verdicts += 1
        shares[k] = verdicts / len(rows)
    return shares


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


KINDS = ("separated", "alike", "within_margin")


def summarize(game: str, rows: list[dict], load: list[float]) -> dict:
    seconds = [r["seconds"] for r in rows]
    cpu = [r["cpu_seconds"] for r in rows if r.get("cpu_seconds") is not None]
    return {
        "game": game,
        "decisions": len(rows),
        "with_verdict": sum(r["answered"] for r in rows) / len(rows),
        # Of the verdicts, how many of each kind; "other" for the rest
        # (a search's, a decision of one option).
        "kinds": {k: sum(r.get("kind") == k for r in rows) for k in KINDS}
        | {"other": sum(r["answered"] and r.get("kind") not in KINDS for r in rows)},
        "median_seconds": statistics.median(seconds),
        "median_cpu_seconds": statistics.median(cpu) if cpu else None,
        "p90_seconds": quantile(seconds, 0.9),
        "load": load,
        "without": [f"seed {r['seed']} decision {r['decision']}" for r in rows if not r["answered"]],
        "if_faster": speedups(rows),
        "if_wider": wider(rows),
    }


def print_table(summaries: list[dict]) -> None:
    print("| ruleset | decisions | with a verdict | separated / alike / within the margin / other "
          "| median s | median CPU s | 90th percentile s | load before/after |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for s in summaries:
        load = " / ".join(f"{x:.1f}" for x in s["load"]) if s["load"] else "-"
        kinds = " / ".join(str(n) for n in s["kinds"].values())
        cpu = "-" if s["median_cpu_seconds"] is None else f"{s['median_cpu_seconds']:.2f}"
        print(
            f"| `{s['game']}` | {s['decisions']} | {100 * s['with_verdict']:.1f}% | {kinds} | "
            f"{s['median_seconds']:.2f} | {cpu} | {s['p90_seconds']:.2f} | {load} |"
        )
    estimates = [
        ("if_faster", "With a verdict if worlds came k times as fast (strict / by the negligible margins; estimated):",
         lambda share: f"{100 * share[0]:.1f}% / {100 * share[1]:.1f}%"),
        ("if_wider", "With a verdict by the negligible margins were they k times as wide (at the worlds played):",
         lambda share: f"{100 * share:.1f}%"),
    ]
    for key, title, cell in estimates:
        print()
        print(title)
        print()
        ks = list(summaries[0][key]) if summaries else []
        print("| ruleset | " + " | ".join(f"{k}x" for k in ks) + " |")
        print("| --- |" + " --- |" * len(ks))
        for s in summaries:
            print(f"| `{s['game']}` | " + " | ".join(cell(v) for v in s[key].values()) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--delve", default="target/quick/delve")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--stride", type=int, default=5)
    parser.add_argument("--game", action="append", help="a ruleset (default: every one with hidden cards)")
    parser.add_argument("--json", action="store_true", help="one JSON object per ruleset")
    parser.add_argument("--each", help="append every decision measured to this file, as JSON lines")
    parser.add_argument("--from", dest="source", help="measure nothing: summarize the decisions of an --each file")
    args = parser.parse_args()
    summaries = []
    if args.source:
        by_game: dict[str, list[dict]] = {}
        with open(args.source, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                by_game.setdefault(row["game"], []).append(row)
        summaries = [summarize(game, rows, []) for game, rows in by_game.items()]
    else:
        each = open(args.each, "a", encoding="utf-8") if args.each else None
        for game in args.game or HIDDEN:
            load_before = os.getloadavg()[0]
            rows = measure(args.delve, game, args.decisions, args.stride, each)
            summary = summarize(game, rows, [load_before, os.getloadavg()[0]])
            summaries.append(summary)
            if args.json:
                print(json.dumps(summary), flush=True)
        if each:
            each.close()
    if not args.json or args.source:
        print_table(summaries)


if __name__ == "__main__":
    main()
