#!/usr/bin/env python3
"""Differential test of Golf (with and without wrap) against an independent model.

The model below follows docs/rules/golf.md alone (the scripts games/golf*.rhai
were not read); patience.py plays it against `delve play --json` and compares
the table, every option list and the end (see there for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/golf.py --deals 100 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import Config, Game, Piles, Position, name, rank  # noqa: E402

CONFIGS = [
    Config("golf", "golf", (), (("wrap", False),)),
    Config("wrap", "golf", ("wrap=true",), (("wrap", True),)),
]

COLUMNS = 7


def next_to(a: int, b: int, wrap: bool) -> bool:
    """Ranks one apart, whatever the suits; ace and king only with wrap."""
    step = abs(rank(a) - rank(b))
    return step == 1 or (wrap and step == 12)


class Golf(Position):
    search = "depth"

    def __init__(self, config: Config):
        self.wrap = config.rule("wrap")
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]  # bottom first
        self.foundation: list[int] = []  # bottom first
        self.stock: list[int] = []  # bottom first: the last card is the next drawn
        self.outcome = None
        self.seen = None  # no position comes back: every move takes a card
        self.events = Counter()

    def clone(self, counted: bool = True) -> "Golf":
        new = Golf.__new__(Golf)
        new.wrap = self.wrap
        new.columns = [list(c) for c in self.columns]
        new.foundation, new.stock = list(self.foundation), list(self.stock)
        new.outcome, new.seen = self.outcome, None
        new.events = self.events if counted else Counter()
        return new

    def playable(self) -> list[int]:
        """Columns whose top card may go onto the foundation, in order."""
        top = self.foundation[-1]
        return [i for i, col in enumerate(self.columns) if col and next_to(col[-1], top, self.wrap)]

    def moves(self) -> list[tuple]:
        return [("play", i) for i in self.playable()] + ([("draw",)] if self.stock else [])

    def label(self, move: tuple) -> str:
        if move[0] == "draw":
            return "draw"
        return f"{name(self.columns[move[1]][-1])} on {name(self.foundation[-1])}"

    def apply(self, move: tuple) -> list[str]:
        if move[0] == "play":
            c = self.columns[move[1]].pop()
            if {rank(c), rank(self.foundation[-1])} == {1, 13}:
                self.events["ace and king next to each other"] += 1
            self.foundation.append(c)
        else:
            self.foundation.append(self.stock.pop())
        self.judge()
        return []

    def judge(self) -> None:
        if not any(self.columns):
            self.outcome = "win"
        elif not self.stock and not self.playable():
            self.outcome = "loss"

    def score(self) -> int:
        return sum(len(c) for c in self.columns)

    def key(self):
        return (tuple(len(c) for c in self.columns), len(self.stock), self.foundation[-1])

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {f"column {i + 1}": [(c, True) for c in col] for i, col in enumerate(self.columns)}
        result["foundation"] = [(c, True) for c in self.foundation]
        result["stock"] = [(c, False) for c in self.stock]
        return result

    def merit(self, move: tuple) -> float:
        if move[0] == "draw":
            return 0.0
        return 5.0 + len(self.columns[move[1]]) * 0.2  # play from long columns first

    def value(self) -> float:
        return -2.0 * self.score() + 0.5 * len(self.stock)


def deal(config: Config, deck: list[int]) -> Golf:
    """Five face-up rounds to columns 1 to 7; one card to the foundation; the rest is the stock."""
    pos = Golf(config)
    for k, c in enumerate(deck[:35]):
        pos.columns[k % COLUMNS].append(c)
    pos.foundation = [deck[35]]
    pos.stock = deck[36:][::-1]  # the next card dealt is the stock's top
    pos.judge()
    return pos


def from_table(config: Config, table: Piles) -> Golf:
    pos = Golf(config)
    pos.columns = [table.cards(f"column {i + 1}") for i in range(COLUMNS)]
    pos.foundation = table.cards("foundation")
    pos.stock = table.cards("stock")
    pos.judge()
    return pos


GAME = Game("Golf", CONFIGS, deal, from_table)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
