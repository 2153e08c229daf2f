#!/usr/bin/env python3
"""pysol-cards' layout of each deal number asked: the oracle that
tests/integration/field_deals.rs compares delve's numbered deals with.

    pysol_deals.py GAME NUMBER...

GAME is one of pysol-cards' games: `freecell` is dealt by Microsoft's numbers
(`DEALS_MS`), every other by PySolFC's (`DEALS_PYSOLFC`; pysol-cards' default
numbers deals above 32,000 as old PySol did, which PySolFC does not). Prints
one JSON object a line, `{"number": N, "layout": TEXT}`, TEXT as pysol-cards
prints the deal (`T` for ten, a face-down card in `<>`; Die Schlange's
foundations line, which pysol-cards prints apart, first). Exits 3 when
pysol-cards is not installed, so that the test can tell that apart.
"""

import contextlib
import io
import json
import sys

try:
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random import RandomBase
except ImportError:
    print("pysol-cards is not installed (python3 -m pip install pysol-cards)", file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    game, numbers = argv[0], [int(n) for n in argv[1:]]
    which = RandomBase.DEALS_MS if game == "freecell" else RandomBase.DEALS_PYSOLFC
    renderer = CardRenderer(True)
    for number in numbers:
        # Some games print a line of their own (Die Schlange's aces on the
        # foundations) while the layout is made: it belongs to the layout.
        aside = io.StringIO()
        with contextlib.redirect_stdout(aside):
            layout = Game(game, number, which, 13).calc_layout_string(renderer)
        layout = aside.getvalue() + layout
        print(json.dumps({"number": number, "layout": layout}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
