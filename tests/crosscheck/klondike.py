#!/usr/bin/env python3
"""Differential test of Klondike (every option value, and three passes) against an independent model.

The model below follows docs/rules/klondike.md alone (the scripts
games/klondike*.rhai were not read); patience.py plays it against
`delve play --json` and compares the table, every option list and the end
(see there for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/klondike.py --deals 100 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import (Config, Game, Piles, Position, card, goes_home, name, names, rank,  # noqa: E402
                      red, suit, turned_up)


def config(label: str, game: str, opts: tuple[str, ...], draw=1, redeals=None, from_foundation=True,
           autoplay=True) -> Config:
    """redeals: how many times the waste may be turned over (None: without end)."""
    rules = (("draw", draw), ("redeals", redeals), ("from_foundation", from_foundation), ("autoplay", autoplay))
    return Config(label, game, opts, rules)


CONFIGS = [
    config("klondike", "klondike", ()),
    config("draw-3", "klondike", ("draw=3",), draw=3),
    config("no-redeal", "klondike", ("redeal=none",), redeals=0),
    config("draw-3-no-redeal", "klondike", ("draw=3", "redeal=none"), draw=3, redeals=0),
    config("no-from-foundation", "klondike", ("from_foundation=false",), from_foundation=False),
    config("no-autoplay", "klondike", ("autoplay=false",), autoplay=False),
    config("three-passes", "klondike-three-passes", (), redeals=2),
    config("three-passes-draw-3", "klondike-three-passes", ("draw=3",), draw=3, redeals=2),
]

COLUMNS, FOUNDATIONS = 7, 4


class Klondike(Position):
    def __init__(self, config: Config):
        self.draw_count = config.rule("draw")
        self.redeals_left = config.rule("redeals")  # None: without end
        self.from_foundation = config.rule("from_foundation")
        self.autoplay = config.rule("autoplay")
        self.stock: list[int] = []  # bottom first: the last card is the next drawn
        self.waste: list[int] = []  # bottom first: the last card is the one that plays
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]  # bottom first
        self.down = [0] * COLUMNS  # how many cards at the bottom of each column are face down
        self.foundations: list[list[int]] = [[] for _ in range(FOUNDATIONS)]
        self.outcome = None
        self.seen = Counter()
        self.events = Counter()

    def clone(self, counted: bool = True) -> "Klondike":
        new = Klondike.__new__(Klondike)
        new.draw_count, new.redeals_left = self.draw_count, self.redeals_left
        new.from_foundation, new.autoplay = self.from_foundation, self.autoplay
        new.stock, new.waste = list(self.stock), list(self.waste)
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

    def run_length(self, i: int) -> int:
        """Face-up cards at the top of column i that build on each other."""
        col = self.columns[i]
        up = len(col) - self.down[i]
        n = 1 if up else 0
        while n < up and self.builds(col[-n], col[-n - 1]):
            n += 1
        return n

    def may_redeal(self) -> bool:
        return self.redeals_left is None or self.redeals_left > 0

    def moves(self) -> list[tuple]:
        result = []
        # 1. To the foundation: the waste's top, then the columns' tops.
        if self.waste and self.may_go_home(self.waste[-1]):
            result.append(("home", "waste", 0))
        result += [("home", "column", i) for i, col in enumerate(self.columns)
                   if col and self.may_go_home(col[-1])]
        # 2. Onto a column: the waste, the columns (each run length), the foundations.
        sources = []
        if self.waste:
            sources.append(("waste", 0, 1))
        for i in range(COLUMNS):
            sources += [("column", i, length) for length in range(1, self.run_length(i) + 1)]
        if self.from_foundation:
            sources += [("foundation", k, 1) for k, f in enumerate(self.foundations) if f]
        first_empty = next((t for t, col in enumerate(self.columns) if not col), None)
        for kind, i, length in sources:
            lands = self.source(kind, i)[-length]
            for t, target in enumerate(self.columns):
                if kind == "column" and t == i:
                    continue
                if (self.builds(lands, target[-1]) if target else t == first_empty and rank(lands) == 13):
                    result.append(("move", kind, i, length, t))
        # 3. The stock.
        if self.stock:
            result.append(("draw",))
        elif self.waste and self.may_redeal():
            result.append(("turn",))
        return result

    def source(self, kind: str, i: int) -> list[int]:
        if kind == "waste":
            return self.waste
        return self.columns[i] if kind == "column" else self.foundations[i]

    def label(self, move: tuple) -> str:
        if move[0] == "draw":
            return "draw"
        if move[0] == "turn":
            return "turn the waste over"
        if move[0] == "home":
            return f"{name(self.source(move[1], move[2])[-1])} to the foundation"
        _, kind, i, length, t = move
        run = names(self.source(kind, i)[-length:])
        target = self.columns[t]
        return f"{run} on {name(target[-1])}" if target else f"{run} to an empty column"

    def take_from_column(self, i: int, length: int) -> list[int]:
        run = self.columns[i][-length:]
        del self.columns[i][-length:]
        return run

    def turn_up(self) -> list[str]:
        """A column whose top card is face down turns it up at once."""
        said = []
        for i, col in enumerate(self.columns):
            if col and self.down[i] == len(col):
                self.down[i] -= 1
                said.append(turned_up(col[-1]))
        return said

    def apply(self, move: tuple) -> list[str]:
        kind = move[0]
        if kind == "home":
            _, source, i = move
            self.send_home(self.waste.pop() if source == "waste" else self.columns[i].pop())
        elif kind == "move":
            _, source, i, length, t = move
            if source == "waste":
                run = [self.waste.pop()]
            elif source == "column":
                run = self.take_from_column(i, length)
            else:
                run = [self.foundations[i].pop()]
                self.events["card back from a foundation"] += 1
            self.columns[t].extend(run)
        elif kind == "draw":
            for _ in range(min(self.draw_count, len(self.stock))):
                self.waste.append(self.stock.pop())
        else:  # turn the waste over: the first card drawn is again the next
            self.stock = self.waste[::-1]
            self.waste = []
            if self.redeals_left is not None:
                self.redeals_left -= 1
            self.events["waste turned over"] += 1
        said = self.turn_up()
        if self.autoplay:
            said += self.automatic_moves()
        self.judge()
        return said

    def safe_home(self, c: int) -> bool:
        """A card no other card can still need (the automatic moves)."""
        if not self.may_go_home(c):
            return False
        if rank(c) <= 2:
            return True
        others = [s for s in range(4) if red(card(1, s)) != red(c)]
        return all(self.home_top(s) >= rank(c) - 1 for s in others)

    def automatic_moves(self) -> list[str]:
        said = []
        while True:
            if self.waste and self.safe_home(self.waste[-1]):
                c = self.waste.pop()
            else:
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
        # Ruling: the position is the stock, the waste, every column and foundation,
        # and the redeals left where they are limited.
        return (tuple(self.stock), tuple(self.waste), tuple(tuple(c) for c in self.columns),
                tuple(self.down), tuple(tuple(f) for f in self.foundations), self.redeals_left)

    # -- The table -----------------------------------------------------------

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {"stock": [(c, False) for c in self.stock], "waste": [(c, True) for c in self.waste]}
        result.update({f"foundation {k + 1}": [(c, True) for c in f] for k, f in enumerate(self.foundations)})
        for i, col in enumerate(self.columns):
            result[f"column {i + 1}"] = [(c, n >= self.down[i]) for n, c in enumerate(col)]
        return result

    # -- Policies (not rules) --------------------------------------------------

    def merit(self, move: tuple) -> float:
        kind = move[0]
        if kind == "home":
            return 10.0
        if kind == "move":
            _, source, i, length, t = move
            if source == "foundation":
                return -3.0
            if source == "waste":
                return 4.0
            reveals = self.down[i] and self.down[i] == len(self.columns[i]) - length
            if reveals:
                return 6.0
            if length == len(self.columns[i]):  # a whole column: only worth it for a king to leave room
                return -2.0
            return -1.0
        return 1.0 if kind == "draw" else 0.5

    def value(self) -> float:
        score = 10.0 * self.home_count() - 4.0 * sum(self.down)
        for i, col in enumerate(self.columns):
            # Cards buried under face-down cards the foundations wait for.
            for depth, c in enumerate(reversed(col)):
                if rank(c) == self.home_top(suit(c)) + 1:
                    score -= depth * 0.5
        return score - 0.1 * len(self.stock)


# -- Setup -----------------------------------------------------------------


def deal(config: Config, deck: list[int]) -> Klondike:
    """Six face-down rounds from column 7 leftward, each one shorter; one face-up round; the rest is the stock."""
    pos = Klondike(config)
    cards = iter(deck)
    for first in range(COLUMNS - 1):  # round r covers columns 7 down to r + 2
        for i in range(COLUMNS - 1, first, -1):
            pos.columns[i].append(next(cards))
    for i in range(COLUMNS - 1, -1, -1):
        pos.columns[i].append(next(cards))
    pos.down = [len(col) - 1 for col in pos.columns]
    pos.stock = list(cards)[::-1]  # the next card dealt is the stock's top
    pos.count_position()
    return pos


def from_table(config: Config, table: Piles) -> Klondike:
    pos = Klondike(config)
    pos.stock = table.cards("stock")
    pos.waste = table.cards("waste")
    pos.foundations = [table.cards(f"foundation {k + 1}") for k in range(FOUNDATIONS)]
    for i in range(COLUMNS):
        pile = table.get(f"column {i + 1}")
        pos.columns[i] = [c for c, _ in pile]
        pos.down[i] = sum(1 for _, up in pile if not up)
    pos.count_position()
    return pos


GAME = Game("Klondike", CONFIGS, deal, from_table)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
