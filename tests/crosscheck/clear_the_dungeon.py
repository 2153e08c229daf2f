#!/usr/bin/env python3
"""Differential test of the Clear the Dungeon rulesets against an independent model.

Why this exists: the rulesets in games/clear-the-dungeon*.rhai are the only
implementation of Clear the Dungeon in the project, and their own snapshot tests
can only show what the scripts already do.  This file re-implements the game from
the rules spec (shared/rules/clear-the-dungeon.md) alone, without looking at the
scripts, and plays many random games against `delve play ... --json`, comparing
at every decision the exact list of options the host offers with the list the
spec says it must offer, and at the end the outcome and the score.

How a game is checked:
  1. A complete random deal is built here (both shuffles, every card) and written
     to a temporary deal file, so the game depends only on that file and on the
     choices made.
  2. At every `prompt` the option labels, in order, are compared with the model's
     labels; then one option is picked (by this program's own seeded RNG, with a
     mix of policies so that games run deep and are won as well as lost), its
     index is sent to the host, and the model applies the same move.
  3. At `end` the outcome must match, the game must end exactly when the model
     says it ends, a win must score the cards left in the power deck, and a loss
     must report the monsters defeated as x/12.

Every mismatch is reported with the configuration, the deal file, the 0-based
choices made so far, and the expected and actual option lists, plus a command
line that reproduces it.  The exit status is 1 if anything did not match.

Usage (from the repository root, after `cargo build --release`):
    python3 tests/crosscheck/clear_the_dungeon.py --deals 300 [--seed S] [--jobs J]

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------
# Configurations under test
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """One ruleset plus --opt overrides, and the rule values they must mean."""

    name: str  # a short name for reports
    game: str  # the GAME argument of `delve play`
    opts: tuple[str, ...]  # KEY=VALUE pairs passed as --opt
    jokers: bool
    reserve: bool
    damage_limit: int  # 0 = no limit

    def command(self, delve: str, deal_file: str) -> list[str]:
        # A lone option is asked, so every decision, forced or not, is compared.
        cmd = [delve, "play", self.game, "--seed", "0", "--deal", deal_file, "--json"]
        cmd += ["--opt", "lone_option=ask"]
        for opt in self.opts:
            cmd += ["--opt", opt]
        return cmd


CONFIGS = [
    # Classic v1.1: the defaults of the options table.
    Config("classic", "clear-the-dungeon", (), jokers=True, reserve=True, damage_limit=7),
    # The 2023 text: no damage limit, reserve on, jokers in.
    Config("v1.0", "clear-the-dungeon-v1.0", (), jokers=True, reserve=True, damage_limit=0),
    # The designer's harder game: no jokers, no reserve (damage limit stays 7).
    Config("hard", "clear-the-dungeon-hard", (), jokers=False, reserve=False, damage_limit=7),
    # The base game with one option changed each.
    Config("no-jokers", "clear-the-dungeon", ("jokers=false",), jokers=False, reserve=True, damage_limit=7),
    Config("no-reserve", "clear-the-dungeon", ("reserve=false",), jokers=True, reserve=False, damage_limit=7),
    Config("limit-3", "clear-the-dungeon", ("damage_limit=3",), jokers=True, reserve=True, damage_limit=3),
]

# ---------------------------------------------------------------------------
# Cards (spec: "Cards")
# ---------------------------------------------------------------------------
# A card is its ASCII deal-file name: "AS", "10H", "QD", "KC", "RJ", "BJ".

SUITS = "SHDC"
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NUMBER_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
FACE_RANKS = ["J", "Q", "K"]
JOKERS = ["RJ", "BJ"]


def is_joker(card: str) -> bool:
    return card in JOKERS


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def card_label(card: str) -> str:
    """How the host names a card: `7♥`, `10♠`, `J♣`; the jokers `RJ` and `BJ`."""
    if is_joker(card):
        return card
    return rank_of(card) + SUIT_SYMBOL[suit_of(card)]


def monster_deck() -> list[str]:
    """The 12 face cards."""
    return [rank + suit for suit in SUITS for rank in FACE_RANKS]


def power_deck(jokers: bool) -> list[str]:
    """A-10 of every suit, plus the two jokers when the `jokers` option is on."""
    cards = [rank + suit for suit in SUITS for rank in NUMBER_RANKS]
    return cards + (JOKERS if jokers else [])


def monster_power(monster: str) -> int:
    """J = 11, Q = 12, K = 13."""
    return {"J": 11, "Q": 12, "K": 13}[rank_of(monster)]


def card_value(card: str) -> int:
    """A = 1, 2-10 face value, joker = 10."""
    if is_joker(card):
        return 10
    rank = rank_of(card)
    return 1 if rank == "A" else int(rank)


def suit_matches(card: str, monster: str) -> bool:
    """A joker matches any suit; any other card only its own."""
    return is_joker(card) or suit_of(card) == suit_of(monster)


# ---------------------------------------------------------------------------
# The model's table
# ---------------------------------------------------------------------------


@dataclass
class Table:
    config: Config
    columns: list[list[str]]  # bottom first; the last card is the active monster
    stacks: list[list[str]]  # the attack stack on each column's active monster
    deck: list[str]  # the power deck, top first
    hand: list[str] = field(default_factory=list)  # in the order drawn
    damage: list[str] = field(default_factory=list)  # bottom first; last = reserve
    cleared: int = 0  # monsters defeated
    outcome: str | None = None  # "win" / "loss" once the game is over
    events: Counter = field(default_factory=Counter)  # rare situations reached, for coverage

    def active_monsters(self) -> list[tuple[int, str]]:
        """(column index, monster) for every column that still has a monster, in column order."""
        return [(col, cards[-1]) for col, cards in enumerate(self.columns) if cards]


# Moves: ("place", "hand", index, column), ("place", "reserve", None, column),
#        ("discard", index), ("give up",)
Move = tuple


# ---------------------------------------------------------------------------
# Setup (spec: "Setup")
# ---------------------------------------------------------------------------


def deal_columns(monsters: list[str]) -> list[list[str]]:
    """Round-robin from the top: card k (1-based) goes to column ((k-1) mod 4) + 1.

    Cards 9-12 end on top of columns 1-4 and are the active monsters.
    """
    columns: list[list[str]] = [[], [], [], []]
    for k, card in enumerate(monsters):
        columns[k % 4].append(card)
    return columns


def set_up(config: Config, monsters: list[str], power: list[str]) -> Table:
    table = Table(config, deal_columns(monsters), [[], [], [], []], list(power))
    begin_turn_if_hand_empty(table)
    return table


# ---------------------------------------------------------------------------
# Turn (spec: "Turn")
# ---------------------------------------------------------------------------


def draw(table: Table) -> None:
    """Take 3 cards (or all that are left) from the top of the power deck into the hand."""
    taken, table.deck = table.deck[:3], table.deck[3:]
    table.hand.extend(taken)
    if len(taken) < 3:
        table.events["short draw"] += 1


def reserve_card(table: Table) -> str | None:
    """With the reserve rule on, the top card of the damage pile, if any."""
    if table.config.reserve and table.damage:
        return table.damage[-1]
    return None


def begin_turn_if_hand_empty(table: Table) -> None:
    """When the hand is empty the next turn begins: draw, or face being out of power."""
    if table.outcome is not None or table.hand:
        return
    if table.deck:
        draw(table)
    else:
        check_out_of_power(table)


# ---------------------------------------------------------------------------
# Placing a card (spec: "Placing a card on monster M whose attack stack is S")
# ---------------------------------------------------------------------------


def may_place(card: str, monster: str, stack: list[str]) -> bool:
    """Whether `card` may go on the attack stack `stack` of `monster`."""
    if len(stack) == 0:
        # Opening: the attack must stay completable.
        return card_value(card) + 10 >= monster_power(monster)
    if len(stack) == 1:
        return card_value(stack[0]) + card_value(card) >= monster_power(monster)
    # The trigger card: the monster's suit, or a joker.
    return suit_matches(card, monster)


def placements(table: Table, card: str) -> list[tuple[int, str]]:
    """Active monsters (column, monster) that `card` may be placed on, in column order."""
    return [(col, m) for col, m in table.active_monsters() if may_place(card, m, table.stacks[col])]


def reserve_is_placeable(table: Table) -> bool:
    card = reserve_card(table)
    return card is not None and bool(placements(table, card))


def place(table: Table, card: str, col: int) -> None:
    """Put the card on the column's attack stack; the third card defeats the monster."""
    table.stacks[col].append(card)
    if len(table.stacks[col]) == 3:
        defeat(table, col)


