#!/usr/bin/env python3
"""Differential test of the Dungeon Solitaire (GMTK 2019) ruleset against an independent model.

Why this exists: games/dungeon-solitaire.rhai will be the only implementation of
the game in the project, and its own snapshot tests can only show what the script
already does.  This file re-implements the rules from the spec alone
(shared/rules/dungeon-solitaire-gmtk.md, "the spec"), following the contract
contracts/gmtk.md for how the game looks over the JSON protocol.  It was written
before the script existed and without reading it.

How a game is checked (one `delve play dungeon-solitaire --seed N --json --reveal`
process per game, several games in parallel threads):
  1. The `hello` line gives the options (width, height, hp).  Every --opt passed
     here must show up in it.
  2. At every `prompt` the model computes, from the table it sees (with --reveal
     every card is visible, face-down cards and the deck order included) plus what
     it tracks itself, the exact question and the exact options (order, keys and
     labels) that section 10.2 requires, and compares them with what delve sent.
  3. Random things (the draft and chest offers, the shuffles, a new level) are
     taken from the table after they are checked: offers must be legal offered
     cards; a shuffled deck must hold exactly the cards the spec says (the multiset
     before + the picked card; the deck + the discard pile at a level end); a new
     level must satisfy every invariant of section 6 that can be seen afterwards
     (see `level_problems`).  Everything else is predicted and the whole table is
     compared at every prompt: moves and reveals, hearts, monsters and chests, the
     cards a draw takes (the top 3 of the visible deck, in order), the discard
     pile, placements, the four special cards, state.gone, and the HP.
  4. The model decides when the game must end (a monster at 1 HP, the crown, and
     the "no more moves" check of section 7.1) and the `end` line must come exactly
     then, with the right outcome and score (levels cleared 0-8 on a loss, 9 on a
     win).
  5. Answers come from this program's own RNG, seeded by the game's seed, with a
     mix of policies (uniform random; greedy: heads for the stairs, bridges gaps,
     drinks potions when hurt; greedy with noise), so games reach deep levels and
     some are won.

The first mismatch ends a game; it is reported with the seed, the policy, the
0-based answers sent so far, the expected and actual values, the host's last view,
and two command lines that reproduce it.  Exit status: 0 if every game agreed, 1 on
any mismatch, 2 when the binary is missing.

Readings of points the spec and the contract leave open are listed in RULINGS
(each can be switched to its alternative with --ruling NAME) and, where no other
reading seemed sensible, in the "Further readings" comment below it.

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/dungeon_solitaire_gmtk.py --deals 200 [--seed S] [--jobs J]
        [--opt hp=5] [--policy greedy] [--ruling NAME]... [--delve PATH]
    python3 tests/crosscheck/dungeon_solitaire_gmtk.py --self-test

--self-test needs no delve: it checks the model's pure functions on hand-made
boards, checks section 6's invariants on levels made by a small built-in
implementation of the spec (FakeHost), plays whole games against that fake host
through the same driver, and makes sure that deliberately broken fake hosts are
caught.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import random
import re
import shlex
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator, Optional

REPO = Path(__file__).resolve().parents[2]
GAME = "dungeon-solitaire"

# ---------------------------------------------------------------------------
# Readings (points the spec and the contract leave open)
# ---------------------------------------------------------------------------
# name -> (this model's reading, the alternative that --ruling NAME switches to)
RULINGS = {
    "hand-order": (
        "the hand pile lists the drawn cards in the order drawn, the first drawn at the bottom "
        "(a card drawn is put on top of the hand, one at a time, top card of the deck first)",
        "the hand pile is compared as a multiset only (the question still fixes the order)",
    ),
    "offer-order": (
        "the offer pile lists the three offered cards in the order offered, the first offered at "
        "the bottom; the question and the options follow that order",
        "the first offered card is the top (last listed) card of the offer pile",
    ),
    "discard-order": (
        "the cards not taken go onto the discard pile in the order they were drawn",
        "the discard pile is compared as a multiset only",
    ),
    "gone-count": (
        "state.gone is the number of cards section 2.5 calls gone: 2 per draft round and per "
        "chest, each special used, the card a Renovation removes, and every card on the grid at a "
        "level end (cards removed while a level is generated never were the player's and do not "
        "count); it is checked at the main, draw, chest and draft questions",
        "state.gone is only checked never to decrease",
    ),
    "chest-used-first": (
        "at the chest's question the chest is already gone from the card (7.2: 'the chest is "
        "used up. Make an offer of three')",
        "at the chest's question the card may still show the chest",
    ),
    "loss-summary": (
        "a loss's summary names the level as `level L` (9: 'lost on level 6 (5 cleared)')",
        "the summary is not checked",
    ),
    "say-each-action": (
        "between one main decision and the next main question (or the end) there is at least one "
        "`say` line (10.3: one line for each event that changes the state, and every action "
        "changes it); the questions in between (take, place, remove, chest) need none of their own",
        "say lines are not counted",
    ),
}

# Further readings, not switchable because no other reading seemed sensible:
#  * "Identical cards" (10.2) means cards with the same name, i.e. the same props.
#  * The question after a draw names every card drawn, in drawn order, duplicates and
#    unusable cards included: "You drew ┃ ┃ Map: take which one? (the rest go to the
#    discard pile)"; with one card drawn it is still "You drew ┃: take which one? ...".
#    The chest question likewise names all three offered cards.
#  * Renovation's targets come in row-major order (10.2 says "every empty cell in
#    row-major order" only for placing; its example for Renovation is consistent).
#  * During the draft state.level is 1, state.player is "" and every cell is empty;
#    state.stairs is not checked then.
#  * While the player chooses where to place a room card or what to remove, where the
#    taken card sits is not specified: the model then only checks that hand + discard +
#    offer hold the cards drawn plus the old discard pile, with or without the taken card.
#  * The `ascii` option changes only the view, not names, questions or labels.
#  * The contract's face-up flags are checked: deck cards face down, hand, discard and
#    offer cards face up.
#  * The end table is checked for level, hp and max_hp only (hp is 0 after a fatal monster).
#  * The 7.1 check also applies to the first decision of a new level: with deck and
#    discard both empty at a level end, the new level is generated (section 8) and the
#    game is lost at once if no path of cards joins start and stairs; the end table then
#    shows the new level, which is checked like any other.
#  * Step 2's path, once steps 3-5 have emptied cells on it, is checked as a route where a
#    step between two empty cells is free (see generation_route).
#  * Every --opt passed must appear, with that value, among hello's options.
#  * The spec's heading example "gone 9" on level 3 cannot follow the draft's 14 gone
#    cards; it is read as an illustration only.


# ---------------------------------------------------------------------------
# Cards (spec 2.2-2.4)
# ---------------------------------------------------------------------------

DIRS = "NESW"
DIR_WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}
DIR_KEY = {"N": "n", "E": "e", "S": "s", "W": "w"}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
GLYPH = {
    "N": "╹", "E": "╺", "S": "╻", "W": "╸",
    "NS": "┃", "EW": "━", "NE": "┗", "ES": "┏", "SW": "┓", "NW": "┛",
    "NES": "┣", "ESW": "┳", "NSW": "┫", "NEW": "┻", "NESW": "╋",
}
# The 11 deck shapes in the spec's fixed order (index 0-10), used by OFFER().
DECK_SHAPES = ["NS", "EW", "NE", "ES", "SW", "NW", "NES", "ESW", "NSW", "NEW", "NESW"]
OBJECT_MARK = {"": "", "heart": "♥", "chest": "$", "monster": "M", "stairs": ">", "crown": "♛"}
ASCII_OBJECT = {"$": "chest", "h": "heart", "M": "monster", ">": "stairs", "W": "crown", "♥": "heart", "♛": "crown"}
SPECIALS = ["potion", "extra-hp", "map", "renovation"]  # OFFER()'s order
SPECIAL_NAME = {"potion": "Potion", "extra-hp": "Extra HP", "map": "Map", "renovation": "Renovation"}
LEVELS = 9
DRAFT_ROUNDS = 7


def canonical_exits(letters: str) -> str:
    return "".join(d for d in DIRS if d in letters)


@dataclass(frozen=True)
class Card:
    kind: str  # "room" | "special"
    exits: str = ""  # room: exit letters in N E S W order
    obj: str = ""  # room: "" | heart | chest | monster | stairs | crown
    special: str = ""  # special: potion | extra-hp | map | renovation

    @property
    def name(self) -> str:
        if self.kind == "special":
            return SPECIAL_NAME[self.special]
        return GLYPH.get(self.exits, "?") + OBJECT_MARK[self.obj]

    @property
    def code(self) -> str:
        """The ASCII key of 10.2: exit letters + `$` for a chest, or the special's code."""
        if self.kind == "special":
            return self.special
        return self.exits + ("$" if self.obj == "chest" else "")

    def bare(self) -> "Card":
        return replace(self, obj="")


def card(token: str) -> Card:
    """A card from a short ASCII token, for tests: `NES$`, `NS h`/`NSh`, `potion`."""
    if token in SPECIALS:
        return Card("special", special=token)
    if " " in token:  # `NW W`: the crown's mark is a letter of NESW
        letters, mark = token.split()
    else:
        n = len(token) - len(token.lstrip(DIRS))
        letters, mark = token[:n], token[n:]
    return Card("room", canonical_exits(letters), ASCII_OBJECT[mark] if mark else "")


Slot = tuple  # (Card, face_up: bool); a grid is a list of Optional[Slot]


