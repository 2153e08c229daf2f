#!/usr/bin/env python3
"""Differential test of Black Hole and All in a Row against an independent model.

The model below follows docs/rules/black-hole.md and docs/rules/all-in-a-row.md
alone (the scripts games/black-hole.rhai and games/all-in-a-row.rhai were not
read); patience.py plays it against `delve play --json` and compares the
table, every option list and the end (see there for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/black_hole.py --deals 100 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import Config, Game, Piles, Position, card, name, rank  # noqa: E402

# Each game's fans and the cards dealt to each; whether the ace of spades
# starts the hole (Black Hole) or goes to the bottom of the deck, dealt last
# with the rest, the hole empty (All in a Row).
CONFIGS = [
    Config("black-hole", "black-hole", (), (("fans", 17), ("dealt", 3), ("ace_starts_hole", True))),
    Config("all-in-a-row", "all-in-a-row", (), (("fans", 13), ("dealt", 4), ("ace_starts_hole", False))),
]

ACE_OF_SPADES = card(1, 0)


def next_to(a: int, b: int) -> bool:
    """Ranks one apart, whatever the suits; an ace and a king are next to each other."""
    return abs(rank(a) - rank(b)) in (1, 12)


class BlackHole(Position):
    search = "depth"

    def __init__(self, fans: int = 17):
        self.fans: list[list[int]] = [[] for _ in range(fans)]  # bottom first
        self.hole: list[int] = []
        self.outcome = None
        self.seen = None  # no position comes back: every move takes a card
        self.events = Counter()

    def clone(self, counted: bool = True) -> "BlackHole":
        new = BlackHole.__new__(BlackHole)
        new.fans = [list(f) for f in self.fans]
        new.hole = list(self.hole)
        new.outcome, new.seen = self.outcome, None
        new.events = self.events if counted else Counter()
        return new

    def playable(self) -> list[int]:
        """The fans whose top card may go in: any card into the empty hole."""
        if not self.hole:
            return [i for i, fan in enumerate(self.fans) if fan]
        top = self.hole[-1]
        return [i for i, fan in enumerate(self.fans) if fan and next_to(fan[-1], top)]

    def moves(self) -> list[tuple]:
        return [("hole", i) for i in self.playable()]

    def label(self, move: tuple) -> str:
        return f"{name(self.fans[move[1]][-1])} into the hole"

    def apply(self, move: tuple) -> list[str]:
        c = self.fans[move[1]].pop()
        if self.hole and {rank(c), rank(self.hole[-1])} == {1, 13}:
            self.events["ace and king next to each other"] += 1
        self.hole.append(c)
        self.judge()
        return []

    def judge(self) -> None:
        if len(self.hole) == 52:
            self.outcome = "win"
        elif not self.playable():
            self.outcome = "loss"

    def score(self) -> int:
        return sum(len(f) for f in self.fans)

    def key(self):
        return (tuple(len(f) for f in self.fans), self.hole[-1] if self.hole else None)

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {"hole": [(c, True) for c in self.hole]}
        result.update({f"fan {i + 1}": [(c, True) for c in fan] for i, fan in enumerate(self.fans)})
        return result

    def merit(self, move: tuple) -> float:
        return len(self.fans[move[1]]) * 1.0  # thin the tall fans first

    def value(self) -> float:
        # Cards in the hole, and fans whose cards are spread evenly (a tall fan buries more).
        return 3.0 * len(self.hole) - sum(len(f) ** 2 for f in self.fans) * 0.2


def deal(config: Config, deck: list[int]) -> BlackHole:
    """Black Hole: the ace of spades to the hole, the 51 others in order to
    fans 1 to 17, three rounds. All in a Row: the ace of spades to the bottom
    of the deck, then all 52 in order to fans 1 to 13, four rounds."""
    fans = config.rule("fans")
    pos = BlackHole(fans)
    others = [c for c in deck if c != ACE_OF_SPADES]
    if config.rule("ace_starts_hole"):
        pos.hole = [ACE_OF_SPADES]
    else:
        others.append(ACE_OF_SPADES)
    assert len(others) == fans * config.rule("dealt")
    for k, c in enumerate(others):
        pos.fans[k % fans].append(c)
    pos.judge()
    return pos


def from_table(config: Config, table: Piles) -> BlackHole:
    fans = config.rule("fans")
    pos = BlackHole(fans)
    pos.hole = table.cards("hole")
    pos.fans = [table.cards(f"fan {i + 1}") for i in range(fans)]
    pos.judge()
    return pos


GAME = Game("Black Hole and All in a Row", CONFIGS, deal, from_table)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