def defeat(table: Table, col: int) -> None:
    """The monster and its stack go to the cleared pile; the next card of the column turns up."""
    table.columns[col].pop()
    table.stacks[col] = []
    table.cleared += 1
    if table.cleared == 12:
        table.outcome = "win"
        if not table.deck:
            table.events["win with score 0"] += 1


# ---------------------------------------------------------------------------
# Discarding and the damage limit (spec: "Turn" 2 and "End")
# ---------------------------------------------------------------------------


def discard(table: Table, index: int) -> None:
    """A hand card goes face up onto the damage pile; the limit is checked at once."""
    table.damage.append(table.hand.pop(index))
    limit = table.config.damage_limit
    if limit and len(table.damage) >= limit:
        table.outcome = "loss"
        table.events["loss: damage limit"] += 1


# ---------------------------------------------------------------------------
# End (spec: "End")
# ---------------------------------------------------------------------------


def out_of_power(table: Table) -> bool:
    """Hand and power deck empty: the player may only place the reserve card or give up."""
    return not table.hand and not table.deck


def check_out_of_power(table: Table) -> None:
    """Out of power, the game is lost unless the reserve card can be placed somewhere."""
    if not reserve_is_placeable(table):
        table.outcome = "loss"
        table.events["loss: out of power"] += 1
    else:
        table.events["give up offered"] += 1


