#!/usr/bin/env python3
"""An exhaustive solver of the patience games whose foundation takes a
card one rank up or down, whatever its suit: Golf (docs/rules/golf.md),
Black Hole (docs/rules/black-hole.md) and All in a Row
(docs/rules/all-in-a-row.md), written from their specs for the numbered
deals pysol-cards lays. The oracle that tests/integration/copy_search.rs
compares `delve solve` with, deal by deal.

    rank_solver.py golf|black_hole|all_in_a_row [--wrap] NUMBER...

A position is the foundation's top rank, how many cards each column (or
fan) still holds and, in Golf, how many cards were drawn: suits play no
part, so that is all of it (All in a Row's hole starts empty: no top,
and any card may go in first). Depth first over every move, each position
once, to a win or to every position seen. Prints one JSON object a line,
`{"number": N, "verdict": "winnable"|"not_winnable", "positions": K}`.
Exits 3 when pysol-cards is not installed, as pysol_deals.py does.
"""

import json
import subprocess
import sys
from pathlib import Path

RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def rank(card):
    return RANKS.get(card[0]) or int(card[0])


def neighbours(a, b, wrap):
    """Whether a card of rank `a` may go onto `b` (None: the empty hole)."""
    if b is None:
        return True
    step = abs(a - b)
    return step == 1 or (wrap and step == 12)


def solve(stock, top, columns, wrap):
    """Whether every column can be emptied, and the positions searched."""
    seen = set()

    def lengths():
        return tuple(len(c) for c in columns)

    def search(top, drawn):
        if all(not c for c in columns):
            return True
        key = (top, drawn, lengths())
        if key in seen:
            return False
        seen.add(key)
        for column in columns:
            if column and neighbours(column[-1], top, wrap):
                card = column.pop()
                won = search(card, drawn)
                column.append(card)
                if won:
                    return True
        if drawn < len(stock):
            return search(stock[drawn], drawn + 1)
        return False

    return search(top, 0), len(seen)


def parse(game, layout):
    lines = layout.strip().split("\n")
    if game == "golf":
        stock = [rank(c) for c in lines[0].split(":")[1].split()]
        top = rank(lines[1].split(":")[1].split()[0])
        rows = lines[2:]
    else:
        stock = []
        hole = lines[0].split(":")[1].split()
        top = None if hole == ["-"] else rank(hole[0])
        rows = lines[1:]
    return stock, top, [[rank(c) for c in row.split()] for row in rows]


def main(argv):
    sys.setrecursionlimit(10_000)
    wrap = "--wrap" in argv
    argv = [a for a in argv if a != "--wrap"]
    if len(argv) < 2 or argv[0] not in ("golf", "black_hole", "all_in_a_row"):
        print(__doc__, file=sys.stderr)
        return 2
    game, numbers = argv[0], argv[1:]
    deals = Path(__file__).with_name("pysol_deals.py")
    out = subprocess.run([sys.executable, str(deals), game, *numbers], capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        return out.returncode
    # Black Hole's and All in a Row's ranks go round: a king and an ace
    # are neighbours.
    wrap = wrap or game in ("black_hole", "all_in_a_row")
    for line in out.stdout.splitlines():
        dealt = json.loads(line)
        stock, top, columns = parse(game, dealt["layout"])
        won, positions = solve(stock, top, columns, wrap)
        print(json.dumps({
            "number": dealt["number"],
            "verdict": "winnable" if won else "not_winnable",
            "positions": positions,
        }))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
