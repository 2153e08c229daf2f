#!/usr/bin/env python3
"""Klondike-Solver's verdict on a Klondike deal as delve dealt it: the
oracle that tests/integration/copy_search.rs and benches/ksolve.py compare
`delve solve klondike` with.

    delve play klondike --seed N --json --reveal --opt lone_option=ask \\
        | klondike_solver.py [--draw 1|3] [--states N]

Reads the first table delve shows (the first `prompt` or `end` line of the
JSON protocol, with face-down cards revealed; other lines are passed over),
hands that deck to Klondike-Solver in PySol's layout through the Python
package pyksolve, checks that it arrived card for card, and prints one JSON
object: `verdict` (`winnable`, `not_winnable` or `unknown`: its cap on
positions, --states, was reached), `seconds` (the search alone), and `line`
(its winning moves, in its own notation) or null.

Klondike-Solver searches twice: its fast search, which follows the best
few moves of each position and finds a win or nothing, then its minimal
search, which tries every move it allows and, once it has seen every
position, says the deal can not be won. Its rules: redeals without end,
cards back from the foundations; draw 1 or 3 (docs/solver.md says where
they differ from delve's). Exits 3 when pyksolve is not installed, so that
a test can tell that apart.
"""

import argparse
import json
import sys
import time

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def pysol_name(card: str) -> str:
    """`10♥` as PySol writes it, `TH`."""
    rank, suit = card[:-1], card[-1]
    return ("T" if rank == "10" else rank) + SUITS[suit]


def pysol_layout(table: dict) -> str:
    """A table as PySol lays a Klondike deal out: the stock (its next card
    first), then each column from its bottom, a face-down card in `<>`."""
    piles = {p["name"]: p["cards"] for p in table["piles"]}
    lines = ["Talon: " + " ".join(pysol_name(c["name"]) for c in reversed(piles["stock"]))]
    for n in range(1, 8):
        lines.append(" ".join(pysol_name(c["name"]) if c["face_up"] else f"<{pysol_name(c['name'])}>"
                              for c in piles[f"column {n}"]))
    return "\n".join(lines)


def first_table(lines) -> dict:
    for line in lines:
        message = json.loads(line)
        if message.get("type") in ("prompt", "end"):
            return message["table"]
    sys.exit("no table came: pipe in `delve play klondike --json --reveal`")


def solve(layout: str, draw: int, states: int) -> dict:
    from pyksolve import solver
    game = solver.Solitaire()
    # It reads a layout of at least 211 characters; PySol's own has 204.
    if not game.load_pysol(layout + "\n" * 16):
        sys.exit(f"pyksolve refused the deal:\n{layout}")
    game.reset_game(draw)
    if game.get_pysol().strip() != layout.strip():
        sys.exit(f"pyksolve read the deal\n{layout}\nas\n{game.get_pysol()}")
    started = time.perf_counter()
    result = game.solve_fast(max_closed_count=states)
    if result.name == "CouldNotComplete":
        game.reset_game(draw)
        result = game.solve_minimal(states)
    seconds = time.perf_counter() - started
    verdict = {"SolvedMinimal": "winnable", "SolvedMayNotBeMinimal": "winnable",
               "Impossible": "not_winnable", "CouldNotComplete": "unknown"}[result.name]
    line = game.moves_made() if verdict == "winnable" else None
    return {"verdict": verdict, "seconds": seconds, "line": line}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--states", type=int, default=5_000_000,
                        help="positions it may close before it gives up (pyksolve's default)")
    args = parser.parse_args()
    try:
        import pyksolve  # noqa: F401
    except ImportError:
        print("pyksolve is not installed (python3 -m pip install pyksolve==0.0.15)", file=sys.stderr)
        return 3
    print(json.dumps(solve(pysol_layout(first_table(sys.stdin)), args.draw, args.states)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