def win_score(table: Table) -> int:
    """Cards left in the power deck (cards in hand do not count)."""
    return len(table.deck)


def loss_report(table: Table) -> str:
    """A loss reports the monsters defeated as x/12."""
    return f"{table.cleared}/12"


# ---------------------------------------------------------------------------
# Decisions (spec: "Decisions")
# ---------------------------------------------------------------------------


def options(table: Table) -> list[tuple[str, Move]]:
    """The "play a card" options in the spec's order, as (label, move)."""
    result: list[tuple[str, Move]] = []
    for i, card in enumerate(table.hand):
        for col, monster in placements(table, card):
            result.append((f"{card_label(card)} on {card_label(monster)}", ("place", "hand", i, col)))
    reserve = reserve_card(table)
    if reserve is not None:
        for col, monster in placements(table, reserve):
            result.append((f"{card_label(reserve)} on {card_label(monster)} (from the damage pile)",
                           ("place", "reserve", None, col)))
    for i, card in enumerate(table.hand):
        result.append((f"discard {card_label(card)}", ("discard", i)))
    if out_of_power(table):
        result.append(("give up", ("give up",)))
    return result


def apply(table: Table, move: Move) -> None:
    """Play one chosen option, then start the next turn if the hand ran out."""
    if move[0] == "place":
        _, source, index, col = move
        card = table.hand.pop(index) if source == "hand" else table.damage.pop()
        if source == "reserve":
            table.events["reserve placed" + (" when out of power" if out_of_power(table) else "")] += 1
        if is_joker(card) and len(table.stacks[col]) == 2:
            table.events["joker as trigger"] += 1
        place(table, card, col)
    elif move[0] == "discard":
        discard(table, move[1])
    else:
        table.outcome = "loss"  # give up
        table.events["loss: gave up"] += 1
    begin_turn_if_hand_empty(table)


# ---------------------------------------------------------------------------
# Choosing moves (this program's own policies, not rules)
# ---------------------------------------------------------------------------


