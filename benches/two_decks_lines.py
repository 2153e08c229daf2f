#!/usr/bin/env python3
"""The solver's verdicts on Der Katzenschwanz and Die Schlange, each win checked in the
independent model: Debian's fc-solve holds one deck only (it answers "There's a missing
card" to any board of two decks), so no outside solver settles these games here. For each
deal, `delve solve` searches it; a winning line it writes is played again in the model of
the specs (tests/crosscheck/two_decks.py), from pysol-cards' deal of the number, and must
win there too. A line a deal, as JSON, to stderr; the summary to stdout.

    python3 benches/two_decks_lines.py DELVE GAME FIRST COUNT [--seconds S]

GAME is `der-katzenschwanz` or `die-schlange`; DELVE a release (or `--profile quick`)
build. Needs pysol-cards.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests/crosscheck"))

from patience import card  # noqa: E402
from pysol_cards.cards import createCards  # noqa: E402
from pysol_cards.random import RandomBase, shuffle  # noqa: E402
from two_decks import CONFIGS, deal  # noqa: E402

PYSOL_SUIT = [3, 0, 1, 2]  # pysol-cards' ♣ ♠ ♥ ♦ as the model's suits (♠ ♥ ♦ ♣)


def pysol_deck(number):
    """PySolFC's deal `number` of two decks, top card first, as the model's cards."""
    cards = shuffle(createCards(2), number, RandomBase.DEALS_PYSOLFC)
    return [card(c.rank, PYSOL_SUIT[c.suit]) for c in reversed(cards)]


def replayed(game, number, lines):
    """Plays the typed lines (option numbers or labels) in the model, and the lone options
    between them; its outcome, or why a line does not fit."""
    config = next(c for c in CONFIGS if c.game == game and not c.opts)
    pos = deal(config, pysol_deck(number))
    for typed in lines:
        take_lone_options(pos)
        if pos.outcome is not None:
            return f"the model's game ended ({pos.outcome}) before `{typed}`"
        options = pos.options()
        if typed.isdigit() and 1 <= int(typed) <= len(options):
            move = options[int(typed) - 1][1]
        else:
            found = [m for label, m in options if label == typed]
            if len(found) != 1:
                return f"`{typed}` is no option of the model's"
            move = found[0]
        pos.apply(move)
    take_lone_options(pos)
    return pos.outcome or "no end"


def take_lone_options(pos):
    """The game takes a lone option without asking (its default), so a line leaves it out."""
    while pos.outcome is None and len(options := pos.options()) == 1:
        pos.apply(options[0][1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("delve")
    parser.add_argument("game", choices=sorted({c.game for c in CONFIGS}))
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--seconds", type=float, default=2)
    args = parser.parse_args()
    verdicts, disagreements, seconds = {}, [], []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.first, args.first + args.count):
            line = Path(folder) / f"{number}.txt"
            out = subprocess.run([args.delve, "solve", args.game, "--seed", str(number),
                                  "--seconds", str(args.seconds), "--nodes", "1000000000",
                                  "--json", "--line", str(line)], capture_output=True, text=True)
            answer = json.loads(out.stdout)
            verdict = answer["verdict"]
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            seconds.append(answer["seconds"])
            model = None
            if verdict == "winnable":
                typed = [t for t in line.read_text(encoding="utf-8").splitlines()
                         if t.strip() and not t.startswith("#")]
                model = replayed(args.game, number, typed)
                if model != "win":
                    disagreements.append((number, model))
            print(json.dumps({"deal": number, "verdict": verdict, "seconds": answer["seconds"],
                              "model": model}), file=sys.stderr, flush=True)
    seconds.sort()
    print(json.dumps({"game": args.game, "deals": args.count, "verdicts": verdicts,
                      "median_seconds": seconds[len(seconds) // 2],
                      "within_a_second": sum(s <= 1 for s in seconds),
                      "wins_the_model_refuses": disagreements}))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
