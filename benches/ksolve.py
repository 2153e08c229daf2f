#!/usr/bin/env python3
"""Klondike deals settled by `delve solve` and by Klondike-Solver, side by
side, for docs/solver.md (issue 54): each deal's verdict and time from both,
a line a deal, and a summary (how many each settles, the times, the
disagreements). A deal one proves winnable and the other proves not is a bug
in one of the two, or a rule they do not share: each winning line is played
in the other, so the summary says which.

    python3 benches/ksolve.py DELVE FIRST COUNT [--draw 1|3] [--seconds S]
                              [--states N] [--lines DIR]

DELVE is a release (or quick) build of delve; Klondike-Solver is the Python
package pyksolve (`python3 -m pip install pyksolve==0.0.15`), run by
tests/crosscheck/klondike_solver.py: its fast search, then its minimal
one, which can prove a deal lost. Each deal is PySolFC's deal FIRST.. as
delve deals it (`delve play klondike --seed N --reveal`), handed to
pyksolve as that deck in PySol's layout and checked to have arrived card
for card. The two solvers run one after the other, never at once, each for
at most S seconds (pyksolve killed at the time; its own cap on positions is
--states, 1,000,000 by default as its command line's).

Every winning line is played in the other's rules:
- delve's (`solve --line`) in the independent model of docs/rules/klondike.md
  (tests/crosscheck/klondike.py), which did not read the scripts;
- pyksolve's, move by move through that model into a transcript that
  `delve replay` plays on delve's deal, with autoplay off (a card sent home
  by itself would be gone when pyksolve moves it) and everything else as
  the comparison's rules.
A line that does not win where it is played is reported (`line_fails`).

The rules compared: delve's defaults (redeal=unlimited, from_foundation, the
safe autoplay), with draw=1 or draw=3; Klondike-Solver plays without end to
redeals and moves cards back from the foundations. docs/solver.md says where
the two differ. Each deal's line is printed as JSON to stderr as it comes,
the summary to stdout; exit 1 when there is a disagreement or a line fails."""

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "crosscheck"))

import klondike as model  # noqa: E402  (the independent model of the rules)
from patience import Piles, name  # noqa: E402

ORACLE = REPO / "tests" / "crosscheck" / "klondike_solver.py"


def delve_tables(delve, numbers, draw):
    """The first table of each deal, every card shown, from one `delve play`."""
    command = [delve, "play", "klondike", "--seed", str(numbers[0]), "--json", "--reveal",
               "--keep-open", "--opt", "lone_option=ask", "--opt", f"draw={draw}"]
    lines = "".join(f"new {n}\n" for n in numbers[1:]) + "quit\n"
    out = subprocess.run(command, input=lines, capture_output=True, text=True, check=True)
    tables = [m["table"] for m in map(json.loads, out.stdout.splitlines())
              if m["type"] in ("prompt", "end")]
    if len(tables) != len(numbers):
        sys.exit(f"delve dealt {len(tables)} tables for {len(numbers)} deals: {out.stderr}")
    return dict(zip(numbers, tables))


def pyksolve_solve(table, draw, seconds, states):
    """pyksolve's verdict, its time and its winning line, killed at `seconds`
    (it has no clock of its own, only its cap on positions)."""
    command = [sys.executable, str(ORACLE), "--draw", str(draw), "--states", str(states)]
    shown = json.dumps({"type": "prompt", "table": table})
    try:
        out = subprocess.run(command, input=shown, capture_output=True, text=True,
                             timeout=seconds + 1)
    except subprocess.TimeoutExpired:
        return "unknown", seconds, None
    if out.returncode != 0:
        sys.exit(f"{ORACLE.name} failed: {out.stderr.strip()}")
    answer = json.loads(out.stdout)
    if answer["seconds"] > seconds:
        return "unknown", seconds, None
    return answer["verdict"], answer["seconds"], answer["line"]


