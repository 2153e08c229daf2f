#!/usr/bin/env python3
"""FreeCell deals settled by `delve solve` and by fc-solve, side by side, for
docs/solver.md (issue 54's targets): each deal's verdict and time from both,
a line a deal, and a summary (how many settled, the share in a second or
less, the median ratio of the two times). Disagreements are listed: a deal
one proves winnable and the other proves not is a bug in one of the two.

    python3 benches/fc_solve.py DELVE FIRST COUNT [--seconds S | --cpu-seconds S]
        [--game G] [--preset P --pysol NAME] [--tests-order ORDER]

DELVE is a release build of delve; fc-solve is Debian's freecell-solver-bin
(`make-microsoft-freecell-board` lays the deal, `fc-solve` settles it with
its default scan). Another game of the family is `--game` (delve's name),
`--preset` (fc-solve's, `-g`) and `--pysol` (pysol-cards' name): the deal
is then pysol-cards' layout of it (tests/crosscheck/pysol_deals.py), which
the field_deals test holds equal to delve's. The two run one after the other, never at once, so each
has the machine's core to itself. With `--cpu-seconds` each is timed by its process's CPU time
(rusage: user and system, its start included), so a busy machine moves neither where a deal
stops nor its time: delve stops itself at S CPU-seconds, and an fc-solve answer that took more
than S counts as not settled (one still running at 4 S of wall time is stopped). Each deal's line is printed as JSON to
stderr as it comes, the summary to stdout."""

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


def children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def delve_solve(delve, game, seed, seconds, cpu):
    limit = ["--cpu-seconds", str(seconds)] if cpu else ["--seconds", str(seconds)]
    command = [delve, "solve", game, "--seed", str(seed), *limit, "--nodes", "1000000000", "--json"]
    before = children_cpu()
    out = subprocess.run(command, capture_output=True, text=True)
    used = children_cpu() - before
    try:
        answer = json.loads(out.stdout)
    except json.JSONDecodeError:
        sys.exit(f"deal {seed}: delve gave no answer: {out.stderr.strip()}")
    return answer["verdict"], used if cpu else answer["seconds"], answer["positions"], answer["seconds"]


def board_of(seed, pysol):
    """The deal as fc-solve reads it: Microsoft's, or pysol-cards' layout."""
    if pysol is None:
        return subprocess.run(["make-microsoft-freecell-board", "-t", str(seed)],
                              capture_output=True, text=True, check=True).stdout
    dealer = Path(__file__).resolve().parents[1] / "tests/crosscheck/pysol_deals.py"
    out = subprocess.run([sys.executable, str(dealer), pysol, str(seed)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["layout"]


def fc_solve(seed, seconds, preset="freecell", pysol=None, cpu=False, tests_order=None):
    board = board_of(seed, pysol)
    order = ["-to", tests_order] if tests_order else []
    started = time.perf_counter()
    before = children_cpu()
    try:
        out = subprocess.run(["fc-solve", "-g", preset, *order, "-i", "-p", "-t", "-s"], input=board,
                             capture_output=True, text=True,
                             timeout=4 * seconds if cpu else seconds)
    except subprocess.TimeoutExpired:
        return "unknown", seconds, None
    took = children_cpu() - before if cpu else time.perf_counter() - started
    if cpu and took > seconds:
        return "unknown", seconds, None
    checked = None
    for line in out.stdout.splitlines():
        if line.startswith("Total number of states checked is"):
            checked = int(line.rstrip(".").split()[-1])
    if "This game is solveable." in out.stdout:
        return "winnable", took, checked
    if "I could not solve this game." in out.stdout:
        return "not_winnable", took, checked
    return "unknown", took, checked


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("delve")
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--seconds", type=float, default=60, help="each solver's time a deal")
    parser.add_argument("--cpu-seconds", type=float, help="each solver's CPU time a deal, in place of --seconds")
    parser.add_argument("--game", default="freecell")
    parser.add_argument("--preset", default="freecell", help="fc-solve's name of the game")
    parser.add_argument("--pysol", help="pysol-cards' name of the game, which then lays the deal")
    parser.add_argument("--tests-order", help="the kinds of move fc-solve tries (its -to), in place of its default scan's")
    args = parser.parse_args()
    cpu = args.cpu_seconds is not None
    seconds = args.cpu_seconds if cpu else args.seconds
    rows = []
    for seed in range(args.first, args.first + args.count):
        ours, ours_s, positions, searched = delve_solve(args.delve, args.game, seed, seconds, cpu)
        theirs, theirs_s, checked = fc_solve(seed, seconds, args.preset, args.pysol, cpu, args.tests_order)
        # delve's own clock of its search (wall), without the process's start.
        row = {"deal": seed, "delve": ours, "delve_seconds": round(ours_s, 3),
               "delve_search_seconds": round(searched, 3),
               "delve_positions": positions, "fc_solve": theirs,
               "fc_solve_seconds": round(theirs_s, 3), "fc_solve_states": checked}
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
    settled = [r for r in rows if r["delve"] != "unknown"]
    disagree = [r["deal"] for r in rows
                if "unknown" not in (r["delve"], r["fc_solve"]) and r["delve"] != r["fc_solve"]]
    ratios = [r["delve_seconds"] / max(r["fc_solve_seconds"], 1e-3)
              for r in rows if r["delve"] != "unknown" and r["fc_solve"] != "unknown"]
    print(json.dumps({
        "game": args.game,
        "deals": len(rows),
        "timed_by": "CPU seconds (rusage)" if cpu else "wall seconds",
        "delve_settled": len(settled),
        "delve_winnable": sum(r["delve"] == "winnable" for r in rows),
        "delve_not_winnable": sum(r["delve"] == "not_winnable" for r in rows),
        "delve_within_1s": sum(r["delve"] != "unknown" and r["delve_seconds"] <= 1 for r in rows),
        "delve_median_seconds": statistics.median(r["delve_seconds"] for r in rows),
        "delve_median_search_seconds": statistics.median(r["delve_search_seconds"] for r in rows),
        "delve_max_seconds": max(r["delve_seconds"] for r in rows),
        "fc_solve_settled": sum(r["fc_solve"] != "unknown" for r in rows),
        "fc_solve_median_seconds": statistics.median(r["fc_solve_seconds"] for r in rows),
        "median_time_ratio": statistics.median(ratios) if ratios else None,
        "disagreements": disagree,
    }))
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
