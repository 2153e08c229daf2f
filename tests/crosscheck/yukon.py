#!/usr/bin/env python3
"""Differential test of Yukon (with and without autoplay) against an independent model.

The model below follows docs/rules/yukon.md alone; patience.py plays it
against `delve play --json` and compares the table, every option list and the
end (see there for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/yukon.py --deals 100 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import Config, Game, Piles, Position, card, goes_home, name, names, rank, red, suit, turned_up  # noqa: E402

CONFIGS = [
    Config("yukon", "yukon", (), (("autoplay", True),)),
    Config("yukon-no-auto", "yukon", ("autoplay=false",), (("autoplay", False),)),
]

COLUMNS, FOUNDATIONS, KING = 7, 4, 13


class Yukon(Position):
    def __init__(self, config: Config):
        self.autoplay = config.rule("autoplay")
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]  # bottom first
        self.down = [0] * COLUMNS  # face-down cards at the bottom of each column
        self.foundations: list[list[int]] = [[] for _ in range(FOUNDATIONS)]
        self.outcome = None
        self.seen = Counter()
        self.events = Counter()

    def clone(self, counted: bool = True) -> "Yukon":
        new = Yukon.__new__(Yukon)
        new.autoplay = self.autoplay
        new.columns = [list(c) for c in self.columns]
        new.down = list(self.down)
        new.foundations = [list(f) for f in self.foundations]
        new.outcome = self.outcome
        new.seen = Counter(self.seen) if counted and self.seen is not None else None
        new.events = self.events if counted else Counter()
        return new

    # -- Moves ---------------------------------------------------------------

    @staticmethod
    def builds(c: int, onto: int) -> bool:
        """One rank lower and of the other colour."""
        return rank(c) + 1 == rank(onto) and red(c) != red(onto)

    def home_top(self, s: int) -> int:
        for f in self.foundations:
            if f and suit(f[0]) == s:
                return rank(f[-1])
        return 0

    def may_go_home(self, c: int) -> bool:
        return self.home_top(suit(c)) == rank(c) - 1

    def send_home(self, c: int) -> None:
        for f in self.foundations:
            if f and suit(f[0]) == suit(c):
                f.append(c)
                return
        next(f for f in self.foundations if not f).append(c)  # an ace: the first empty one

    def moves(self) -> list[tuple]:
        result = [("home", i) for i, col in enumerate(self.columns) if col and self.may_go_home(col[-1])]
        first_empty = next((t for t, col in enumerate(self.columns) if not col), None)
        for i, col in enumerate(self.columns):
            # The top card, then each deeper face-up card with all that lies on it.
            for length in range(1, len(col) - self.down[i] + 1):
                lands = col[-length]
                for t, target in enumerate(self.columns):
                    if t == i:
                        continue
                    if target:
                        fits = self.builds(lands, target[-1])
                    else:
                        # A whole column into an empty one: the same position, no move.
                        fits = t == first_empty and rank(lands) == KING and length < len(col)
                    if fits:
                        result.append(("move", i, length, t))
        return result

    def label(self, move: tuple) -> str:
        if move[0] == "home":
            return f"{name(self.columns[move[1]][-1])} to the foundation"
        _, i, length, t = move
        run = names(self.columns[i][-length:])
        target = self.columns[t]
        return f"{run} on {name(target[-1])}" if target else f"{run} to an empty column"

    def turn_up(self) -> list[str]:
        said = []
        for i, col in enumerate(self.columns):
            if col and self.down[i] == len(col):
                self.down[i] -= 1
                said.append(turned_up(col[-1]))
        return said

    def apply(self, move: tuple) -> list[str]:
        if move[0] == "home":
            self.send_home(self.columns[move[1]].pop())
        else:
            _, i, length, t = move
            run = self.columns[i][-length:]
            del self.columns[i][-length:]
            self.columns[t].extend(run)
            if length > 1 and any(not self.builds(a, b) for b, a in zip(run, run[1:])):
                self.events["a run out of order carried"] += 1
        said = self.turn_up()
        if self.autoplay:
            said += self.automatic_moves()
        self.judge()
        return said

    def safe_home(self, c: int) -> bool:
        if not self.may_go_home(c):
            return False
        if rank(c) <= 2:
            return True
        others = [s for s in range(4) if red(card(1, s)) != red(c)]
        return all(self.home_top(s) >= rank(c) - 1 for s in others)

    def automatic_moves(self) -> list[str]:
        said = []
        while True:
            i = next((i for i, col in enumerate(self.columns) if col and self.safe_home(col[-1])), None)
            if i is None:
                return said
            c = self.columns[i].pop()
            self.send_home(c)
            said.append(goes_home(c))
            said += self.turn_up()

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
        # Ruling: the cards where they lie and which are face down, whichever
        # column or foundation holds which.
        columns = sorted((tuple(c), d) for c, d in zip(self.columns, self.down))
        return tuple(columns), tuple(sorted(tuple(f) for f in self.foundations))

    # -- The table -----------------------------------------------------------

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {f"foundation {k + 1}": [(c, True) for c in f] for k, f in enumerate(self.foundations)}
        for i, col in enumerate(self.columns):
            result[f"column {i + 1}"] = [(c, n >= self.down[i]) for n, c in enumerate(col)]
        return result

    # -- Policies (not rules) --------------------------------------------------

    def merit(self, move: tuple) -> float:
        if move[0] == "home":
            return 10.0
        _, i, length, t = move
        if self.down[i] and self.down[i] == len(self.columns[i]) - length:
            return 6.0  # turns a card up
        if length == len(self.columns[i]):
            return -2.0
        return -1.0

    def value(self) -> float:
        score = 10.0 * self.home_count() - 4.0 * sum(self.down)
        for col in self.columns:
            for depth, c in enumerate(reversed(col)):
                if rank(c) == self.home_top(suit(c)) + 1:
                    score -= depth * 0.5
        return score


# -- Setup -----------------------------------------------------------------


def deal(config: Config, deck: list[int]) -> Yukon:
    """Six face-down rounds, round r onto columns r + 1 to 7; four face-up rounds onto
    columns 2 to 7; one face-up round onto columns 1 to 7."""
    pos = Yukon(config)
    cards = iter(deck)
    for r in range(1, COLUMNS):
        for i in range(r, COLUMNS):
            pos.columns[i].append(next(cards))
    pos.down = [len(col) for col in pos.columns]
    for _ in range(4):
        for i in range(1, COLUMNS):
            pos.columns[i].append(next(cards))
    for i in range(COLUMNS):
        pos.columns[i].append(next(cards))
    pos.judge()  # counts the deal's position; a deal with no move at all is lost at once
    return pos


def from_table(config: Config, table: Piles) -> Yukon:
    pos = Yukon(config)
    pos.foundations = [table.cards(f"foundation {k + 1}") for k in range(FOUNDATIONS)]
    for i in range(COLUMNS):
        pile = table.get(f"column {i + 1}")
        pos.columns[i] = [c for c, _ in pile]
        pos.down[i] = sum(1 for _, up in pile if not up)
    pos.count_position()
    return pos


GAME = Game("Yukon", CONFIGS, deal, from_table)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
