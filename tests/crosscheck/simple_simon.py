#!/usr/bin/env python3
"""Differential test of Simple Simon against an independent model.

The model below follows docs/rules/simple-simon.md alone; patience.py plays it
against `delve play --json` and compares the table, every option list and the
end (see there for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/simple_simon.py --deals 100 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import Config, Game, Piles, Position, name, names, rank, suit  # noqa: E402

CONFIGS = [Config("simple-simon", "simple-simon", (), ())]

COLUMNS, FOUNDATIONS, KING = 10, 4, 13


class SimpleSimon(Position):
    def __init__(self, config: Config | None = None):
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]  # bottom first
        self.foundations: list[list[int]] = [[] for _ in range(FOUNDATIONS)]
        self.outcome = None
        self.seen = Counter()
        self.events = Counter()

    def clone(self, counted: bool = True) -> "SimpleSimon":
        new = SimpleSimon.__new__(SimpleSimon)
        new.columns = [list(c) for c in self.columns]
        new.foundations = [list(f) for f in self.foundations]
        new.outcome = self.outcome
        new.seen = Counter(self.seen) if counted and self.seen is not None else None
        new.events = self.events if counted else Counter()
        return new

    # -- Moves ---------------------------------------------------------------

    def run_length(self, i: int) -> int:
        """The top card and the cards under it while each is of the suit of the card
        under it and one rank lower."""
        col = self.columns[i]
        n = 1 if col else 0
        while n < len(col) and suit(col[-n]) == suit(col[-n - 1]) and rank(col[-n]) + 1 == rank(col[-n - 1]):
            n += 1
        return n

    def moves(self) -> list[tuple]:
        result = []
        first_home = next((k for k, f in enumerate(self.foundations) if not f), None)
        for i, col in enumerate(self.columns):
            if first_home is not None and self.run_length(i) >= 13 and rank(col[-13]) == KING:
                result.append(("home", i))
        first_empty = next((t for t, col in enumerate(self.columns) if not col), None)
        for i, col in enumerate(self.columns):
            for length in range(1, self.run_length(i) + 1):
                lands = col[-length]
                for t, target in enumerate(self.columns):
                    if t == i:
                        continue
                    if target:
                        fits = rank(lands) + 1 == rank(target[-1])
                    else:
                        fits = t == first_empty and length < len(col)
                    if fits:
                        result.append(("move", i, length, t))
        return result

    def label(self, move: tuple) -> str:
        if move[0] == "home":
            return f"{name(self.columns[move[1]][-13])} and its suit to the foundation"
        _, i, length, t = move
        run = names(self.columns[i][-length:])
        target = self.columns[t]
        return f"{run} on {name(target[-1])}" if target else f"{run} to an empty column"

    def apply(self, move: tuple) -> list[str]:
        if move[0] == "home":
            i = move[1]
            suit_run = self.columns[i][-13:]
            del self.columns[i][-13:]
            next(f for f in self.foundations if not f).extend(suit_run)
            self.events["a suit home"] += 1
        else:
            _, i, length, t = move
            run = self.columns[i][-length:]
            del self.columns[i][-length:]
            self.columns[t].extend(run)
            if length > 1:
                self.events["a run of one suit carried"] += 1
        self.judge()
        return []

    # -- End -----------------------------------------------------------------

    def home_count(self) -> int:
        return sum(len(f) for f in self.foundations)

    def judge(self) -> None:
        if self.home_count() == 52:
            self.outcome = "win"
        elif self.count_position():
            self.outcome = "loss"
            self.events["loss: a position a third time"] += 1
        elif not self.moves():
            self.outcome = "loss"
            self.events["loss: no move"] += 1

    def score(self) -> int:
        return self.home_count()

    def key(self):
        # Ruling: the cards where they lie, whichever column or foundation holds which.
        return tuple(sorted(tuple(c) for c in self.columns)), tuple(sorted(tuple(f) for f in self.foundations))

    # -- The table -----------------------------------------------------------

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {f"foundation {k + 1}": [(c, True) for c in f] for k, f in enumerate(self.foundations)}
        for i, col in enumerate(self.columns):
            result[f"column {i + 1}"] = [(c, True) for c in col]
        return result

    # -- Policies (not rules) --------------------------------------------------

    def merit(self, move: tuple) -> float:
        if move[0] == "home":
            return 10.0
        _, i, length, t = move
        col, target = self.columns[i], self.columns[t]
        if target and suit(target[-1]) == suit(col[-length]):
            return 5.0
        if length == len(col):
            return 2.0
        return -1.0

    def value(self) -> float:
        """Cards lying on the next card up of their suit, and empty columns."""
        joined = sum(1 for col in self.columns for a, b in zip(col, col[1:])
                     if suit(a) == suit(b) and rank(b) + 1 == rank(a))
        return 3.0 * self.home_count() + joined + 2.0 * sum(1 for c in self.columns if not c)


# -- Setup -----------------------------------------------------------------


def deal(config: Config, deck: list[int]) -> SimpleSimon:
    """Rounds onto columns 1 to 9, 1 to 8, ... 1 to 3; then one onto each column 1 to 10."""
    pos = SimpleSimon(config)
    cards = iter(deck)
    for last in range(9, 2, -1):
        for i in range(last):
            pos.columns[i].append(next(cards))
    for i in range(COLUMNS):
        pos.columns[i].append(next(cards))
    pos.judge()  # counts the deal's position; a deal with no move at all is lost at once
    return pos


def from_table(config: Config, table: Piles) -> SimpleSimon:
    pos = SimpleSimon(config)
    pos.foundations = [table.cards(f"foundation {k + 1}") for k in range(FOUNDATIONS)]
    pos.columns = [table.cards(f"column {i + 1}") for i in range(COLUMNS)]
    pos.count_position()
    return pos


GAME = Game("Simple Simon", CONFIGS, deal, from_table)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
