#!/usr/bin/env python3
"""A line that delve's solver found in a game fc-solve plays (the FreeCell
family, Simple Simon), played again move by move in the independent model
of the spec (tests/crosscheck/freecell.py, simple_simon.py), from the
field's own deal of that number (Microsoft's, or pysol-cards' layout): the
oracle where delve wins a deal that fc-solve's scan calls unsolvable
(docs/figures.md: Beleaguered Castle's deal 67, Baker's Game's six,
Simple Simon's).

    delve solve GAME --seed N --line line.txt
    python3 benches/family_line.py GAME N line.txt

A line keeps the player's choices only: where the model offers a single
move that the line does not name, it is taken, as delve takes a lone
option. Prints the model's verdict: each move found among the model's
options by its label, and the model's end (a win once every card is home),
or the first move the model does not offer.
"""

import json
import subprocess
import sys
from pathlib import Path

MODELS = Path(__file__).resolve().parents[1] / "tests/crosscheck"
sys.path.insert(0, str(MODELS))

import column_solver  # noqa: E402
import freecell  # noqa: E402
import simple_simon  # noqa: E402

# pysol-cards' names of the games it lays here (the others are Microsoft's deals).
PYSOL = {"beleaguered-castle": "beleaguered_castle", "simple-simon": "simple_simon"}


def pysol_columns(game, number):
    """pysol-cards' layout of the deal, a list of the model's cards a column."""
    out = subprocess.run([sys.executable, str(MODELS / "pysol_deals.py"), PYSOL[game], str(number)],
                         capture_output=True, text=True, check=True)
    layout = json.loads(out.stdout.splitlines()[0])["layout"]
    rows = [r for r in layout.strip().split("\n") if not r.startswith("Foundations")]
    return [[column_solver.parse(c) for c in row.split()] for row in rows]


def start(game, number):
    """The model's position of the field's deal `number` of `game`."""
    known = [c.game for c in freecell.CONFIGS] + ["simple-simon"]
    if game not in known:
        sys.exit(f"no model of `{game}` here: the games are {', '.join(sorted(set(known)))}")
    if game == "simple-simon":
        pos = simple_simon.SimpleSimon(simple_simon.CONFIGS[0])
        pos.columns = pysol_columns(game, number)
        pos.judge()
        return pos
    config = next(c for c in freecell.CONFIGS if c.game == game and not c.opts)
    if game not in PYSOL:
        return freecell.numbered(config, number)
    # Beleaguered Castle: aces home, eight columns.
    pos = freecell.FreeCell(config)
    pos.columns = pysol_columns(game, number)
    for suit in range(4):
        pos.send_home(column_solver.card(1, suit))
    pos.judge()
    return pos


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    pos = start(argv[0], int(argv[1]))
    if pos is None:
        print(f"no deal {argv[1]} of {argv[0]} in the model", file=sys.stderr)
        return 2
    line = [t.strip() for t in open(argv[2]) if t.strip() and not t.startswith("#")]
    taken, lone = 0, 0
    while not pos.outcome:
        moves = pos.moves()
        labels = [pos.label(m) for m in moves]
        wanted = line[taken] if taken < len(line) else None
        if wanted in labels:
            pos.apply(moves[labels.index(wanted)])
            taken += 1
        elif len(moves) == 1:
            pos.apply(moves[0])
            lone += 1
        elif wanted is None:
            break
        else:
            print(json.dumps({"move": taken + 1, "not_offered": wanted, "offered": labels}))
            return 1
    print(json.dumps({"moves": taken, "lone": lone, "outcome": pos.outcome, "home": pos.home_count()}))
    return 0 if pos.outcome == "win" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