def move_merit(table: Table, move: Move) -> float:
    """A rough greedy score: complete attacks first, then continue them, keep high cards."""
    if move[0] == "give up":
        return -100.0
    if move[0] == "discard":
        return -card_value(table.hand[move[1]]) / 10
    _, source, index, col = move
    card = table.hand[index] if source == "hand" else table.damage[-1]
    stack = table.stacks[col]
    monster = table.columns[col][-1]
    bonus = 1.0 if source == "reserve" else 0.0  # placing the reserve undoes damage
    if len(stack) == 2:
        return 100.0 + bonus - card_value(card) / 10  # trigger with the cheapest card
    if len(stack) == 1:
        excess = card_value(stack[0]) + card_value(card) - monster_power(monster)
        return 50.0 + bonus - excess
    # Opening: prefer high cards, which leave more cards able to follow them.
    return 20.0 + bonus + card_value(card) / 10


POLICIES = ("uniform", "placements", "greedy", "greedy")  # half the games greedy


def choose(rng: random.Random, policy: str, table: Table, moves: list[Move]) -> int:
    if policy == "uniform" or len(moves) == 1:
        return rng.randrange(len(moves))
    if policy == "placements":
        placing = [i for i, m in enumerate(moves) if m[0] == "place"]
        if placing and rng.random() < 0.8:
            return rng.choice(placing)
        return rng.randrange(len(moves))
    # greedy, with a little noise so that games differ
    if rng.random() < 0.05:
        return rng.randrange(len(moves))
    merits = [move_merit(table, m) + rng.random() * 0.01 for m in moves]
    return max(range(len(moves)), key=merits.__getitem__)


# ---------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------


def random_deal(rng: random.Random, config: Config) -> tuple[list[str], list[str]]:
    """Both shuffles in full: the monster deck, then the power deck, top first."""
    monsters = monster_deck()
    rng.shuffle(monsters)
    power = power_deck(config.jokers)
    rng.shuffle(power)
    return monsters, power


def deal_text(monsters: list[str], power: list[str]) -> str:
    return " ".join(monsters) + "\n" + " ".join(power) + "\n"


# ---------------------------------------------------------------------------
# Driving the host
# ---------------------------------------------------------------------------


@dataclass
class Mismatch:
    config: Config
    deal: str
    choices: list[int]
    what: str
    expected: list[str] | str
    actual: list[str] | str

    def report(self, delve: str) -> str:
        deal_file = "/tmp/ctd-deal.txt"
        cmd = " ".join(shlex.quote(a) for a in self.config.command(delve, deal_file))
        deal = self.deal.replace("\n", "\\n")
        answers = "".join(f"{c}\\n" for c in self.choices)
        lines = [
            f"MISMATCH [{self.config.name}] {self.what}",
            f"  configuration: {self.config.game} {' '.join('--opt ' + o for o in self.config.opts)}".rstrip(),
            "  deal file:",
            *("    " + line for line in self.deal.splitlines()),
            f"  choices so far (0-based): {self.choices}",
            f"  expected: {self.expected}",
            f"  actual:   {self.actual}",
            f"  reproduce: printf '{deal}' > {deal_file} && printf '{answers}' | {cmd}",
        ]
        return "\n".join(lines)


@dataclass
class GameResult:
    decisions: int = 0
    outcome: str | None = None
    events: Counter = field(default_factory=Counter)
    mismatch: Mismatch | None = None


