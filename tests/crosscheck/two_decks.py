#!/usr/bin/env python3
"""Differential test of Der Katzenschwanz and Die Schlange (two decks) against an
independent model.

The model below follows the specs alone, docs/rules/der-katzenschwanz.md and
docs/rules/die-schlange.md: 104 cards, each with a twin; nine columns each begun by a
king, eight free cells, eight foundations. patience.py plays it against `delve play
--json` and compares the table, every option list and the end (see there for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/two_decks.py --deals 20 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import DECK, Config, Game, Piles, Position, card, goes_home, name, names, rank, red, suit  # noqa: E402

CONFIGS = [
    Config("katzenschwanz", "der-katzenschwanz", (), (("autoplay", True),)),
    Config("katz-no-auto", "der-katzenschwanz", ("autoplay=false",), (("autoplay", False),)),
    Config("schlange", "die-schlange", (), (("autoplay", True),)),
    Config("schlange-no-auto", "die-schlange", ("autoplay=false",), (("autoplay", False),)),
]

COLUMNS, CELLS, FOUNDATIONS, KING = 9, 8, 8, 13
CARDS = 104


class TwoDecks(Position):
    def __init__(self, config: Config):
        self.autoplay = config.rule("autoplay")
        # Die Schlange: aces home from the deal, runs as long as the free cells allow.
        self.schlange = config.game == "die-schlange"
        self.columns: list[list[int]] = [[] for _ in range(COLUMNS)]  # bottom first
        self.cells: list[int | None] = [None] * CELLS
        self.foundations: list[list[int]] = [[] for _ in range(FOUNDATIONS)]
        self.outcome = None
        self.seen = Counter()
        self.events = Counter()

    def clone(self, counted: bool = True) -> "TwoDecks":
        new = TwoDecks.__new__(TwoDecks)
        new.autoplay, new.schlange = self.autoplay, self.schlange
        new.columns = [list(c) for c in self.columns]
        new.cells = list(self.cells)
        new.foundations = [list(f) for f in self.foundations]
        new.outcome = self.outcome
        new.seen = Counter(self.seen) if counted and self.seen is not None else None
        new.events = self.events if counted else Counter()
        return new

    # -- Moves ---------------------------------------------------------------

    @staticmethod
    def builds(c: int, onto: int) -> bool:
        """Whether `c` may lie on `onto` in a column: one rank lower, the other colour."""
        return rank(onto) == rank(c) + 1 and red(onto) != red(c)

    def homes_for(self, c: int) -> list[int]:
        """The foundations `c` may go onto: an ace the first empty one; another card each
        foundation whose top is one rank lower of its suit."""
        if rank(c) == 1:
            return [next(k for k, f in enumerate(self.foundations) if not f)]
        return [k for k, f in enumerate(self.foundations)
                if f and suit(f[-1]) == suit(c) and rank(f[-1]) == rank(c) - 1]

    def run_length(self, column: list[int]) -> int:
        n = 1 if column else 0
        while n < len(column) and self.builds(column[-n], column[-n - 1]):
            n += 1
        return n

    def moves(self) -> list[tuple]:
        result = []
        sources = [("column", i, col) for i, col in enumerate(self.columns)]
        sources += [("cell", j, [c]) for j, c in enumerate(self.cells) if c is not None]
        for kind, i, cards in sources:
            if cards:
                result += [("home", kind, i, k) for k in self.homes_for(cards[-1])]
        limit = self.cells.count(None) + 1 if self.schlange else CARDS
        for kind, i, cards in sources:
            for length in range(1, min(self.run_length(cards), limit) + 1):
                result += [("move", kind, i, length, t) for t, col in enumerate(self.columns)
                           if col and (kind, i) != ("column", t) and self.builds(cards[-length], col[-1])]
        if None in self.cells:
            result += [("cell", i) for i, col in enumerate(self.columns) if col]
        return result

    def source(self, kind: str, i: int) -> list[int]:
        return self.columns[i] if kind == "column" else [self.cells[i]]

    def where(self, move: tuple) -> tuple[str, str]:
        """The piles a move goes from and to, as the host names them."""
        if move[0] == "cell":
            return f"column {move[1] + 1}", f"free cell {self.cells.index(None) + 1}"
        src = f"column {move[2] + 1}" if move[1] == "column" else f"free cell {move[2] + 1}"
        if move[0] == "home":
            return src, f"foundation {move[3] + 1}"
        return src, f"column {move[4] + 1}"

    def label(self, move: tuple) -> str:
        if move[0] == "home":
            return f"{name(self.source(move[1], move[2])[-1])} to the foundation"
        if move[0] == "cell":
            return f"{name(self.columns[move[1]][-1])} to a free cell"
        _, kind, i, length, t = move
        return f"{names(self.source(kind, i)[-length:])} on {name(self.columns[t][-1])}"

    def options(self) -> list[tuple[str, tuple]]:
        """Labels that read alike (twins) say the pile that tells them apart: where from,
        where to, or both."""
        moves = self.moves()
        labels = [self.label(m) for m in moves]
        alike = defaultdict(list)
        for i, label in enumerate(labels):
            alike[label].append(i)
        told = list(labels)
        for label, group in alike.items():
            if len(group) < 2:
                continue
            self.events["moves of twins told apart"] += 1
            places = [self.where(moves[i]) for i in group]
            say_from = len({p[0] for p in places}) > 1
            say_to = len({p[1] for p in places}) > 1
            for i, (src, dst) in zip(group, places):
                if say_from and say_to:
                    told[i] = f"{label} (from {src} to {dst})"
                elif say_from:
                    told[i] = f"{label} (from {src})"
                elif say_to:
                    told[i] = f"{label} (to {dst})"
        return list(zip(told, moves))

    def apply(self, move: tuple) -> list[str]:
        if move[0] == "home":
            _, kind, i, k = move
            if kind == "column":
                self.foundations[k].append(self.columns[i].pop())
            else:
                self.foundations[k].append(self.cells[i])
                self.cells[i] = None
        elif move[0] == "move":
            _, kind, i, length, t = move
            if kind == "column":
                run = self.columns[i][-length:]
                del self.columns[i][-length:]
            else:
                run, self.cells[i] = [self.cells[i]], None
            if length > 1:
                self.events["run moved"] += 1
            self.columns[t].extend(run)
        else:
            self.cells[self.cells.index(None)] = self.columns[move[1]].pop()
        said = self.automatic_moves() if self.autoplay else []
        self.judge()
        return said

    def home_count_of(self, s: int, at_least: int) -> int:
        """How many cards of suit `s` and rank `at_least` are home (both decks')."""
        return sum(1 for f in self.foundations if f and suit(f[-1]) == s and rank(f[-1]) >= at_least)

    def safe_home(self, c: int) -> bool:
        """Aces and twos always; another card once all four cards of the other colour one
        rank lower are home."""
        if not self.homes_for(c):
            return False
        if rank(c) <= 2:
            return True
        others = [s for s in range(4) if red(card(1, s)) != red(c)]
        return sum(self.home_count_of(s, rank(c) - 1) for s in others) == 4

    def automatic_moves(self) -> list[str]:
        said = []
        while True:
            tops = [("column", i, col[-1]) for i, col in enumerate(self.columns) if col]
            tops += [("cell", j, c) for j, c in enumerate(self.cells) if c is not None]
            found = next(((kind, i, c) for kind, i, c in tops if self.safe_home(c)), None)
            if found is None:
                return said
            kind, i, c = found
            if kind == "column":
                self.columns[i].pop()
            else:
                self.cells[i] = None
            self.foundations[self.homes_for(c)[0]].append(c)
            said.append(goes_home(c))

    # -- End -----------------------------------------------------------------

    def home_count(self) -> int:
        return sum(len(f) for f in self.foundations)

    def judge(self) -> None:
        if self.home_count() == CARDS:
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
        # Whichever cell, column or foundation holds which cards; a card is its twin.
        return (tuple(sorted(tuple(c) for c in self.columns)),
                tuple(sorted(c for c in self.cells if c is not None)),
                tuple(sorted(f[-1] if f else -1 for f in self.foundations)))

    # -- The table -----------------------------------------------------------

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {f"column {i + 1}": [(c, True) for c in col] for i, col in enumerate(self.columns)}
        result.update({f"free cell {j + 1}": [] if c is None else [(c, True)] for j, c in enumerate(self.cells)})
        result.update({f"foundation {k + 1}": [(c, True) for c in f] for k, f in enumerate(self.foundations)})
        return result

    # -- Policies (not rules) --------------------------------------------------

    def merit(self, move: tuple) -> float:
        if move[0] == "home":
            return 10.0
        if move[0] == "move":
            return 3.0 + move[3] * 0.3 + (2.0 if move[1] == "cell" else 0.0)
        return -0.5

    def value(self) -> float:
        score = 10.0 * self.home_count() + 2.0 * self.cells.count(None)
        for col in self.columns:
            score -= 1.5 * sum(1 for below, above in zip(col, col[1:]) if not self.builds(above, below))
        return score


# -- Setup -----------------------------------------------------------------


def deal(config: Config, deck: list[int]) -> TwoDecks:
    """From the top: each king begins the next column (the cards before the first king
    make column 1); in Die Schlange each ace goes to the next empty foundation."""
    pos = TwoDecks(config)
    column = 0
    for c in deck:
        if rank(c) == KING:
            column += 1
        if pos.schlange and rank(c) == 1:
            next(f for f in pos.foundations if not f).append(c)
        else:
            pos.columns[column].append(c)
    pos.judge()
    return pos


def from_table(config: Config, table: Piles) -> TwoDecks:
    pos = TwoDecks(config)
    pos.columns = [table.cards(f"column {i + 1}") for i in range(COLUMNS)]
    pos.cells = [(table.cards(f"free cell {j + 1}") or [None])[0] for j in range(CELLS)]
    pos.foundations = [table.cards(f"foundation {k + 1}") for k in range(FOUNDATIONS)]
    pos.judge()
    return pos


GAME = Game("Two decks", CONFIGS, deal, from_table, None, max_seed=2**32 - 1, deck=DECK + DECK)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
