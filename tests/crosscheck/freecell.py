#!/usr/bin/env python3
"""Differential test of FreeCell and its family against an independent model.

The model below follows the specs alone (the scripts in games/ were not read):
docs/rules/freecell.md (FreeCell, Baker's Game), relaxed-freecell.md,
kings-only-bakers-game.md, forecell.md, eight-off.md, seahaven-towers.md
(Seahaven Towers and its relaxed form), beleaguered-castle.md (Beleaguered
Castle, Citadel, Streets and Alleys), bakers-dozen.md and fan-solitaire.md. patience.py plays it against `delve
play --json` and compares the table, every option list and the end (see there
for how).

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/freecell.py --deals 100 [--seed S] [--jobs J] [--delve PATH]

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from patience import (DECK, Config, Game, Piles, Position, card, compare_piles, goes_home,  # noqa: E402
                      name, names, rank, red, suit)

# The configurations: a rule value each, as the options table and the house rule say.
CONFIGS = [
    Config("freecell", "freecell", (), (("build", "alternate"), ("autoplay", True))),
    Config("no-autoplay", "freecell", ("autoplay=false",), (("build", "alternate"), ("autoplay", False))),
    Config("bakers-game", "bakers-game", (), (("build", "suit"), ("autoplay", True))),
    Config("bakers-no-autoplay", "bakers-game", ("autoplay=false",), (("build", "suit"), ("autoplay", False))),
    Config("relaxed-freecell", "relaxed-freecell", (), (("build", "alternate"), ("autoplay", True))),
    Config("ko-bakers-game", "kings-only-bakers-game", (), (("build", "suit"), ("autoplay", True))),
    Config("forecell", "forecell", (), (("build", "alternate"), ("autoplay", True))),
    Config("eight-off", "eight-off", (), (("build", "suit"), ("autoplay", True))),
    Config("eight-off-no-auto", "eight-off", ("autoplay=false",), (("build", "suit"), ("autoplay", False))),
    Config("seahaven-towers", "seahaven-towers", (), (("build", "suit"), ("autoplay", True))),
    Config("relaxed-seahaven", "relaxed-seahaven-towers", (), (("build", "suit"), ("autoplay", True))),
    Config("castle", "beleaguered-castle", (), (("build", "rank"), ("autoplay", True))),
    Config("castle-no-auto", "beleaguered-castle", ("autoplay=false",), (("build", "rank"), ("autoplay", False))),
    Config("citadel", "citadel", (), (("build", "rank"), ("autoplay", True))),
    Config("streets-alleys", "streets-and-alleys", (), (("build", "rank"), ("autoplay", True))),
    Config("bakers-dozen", "bakers-dozen", (), (("build", "rank"), ("autoplay", True))),
    Config("bakers-dozen-no-auto", "bakers-dozen", ("autoplay=false",), (("build", "rank"), ("autoplay", False))),
    Config("fan", "fan-solitaire", (), (("build", "suit"), ("autoplay", True))),
    Config("fan-no-auto", "fan-solitaire", ("autoplay=false",), (("build", "suit"), ("autoplay", False))),
]


@dataclass(frozen=True)
class Layout:
    """What a game of the family fixes beside its build rule, as its spec says."""

    columns: int = 8
    cells: int = 4
    kings_only: bool = False  # only a king (or a run from one) into an empty column
    any_run: bool = False  # a run of any length moves as one
    dealt_cells: tuple[int, ...] = ()  # the free cells (0-based) the last cards go to, in order
    microsoft: bool = True  # Microsoft's deal numbers; else PySolFC's (Microsoft's cards up to 32,000)
    aces_first: bool = False  # the aces go home before the deal, in the order they lie from the top
    home_while_dealt: bool = False  # a card that may go home as it is dealt goes there (Citadel)
    runs: bool = True  # False: one card moves at a time
    no_fill: bool = False  # no card goes into an empty column
    kings_under: bool = False  # dealt from the deck's bottom up, each king first sent under (Baker's Dozen)
    last_card_alone: bool = False  # the last card to the last column, the others round the others (Fan)


LAYOUTS = {
    "freecell": Layout(),
    "bakers-game": Layout(),
    "relaxed-freecell": Layout(any_run=True),
    "kings-only-bakers-game": Layout(kings_only=True),
    "forecell": Layout(kings_only=True, dealt_cells=(0, 1, 2, 3), microsoft=False),
    "eight-off": Layout(cells=8, kings_only=True, dealt_cells=(0, 2, 4, 6), microsoft=False),
    "seahaven-towers": Layout(columns=10, kings_only=True, dealt_cells=(1, 2), microsoft=False),
    "relaxed-seahaven-towers": Layout(columns=10, kings_only=True, any_run=True, dealt_cells=(1, 2),
                                      microsoft=False),
    "beleaguered-castle": Layout(cells=0, microsoft=False, aces_first=True),
    "citadel": Layout(cells=0, microsoft=False, aces_first=True, home_while_dealt=True),
    "streets-and-alleys": Layout(cells=0, microsoft=False),
    "bakers-dozen": Layout(columns=13, cells=0, microsoft=False, runs=False, no_fill=True, kings_under=True),
    "fan-solitaire": Layout(columns=18, cells=0, microsoft=False, runs=False, kings_only=True, last_card_alone=True),
}

FOUNDATIONS = 4
KING = 13

# The cards each card may lie on in a column: one rank higher, of the other colour or of its suit.
LIES_ON_COLOUR = [[card(rank(c) + 1, s) for s in range(4) if red(card(1, s)) != red(c)]
                  if 1 <= rank(c) < 13 else [] for c in range(56)]
LIES_ON_SUIT = [[card(rank(c) + 1, suit(c))] if 1 <= rank(c) < 13 else [] for c in range(56)]
LIES_ON_RANK = [[card(rank(c) + 1, s) for s in range(4)] if 1 <= rank(c) < 13 else [] for c in range(56)]
LIES_ON = {"alternate": LIES_ON_COLOUR, "suit": LIES_ON_SUIT, "rank": LIES_ON_RANK}


class FreeCell(Position):
    def __init__(self, config: Config):
        self.build = config.rule("build")
        self.by_suit = self.build == "suit"
        self.autoplay = config.rule("autoplay")
        self.layout = LAYOUTS[config.game]
        self.columns: list[list[int]] = [[] for _ in range(self.layout.columns)]  # bottom first
        self.cells: list[int | None] = [None] * self.layout.cells
        self.foundations: list[list[int]] = [[] for _ in range(FOUNDATIONS)]
        self.home = [0] * 4  # the rank on the foundation of each suit (0: not its ace yet)
        self.outcome = None
        self.seen = Counter()
        self.events = Counter()

    def clone(self, counted: bool = True) -> "FreeCell":
        new = FreeCell.__new__(FreeCell)
        new.build, new.by_suit, new.autoplay, new.layout = self.build, self.by_suit, self.autoplay, self.layout
        new.columns = [list(c) for c in self.columns]
        new.cells = list(self.cells)
        new.foundations = [list(f) for f in self.foundations]
        new.home = list(self.home)
        new.outcome = self.outcome
        new.seen = Counter(self.seen) if counted and self.seen is not None else None
        new.events = self.events if counted else Counter()
        return new

    # -- Moves ---------------------------------------------------------------

    def builds(self, c: int, onto: int) -> bool:
        """Whether card `c` may lie on card `onto` in a column."""
        return onto in self.lies_on(c)

    def lies_on(self, c: int) -> list[int]:
        """The cards that card `c` may lie on in a column."""
        return LIES_ON[self.build][c]

    def home_top(self, s: int) -> int:
        """The rank on the foundation of suit s (0 when none has its ace)."""
        return self.home[s]

    def may_go_home(self, c: int) -> bool:
        return self.home_top(suit(c)) == rank(c) - 1

    def send_home(self, c: int) -> None:
        self.home[suit(c)] = rank(c)
        for f in self.foundations:
            if f and suit(f[0]) == suit(c):
                f.append(c)
                return
        next(f for f in self.foundations if not f).append(c)  # an ace: the first empty one

    def run_length(self, column: list[int]) -> int:
        """How many cards at the top of the column build on each other."""
        n = 1 if column else 0
        while n < len(column) and self.builds(column[-n], column[-n - 1]):
            n += 1
        return n

    def moves(self) -> list[tuple]:
        result = []
        # 1. To the foundation: column tops, then free cells.
        for i, col in enumerate(self.columns):
            if col and self.may_go_home(col[-1]):
                result.append(("home", "column", i))
        for j, c in enumerate(self.cells):
            if c is not None and self.may_go_home(c):
                result.append(("home", "cell", j))
        # 2. Onto a column: sources, then run lengths, then targets.
        free = self.cells.count(None)
        empty = [i for i, col in enumerate(self.columns) if not col]
        first_empty = empty[0] if empty else None
        sources = [("column", i, self.columns[i]) for i in range(len(self.columns))]
        sources += [("cell", j, [c]) for j, c in enumerate(self.cells) if c is not None]
        tops = {col[-1]: t for t, col in enumerate(self.columns) if col}
        limit, limit_empty = self.run_limits(free, len(empty))
        for kind, i, cards in sources:
            if not cards:
                continue
            for length in range(1, self.run_length(cards) + 1):
                # The targets in column order: the cards the run's bottom card builds on, the first empty.
                targets = []
                if length <= limit:
                    targets = [tops[onto] for onto in self.lies_on(cards[-length]) if onto in tops]
                # A whole column into an empty one changes nothing (the columns are
                # interchangeable): no move. Kings only: only a run from a king.
                whole_column = kind == "column" and length == len(cards)
                fills = not self.layout.no_fill and (not self.layout.kings_only or rank(cards[-length]) == KING)
                if first_empty is not None and length <= limit_empty and not whole_column and fills:
                    targets.append(first_empty)
                result += [("move", kind, i, length, t) for t in sorted(targets)]
        # 3. To a free cell.
        if free:
            result += [("cell", i) for i, col in enumerate(self.columns) if col]
        return result

    def run_limits(self, free: int, empty: int) -> tuple[float, float]:
        """The longest run that may move onto a card, and into an empty column."""
        if self.layout.any_run:
            return float("inf"), float("inf")
        if not self.layout.runs:
            return 1, 1
        if self.layout.kings_only:
            # An empty column takes only a king: it holds no part of a run on its way.
            return free + 1, free + 1
        limit = (free + 1) * 2 ** empty  # onto an empty column, that column is no room: half of it
        return limit, limit // 2

    def source(self, kind: str, i: int) -> list[int]:
        return self.columns[i] if kind == "column" else [self.cells[i]]

    def label(self, move: tuple) -> str:
        if move[0] == "home":
            return f"{name(self.source(move[1], move[2])[-1])} to the foundation"
        if move[0] == "cell":
            return f"{name(self.columns[move[1]][-1])} to a free cell"
        _, kind, i, length, t = move
        run = names(self.source(kind, i)[-length:])
        target = self.columns[t]
        return f"{run} on {name(target[-1])}" if target else f"{run} to an empty column"

    def apply(self, move: tuple) -> list[str]:
        if move[0] == "home":
            _, kind, i = move
            if kind == "column":
                self.send_home(self.columns[i].pop())
            else:
                self.send_home(self.cells[i])
                self.cells[i] = None
        elif move[0] == "move":
            _, kind, i, length, t = move
            if kind == "column":
                run = self.columns[i][-length:]
                del self.columns[i][-length:]
            else:
                run = [self.cells[i]]
                self.cells[i] = None
            if length > 1:
                self.events["run moved"] += 1
                if not self.columns[t]:
                    self.events["run to an empty column"] += 1
            self.columns[t].extend(run)
        else:
            i = move[1]
            self.cells[self.cells.index(None)] = self.columns[i].pop()
        said = self.automatic_moves() if self.autoplay else []
        self.judge()
        return said

    def safe_home(self, c: int) -> bool:
        """A card no other card can still need (the automatic moves)."""
        if not self.may_go_home(c):
            return False
        if rank(c) <= 2 or self.by_suit:
            return True
        if self.build == "rank":  # any card one rank lower could be built on it
            return all(self.home_top(s) >= rank(c) - 1 for s in range(4))
        others = [s for s in range(4) if red(card(1, s)) != red(c)]
        return all(self.home_top(s) >= rank(c) - 1 for s in others)

    def automatic_moves(self) -> list[str]:
        said = []
        while True:
            for i, col in enumerate(self.columns):
                if col and self.safe_home(col[-1]):
                    c = col.pop()
                    break
            else:
                j = next((j for j, c in enumerate(self.cells) if c is not None and self.safe_home(c)), None)
                if j is None:
                    return said
                c, self.cells[j] = self.cells[j], None
            self.send_home(c)
            said.append(goes_home(c))
            if len(said) > 1:
                self.events["several cards home by themselves"] += 1

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
        # Ruling: whichever free cell or column holds which cards, it is the same position.
        return (tuple(sorted(tuple(c) for c in self.columns)),
                tuple(sorted(c for c in self.cells if c is not None)),
                tuple(self.home_top(s) for s in range(4)))

    # -- The table -----------------------------------------------------------

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        result = {f"column {i + 1}": [(c, True) for c in col] for i, col in enumerate(self.columns)}
        result.update({f"free cell {j + 1}": [] if c is None else [(c, True)] for j, c in enumerate(self.cells)})
        result.update({f"foundation {k + 1}": [(c, True) for c in f] for k, f in enumerate(self.foundations)})
        return result

    def table_differs(self, table: Piles) -> str | None:
        # Which free cell a card went to is open ("any free cell is as good as another").
        expected = self.piles()
        cells = {p: expected.pop(p) for p in [f"free cell {j + 1}" for j in range(len(self.cells))]}
        if (diff := compare_piles(expected, table)) is not None:
            return diff
        try:
            got = sorted(c for p in cells for c in table.get(p))
        except KeyError as err:
            return str(err.args[0])
        want = sorted(c for pile in cells.values() for c in pile)
        if got != want:
            return f"free cells: expected {want_names(want)}, got {want_names(got)}"
        return None

    # -- Policies (not rules) --------------------------------------------------

    def merit(self, move: tuple) -> float:
        if move[0] == "home":
            return 10.0
        if move[0] == "move":
            _, kind, i, length, t = move
            into_empty = not self.columns[t]
            if into_empty:
                return 0.5 + (1.0 if kind == "cell" else 0.0)
            emptied = kind == "column" and len(self.columns[i]) == length
            return 3.0 + length * 0.3 + (2.0 if kind == "cell" else 0.0) + (1.0 if emptied else 0.0)
        return -0.5

    def value(self) -> float:
        score = 10.0 * self.home_count() + 2.0 * self.cells.count(None)
        score += 4.0 * sum(1 for c in self.columns if not c)
        # A card under a card of a lower suit-mate blocks it: count cards lying on cards they do not build on.
        for col in self.columns:
            for below, above in zip(col, col[1:]):
                if not self.builds(above, below):
                    score -= 1.5
            # The next card home of its suit buried deep costs the cards above it.
            for depth, c in enumerate(reversed(col)):
                if rank(c) == self.home_top(suit(c)) + 1:
                    score -= depth * 0.7
        return score


def want_names(cards) -> str:
    return names(c for c, _ in cards) or "(none)"


# -- Setup -----------------------------------------------------------------


def deal(config: Config, deck: list[int]) -> FreeCell:
    """Card k (from the top, 1-based) to column ((k - 1) mod columns) + 1, face up, but
    the last cards, which go to the free cells the layout names, in order."""
    pos = FreeCell(config)
    if pos.layout.aces_first:
        for ace in [c for c in deck if rank(c) == 1]:
            pos.send_home(ace)
        deck = [c for c in deck if rank(c) != 1]
    if pos.layout.kings_under:
        deck = kings_under(list(reversed(deck)), len(pos.columns))
    to_cells = pos.layout.dealt_cells
    to_columns = deck[:len(deck) - len(to_cells)]
    if pos.layout.last_card_alone:
        pos.columns[-1].append(to_columns.pop())
    rounds = len(pos.columns) - (1 if pos.layout.last_card_alone else 0)
    for k, c in enumerate(to_columns):
        if pos.layout.home_while_dealt and pos.may_go_home(c):
            pos.send_home(c)  # its column's turn passes
            continue
        pos.columns[k % rounds].append(c)
    for j, c in zip(to_cells, deck[len(to_columns):]):
        pos.cells[j] = c
    pos.judge()  # counts the deal's position; a deal with no move at all is lost at once
    return pos


def kings_under(places: list[int], columns: int) -> list[int]:
    """Baker's Dozen's places (place p is row p // columns of column p % columns, from the
    bottom): each king in turn, from place 0 up, changes places with the lowest card of its
    column below it that is not a king."""
    for p, c in enumerate(places):
        if rank(c) != KING:
            continue
        for below in range(p % columns, p, columns):
            if rank(places[below]) != KING:
                places[p], places[below] = places[below], c
                break
    return places


def microsoft_deck(number: int) -> list[int]:
    """Microsoft's deal `number`, top card (the first dealt) first.

    The C runtime's rand() seeded with the number picks each card from a deck
    laid A♣ A♦ A♥ A♠ 2♣ ... K♠; the last card takes the place of the one picked.
    """
    ms_suits = [3, 2, 1, 0]  # ♣ ♦ ♥ ♠, in the order of Microsoft's deck
    remaining = [card(r, s) for r in range(1, 14) for s in ms_suits]
    state = number
    dealt = []
    while remaining:
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        j = ((state >> 16) & 0x7FFF) % len(remaining)
        dealt.append(remaining[j])
        remaining[j] = remaining[-1]
        remaining.pop()
    return dealt


def numbered(config: Config, number: int) -> FreeCell | None:
    """Microsoft's deal; PySolFC's numbers are Microsoft's cards up to 32,000 (above, the
    host's first table is taken)."""
    if LAYOUTS[config.game].microsoft or number <= 32_000:
        return deal(config, microsoft_deck(number))
    return None


def from_table(config: Config, table: Piles) -> FreeCell:
    pos = FreeCell(config)
    pos.columns = [table.cards(f"column {i + 1}") for i in range(len(pos.columns))]
    pos.cells = [(table.cards(f"free cell {j + 1}") or [None])[0] for j in range(len(pos.cells))]
    pos.foundations = [table.cards(f"foundation {k + 1}") for k in range(FOUNDATIONS)]
    for f in pos.foundations:
        if f:
            pos.home[suit(f[-1])] = rank(f[-1])
    pos.judge()
    return pos


GAME = Game("FreeCell", CONFIGS, deal, from_table, numbered, max_seed=2_147_483_647)

if __name__ == "__main__":
    from patience import main
    sys.exit(main(GAME, __doc__))