def delve_solve(delve, seed, draw, seconds, line_file):
    """delve's verdict, its time, the positions it met and the lines it cut
    at --depth (a search that cut one proves nothing)."""
    command = [delve, "solve", "klondike", "--seed", str(seed), "--opt", f"draw={draw}",
               "--seconds", str(seconds), "--nodes", "1000000000", "--json", "--line", line_file]
    out = subprocess.run(command, capture_output=True, text=True)
    if "the game has already ended (loss" in out.stderr:
        # No choice comes before the loss: a deal whose stock goes round with
        # nothing to play (draw three) is lost by the repetition rule, and
        # `delve solve` says there is nothing to search.
        return "not_winnable", 0.0, 0, 0
    try:
        answer = json.loads(out.stdout)
    except json.JSONDecodeError:
        sys.exit(f"deal {seed}: delve gave no answer: {out.stderr.strip()}")
    return answer["verdict"], answer["seconds"], answer["positions"], answer["too_deep"]


def model_start(table, draw, autoplay):
    rules = model.config("bench", "klondike", (), draw=draw, autoplay=autoplay)
    return model.from_table(rules, Piles(table))


def delve_line_in_model(table, draw, line_file):
    """None if delve's winning line wins in the model, else what went wrong."""
    position = model_start(table, draw, autoplay=True)
    choices = [line for line in Path(line_file).read_text().splitlines()
               if line and not line.startswith("#")]
    for n, choice in enumerate(choices, 1):
        moves = dict(position.options())
        # A lone option is taken, not written (delve's lone_option=take).
        while len(moves) == 1 and position.outcome is None:
            position.apply(next(iter(moves.values())))
            moves = dict(position.options())
        if choice not in moves:
            return f"delve's choice {n} `{choice}` is no move of the model's"
        position.apply(moves[choice])
    while position.outcome is None and len(position.options()) == 1:
        position.apply(position.options()[0][1])
    return None if position.outcome == "win" else f"delve's line ends {position.outcome}"


