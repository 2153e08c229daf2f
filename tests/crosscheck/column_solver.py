#!/usr/bin/env python3
"""An exhaustive solver of the column games that fc-solve can not take here
(Debian's fc-solve is built with at most ten columns: Baker's Dozen has
thirteen, Fan eighteen; and it has no Yukon, whose moves carry cards out of
order), for the numbered deals pysol-cards lays. It plays the independent
models of tests/crosscheck/freecell.py and yukon.py, which follow the specs
(docs/rules/bakers-dozen.md, fan-solitaire.md, yukon.md) and not the scripts: every position the
deal leads to, each once, to a win or to every position seen (the model's own
rough judgement of positions picks which waits least, so that a win is met
early; it decides nothing of the verdict).
The oracle a `delve solve` verdict is compared with, deal by deal.

    column_solver.py GAME [--positions N] NUMBER...

GAME is delve's name of the game (`bakers-dozen`, `fan-solitaire`, `yukon`). Prints one JSON
object a line, `{"number": N, "verdict": "winnable"|"not_winnable"|"unknown",
"positions": K}`: unknown where more than N positions (default 2,000,000)
would be searched. Exits 3 when pysol-cards is not installed, as
pysol_deals.py does.
"""

import heapq
import itertools
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import freecell  # noqa: E402
import yukon  # noqa: E402
from patience import card  # noqa: E402

# pysol-cards' name of each game, and its layout's lines before the columns.
PYSOL = {"bakers-dozen": "bakers_dozen", "fan-solitaire": "fan", "yukon": "yukon"}
SUITS = "SHDC"  # the models' suit numbers: ♠ ♥ ♦ ♣
RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def parse(text):
    return card(RANKS.get(text[0]) or int(text[0]), SUITS.index(text[1]))


def start(game, layout):
    """The model's position of the deal pysol-cards laid (no card home yet)."""
    if game == "yukon":
        return start_yukon(layout)
    config = next(c for c in freecell.CONFIGS if c.game == game and not c.opts)
    pos = freecell.FreeCell(config)
    rows = layout.strip().split("\n")
    assert len(rows) == len(pos.columns), layout
    pos.columns = [[parse(c) for c in row.split()] for row in rows]
    pos.seen = None  # a position met again is searched once: no repetition rule here
    pos.judge()
    return pos


def start_yukon(layout):
    """Yukon's deal as pysol-cards lays it, a face-down card in `<>`."""
    pos = yukon.Yukon(yukon.CONFIGS[0])
    rows = layout.strip().split("\n")
    assert len(rows) == yukon.COLUMNS, layout
    pos.columns = [[parse(c.strip("<>")) for c in row.split()] for row in rows]
    pos.down = [sum(c.startswith("<") for c in row.split()) for row in rows]
    pos.seen = None
    pos.judge()
    return pos


def solve(pos, most):
    """winnable / not_winnable / unknown, and the positions searched."""
    if pos.outcome is not None:
        return ("winnable" if pos.outcome == "win" else "not_winnable"), 1
    seen = {pos.key()}
    tie = itertools.count()
    waiting = [(0.0, next(tie), pos)]
    while waiting:
        _, _, here = heapq.heappop(waiting)
        for move in here.moves():
            there = here.clone(counted=False)
            there.apply(move)
            if there.outcome == "win":
                return "winnable", len(seen)
            key = there.key()
            if there.outcome is not None or key in seen:
                continue
            if len(seen) >= most:
                return "unknown", len(seen)
            seen.add(key)
            heapq.heappush(waiting, (-there.value(), next(tie), there))
    return "not_winnable", len(seen)


def main(argv):
    most = 2_000_000
    if "--positions" in argv:
        at = argv.index("--positions")
        most = int(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) < 2 or argv[0] not in PYSOL:
        print(__doc__, file=sys.stderr)
        return 2
    game, numbers = argv[0], argv[1:]
    deals = Path(__file__).with_name("pysol_deals.py")
    out = subprocess.run([sys.executable, str(deals), PYSOL[game], *numbers], capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr)
        return out.returncode
    for line in out.stdout.splitlines():
        dealt = json.loads(line)
        verdict, positions = solve(start(game, dealt["layout"]), most)
        print(json.dumps({"number": dealt["number"], "verdict": verdict, "positions": positions}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
