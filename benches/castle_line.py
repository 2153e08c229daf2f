#!/usr/bin/env python3
"""A Beleaguered Castle line that delve's solver found, played again move by
move in the independent model of the spec (tests/crosscheck/freecell.py),
from pysol-cards' own deal of that number: the oracle where delve wins a
deal that fc-solve's scans call unsolvable (docs/figures.md, deal 67).

    delve solve beleaguered-castle --seed 67 --line line.txt
    python3 benches/castle_line.py 67 line.txt

Prints the model's verdict: each move found among the model's options by
its label, and the model's end (a win once every card is home), or the
first move the model does not offer.
"""

import json
import subprocess
import sys
from pathlib import Path

MODELS = Path(__file__).resolve().parents[1] / "tests/crosscheck"
sys.path.insert(0, str(MODELS))

import column_solver  # noqa: E402
import freecell  # noqa: E402


def start(number):
    """The model's position of pysol-cards' deal: aces home, eight columns."""
    out = subprocess.run([sys.executable, str(MODELS / "pysol_deals.py"), "beleaguered_castle", str(number)],
                         capture_output=True, text=True, check=True)
    layout = json.loads(out.stdout.splitlines()[0])["layout"]
    rows = [r for r in layout.strip().split("\n") if not r.startswith("Foundations")]
    config = next(c for c in freecell.CONFIGS if c.game == "beleaguered-castle" and not c.opts)
    pos = freecell.FreeCell(config)
    pos.columns = [[column_solver.parse(c) for c in row.split()] for row in rows]
    for suit in range(4):
        pos.send_home(column_solver.card(1, suit))
    pos.judge()
    return pos


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    pos = start(int(argv[0]))
    line = [t.strip() for t in open(argv[1]) if t.strip() and not t.startswith("#")]
    for n, wanted in enumerate(line, 1):
        moves = pos.moves()
        labels = [pos.label(m) for m in moves]
        if wanted not in labels:
            print(json.dumps({"move": n, "not_offered": wanted, "offered": labels}))
            return 1
        pos.apply(moves[labels.index(wanted)])
        if pos.outcome:
            print(json.dumps({"moves": n, "outcome": pos.outcome, "home": pos.home_count()}))
            return 0 if pos.outcome == "win" else 1
    print(json.dumps({"moves": len(line), "outcome": None, "home": pos.home_count()}))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