def pyksolve_line_as_choices(table, draw, line):
    """pyksolve's winning line as the labels a delve transcript types, played
    in the model with autoplay off; or a string saying which move is none."""
    position = model_start(table, draw, autoplay=False)
    # pyksolve may use any empty column, the rules offer only the first: its
    # column numbers are mapped onto the model's as the game goes.
    column = {n: n - 1 for n in range(1, 8)}
    choices = []

    def play(move, word):
        options = {m: label for label, m in position.options()}
        if move not in options:
            raise ValueError(f"pyksolve's `{word}` is no move in delve's rules here")
        choices.append(options[move])
        position.apply(move)

    def foundation(suit):
        suits = [name(f[0])[-1] if f else None for f in position.foundations]
        return suits.index({"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit])

    try:
        for word in line.split():
            if word.startswith("DR"):
                for _ in range(int(word[2:])):
                    play(("draw",), word)
            elif word == "NEW":
                play(("turn",), word)
            elif word.startswith("F"):
                pass  # a face-down card turned up: the rules do it themselves
            else:
                pair, _, count = word.partition("-")
                source, target = pair[0], pair[1]
                if target in "CDSH":
                    if source == "W":
                        play(("home", "waste", 0), word)
                    else:
                        play(("home", "column", column[int(source)]), word)
                    continue
                onto = column[int(target)]
                if not position.columns[onto]:
                    first = next(i for i, c in enumerate(position.columns) if not c)
                    other = next(k for k, v in column.items() if v == first)
                    column[int(target)], column[other] = first, onto
                    onto = first
                if source == "W":
                    play(("move", "waste", 0, 1, onto), word)
                elif source in "CDSH":
                    play(("move", "foundation", foundation(source), 1, onto), word)
                else:
                    play(("move", "column", column[int(source)], int(count or 1), onto), word)
    except ValueError as e:
        return str(e)
    if position.outcome != "win":
        return f"pyksolve's line ends {position.outcome} in the model"
    return choices


def pyksolve_line_in_delve(delve, seed, table, draw, line, folder):
    """None if pyksolve's winning line wins in delve, else what went wrong."""
    choices = pyksolve_line_as_choices(table, draw, line)
    if isinstance(choices, str):
        return choices
    transcript = Path(folder) / f"pyksolve-{seed}.txt"
    header = ["# game: klondike", f"# seed: {seed}", f"# opt: draw={draw}", "# opt: autoplay=false",
              "# opt: lone_option=ask"]
    transcript.write_text("\n".join(header + choices) + "\n")
    out = subprocess.run([delve, "replay", str(transcript)], capture_output=True, text=True)
    if out.returncode != 0 or "Game over: win" not in out.stdout:
        return f"pyksolve's line does not win in delve: {(out.stderr or out.stdout)[-300:]}"
    return None


def p90(ordered):
    """The 90th percentile of a sorted list, by nearest rank."""
    return ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]


def summary(rows, draw):
    def settled(key):
        return sum(r[key] != "unknown" for r in rows)

    def quantiles(key):
        """Over every deal (one not settled counts its whole time), and over
        the deals it settled."""
        times = sorted(r[f"{key}_seconds"] for r in rows)
        done = sorted(r[f"{key}_seconds"] for r in rows if r[key] != "unknown") or [0.0]
        return {"median": round(statistics.median(times), 3), "p90": round(p90(times), 3),
                "max": round(times[-1], 3), "settled_median": round(statistics.median(done), 3),
                "settled_p90": round(p90(done), 3)}

    both = [r for r in rows if "unknown" not in (r["delve"], r["pyksolve"])]
    return {
        "draw": draw,
        "deals": len(rows),
        "delve_winnable": sum(r["delve"] == "winnable" for r in rows),
        "delve_not_winnable": sum(r["delve"] == "not_winnable" for r in rows),
        "delve_settled": settled("delve"),
        "delve_lost_before_a_choice": sum(r["delve_positions"] == 0 and r["delve"] == "not_winnable"
                                          for r in rows),
        "delve_seconds": quantiles("delve"),
        "pyksolve_winnable": sum(r["pyksolve"] == "winnable" for r in rows),
        "pyksolve_not_winnable": sum(r["pyksolve"] == "not_winnable" for r in rows),
        "pyksolve_settled": settled("pyksolve"),
        "pyksolve_seconds": quantiles("pyksolve"),
        "both_settled": len(both),
        "only_delve_settled": sum(r["delve"] != "unknown" and r["pyksolve"] == "unknown" for r in rows),
        "only_pyksolve_settled": sum(r["pyksolve"] != "unknown" and r["delve"] == "unknown" for r in rows),
        "disagreements": [{k: r[k] for k in ("deal", "delve", "pyksolve", "line_fails")}
                          for r in both if r["delve"] != r["pyksolve"]],
        "line_fails": [{"deal": r["deal"], "line_fails": r["line_fails"]}
                       for r in rows if r["line_fails"]],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("delve")
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--seconds", type=float, default=5, help="each solver's time a deal")
    parser.add_argument("--states", type=int, default=1_000_000,
                        help="pyksolve's cap on positions (Klondike-Solver's own default)")
    parser.add_argument("--lines", help="keep both solvers' winning lines in this folder")
    args = parser.parse_args()
    numbers = list(range(args.first, args.first + args.count))
    tables = delve_tables(args.delve, numbers, args.draw)
    scratch = tempfile.TemporaryDirectory()
    folder = args.lines or scratch.name
    Path(folder).mkdir(parents=True, exist_ok=True)
    rows = []
    for seed in numbers:
        table = tables[seed]
        line_file = str(Path(folder) / f"delve-{seed}.txt")
        ours, ours_s, positions, cut = delve_solve(args.delve, seed, args.draw, args.seconds,
                                                   line_file)
        theirs, theirs_s, their_line = pyksolve_solve(table, args.draw, args.seconds, args.states)
        fails = []
        if ours == "winnable":
            fails.append(delve_line_in_model(table, args.draw, line_file))
        if theirs == "winnable":
            fails.append(pyksolve_line_in_delve(args.delve, seed, table, args.draw, their_line, folder))
        row = {"deal": seed, "delve": ours, "delve_seconds": round(ours_s, 3),
               "delve_positions": positions, "delve_lines_cut": cut, "pyksolve": theirs,
               "pyksolve_seconds": round(theirs_s, 3),
               "line_fails": [f for f in fails if f]}
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
    report = summary(rows, args.draw)
    print(json.dumps(report))
    return 1 if report["disagreements"] or report["line_fails"] else 0


if __name__ == "__main__":
    sys.exit(main())