def play_one(delve: str, config: Config, seed: str, workdir: str, timeout: float) -> GameResult:
    rng = random.Random(f"{seed}/{config.name}/deal")
    chooser = random.Random(f"{seed}/{config.name}/choices")
    policy = chooser.choice(POLICIES)
    monsters, power = random_deal(rng, config)
    deal = deal_text(monsters, power)
    table = set_up(config, monsters, power)

    fd, path = tempfile.mkstemp(suffix=".txt", dir=workdir)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(deal)

    result = GameResult()
    choices: list[int] = []

    def fail(what: str, expected, actual) -> GameResult:
        result.mismatch = Mismatch(config, deal, list(choices), what, expected, actual)
        return result

    proc = subprocess.Popen(
        config.command(delve, path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=REPO,
    )
    watchdog = threading.Timer(timeout, proc.kill)
    watchdog.start()
    try:
        while True:
            line = proc.stdout.readline()
            if not line:
                stderr = proc.stderr.read().strip()
                return fail("host output ended without an end line", "a prompt or end",
                            f"EOF (exit {proc.wait()}; stderr: {stderr!r})")
            msg = json.loads(line)
            kind = msg.get("type")
            if kind in ("say", "hello", "ok"):  # protocol 2's opening and replies
                continue
            expected = options(table) if table.outcome is None else []
            expected_labels = [label for label, _ in expected]
            if kind == "prompt":
                actual_labels = [o["label"] for o in msg["options"]]
                if table.outcome is not None:
                    return fail(f"host kept playing after the model's {table.outcome}",
                                f"end {table.outcome}", actual_labels)
                if actual_labels != expected_labels:
                    return fail("option lists differ", expected_labels, actual_labels)
                result.decisions += 1
                index = choose(chooser, policy, table, [m for _, m in expected])
                choices.append(index)
                apply(table, expected[index][1])
                proc.stdin.write(f"{index}\n")
                proc.stdin.flush()
            elif kind == "end":
                actual = f"end {msg.get('outcome')} score={msg.get('score')} summary={msg.get('summary')!r}"
                if table.outcome is None:
                    return fail("host ended the game while the model still has a decision",
                                expected_labels, actual)
                result.outcome = table.outcome
                result.events = table.events
                if msg.get("outcome") != table.outcome:
                    return fail("outcome differs", f"end {table.outcome}", actual)
                if table.outcome == "win" and msg.get("score") != win_score(table):
                    return fail("win score differs", f"end win score={win_score(table)}", actual)
                if table.outcome == "loss" and loss_report(table) not in str(msg.get("summary")):
                    return fail("loss summary does not report the monsters defeated",
                                f"a summary containing {loss_report(table)}", actual)
                proc.stdin.close()
                code = proc.wait()
                if code != 0:
                    return fail("host exit status after the end", "exit 0", f"exit {code}")
                return result
            else:
                return fail(f"unexpected {kind!r} line", expected_labels, line.strip())
    except (BrokenPipeError, json.JSONDecodeError) as err:
        return fail("host protocol broke", "JSON lines", repr(err))
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except (BrokenPipeError, OSError):
                pass
        os.unlink(path)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, required=True, help="random deals per configuration")
    parser.add_argument("--seed", default="0", help="master seed (any string)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games run in parallel")
    parser.add_argument("--delve", default=str(REPO / "target" / "release" / "delve"),
                        help="the delve binary (default: target/release/delve)")
    parser.add_argument("--config", action="append", choices=[c.name for c in CONFIGS],
                        help="check only this configuration (repeatable)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per game")
    parser.add_argument("--max-reports", type=int, default=10, help="mismatches printed per configuration")
    args = parser.parse_args()

    if not os.access(args.delve, os.X_OK):
        print(f"no delve binary at {args.delve}: run `cargo build --release` first", file=sys.stderr)
        return 2
    configs = [c for c in CONFIGS if not args.config or c.name in args.config]

    started = time.monotonic()
    failed = False
    with tempfile.TemporaryDirectory(prefix="ctd-crosscheck-") as workdir, \
            ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for config in configs:
            t0 = time.monotonic()
            results = list(pool.map(
                lambda i: play_one(args.delve, config, f"{args.seed}/{i}", workdir, args.timeout),
                range(args.deals)))
            mismatches = [r.mismatch for r in results if r.mismatch]
            decisions = sum(r.decisions for r in results)
            wins = sum(r.outcome == "win" for r in results)
            losses = sum(r.outcome == "loss" for r in results)
            print(f"{config.name:<11} {args.deals} deals, {decisions} decisions compared, "
                  f"{wins} wins, {losses} losses, {len(mismatches)} mismatches "
                  f"({time.monotonic() - t0:.1f}s)", flush=True)
            events = sum((r.events for r in results), Counter())
            print("            reached: " + ", ".join(f"{k} {v}" for k, v in sorted(events.items())), flush=True)
            for m in mismatches[: args.max_reports]:
                print(m.report(args.delve), flush=True)
            if len(mismatches) > args.max_reports:
                print(f"  ... and {len(mismatches) - args.max_reports} more", flush=True)
            failed |= bool(mismatches)
    print(f"total {time.monotonic() - started:.1f}s: {'MISMATCHES FOUND' if failed else 'all agree'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
