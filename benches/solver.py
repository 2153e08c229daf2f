#!/usr/bin/env python3
"""The solver's figures for docs/solver.md: `delve solve` on each seed of a
range, one process a deal, and the share proven winnable, not winnable and
unknown, with deals, decisions and distinct positions per CPU-second (each
process's user and system time, from rusage) and the median time per deal.

    python3 benches/solver.py DELVE GAME FIRST COUNT NODES [--opt K=V ...]

DELVE is a release build of delve. Each deal's answer is printed as a JSON
line to stderr as it comes, the summary to stdout at the end."""

import json
import resource
import statistics
import subprocess
import sys


def main():
    delve, game, first, count, nodes = sys.argv[1:6]
    extra = sys.argv[6:]
    answers = []
    for seed in range(int(first), int(first) + int(count)):
        command = [delve, "solve", game, "--seed", str(seed), "--nodes", nodes, "--json"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(command + extra, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        # A depth-capped search prints its answer and exits 1.
        answer = json.loads(out.stdout)
        answer["seed"] = seed
        answer["cpu"] = cpu
        print(json.dumps(answer), file=sys.stderr, flush=True)
        answers.append(answer)
    seconds = sum(a["seconds"] for a in answers)
    cpu = sum(a["cpu"] for a in answers)
    verdicts = [a["verdict"] for a in answers]
    scores = [a["best_score"] for a in answers if isinstance(a["best_score"], (int, float))]
    print(json.dumps({
        "game": game,
        "deals": len(answers),
        "winnable": verdicts.count("winnable"),
        "not_winnable": verdicts.count("not_winnable"),
        "unknown": verdicts.count("unknown"),
        "mean_best_score": statistics.mean(scores) if scores else None,
        "deals_per_cpu_second": len(answers) / cpu,
        "decisions_per_cpu_second": sum(a["nodes"] for a in answers) / cpu,
        "positions_per_cpu_second": sum(a["positions"] for a in answers) / cpu,
        "cpu_seconds": cpu,
        "median_seconds": statistics.median(a["seconds"] for a in answers),
        "median_cpu": statistics.median(a["cpu"] for a in answers),
        "p99_cpu": percentile([a["cpu"] for a in answers], 99),
        "max_seconds": max(a["seconds"] for a in answers),
    }))


def percentile(values, p):
    """The value below which p% of `values` lie (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


if __name__ == "__main__":
    main()
