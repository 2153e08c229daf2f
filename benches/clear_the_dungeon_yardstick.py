#!/usr/bin/env python3
"""Speed yardstick: random games of Clear the Dungeon in plain Python.

Why this exists: delve plays Clear the Dungeon through a Rhai script
(games/clear-the-dungeon.rhai).  To judge whether that is fast enough, the
project compares it with this program: a plain, straightforward Python 3.11
implementation of the same game (shared/rules/clear-the-dungeon.md, Classic
v1.1 defaults: jokers on, reserve on, damage limit 7), played by the same kind
of bot as `delve sim clear-the-dungeon` (the random bot).  It is written the way
a competent person would write these rules, neither deliberately slow nor
micro-optimised, and it uses the standard library only.

What it plays, per game:
  - a fresh deal: the 12 monsters shuffled, then the 42-card power deck
    shuffled; monsters dealt round-robin into 4 columns of 3;
  - each turn: draw up to 3 cards; then at every decision the options are
    built as data, in the spec's order (as in tests/crosscheck/clear_the_dungeon.py):
    every legal placement of each hand card, then of the reserve card (the top
    of the damage pile), on each active monster; every discard of a hand card;
    "give up" only when hand and power deck are empty (and a reserve placement
    exists, otherwise the game is already lost);
  - the player picks uniformly among the options with random.Random(seed).

Usage:
    python3 benches/clear_the_dungeon_yardstick.py [--games N] [--seed S]

Output: one line of JSON with games, wins, win_rate, decisions_per_game,
cpu_seconds and games_per_cpu_second (CPU time from time.process_time()).
Compare games_per_cpu_second with the games_per_second of
`delve sim clear-the-dungeon --games 10000 --jobs 1 --json`.
"""

from __future__ import annotations

import argparse
import json
import random
import time

SUITS = "SHDC"
JOKER = "*"  # the suit given to the two jokers; a joker matches any suit

JOKERS_ON = True
RESERVE_ON = True
DAMAGE_LIMIT = 7  # 0 = no limit


class Card:
    """A card with its rank name, suit and value (monster power for face cards)."""

    def __init__(self, rank: str, suit: str, value: int):
        self.rank = rank
        self.suit = suit
        self.value = value

    def is_joker(self) -> bool:
        return self.suit == JOKER

    def __repr__(self) -> str:
        return self.rank + self.suit


def new_monster_deck() -> list[Card]:
    return [Card(rank, suit, power) for suit in SUITS for rank, power in (("J", 11), ("Q", 12), ("K", 13))]


def new_power_deck() -> list[Card]:
    cards = []
    for suit in SUITS:
        cards.append(Card("A", suit, 1))
        for n in range(2, 11):
            cards.append(Card(str(n), suit, n))
    if JOKERS_ON:
        cards.append(Card("RJ", JOKER, 10))
        cards.append(Card("BJ", JOKER, 10))
    return cards


def can_place(card: Card, monster: Card, stack: list[Card]) -> bool:
    """The spec's placement rule for a card on a monster whose attack stack is `stack`."""
    if len(stack) == 0:
        return card.value + 10 >= monster.value
    if len(stack) == 1:
        return stack[0].value + card.value >= monster.value
    return card.is_joker() or card.suit == monster.suit


class Game:
    def __init__(self, rng: random.Random):
        monsters = new_monster_deck()
        rng.shuffle(monsters)
        self.deck = new_power_deck()  # top first
        rng.shuffle(self.deck)
        # Columns bottom first; the last card of a column is its active monster.
        self.columns: list[list[Card]] = [[], [], [], []]
        for i, monster in enumerate(monsters):
            self.columns[i % 4].append(monster)
        self.stacks: list[list[Card]] = [[], [], [], []]
        self.hand: list[Card] = []
        self.damage: list[Card] = []  # bottom first; the last card is the reserve
        self.defeated = 0
        self.result: str | None = None  # "win" or "loss" once over
        self.start_turn()

    def reserve(self) -> Card | None:
        if RESERVE_ON and self.damage:
            return self.damage[-1]
        return None

    def targets(self, card: Card) -> list[int]:
        """Columns whose active monster the card may be placed on."""
        return [col for col in range(4)
                if self.columns[col] and can_place(card, self.columns[col][-1], self.stacks[col])]

    def options(self) -> list[tuple]:
        """The options offered, in the spec's order."""
        opts: list[tuple] = []
        for i, card in enumerate(self.hand):
            for col in self.targets(card):
                opts.append(("place", i, col))
        reserve = self.reserve()
        if reserve is not None:
            for col in self.targets(reserve):
                opts.append(("place reserve", None, col))
        for i in range(len(self.hand)):
            opts.append(("discard", i))
        if not self.hand and not self.deck:
            opts.append(("give up",))
        return opts

    def start_turn(self) -> None:
        """When the hand is empty: draw up to 3, or lose if out of power."""
        if self.result is not None or self.hand:
            return
        if self.deck:
            self.hand = self.deck[:3]
            self.deck = self.deck[3:]
        else:
            reserve = self.reserve()
            if reserve is None or not self.targets(reserve):
                self.result = "loss"

    def place(self, card: Card, col: int) -> None:
        stack = self.stacks[col]
        stack.append(card)
        if len(stack) == 3:
            self.columns[col].pop()
            self.stacks[col] = []
            self.defeated += 1
            if self.defeated == 12:
                self.result = "win"

    def play(self, option: tuple) -> None:
        kind = option[0]
        if kind == "place":
            self.place(self.hand.pop(option[1]), option[2])
        elif kind == "place reserve":
            self.place(self.damage.pop(), option[2])
        elif kind == "discard":
            self.damage.append(self.hand.pop(option[1]))
            if DAMAGE_LIMIT and len(self.damage) >= DAMAGE_LIMIT:
                self.result = "loss"
        else:  # give up
            self.result = "loss"
        self.start_turn()

    def score(self) -> int:
        return len(self.deck)


def play_random_game(rng: random.Random) -> tuple[bool, int]:
    """Play one game with uniformly random choices; return (won, decisions)."""
    game = Game(rng)
    decisions = 0
    while game.result is None:
        options = game.options()
        game.play(options[rng.randrange(len(options))])
        decisions += 1
    return game.result == "win", decisions


def main() -> None:
    parser = argparse.ArgumentParser(description="Random games of Clear the Dungeon per CPU-second.")
    parser.add_argument("--games", type=int, default=20000, help="games to play (default 20000)")
    parser.add_argument("--seed", type=int, default=0, help="seed for random.Random (default 0)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    wins = 0
    decisions = 0
    start = time.process_time()
    for _ in range(args.games):
        won, n = play_random_game(rng)
        wins += won
        decisions += n
    cpu = time.process_time() - start

    print(json.dumps({
        "games": args.games,
        "wins": wins,
        "win_rate": wins / args.games if args.games else 0.0,
        "decisions_per_game": decisions / args.games if args.games else 0.0,
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_second": args.games / cpu if cpu > 0 else None,
    }))


if __name__ == "__main__":
    main()