@dataclass(frozen=True)
class Geometry:
    width: int = 6
    height: int = 5

    @property
    def size(self) -> int:
        return self.width * self.height

    def name(self, i: int) -> str:
        return chr(ord("A") + i % self.width) + str(i // self.width + 1)

    def index(self, name: str) -> Optional[int]:
        for i in range(self.size):
            if self.name(i) == name:
                return i
        return None

    def step(self, i: int, d: str) -> Optional[int]:
        c, r = i % self.width + DELTA[d][0], i // self.width + DELTA[d][1]
        if 0 <= c < self.width and 0 <= r < self.height:
            return r * self.width + c
        return None

    def direction(self, a: int, b: int) -> Optional[str]:
        for d in DIRS:
            if self.step(a, d) == b:
                return d
        return None

    def manhattan(self, a: int, b: int) -> int:
        return abs(a % self.width - b % self.width) + abs(a // self.width - b // self.width)


# ---------------------------------------------------------------------------
# Paths (spec 2.2 "connected", 6 step 2, 7.1, 7.2)
# ---------------------------------------------------------------------------


def connected_step(geo: Geometry, grid: list, a: int, d: str) -> Optional[int]:
    """The card connected to the card at `a` in direction d: both facing exits (R5)."""
    b = geo.step(a, d)
    if b is None or grid[a] is None or grid[b] is None:
        return None
    if d in grid[a][0].exits and OPPOSITE[d] in grid[b][0].exits:
        return b
    return None


def has_card_path(geo: Geometry, grid: list, src: int, dst: int) -> bool:
    """7.1's path: a chain of connected cards.  Face-down cards count with their real
    exits (the grid holds them all, thanks to --reveal) and monsters do not block (R20)."""
    if grid[src] is None or grid[dst] is None:
        return False
    seen, todo = {src}, [src]
    while todo:
        a = todo.pop()
        if a == dst:
            return True
        for d in DIRS:
            b = connected_step(geo, grid, a, d)
            if b is not None and b not in seen:
                seen.add(b)
                todo.append(b)
    return False


def generation_route(geo: Geometry, grid: list, src: int, dst: int) -> bool:
    """What remains observable of step 2's path after steps 3-5 emptied cells on it.

    Along step 2's walk every step was an open edge of step 1.  Cards never lose exits
    and every card gets an exit toward each empty neighbour, so a step between two
    cards needs both facing exits, a step into or out of an empty cell needs only the
    card's exit toward it, and a step between two empty cells is always possible (both
    ends of an open edge may have been emptied)."""
    seen, todo = {src}, [src]
    while todo:
        a = todo.pop()
        if a == dst:
            return True
        for d in DIRS:
            b = geo.step(a, d)
            if b is None or b in seen:
                continue
            sa, sb = grid[a], grid[b]
            if sa and sb:
                ok = d in sa[0].exits and OPPOSITE[d] in sb[0].exits
            elif sa:
                ok = d in sa[0].exits
            elif sb:
                ok = OPPOSITE[d] in sb[0].exits
            else:
                ok = True
            if ok:
                seen.add(b)
                todo.append(b)
    return False


def reveal(geo: Geometry, grid: list, at: int) -> list:
    """7.2 step 2 (R19): every face-down card connected to the card at `at` turns up."""
    grid = list(grid)
    for d in DIRS:
        b = connected_step(geo, grid, at, d)
        if b is not None and not grid[b][1]:
            grid[b] = (grid[b][0], True)
    return grid


# ---------------------------------------------------------------------------
# The invariants of a newly generated level (spec 6)
# ---------------------------------------------------------------------------


def level_problems(geo: Geometry, grid: list, start: Optional[int], stairs: Optional[int],
                   level: int) -> list[str]:
    """Everything section 6 promises about a fresh level that can be seen afterwards.

    `start` is where the player stands, `stairs` the cell state.stairs names."""
    problems: list[str] = []
    if start is None or stairs is None:
        return ["the player or the stairs cell is not a cell of the grid"]
    if grid[start] is None:
        problems.append(f"the start {geo.name(start)} holds no card")
    if grid[stairs] is None:
        problems.append(f"the stairs cell {geo.name(stairs)} holds no card")
    if problems:
        return problems
    if start == stairs:
        problems.append("the start is the stairs cell")
    want_top = "crown" if level == LEVELS else "stairs"
    for i, slot in enumerate(grid):
        if slot is None:
            continue
        c, up = slot
        nm = geo.name(i)
        if c.kind != "room":
            problems.append(f"{nm}: a special card on the grid")
            continue
        if not c.exits:
            problems.append(f"{nm}: a card with no exits")
        for d in DIRS:
            j = geo.step(i, d)
            if j is None:
                if d in c.exits:
                    problems.append(f"{nm}: exit {d} leads off the grid (R2)")
            elif grid[j] is None:
                if d not in c.exits:
                    problems.append(f"{nm} has no exit {d} into the empty cell {geo.name(j)} (steps 3/5)")
            elif d in "ES":  # each pair of neighbours once
                other = grid[j][0]
                if (d in c.exits) != (OPPOSITE[d] in other.exits):
                    problems.append(f"{nm} and {geo.name(j)}: their facing exits do not match (step 1)")
        if i == start:
            if c.obj:
                problems.append(f"{nm}: the start holds an object ({c.obj})")
        elif i == stairs:
            if c.obj != want_top:
                problems.append(f"{nm}: the stairs cell holds {c.obj or 'nothing'}, not the {want_top}")
        else:
            if c.obj not in ("", "heart", "chest", "monster"):
                problems.append(f"{nm}: a second {c.obj} off the stairs cell")
            value = len(c.exits) + (2 if c.obj in ("heart", "chest") else 0)
            if value <= 2:
                problems.append(f"{nm}: {c.name} has value {value} <= 2 and should have gone in step 5")
        revealed = i in (start, stairs) or any(connected_step(geo, grid, start, d) == i for d in DIRS)
        if up != revealed:
            why = ("the start, the stairs and the cards connected to the start are face up"
                   if revealed else "only the start, the stairs and the cards connected to the start are face up")
            problems.append(f"{nm}: {c.name} is face {'up' if up else 'down'}; {why} (6 step 6)")
    if geo.manhattan(start, stairs) <= 2:
        problems.append(f"the start {geo.name(start)} is {geo.manhattan(start, stairs)} or less from the "
                        f"stairs {geo.name(stairs)} (step 2 restarts the level then)")
    if not generation_route(geo, grid, start, stairs):
        problems.append("no route joins the start and the stairs through connected cards and empty cells "
                        "(step 2's path)")
    return problems


# ---------------------------------------------------------------------------
# Questions and options (spec 10.2)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    action: tuple


def draft_question(k: int) -> str:
    return f"Opening draft {k}/{DRAFT_ROUNDS}: pick one card"


def main_question(level: int) -> str:
    return f"Level {level}: what now?"


def drew_question(hand: list[Card]) -> str:
    return f"You drew {' '.join(c.name for c in hand)}: take which one? (the rest go to the discard pile)"


def place_question(c: Card) -> str:
    return f"Place {c.name} where?"


REMOVE_QUESTION = "Remove which card?"


def chest_question(offer: list[Card]) -> str:
    return f"The chest holds {' '.join(c.name for c in offer)}: take one"


def removable_cells(grid: list, player: int, stairs: int) -> list[int]:
    """R9: any card but the player's and the staircase/crown card, face down or placed."""
    return [i for i, s in enumerate(grid) if s is not None and i not in (player, stairs)]


def usable(c: Card, grid: list, player: int, stairs: int) -> bool:
    """7.3 step 2."""
    if c.kind == "room":
        return any(s is None for s in grid)
    if c.special == "renovation":
        return bool(removable_cells(grid, player, stairs))
    return True


def offer_options(verb: str, offer: list[Card]) -> list[Option]:
    """Draft ("pick") and chest ("take") options: in offered order, identical cards once."""
    seen: set[Card] = set()
    result = []
    for c in offer:
        if c not in seen:
            seen.add(c)
            result.append(Option(c.code, f"{verb} {c.name}", ("pick", c)))
    return result


def main_options(geo: Geometry, grid: list, player: int, deck_len: int) -> list[Option]:
    result = []
    for d in DIRS:
        b = connected_step(geo, grid, player, d)
        if b is not None:
            result.append(Option(DIR_KEY[d], f"move {DIR_WORD[d]}", ("move", d, b)))
    if deck_len:
        result.append(Option("draw", f"draw {min(3, deck_len)}", ("draw",)))
    return result


def take_options(grid: list, player: int, stairs: int, hand: list[Card]) -> list[Option]:
    seen: set[Card] = set()
    result = []
    for c in hand:
        if c in seen:
            continue
        seen.add(c)
        if usable(c, grid, player, stairs):
            result.append(Option(c.code, f"take {c.name}", ("take", c)))
    return result


def place_options(geo: Geometry, grid: list, c: Card) -> list[Option]:
    return [Option(geo.name(i), f"place {c.name} at {geo.name(i)}", ("place", i))
            for i, s in enumerate(grid) if s is None]


def remove_options(geo: Geometry, grid: list, player: int, stairs: int) -> list[Option]:
    result = []
    for i in removable_cells(grid, player, stairs):
        c, up = grid[i]
        what = c.name if up else "the face-down card"
        result.append(Option(geo.name(i), f"remove {what} at {geo.name(i)}", ("remove", i)))
    return result


def is_offer_card(c: Card) -> bool:
    """What OFFER() can make (section 4, R4)."""
    if c.kind == "special":
        return c.special in SPECIALS
    return c.exits in DECK_SHAPES and c.obj in ("", "chest")


# ---------------------------------------------------------------------------
# Reading the host's table (contract)
# ---------------------------------------------------------------------------


class Mismatch(Exception):
    def __init__(self, what: str, expected: object = "", actual: object = ""):
        super().__init__(what)
        self.what, self.expected, self.actual = what, expected, actual


@dataclass
class Table:
    piles: dict  # name -> list of Slot, bottom first
    state: dict
    grid: list  # Optional[Slot] per cell

    def cards(self, pile: str) -> list[Card]:
        return [c for c, _ in self.piles.get(pile, [])]


def parse_card(j: object, where: str) -> Slot:
    if not isinstance(j, dict):
        raise Mismatch(f"{where}: a card is not an object", "CARD", j)
    props, name, up = j.get("props"), j.get("name"), j.get("face_up")
    if not isinstance(props, dict):
        raise Mismatch(f"{where}: a card without props (is --reveal on?)", "props", j)
    kind = props.get("kind")
    if kind == "room":
        exits, obj = props.get("exits"), props.get("object", "")
        if not isinstance(exits, str) or exits not in GLYPH or canonical_exits(exits) != exits:
            raise Mismatch(f"{where}: bad exits {exits!r} (1-4 letters of NESW, in that order)", "exits", j)
        if obj not in OBJECT_MARK:
            raise Mismatch(f"{where}: bad object {obj!r}", list(OBJECT_MARK), j)
        c = Card("room", exits, obj)
    elif kind == "special":
        sp = props.get("special")
        if sp not in SPECIAL_NAME:
            raise Mismatch(f"{where}: bad special {sp!r}", SPECIALS, j)
        c = Card("special", special=sp)
    else:
        raise Mismatch(f"{where}: bad kind {kind!r}", "room | special", j)
    if name != c.name:
        raise Mismatch(f"{where}: the card's name does not match its props", c.name, name)
    if not isinstance(up, bool):
        raise Mismatch(f"{where}: face_up is not a boolean", "true/false", j)
    return (c, up)


def parse_table(j: object, geo: Geometry) -> Table:
    if not isinstance(j, dict) or not isinstance(j.get("piles"), list) or not isinstance(j.get("state"), dict):
        raise Mismatch("the message has no table {piles, state}", "TABLE", j)
    piles: dict = {}
    for p in j["piles"]:
        name = p.get("name") if isinstance(p, dict) else None
        if not isinstance(name, str) or not isinstance(p.get("cards"), list):
            raise Mismatch("a pile without name or cards", "PILE", p)
        piles[name] = [parse_card(c, f"pile {name}") for c in p["cards"]]
    for name in ["deck", "hand", "discard", "offer"] + [geo.name(i) for i in range(geo.size)]:
        if name not in piles:
            raise Mismatch(f"the table has no pile {name!r}", name, sorted(piles))
    grid = []
    for i in range(geo.size):
        cell = piles[geo.name(i)]
        if len(cell) > 1:
            raise Mismatch(f"cell {geo.name(i)} holds {len(cell)} cards", "0 or 1", [c.name for c, _ in cell])
        grid.append(cell[0] if cell else None)
    return Table(piles, j["state"], grid)


def show_slot(slot: Optional[Slot]) -> str:
    if slot is None:
        return "empty"
    return f"{slot[0].name}{'' if slot[1] else ' (face down)'}"


def names(cards: list) -> list[str]:
    return [c.name for c in cards]


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


@dataclass
class Expect:
    kind: str  # "prompt" | "end"
    question: str = ""
    options: list = field(default_factory=list)
    outcome: str = ""
    score: int = 0


class Model:
    """The state the spec implies, kept in step with the host's table."""

    def __init__(self, geo: Geometry, hp: int, alternatives: frozenset = frozenset()):
        self.geo = geo
        self.alt = alternatives  # RULINGS switched to their alternative
        self.level, self.hp, self.max_hp = 1, hp, hp
        self.grid: list = [None] * geo.size
        self.player: Optional[int] = None
        self.stairs: Optional[int] = None
        self.deck: list[Card] = []  # bottom first: the last card is the top
        self.deck_known = True  # False after a shuffle until the table shows the order
        self.discard: list[Card] = []
        self.hand: list[Card] = []  # drawn order
        self.offer: list[Card] = []  # offered order
        self.gone = 0
        self.phase = "draft"  # draft | main | take | place | remove | chest
        self.draft_round = 1
        self.fresh_level = False  # the next message shows a new level
        self.taken: Optional[Card] = None
        self.pool: Counter = Counter()  # hand + discard before a take, for place/remove
        self.placed: set[int] = set()  # cells placed this level
        self.outcome: Optional[str] = None
        self.cause = ""
        self.last_gone: Optional[int] = None
        self.events: Counter = Counter()

    # -- the expected next message ------------------------------------------------

    def expected(self) -> Expect:
        if self.outcome is None and self.phase == "main" and not self.deck \
                and not has_card_path(self.geo, self.grid, self.player, self.stairs):
            self.outcome, self.cause = "loss", "no moves"  # 7.1
            self.events["loss: no moves"] += 1
        if self.outcome is not None:
            return Expect("end", outcome=self.outcome, score=LEVELS if self.outcome == "win" else self.level - 1)
        if self.phase == "draft":
            return Expect("prompt", draft_question(self.draft_round), offer_options("pick", self.offer))
        if self.phase == "chest":
            return Expect("prompt", chest_question(self.offer), offer_options("take", self.offer))
        if self.phase == "main":
            return Expect("prompt", main_question(self.level),
                          main_options(self.geo, self.grid, self.player, len(self.deck)))
        if self.phase == "take":
            return Expect("prompt", drew_question(self.hand),
                          take_options(self.grid, self.player, self.stairs, self.hand))
        if self.phase == "place":
            return Expect("prompt", place_question(self.taken), place_options(self.geo, self.grid, self.taken))
        if self.phase == "remove":
            return Expect("prompt", REMOVE_QUESTION, remove_options(self.geo, self.grid, self.player, self.stairs))
        raise AssertionError(self.phase)

    # -- taking in what was random ------------------------------------------------

    def observe(self, tbl: Table, kind: str) -> None:
        """Take in the random parts of a new table, after checking them."""
        if self.fresh_level:
            self.adopt_level(tbl)
        if not self.deck_known:
            got = tbl.cards("deck")
            if Counter(got) != Counter(self.deck):
                raise Mismatch("after a shuffle the deck does not hold the cards it should",
                               sorted(names(self.deck)), sorted(names(got)))
            self.deck, self.deck_known = got, True
        if kind == "prompt" and self.outcome is None and self.phase in ("draft", "chest"):
            offer = tbl.cards("offer")
            self.offer = offer[::-1] if "offer-order" in self.alt else offer

    def adopt_level(self, tbl: Table) -> None:
        geo, st = self.geo, tbl.state
        start, stairs = geo.index(str(st.get("player"))), geo.index(str(st.get("stairs")))
        problems = []
        if st.get("level") != self.level:
            problems.append(f"state.level is {st.get('level')!r}, not {self.level}")
        problems += level_problems(geo, tbl.grid, start, stairs, self.level)
        for pile in ("hand", "discard", "offer"):
            if tbl.piles[pile]:
                problems.append(f"the {pile} pile is not empty at the start of a level")
        if problems:
            raise Mismatch(f"new level {self.level} breaks the spec (section 6/8)", "no problems", problems)
        self.grid, self.player, self.stairs = list(tbl.grid), start, stairs
        self.fresh_level = False
        self.placed = set()
        self.events[f"reached level {self.level}"] += 1

    # -- comparing the whole table ------------------------------------------------

    def check_table(self, tbl: Table) -> None:
        geo, st, ph = self.geo, tbl.state, self.phase
        problems: list[str] = []
        for key, want in (("level", self.level), ("hp", self.hp), ("max_hp", self.max_hp)):
            if st.get(key) != want:
                problems.append(f"state.{key}: expected {want}, got {st.get(key)!r}")
        if ph == "draft":
            if st.get("player") != "":
                problems.append(f"state.player during the draft: expected '', got {st.get('player')!r}")
            for i, slot in enumerate(tbl.grid):
                if slot is not None:
                    problems.append(f"{geo.name(i)} holds {slot[0].name} during the draft")
        else:
            for key, want in (("player", self.player), ("stairs", self.stairs)):
                if st.get(key) != geo.name(want):
                    problems.append(f"state.{key}: expected {geo.name(want)!r}, got {st.get(key)!r}")
            for i in range(geo.size):
                if tbl.grid[i] != self.grid[i]:
                    if ph == "chest" and i == self.player and "chest-used-first" in self.alt and \
                            tbl.grid[i] == (replace(self.grid[i][0], obj="chest"), self.grid[i][1]):
                        continue
                    problems.append(f"{geo.name(i)}: expected {show_slot(self.grid[i])}, got {show_slot(tbl.grid[i])}")
        if tbl.cards("deck") != self.deck:
            problems.append(f"deck (bottom first): expected {names(self.deck)}, got {names(tbl.cards('deck'))}")
        for pile, up in (("deck", False), ("hand", True), ("discard", True), ("offer", True)):
            if any(u != up for _, u in tbl.piles[pile]):
                problems.append(f"the {pile} pile holds a card face {'down' if up else 'up'}")
        hand, discard, offer = tbl.cards("hand"), tbl.cards("discard"), tbl.cards("offer")
        if ph in ("place", "remove"):
            got = Counter(hand + discard + offer)
            allowed = (self.pool, self.pool - Counter([self.taken]))
            if got not in allowed:
                problems.append(f"hand + discard + offer: expected {sorted(names(self.pool.elements()))} "
                                f"with or without {self.taken.name}, got {sorted(names(got.elements()))}")
        else:
            want_hand = self.hand if ph == "take" else []
            if "hand-order" in self.alt and ph == "take":
                ok = Counter(hand) == Counter(want_hand)
            else:
                ok = hand == want_hand
            if not ok:
                problems.append(f"hand: expected {names(want_hand)}, got {names(hand)}")
            ok = Counter(discard) == Counter(self.discard) if "discard-order" in self.alt else discard == self.discard
            if not ok:
                problems.append(f"discard (bottom first): expected {names(self.discard)}, got {names(discard)}")
            if ph in ("draft", "chest"):
                if len(offer) != 3 or not all(is_offer_card(c) for c in offer):
                    problems.append(f"offer: expected three cards OFFER() can make, got {names(offer)}")
            elif offer:
                problems.append(f"offer: expected empty, got {names(offer)}")
            for pile, cards in tbl.piles.items():
                if pile not in ("deck", "hand", "discard", "offer") and geo.index(pile) is None and cards:
                    problems.append(f"an unknown pile {pile!r} holds {names([c for c, _ in cards])}")
            gone = st.get("gone")
            gone = len(gone) if isinstance(gone, list) else gone
            if "gone-count" in self.alt:
                if not isinstance(gone, int) or (self.last_gone is not None and gone < self.last_gone):
                    problems.append(f"state.gone: expected a count of at least {self.last_gone}, got {gone!r}")
                else:
                    self.last_gone = gone
            elif gone != self.gone:
                problems.append(f"state.gone: expected {self.gone}, got {gone!r}")
        if problems:
            raise Mismatch("the table differs from the model's", f"the model's table ({ph} question)", problems)

    # -- applying an answer -------------------------------------------------------

    def apply(self, action: tuple) -> None:
        ph = self.phase
        if ph == "draft":
            self.deck.append(action[1])
            self.deck_known = False  # where the pick lies is not said; shuffled after round 7
            self.gone += 2
            self.offer = []
            self.draft_round += 1
            if self.draft_round > DRAFT_ROUNDS:
                self.phase, self.fresh_level = "main", True
            self.events["drafted " + action[1].kind] += 1
        elif ph == "chest":
            self.deck.append(action[1])
            self.deck_known = False  # shuffle(deck)
            self.gone += 2
            self.offer = []
            self.phase = "main"
        elif ph == "main" and action[0] == "move":
            self.move(action[2])
        elif ph == "main":
            self.draw()
        elif ph == "take":
            self.take(action[1])
        elif ph == "place":
            i = action[1]
            self.grid[i] = (self.taken, True)  # 7.3 step 4: face up, nothing else changes
            self.placed.add(i)
            self.taken, self.phase = None, "main"
            self.events["placed a room card"] += 1
        elif ph == "remove":
            i = action[1]
            if not self.grid[i][1]:
                self.events["Renovation removed a face-down card"] += 1
            if i in self.placed:
                self.events["Renovation removed a placed card"] += 1
            self.grid[i] = None  # R24: the neighbours do not change
            self.placed.discard(i)
            self.gone += 2  # the removed card and the Renovation card
            self.taken, self.phase = None, "main"
        else:
            raise AssertionError(ph)

    def move(self, b: int) -> None:
        """7.2: move, reveal, then the object."""
        self.player = b
        self.grid = reveal(self.geo, self.grid, b)
        c, up = self.grid[b]
        ev = self.events
        if c.obj == "heart":
            ev["heart at full HP" if self.hp == self.max_hp else "heart"] += 1
            self.hp = min(self.hp + 1, self.max_hp)  # R6
            self.grid[b] = (c.bare(), up)
        elif c.obj == "monster":
            ev["monster"] += 1
            self.hp -= 1
            self.grid[b] = (c.bare(), up)
            if self.hp <= 0:
                self.outcome, self.cause = "loss", "hp"
                ev["loss: hp"] += 1
        elif c.obj == "chest":
            ev["chest on a placed card" if b in self.placed else "chest"] += 1
            self.grid[b] = (c.bare(), up)
            self.phase = "chest"
        elif c.obj == "crown":
            self.outcome = "win"
            ev["win"] += 1
        elif c.obj == "stairs":
            # Section 8.
            self.gone += sum(1 for s in self.grid if s is not None)
            self.grid = [None] * self.geo.size
            self.player = self.stairs = None
            if self.discard:
                ev["discards back into the deck"] += 1
            self.deck = self.deck + self.discard
            self.discard = []
            self.deck_known = False
            self.level += 1
            self.fresh_level = True

    def draw(self) -> None:
        """7.3 steps 1-2."""
        n = min(3, len(self.deck))
        if n < 3:
            self.events[f"draw {n}"] += 1
        self.hand = [self.deck.pop() for _ in range(n)]  # the top card first
        if len(set(self.hand)) < len(self.hand):
            self.events["identical cards drawn"] += 1
        if not any(usable(c, self.grid, self.player, self.stairs) for c in self.hand):
            self.events["no usable card drawn"] += 1
            self.discard = self.discard + self.hand
            self.hand = []
            return
        if not all(usable(c, self.grid, self.player, self.stairs) for c in self.hand):
            self.events["an unusable card left out"] += 1
        self.phase = "take"

    def take(self, c: Card) -> None:
        """7.3 steps 3-4."""
        rest = list(self.hand)
        rest.remove(c)
        self.pool = Counter(self.discard + self.hand)
        self.discard = self.discard + rest
        self.hand = []
        self.taken = c
        self.events["took " + (c.special or "a room card")] += 1
        if c.kind == "room":
            self.phase = "place"
            return
        if c.special == "renovation":
            self.phase = "remove"
            return
        if c.special == "potion":
            if self.hp == self.max_hp:
                self.events["potion at full HP"] += 1
            self.hp = self.max_hp
        elif c.special == "extra-hp":
            self.max_hp += 1
            self.hp += 1
        elif c.special == "map":
            self.grid = [None if s is None else (s[0], True) for s in self.grid]
        self.gone += 1
        self.taken, self.phase = None, "main"


# ---------------------------------------------------------------------------
# Choosing answers (this program's own policies, not rules)
# ---------------------------------------------------------------------------
# The greedy policy sees the whole board (the model does, through --reveal).  It is
# only there to make games long; any answer it gives is legal.

POLICIES = ("uniform", "greedy", "greedy", "noisy")
GAP = 6.0  # route cost of an empty cell that a placed card must fill
INF = float("inf")


def route(geo: Geometry, grid: list, src: int, dst: int, hp: int, gaps_ok: bool) -> tuple[float, Optional[int]]:
    """Cheapest route (cost, first cell after src) to the stairs: card steps cost 1, a
    monster more (much more at 1 HP), an empty cell GAP when cards are left to fill it."""
    def penalty(c: Card) -> float:
        return {1: 50.0, 2: 3.0}.get(hp, 1.0) if c.obj == "monster" else 0.0

    dist = {src: 0.0}
    first: dict[int, Optional[int]] = {src: None}
    heap = [(0.0, src)]
    while heap:
        cost, a = heapq.heappop(heap)
        if cost > dist.get(a, INF):
            continue
        if a == dst:
            return cost, first[a]
        for d in DIRS:
            b = geo.step(a, d)
            if b is None:
                continue
            sa, sb = grid[a], grid[b]
            if sa and sb:
                ok, w = d in sa[0].exits and OPPOSITE[d] in sb[0].exits, 1.0 + penalty(sb[0])
            elif sa:
                ok, w = gaps_ok and d in sa[0].exits, GAP
            elif sb:
                ok, w = OPPOSITE[d] in sb[0].exits, 1.0 + penalty(sb[0])
            else:
                ok, w = gaps_ok, GAP
            if ok and cost + w < dist.get(b, INF):
                dist[b] = cost + w
                first[b] = b if a == src else first[a]
                heapq.heappush(heap, (cost + w, b))
    return INF, None


def keep_value(c: Card) -> float:
    """How much a card is worth keeping for later (draft and chest picks)."""
    if c.kind == "special":
        return {"potion": 1.5, "extra-hp": 2.0, "map": 0.2, "renovation": 2.0}[c.special]
    return {2: 1.0, 3: 2.0, 4: 3.0}.get(len(c.exits), 0.0) + (1.5 if c.obj == "chest" else 0.0)


def model_route(m: Model, grid: Optional[list] = None) -> tuple[float, Optional[int]]:
    return route(m.geo, m.grid if grid is None else grid, m.player, m.stairs, m.hp, bool(m.deck))


def gain(base: float, after: float) -> float:
    if base == INF:
        return 50.0 if after < INF else 0.0
    return base - after


def nearest_object_step(m: Model, obj: str, limit: int) -> Optional[str]:
    """The first move toward the nearest `obj` reachable over cards, avoiding monsters."""
    start = m.player
    seen = {start: None}
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for a in frontier:
            for d in DIRS:
                b = connected_step(m.geo, m.grid, a, d)
                if b is None or b in seen or m.grid[b][0].obj == "monster":
                    continue
                seen[b] = d if a == start else seen[a]
                if m.grid[b][0].obj == obj:
                    return seen[b]
                nxt.append(b)
        frontier = nxt
    return None


def greedy_choice(rng: random.Random, m: Model, options: list[Option]) -> int:
    ph = m.phase
    if ph in ("draft", "chest"):
        return max(range(len(options)), key=lambda i: keep_value(options[i].action[1]) + rng.random())
    if ph == "main":
        moves = {o.action[1]: i for i, o in enumerate(options) if o.action[0] == "move"}
        draw = next((i for i, o in enumerate(options) if o.action[0] == "draw"), None)
        if m.hp < m.max_hp:
            d = nearest_object_step(m, "heart", 6)
            if d in moves:
                return moves[d]
        d = nearest_object_step(m, "chest", 10)  # a chest is a free card
        if d in moves:
            return moves[d]
        _, first = model_route(m)
        if first is not None and m.grid[first] is not None:
            d = m.geo.direction(m.player, first)
            if d in moves:
                return moves[d]
        if draw is not None:
            return draw
        return rng.randrange(len(options))
    base = model_route(m)[0]
    if ph == "take":
        def merit(c: Card) -> float:
            if c.kind == "room":
                g = 2 * max((gain(base, model_route(m, m.grid[:i] + [(c, True)] + m.grid[i + 1:])[0])
                         for i, s in enumerate(m.grid) if s is None), default=0.0)
            elif c.special == "renovation":
                g = 2 * max((gain(base, model_route(m, m.grid[:i] + [None] + m.grid[i + 1:])[0])
                         for i in removable_cells(m.grid, m.player, m.stairs)), default=0.0)
            elif c.special == "potion":
                g = 12.0 if m.hp <= 1 else 2.0 * (m.max_hp - m.hp)
            elif c.special == "extra-hp":
                g = 3.0 if m.hp <= 1 else 1.0
            else:
                g = 0.0
            return g - 0.5 * keep_value(c) + 0.1 * rng.random()
        return max(range(len(options)), key=lambda i: merit(options[i].action[1]))
    if ph in ("place", "remove"):
        def after(o: Option) -> float:
            i = o.action[1]
            slot = (m.taken, True) if ph == "place" else None
            return model_route(m, m.grid[:i] + [slot] + m.grid[i + 1:])[0] + 0.01 * rng.random()
        return min(range(len(options)), key=lambda i: after(options[i]))
    return rng.randrange(len(options))


def choose(policy: str, rng: random.Random, m: Model, options: list[Option]) -> int:
    if len(options) == 1:
        return 0
    if policy == "uniform" or (policy == "noisy" and rng.random() < 0.15):
        return rng.randrange(len(options))
    return greedy_choice(rng, m, options)


# ---------------------------------------------------------------------------
# Talking to a host
# ---------------------------------------------------------------------------


class Transport:
    def read(self) -> Optional[dict]:  # None at the end of the output
        raise NotImplementedError

    def send(self, index: int) -> None:
        raise NotImplementedError

    def close(self) -> str:
        return ""


class DelveTransport(Transport):
    def __init__(self, command: list[str], timeout: float):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, encoding="utf-8", cwd=REPO)
        self.timer = threading.Timer(timeout, self.proc.kill)
        self.timer.start()

    def read(self) -> Optional[dict]:
        line = self.proc.stdout.readline()
        if not line:
            return None
        try:
            return json.loads(line)
        except json.JSONDecodeError as err:
            raise Mismatch("a line that is not JSON", "JSON", f"{line.strip()!r} ({err})")

    def send(self, index: int) -> None:
        try:
            self.proc.stdin.write(f"{index}\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as err:
            raise Mismatch("the host stopped reading answers", "a reader", repr(err))

    def close(self) -> str:
        self.timer.cancel()
        try:
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        err = self.proc.stderr.read().strip()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return f"exit {code}" + (f"; stderr: {err[-500:]!r}" if err else "")


def delve_command(delve: str, game: str, seed: int, opts: list[str]) -> list[str]:
    cmd = [delve, "play", game, "--seed", str(seed), "--json", "--reveal"]
    for o in opts:
        cmd += ["--opt", o]
    return cmd


@dataclass
class GameResult:
    seed: int
    policy: str
    decisions: int = 0
    outcome: Optional[str] = None
    cause: str = ""
    level: int = 0
    events: Counter = field(default_factory=Counter)
    mismatch: Optional[Mismatch] = None
    choices: list = field(default_factory=list)
    question: str = ""
    view: str = ""
    exit_info: str = ""


def option_list(options: list) -> list[str]:
    return [f"{o.get('key')}={o.get('label')}" if isinstance(o, dict) else repr(o) for o in options]


def play(transport: Transport, seed: int, policy: Optional[str], alternatives: frozenset,
         opts: list[str], game: str = GAME, max_decisions: int = 20000) -> GameResult:
    """Play one game, checking every message; the first mismatch ends it."""
    chooser = random.Random(f"{GAME}/{seed}/choices")
    drawn_policy = chooser.choice(POLICIES)  # drawn even when overridden, so --policy reruns match
    policy = policy or drawn_policy
    res = GameResult(seed, policy)
    model: Optional[Model] = None
    try:
        hello = transport.read()
        while hello is not None and hello.get("type") == "say":
            hello = transport.read()
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            raise Mismatch("the first message is not hello", "hello", hello)
        if hello.get("protocol") != 2:
            raise Mismatch("hello: protocol", 2, hello.get("protocol"))
        if "/" not in game and not game.endswith(".rhai") and hello.get("game") != game:
            raise Mismatch("hello: game", game, hello.get("game"))
        declared = hello.get("options") or {}
        for o in opts:
            key, _, value = o.partition("=")
            if key not in declared or str(declared[key]).lower() != value.strip().lower():
                raise Mismatch(f"hello does not show --opt {o}", value, declared.get(key, "(absent)"))
        geo = Geometry(int(declared.get("width", 6)), int(declared.get("height", 5)))
        model = Model(geo, int(declared.get("hp", 3)), alternatives)
        says, answered = 0, False
        while True:
            msg = transport.read()
            if msg is None:
                raise Mismatch("the host's output ended without an end line", "prompt or end", "EOF")
            kind = msg.get("type")
            if kind == "say":
                if not isinstance(msg.get("text"), str) or not msg["text"]:
                    raise Mismatch("a say line without text", "text", msg)
                says += 1
                continue
            if kind == "error":
                raise Mismatch("the host reported an error", "no error", msg.get("message"))
            if kind not in ("prompt", "end"):
                continue  # other types may appear (contract)
            at_main = kind == "end" or msg.get("question") == main_question(model.level)
            if at_main:
                if answered and says == 0 and "say-each-action" not in alternatives:
                    raise Mismatch("no say line since the last main decision (10.3)", "at least one say", "none")
                says, answered = 0, False
            tbl = parse_table(msg.get("table"), geo)
            model.observe(tbl, kind)
            exp = model.expected()
            if kind == "end":
                actual = f"end {msg.get('outcome')} score={msg.get('score')} summary={msg.get('summary')!r}"
                if exp.kind != "end":
                    raise Mismatch("the host ended the game while the model expects a question",
                                   [exp.question] + [f"{o.key}={o.label}" for o in exp.options], actual)
                if msg.get("outcome") != exp.outcome or msg.get("score") != exp.score:
                    raise Mismatch("the end differs", f"end {exp.outcome} score={exp.score} ({model.cause})", actual)
                if exp.outcome == "loss" and "loss-summary" not in alternatives and \
                        not re.search(rf"\blevel {model.level}\b", str(msg.get("summary")), re.I):
                    raise Mismatch("the loss summary does not name the level", f"... level {model.level} ...", actual)
                st = tbl.state
                for key, want in (("level", model.level), ("hp", model.hp), ("max_hp", model.max_hp)):
                    if st.get(key) != want:
                        raise Mismatch(f"the end table's state.{key}", want, st.get(key))
                res.outcome, res.cause = exp.outcome, model.cause
                return res
            res.question, res.view = str(msg.get("question")), str(msg.get("view", ""))
            actual_opts = msg.get("options") if isinstance(msg.get("options"), list) else []
            if exp.kind == "end":
                raise Mismatch(f"the host kept asking after the model's end ({exp.outcome}, {model.cause})",
                               f"end {exp.outcome} score={exp.score}", [msg.get("question")] + option_list(actual_opts))
            want = [f"{o.key}={o.label}" for o in exp.options]
            if msg.get("question") != exp.question or option_list(actual_opts) != want:
                raise Mismatch("the question or the options differ", [exp.question] + want,
                               [msg.get("question")] + option_list(actual_opts))
            if [o.get("index") for o in actual_opts] != list(range(len(actual_opts))):
                raise Mismatch("option indexes are not 0, 1, 2, ...", list(range(len(actual_opts))),
                               [o.get("index") for o in actual_opts])
            model.check_table(tbl)
            res.decisions += 1
            if res.decisions > max_decisions:
                raise Mismatch("the game did not end (the greedy policy always ends a game)",
                               f"an end within {max_decisions} decisions", "more")
            pol = policy if res.decisions <= 3000 else "greedy"
            index = choose(pol, chooser, model, exp.options)
            res.choices.append(index)
            model.apply(exp.options[index].action)
            transport.send(index)
            answered = True
    except Mismatch as m:
        res.mismatch = m
        return res
    finally:
        if model is not None:
            res.level, res.events = model.level, model.events
        res.exit_info = transport.close()
        if res.mismatch is None and res.exit_info and not res.exit_info.startswith("exit 0"):
            res.mismatch = Mismatch("the host's exit status after the end", "exit 0", res.exit_info)


def report(r: GameResult, delve: str, game: str, opts: list[str], alternatives: frozenset) -> str:
    m = r.mismatch
    cmd = " ".join(shlex.quote(a) for a in delve_command(delve, game, r.seed, opts))
    answers = "".join(f"{c}\\n" for c in r.choices)
    rerun = ["python3", "tests/crosscheck/dungeon_solitaire_gmtk.py", "--seed", str(r.seed), "--deals", "1",
             "--policy", r.policy, "--game", game]
    if delve != str(REPO / "target" / "release" / "delve"):
        rerun += ["--delve", delve]
    for o in opts:
        rerun += ["--opt", o]
    for a in sorted(alternatives):
        rerun += ["--ruling", a]
    lines = [f"MISMATCH seed {r.seed} (policy {r.policy}, decision {r.decisions}, level {r.level}): {m.what}"]
    for label, value in (("expected", m.expected), ("actual  ", m.actual)):
        if isinstance(value, list):
            lines.append(f"  {label}:")
            lines += [f"    {v}" for v in value]
        else:
            lines.append(f"  {label}: {value}")
    lines.append(f"  last question: {r.question!r}")
    if r.view:
        lines.append("  host's view at that question:")
        lines += ["    " + v for v in r.view.splitlines()]
    lines.append(f"  answers sent (0-based): {r.choices}")
    if r.exit_info:
        lines.append(f"  host: {r.exit_info}")
    lines.append(f"  reproduce: printf '{answers}' | {cmd}")
    lines.append(f"  rerun:     {' '.join(shlex.quote(a) for a in rerun)}")
    return "\n".join(lines)


def summarize(results: list[GameResult], seconds: float, label: str) -> list[str]:
    wins = sum(r.outcome == "win" for r in results)
    causes = Counter(r.cause for r in results if r.outcome == "loss")
    mism = sum(r.mismatch is not None for r in results)
    lines = [f"{label}: {len(results)} games, {sum(r.decisions for r in results)} decisions compared, "
             f"{wins} wins, {sum(causes.values())} losses (HP {causes['hp']}, no moves {causes['no moves']}), "
             f"{mism} mismatches ({seconds:.1f}s)"]
    by_policy = Counter(r.policy for r in results)
    lines.append("  policies: " + ", ".join(
        f"{p} {n} ({sum(r.outcome == 'win' for r in results if r.policy == p)} won)" for p, n in sorted(by_policy.items())))
    hist = Counter(r.level for r in results)
    lines.append("  level reached: " + "  ".join(f"{lv}:{hist[lv]}" for lv in range(1, LEVELS + 1)))
    events = sum((r.events for r in results), Counter())
    lines.append("  reached: " + ", ".join(f"{k} {v}" for k, v in sorted(events.items())))
    return lines


# ---------------------------------------------------------------------------
# A fake host for --self-test: the spec again, written straight down with exit
# bitmasks and its own random stream.  BUGS are deliberate deviations the driver
# must catch.
# ---------------------------------------------------------------------------

BIT = {"N": 1, "E": 2, "S": 4, "W": 8}
BUGS = {
    "reveal-adjacent": "reveal every adjacent face-down card, connected or not",
    "draw-label": "always label the draw `draw 3`",
    "heart-uncapped": "a heart gives +1 HP above the max",
    "no-step5": "generation skips step 5",
    "one-sided-move": "a move needs only the player's exit",
    "discard-lost": "the cards not taken are gone instead of discarded",
    "no-loss-check": "no 'no more moves' check",
    "extra-hp-no-max": "Extra HP does not raise max HP",
}


class FakeHost(Transport):
    def __init__(self, seed: int, width: int = 6, height: int = 5, hp: int = 3, bugs: frozenset = frozenset()):
        self.rng = random.Random(f"fake/{seed}")
        self.seed, self.W, self.H, self.hp0, self.bugs = seed, width, height, hp, bugs
        self.geo = Geometry(width, height)
        self.gen = self.game()
        self.answer: Optional[int] = None
        self.done = False

    # -- Transport ----------------------------------------------------------------
    def read(self) -> Optional[dict]:
        if self.done:
            return None
        try:
            msg = self.gen.send(self.answer) if self.answer is not None else next(self.gen)
        except StopIteration:
            self.done = True
            return None
        self.answer = None
        return json.loads(json.dumps(msg))

    def send(self, index: int) -> None:
        self.answer = index

    # -- the table ------------------------------------------------------------------
    @staticmethod
    def card_json(c: Card, up: bool) -> dict:
        props = {"kind": "room", "exits": c.exits, "object": c.obj} if c.kind == "room" else \
            {"kind": "special", "special": c.special}
        return {"name": c.name, "face_up": up, "props": props}

    def table(self) -> dict:
        piles = [{"name": "deck", "cards": [self.card_json(c, False) for c in self.deck]}]
        for name, pile in (("hand", self.hand), ("discard", self.discard), ("offer", self.offer)):
            piles.append({"name": name, "cards": [self.card_json(c, True) for c in pile]})
        for i in range(self.geo.size):
            s = self.cells[i]
            piles.append({"name": self.geo.name(i), "cards": [self.card_json(*s)] if s else []})
        state = {"level": self.level, "hp": self.hp, "max_hp": self.max_hp, "gone": self.gone,
                 "player": "" if self.player is None else self.geo.name(self.player),
                 "stairs": "" if self.stairs is None else self.geo.name(self.stairs)}
        return {"piles": piles, "state": state}

    def ask(self, question: str, options: list[tuple[str, str]]):
        opts = [{"index": i, "key": k, "label": l} for i, (k, l) in enumerate(options)]
        answer = yield {"type": "prompt", "question": question, "options": opts, "view": "", "table": self.table()}
        return answer

    @staticmethod
    def say(text: str) -> dict:
        return {"type": "say", "text": text}

    def end(self, outcome: str, cause: str) -> dict:
        score = LEVELS if outcome == "win" else self.level - 1
        summary = "you take the crown" if outcome == "win" else \
            f"lost on level {self.level} ({self.level - 1} cleared): {cause}; HP {self.hp}/{self.max_hp}, deck {len(self.deck)}"
        return {"type": "end", "outcome": outcome, "score": score, "summary": summary, "table": self.table()}

    # -- rules ------------------------------------------------------------------------
    def rand(self, n: int) -> int:
        return self.rng.randrange(n)

    def make_offer(self) -> Card:
        if self.rand(5) == 0:
            return Card("special", special=SPECIALS[self.rand(4)])
        shape = DECK_SHAPES[self.rand(11)]
        return Card("room", shape, "chest" if self.rand(4) == 0 else "")

    def distinct(self, cards: list[Card]) -> list[Card]:
        out: list[Card] = []
        for c in cards:
            if c not in out:
                out.append(c)
        return out

    def joined(self, a: int, d: str) -> Optional[int]:
        b = self.geo.step(a, d)
        if b is None or self.cells[a] is None or self.cells[b] is None:
            return None
        if d not in self.cells[a][0].exits:
            return None
        if "one-sided-move" not in self.bugs and OPPOSITE[d] not in self.cells[b][0].exits:
            return None
        return b

    def show_around(self) -> None:
        for d in DIRS:
            b = self.joined(self.player, d) if "reveal-adjacent" not in self.bugs else self.geo.step(self.player, d)
            if b is not None and self.cells[b] is not None and not self.cells[b][1]:
                self.cells[b] = (self.cells[b][0], True)

    def path_to_stairs(self) -> bool:
        seen, todo = {self.player}, [self.player]
        while todo:
            a = todo.pop()
            if a == self.stairs:
                return True
            for d in DIRS:
                b = self.geo.step(a, d)
                if b is None or b in seen or not self.cells[b]:
                    continue
                if d in self.cells[a][0].exits and OPPOSITE[d] in self.cells[b][0].exits:
                    seen.add(b)
                    todo.append(b)
        return False

    def generate(self) -> None:
        g, n, lv = self.geo, self.geo.size, self.level
        while True:  # steps 1-2
            ex = [0] * n
            for i in range(n):
                if i % self.W < self.W - 1 and self.rand(100) < 60:
                    ex[i] |= BIT["E"]
                    ex[i + 1] |= BIT["W"]
                if i // self.W < self.H - 1 and self.rand(100) < 60:
                    ex[i] |= BIT["S"]
                    ex[i + self.W] |= BIT["N"]
            stairs = self.rand(n)
            marker = stairs
            for _ in range(50):
                nbrs = [g.step(marker, d) for d in DIRS if ex[marker] & BIT[d]]
                if nbrs:
                    marker = nbrs[self.rand(len(nbrs))]
            start = marker
            if g.manhattan(start, stairs) > 2:
                break
        here = [True] * n

        def face_gaps() -> None:
            for i in range(n):
                if here[i]:
                    for d in DIRS:
                        j = g.step(i, d)
                        if j is not None and not here[j]:
                            ex[i] |= BIT[d]

        for i in range(n):  # step 3
            if i not in (start, stairs) and self.rand(100) < 40:
                here[i] = False
        face_gaps()
        obj = [""] * n
        h, c, m = 16 - lv, 22 - 2 * lv, 5 + 5 * lv
        for i in range(n):  # step 4
            if here[i] and i not in (start, stairs):
                r = self.rand(100)
                obj[i] = "heart" if r < h else "chest" if r < h + c else "monster" if r < h + c + m else ""
        if "no-step5" not in self.bugs:  # step 5
            value = [bin(ex[i]).count("1") + (2 if obj[i] in ("heart", "chest") else 0) for i in range(n)]
            for i in range(n):
                if here[i] and i not in (start, stairs) and value[i] <= 2:
                    here[i] = False
            face_gaps()
        obj[stairs] = "crown" if lv == LEVELS else "stairs"  # step 6
        self.cells = [None] * n
        for i in range(n):
            if here[i]:
                letters = "".join(d for d in DIRS if ex[i] & BIT[d])
                self.cells[i] = (Card("room", letters, obj[i]), i in (start, stairs))
        self.player, self.stairs = start, stairs
        self.show_around()

    def game(self) -> Iterator[dict]:
        self.level, self.hp, self.max_hp, self.gone = 1, self.hp0, self.hp0, 0
        self.deck, self.hand, self.discard, self.offer = [], [], [], []
        self.cells: list = [None] * self.geo.size
        self.player = self.stairs = None
        yield {"type": "hello", "protocol": 2, "game": GAME, "title": "Dungeon Solitaire", "seed": self.seed,
               "options": {"width": self.W, "height": self.H, "hp": self.hp0, "ascii": False}}
        for k in range(1, DRAFT_ROUNDS + 1):
            self.offer = [self.make_offer() for _ in range(3)]
            choices = self.distinct(self.offer)
            i = yield from self.ask(f"Opening draft {k}/7: pick one card", [(c.code, f"pick {c.name}") for c in choices])
            self.deck.append(choices[i])
            self.offer = []
            self.gone += 2
            yield self.say(f"You pick {choices[i].name}.")
        self.rng.shuffle(self.deck)
        self.generate()
        yield self.say(f"Level 1: you start at {self.geo.name(self.player)}.")
        while True:
            if not self.deck and not self.path_to_stairs() and "no-loss-check" not in self.bugs:
                yield self.end("loss", "no cards left and no way to the stairs")
                return
            opts = [(DIR_KEY[d], f"move {DIR_WORD[d]}", self.joined(self.player, d)) for d in DIRS
                    if self.joined(self.player, d) is not None]
            if self.deck:
                n = 3 if "draw-label" in self.bugs else min(3, len(self.deck))
                opts.append(("draw", f"draw {n}", None))
            if not opts:
                yield self.say("stuck")
                return
            i = yield from self.ask(f"Level {self.level}: what now?", [(k, l) for k, l, _ in opts])
            if opts[i][2] is None:
                yield from self.draw()
                continue
            self.player = opts[i][2]
            self.show_around()
            c, up = self.cells[self.player]
            yield self.say(f"You move to {self.geo.name(self.player)}.")
            if c.obj in ("heart", "monster", "chest"):
                self.cells[self.player] = (c.bare(), up)
            if c.obj == "heart":
                self.hp = self.hp + 1 if "heart-uncapped" in self.bugs else min(self.hp + 1, self.max_hp)
            elif c.obj == "monster":
                self.hp -= 1
                if self.hp == 0:
                    yield self.end("loss", "a monster")
                    return
            elif c.obj == "chest":
                self.offer = [self.make_offer() for _ in range(3)]
                choices = self.distinct(self.offer)
                q = "The chest holds " + " ".join(x.name for x in self.offer) + ": take one"
                i = yield from self.ask(q, [(x.code, f"take {x.name}") for x in choices])
                self.deck.append(choices[i])
                self.offer = []
                self.gone += 2
                self.rng.shuffle(self.deck)
                yield self.say("You take a card from the chest.")
            elif c.obj == "crown":
                yield self.end("win", "")
                return
            elif c.obj == "stairs":
                self.gone += sum(1 for s in self.cells if s)
                self.deck += self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self.level += 1
                self.generate()
                yield self.say(f"Level {self.level}.")

    def draw(self) -> Iterator[dict]:
        n = min(3, len(self.deck))
        self.hand = [self.deck.pop() for _ in range(n)]
        yield self.say("You draw " + " ".join(c.name for c in self.hand) + ".")
        removable = [i for i, s in enumerate(self.cells) if s and i not in (self.player, self.stairs)]
        has_gap = None in self.cells

        def ok(c: Card) -> bool:
            return has_gap if c.kind == "room" else bool(removable) if c.special == "renovation" else True

        choices = [c for c in self.distinct(self.hand) if ok(c)]
        if not choices:
            self.discard += self.hand
            self.hand = []
            yield self.say("Nothing fits.")
            return
        q = "You drew " + " ".join(c.name for c in self.hand) + ": take which one? (the rest go to the discard pile)"
        i = yield from self.ask(q, [(c.code, f"take {c.name}") for c in choices])
        c = choices[i]
        self.hand.remove(c)
        if "discard-lost" in self.bugs:
            self.gone += len(self.hand)
        else:
            self.discard += self.hand
        self.hand = [c]
        if c.kind == "room":
            empty = [j for j, s in enumerate(self.cells) if s is None]
            j = yield from self.ask(f"Place {c.name} where?",
                                    [(self.geo.name(e), f"place {c.name} at {self.geo.name(e)}") for e in empty])
            self.cells[empty[j]] = (c, True)
        elif c.special == "renovation":
            opts = [(self.geo.name(e), f"remove {self.cells[e][0].name if self.cells[e][1] else 'the face-down card'}"
                     f" at {self.geo.name(e)}") for e in removable]
            j = yield from self.ask("Remove which card?", opts)
            self.cells[removable[j]] = None
            self.gone += 2
        else:
            if c.special == "potion":
                self.hp = self.max_hp
            elif c.special == "extra-hp":
                self.hp += 1
                if "extra-hp-no-max" not in self.bugs:
                    self.max_hp += 1
            else:
                self.cells = [None if s is None else (s[0], True) for s in self.cells]
            self.gone += 1
        self.hand = []
        yield self.say(f"You use {c.name}.")


# ---------------------------------------------------------------------------
# --self-test
# ---------------------------------------------------------------------------


def board(geo: Geometry, rows: list[str]) -> list:
    """A grid from rows of tokens: `.` empty, else a card token (see `card`), `*` = face down."""
    grid: list = []
    for row in rows:
        for tok in row.split():
            grid.append(None if tok == "." else (card(tok.rstrip("*")), not tok.endswith("*")))
    assert len(grid) == geo.size, (len(grid), geo.size)
    return grid


def keys_labels(options: list[Option]) -> list[str]:
    return [f"{o.key}={o.label}" for o in options]


def self_test(games: int, jobs: int) -> int:
    failures: list[str] = []
    ran = 0

    def check(name: str, got: object, want: object) -> None:
        nonlocal ran
        ran += 1
        if got != want:
            failures.append(f"{name}:\n    want {want!r}\n    got  {got!r}")

    # -- options on hand-made boards ----------------------------------------------
    g3 = Geometry(3, 3)
    grid = board(g3, ["  .   NS*   .",
                      " NS  NESW   W",
                      "  .    N    ."])
    # B2 = 4: north is face down but connected, east and south connected, west A2 has no E.
    check("main options", keys_labels(main_options(g3, grid, 4, 2)),
          ["n=move north", "e=move east", "s=move south", "draw=draw 2"])
    check("main options, last cards", keys_labels(main_options(g3, grid, 4, 1))[-1], "draw=draw 1")
    grid2 = board(g3, ["  .   NS    .",
                       "  .   NS    E",
                       "  .    N    ."])
    check("main options, one-sided exits never count",
          keys_labels(main_options(g3, grid2, 4, 0)), ["n=move north", "s=move south"])
    check("main options, a lone option", keys_labels(main_options(g3, board(g3, [". . .", ". S .", ". N ."]), 4, 0)),
          ["s=move south"])

    # Only the player (B2) and the stairs (B3) on the grid: Renovation has no target.
    lone = board(g3, [". . .", ". S .", ". N> ."])
    hand = [card("NS"), card("NS"), card("map"), card("renovation"), card("ESW$")]
    check("take options: identical once, Renovation left out",
          keys_labels(take_options(lone, 4, 7, hand)),
          ["NS=take ┃", "map=take Map", "ESW$=take ┳$"])
    full = board(g3, ["NESW* NESW NESW", "NESW NESW NESW", "NESW NESW NESW>"])
    check("take options: room cards left out on a full grid",
          keys_labels(take_options(full, 4, 8, hand)), ["map=take Map", "renovation=take Renovation"])
    check("usable", [usable(c, lone, 4, 7) for c in hand], [True, True, True, False, True])
    check("place options, row-major", keys_labels(place_options(g3, lone, card("ES$"))),
          [f"{n}=place ┏$ at {n}" for n in ["A1", "B1", "C1", "A2", "C2", "A3", "C3"]])
    check("remove options", keys_labels(remove_options(g3, full, 4, 8))[:3],
          ["A1=remove the face-down card at A1", "B1=remove ╋ at B1", "C1=remove ╋ at C1"])
    check("remove options skip the player and the stairs",
          [o.key for o in remove_options(g3, full, 4, 8)], ["A1", "B1", "C1", "A2", "C2", "A3", "B3"])
    check("draft options", keys_labels(offer_options("pick", [card("NES$"), card("potion"), card("NES$")])),
          ["NES$=pick ┣$", "potion=pick Potion"])
    check("chest options", keys_labels(offer_options("take", [card("ES"), card("NESW$"), card("potion")])),
          ["ES=take ┏", "NESW$=take ╋$", "potion=take Potion"])
    check("questions", [draft_question(3), main_question(4), drew_question([card("NS"), card("ESW"), card("map")]),
                        place_question(card("ESW")), chest_question([card("ES"), card("NESW$"), card("potion")])],
          ["Opening draft 3/7: pick one card", "Level 4: what now?",
           "You drew ┃ ┳ Map: take which one? (the rest go to the discard pile)", "Place ┳ where?",
           "The chest holds ┏ ╋$ Potion: take one"])
    check("names and codes", [(c.name, c.code) for c in map(card, ["NW", "NSW", "NEW", "SWh", "NESM", "ES>", "NW W",
                                                                    "extra-hp"])],
          [("┛", "NW"), ("┫", "NSW"), ("┻", "NEW"), ("┓♥", "SW"), ("┣M", "NES"), ("┏>", "ES"), ("┛♛", "NW"),
           ("Extra HP", "extra-hp")])
    check("every deck shape has a glyph, in the spec's order", "".join(GLYPH[s] for s in DECK_SHAPES), "┃━┗┏┓┛┣┳┫┻╋")

    # -- paths -------------------------------------------------------------------------
    g4 = Geometry(4, 1)
    line = board(g4, ["E EWM* EW W>"])
    check("7.1 path through a face-down monster", has_card_path(g4, line, 0, 3), True)
    check("7.1 path needs both exits", has_card_path(g4, board(g4, ["E EW E W>"]), 0, 3), False)
    check("7.1 path does not cross empty cells", has_card_path(g4, board(g4, ["E . EW W>"]), 0, 3), False)
    check("generation route across two empty cells", generation_route(g4, board(g4, ["E . . W>"]), 0, 3), True)
    check("generation route needs the card's exit toward a gap",
          generation_route(g4, board(g4, ["S . . W>"]), 0, 3), False)
    check("generation route needs both exits between cards",
          generation_route(g4, board(g4, ["E NS . W>"]), 0, 3), False)
    check("reveal flips only connected face-down cards",
          [s[1] for s in reveal(g3, board(g3, [". NS* .", "N* NEW W*", ". N* ."]), 4) if s],
          [True, False, True, True, False])

    # -- model transitions on hand-made boards -------------------------------------------
    m = Model(g4, 3)
    m.phase, m.level, m.gone = "main", 4, 20
    m.grid, m.player, m.stairs = board(g4, ["E EWh EWM* W>"]), 0, 3
    e = m.expected()
    check("deck empty but a path (through a face-down monster): still asked",
          (e.kind, e.question, keys_labels(e.options)), ("prompt", "Level 4: what now?", ["e=move east"]))
    m.apply(e.options[0].action)
    check("a heart at full HP is used up; the move reveals C1",
          (m.hp, m.grid[1], m.grid[2][1]), (3, (card("EW"), True), True))
    check("moves from B1", keys_labels(m.expected().options), ["e=move east", "w=move west"])
    m.apply(m.expected().options[0].action)
    check("a monster costs 1 HP and is removed", (m.hp, m.grid[2][0]), (2, card("EW")))
    m.deck, m.discard = [card("NS")], [card("map"), card("ES")]
    m.apply(("move", "E", 3))
    check("the stairs end the level (section 8)",
          (m.level, m.fresh_level, Counter(m.deck), m.discard, m.gone, m.grid),
          (5, True, Counter(map(card, ["NS", "map", "ES"])), [], 24, [None] * 4))
    m = Model(g4, 3)
    m.phase, m.level = "main", 4
    m.grid, m.player, m.stairs = board(g4, ["E . EW W>"]), 0, 3
    e = m.expected()
    check("deck empty and no path: lost with 3 levels cleared", (e.kind, e.outcome, e.score), ("end", "loss", 3))
    m = Model(g4, 1)
    m.phase, m.level = "main", 9
    m.grid, m.player, m.stairs = board(g4, ["E EWM . W♛"]), 0, 3
    m.apply(("move", "E", 1))
    check("a monster at 1 HP loses at once", (m.hp, m.expected().outcome, m.expected().score), (0, "loss", 8))
    m = Model(g4, 2)
    m.phase, m.level = "main", 9
    m.grid, m.player, m.stairs = board(g4, ["E EW EW W♛"]), 1, 3
    m.apply(("move", "E", 2))
    m.apply(("move", "E", 3))
    check("the crown wins with score 9", (m.expected().outcome, m.expected().score), ("win", 9))
    m = Model(g3, 2)
    m.phase, m.gone = "main", 30
    m.grid, m.player, m.stairs = board(g3, ["NS* . .", "ES* S .", ". N> ."]), 4, 7
    m.deck = list(map(card, ["NESW", "potion", "NS", "extra-hp", "map"]))  # map is the top
    m.apply(("draw",))
    check("a draw takes the top 3, top card first", (m.phase, m.hand, m.deck),
          ("take", list(map(card, ["map", "extra-hp", "NS"])), list(map(card, ["NESW", "potion"]))))
    m.apply(("take", card("map")))
    check("Map: every card face up; the rest go to the discard in drawn order",
          (all(s[1] for s in m.grid if s), m.discard, m.gone, m.phase),
          (True, list(map(card, ["extra-hp", "NS"])), 31, "main"))
    m.apply(("draw",))
    check("draw 2 takes what is left", m.hand, list(map(card, ["potion", "NESW"])))
    m.apply(("take", card("potion")))
    check("Potion: HP to max", (m.hp, m.max_hp, m.discard[-1]), (2, 2, card("NESW")))
    m.hand, m.phase = [card("extra-hp"), card("renovation"), card("ES$")], "take"
    m.apply(("take", card("ES$")))
    check("a room card asks where to go", (m.phase, keys_labels(m.expected().options)[:2]),
          ("place", ["B1=place ┏$ at B1", "C1=place ┏$ at C1"]))
    m.apply(("place", 2))
    check("a placed card lands face up, nothing else changes",
          (m.grid[2], m.grid[0], m.player), ((card("ES$"), True), (card("NS"), True), 4))
    m.hand, m.phase = [card("extra-hp"), card("renovation")], "take"
    m.apply(("take", card("extra-hp")))
    check("Extra HP: max +1 and HP +1", (m.hp, m.max_hp), (3, 3))
    m.hand, m.phase = [card("renovation")], "take"
    m.apply(("take", card("renovation")))
    check("Renovation targets", [o.key for o in m.expected().options], ["A1", "C1", "A2"])
    m.apply(("remove", 3))
    check("Renovation removes the card, neighbours unchanged", (m.grid[3], m.grid[4], m.gone), (None, (card("S"), True), 35))

    # -- the level invariants on a hand-made level ----------------------------------------
    g = Geometry()
    good = ["ES   .  .  ESW>  .  .",
            ".    .  .  .     .  .",
            ".    .  NESWM*  .  .  .",
            ".    .  .  .     .  .",
            ".    .  .  .     .  NWh*"]
    check("a valid level", level_problems(g, board(g, good), 0, 3, 1), [])

    def flags(rows: list[str], want: str, level: int = 1, start: int = 0, stairs: int = 3) -> None:
        probs = level_problems(g, board(g, rows), start, stairs, level)
        check(f"level check flags '{want}'", any(want in p for p in probs), True)

    flags([good[0].replace("ES ", "NES"), *good[1:]], "exit N leads off the grid")
    flags([*good[:2], good[2].replace("NESWM*", "NESM*"), *good[3:]], "no exit W into the empty cell B3")
    flags([good[0].replace("ES ", "ESh"), *good[1:]], "the start holds an object")
    flags(good, "not the crown", level=9)
    flags([good[0].replace("ESW>", "ESWM"), *good[1:]], "not the stairs")
    flags(["ES   .  ESW>  .  .  .", *good[1:]], "or less from the stairs", stairs=2)
    flags([*good[:4], good[4].replace("NWh*", "NW*")], "has value 2")
    flags([*good[:2], good[2].replace("NESWM*", "NESWM"), *good[3:]], "is face up")
    flags(["ES   S  .  ESW>  .  .", "E    .  .  .     .  .", *good[2:]], "no route joins")
    flags([good[0].replace("ESW>", "ES>"), *good[1:]], "no exit W into the empty cell C1")
    flags(["ES   .  SW*  ESW>  .  .", *good[1:]], "C1 and D1: their facing exits do not match")
    check("level check flags a card with no exits",
          any("no exits" in p for p in level_problems(g, board(g, good)[:20] + [(Card("room", ""), False)]
                                                      + board(g, good)[21:], 0, 3, 1)), True)
    ok_connected = ["ES   EW  .  ESW>  .  .", *good[1:]]
    bad = board(g, ok_connected)
    check("the start's connected neighbour must be face up",
          any("B1" in p and "face up" in p for p in level_problems(g, bad, 0, 3, 1)), False)
    bad[1] = (bad[1][0], False)
    check("a face-down connected neighbour of the start is flagged",
          any("B1" in p and "face down" in p for p in level_problems(g, bad, 0, 3, 1)), True)

    # -- levels made by the fake host's generator ------------------------------------------
    host = FakeHost(0)
    host.level, host.cells = 1, []
    cards_left: dict[int, list[int]] = {}
    bad_levels = 0
    for lv in range(1, LEVELS + 1):
        host.level = lv
        for _ in range(150):
            host.generate()
            probs = level_problems(g, host.cells, host.player, host.stairs, lv)
            if probs:
                bad_levels += 1
                if bad_levels <= 3:
                    failures.append(f"generated level {lv} flagged: {probs}")
            cards_left.setdefault(lv, []).append(sum(1 for s in host.cells if s))
    ran += 1
    print(f"generated levels: {LEVELS * 150} checked, {bad_levels} flagged; mean cards left "
          f"{sum(cards_left[1]) / 150:.1f} on level 1, {sum(cards_left[LEVELS]) / 150:.1f} on level {LEVELS} "
          "(spec appendix B: 13.2 and 11.4)")

    # -- whole games against the fake host --------------------------------------------------
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda s: play(FakeHost(s), s, None, frozenset(), []), range(1, games + 1)))
    for line_ in summarize(results, time.monotonic() - t0, "fake host"):
        print(line_)
    for r in results:
        if r.mismatch:
            failures.append(report(r, "FAKE", GAME, [], frozenset()))
    ran += 1
    if not any(r.outcome == "win" for r in results):
        failures.append("no game against the fake host was won")
    results = list(map(lambda s: play(FakeHost(s, hp=5, width=5, height=4), s, "greedy", frozenset(), ["hp=5"]),
                       range(1, 11)))
    bad_runs = [r for r in results if r.mismatch]
    print(f"fake host 5x4, hp=5: {len(results)} games, {len(bad_runs)} mismatches, "
          f"{sum(r.outcome == 'win' for r in results)} wins")
    failures += [report(r, "FAKE", GAME, ["hp=5"], frozenset()) for r in bad_runs]
    ran += 1

    # -- broken fake hosts must be caught -------------------------------------------------------
    for bug, what in BUGS.items():
        caught = None
        for s in range(1, 61):
            r = play(FakeHost(s, bugs=frozenset([bug])), s, None, frozenset(), [])
            if r.mismatch:
                caught = (s, r.mismatch.what)
                break
        ran += 1
        if caught:
            print(f"bug {bug!r} ({what}): caught in game {caught[0]}: {caught[1]}")
        else:
            failures.append(f"bug {bug!r} ({what}) was not caught in 60 games")

    for f in failures:
        print("FAIL " + f)
    print(f"self-test: {ran} checks, {len(failures)} failures")
    return 1 if failures else 0


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, help="games to play (one delve process each)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed S+i")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="games run in parallel")
    parser.add_argument("--delve", default=str(REPO / "target" / "release" / "delve"),
                        help="the delve binary (default: target/release/delve under the repository)")
    parser.add_argument("--game", default=GAME, help=f"the GAME argument of `delve play` (default {GAME})")
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                        help="a ruleset option, passed through as --opt (repeatable)")
    parser.add_argument("--policy", choices=sorted(set(POLICIES)), help="use this policy in every game")
    parser.add_argument("--ruling", action="append", default=[], choices=sorted(RULINGS),
                        help="switch a reading to its alternative (see RULINGS; repeatable)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds allowed per game")
    parser.add_argument("--max-reports", type=int, default=10, help="mismatches printed in full")
    parser.add_argument("--self-test", action="store_true", help="check the model itself; needs no delve")
    args = parser.parse_args()

    if args.self_test:
        return self_test(games=args.deals or 60, jobs=args.jobs)
    if args.deals is None:
        parser.error("--deals is required (or --self-test)")
    if not os.access(args.delve, os.X_OK):
        print(f"no delve binary at {args.delve}: run `cargo build --release` first", file=sys.stderr)
        return 2
    for o in args.opt:
        if "=" not in o:
            parser.error(f"--opt {o}: expected KEY=VALUE")
    alternatives = frozenset(args.ruling)
    for name in sorted(alternatives):
        print(f"ruling {name}: {RULINGS[name][1]}")

    def one(i: int) -> GameResult:
        seed = args.seed + i
        transport = DelveTransport(delve_command(args.delve, args.game, seed, args.opt), args.timeout)
        return play(transport, seed, args.policy, alternatives, args.opt, args.game)

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, range(args.deals)))
    label = f"{args.game}{''.join(' --opt ' + o for o in args.opt)} (seeds {args.seed}..{args.seed + args.deals - 1})"
    for line in summarize(results, time.monotonic() - started, label):
        print(line)
    mismatches = [r for r in results if r.mismatch]
    for r in mismatches[: args.max_reports]:
        print(report(r, args.delve, args.game, args.opt, alternatives), flush=True)
    if len(mismatches) > args.max_reports:
        print(f"... and {len(mismatches) - args.max_reports} more mismatches (seeds "
              f"{', '.join(str(r.seed) for r in mismatches[args.max_reports:])})")
    print("MISMATCHES FOUND" if mismatches else "all agree")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
