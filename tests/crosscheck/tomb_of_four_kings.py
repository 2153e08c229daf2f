#!/usr/bin/env python3
"""Differential test: Tomb of Four Kings, script against an independent model.

The only implementation of Tomb of Four Kings in the project is the Rhai script
games/tomb-of-four-kings.rhai (and its torchlight variant).  Its snapshot tests
can only confirm what it already does.  This file is a second implementation,
written from the rules spec /work/shared/rules/tomb-of-four-kings.md alone (the
script was deliberately not read), which plays random games against
`delve play GAME --json` and complains at the first point where the two differ.

For every game:
  1. A complete random order of the deck is built here (44 cards: the 53 minus
     the 2-10 of hearts; 43 in the torchlight variant, whose scroll starts in
     the hand) and written to a temporary deal file as one line, top first.
     The deck is shuffled once, so the file and the choices fix the game.
  2. The model plays the same game.  Whenever it reaches a decision with two or
     more options it expects the host's next `prompt`, compares the option
     labels in order with its own, picks one option with its own seeded RNG
     (leaning towards `delve deeper`, so that games reach the deep rules: the
     scroll, the last torch, an exhausted deck), sends the 0-based index and
     applies it.  A decision with a single option is taken silently on both
     sides (the host must not ask it).  `say` lines are ignored.
  3. At `end` the outcome (`win`, `survived`, `loss`) and the score
     (`kings/points` on an escape, 0 on a loss) are compared.

Where the spec leaves an order open (the `drop ...` options of a monster, the
`leave ...` options of an all-treasure turn), the model lists cards in hand
order / turn order; if the host offers the same options in another order the
difference is accepted but counted and reported as a note.

Every mismatch is reported with the configuration, the deal file, the choices
made so far (0-based indexes sent to the host), the expected and actual lines,
and the shortest deal line that replays the game up to that point.  The exit
status is 1 if anything did not match.

Usage, from the repository root after `cargo build --release`:
    python3 tests/crosscheck/tomb_of_four_kings.py --deals N [--seed S] [--jobs J]
        [--config NAME ...] [--delve PATH] [--max-report K]

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------
# Configurations (spec: "Options and a variant")
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """A ruleset name, its --opt overrides, and what they mean for the model."""

    name: str
    game: str
    opts: tuple[str, ...] = ()
    hit_points: int = 9
    torches: int = 4
    scroll_in_hand: bool = False

    def command(self, delve: str, deal_path: str) -> list[str]:
        cmd = [delve, "play", self.game, "--seed", "0", "--deal", deal_path, "--json"]
        for opt in self.opts:
            cmd += ["--opt", opt]
        return cmd

    def describe(self) -> str:
        return " ".join([self.game] + [f"--opt {o}" for o in self.opts])


CONFIGS = [
    Config("base", "tomb-of-four-kings"),
    Config("torchlight", "tomb-of-four-kings-torchlight", scroll_in_hand=True),
    Config("hp5", "tomb-of-four-kings", ("hit_points=5",), hit_points=5),
    Config("torches5", "tomb-of-four-kings", ("torches=5",), torches=5),
]

# ---------------------------------------------------------------------------
# Cards (spec: "Cards").  A card is its display string: "10♦", "K♠", "RJ".
# ---------------------------------------------------------------------------

SCROLL = "RJ"  # the one joker; the host names it RJ (JK is accepted on input)
SUITS = "♠♥♦♣"
ASCII_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank(card: str) -> str:
    return "JK" if card == SCROLL else card[:-1]


def suit(card: str) -> str:
    return "" if card == SCROLL else card[-1]


def is_ace(card: str) -> bool:
    return rank(card) == "A"


def is_jack(card: str) -> bool:
    return rank(card) == "J"


def is_queen(card: str) -> bool:
    return rank(card) == "Q"


def is_king(card: str) -> bool:
    return rank(card) == "K"


def is_numbered(card: str) -> bool:
    """2-10 of spades, diamonds or clubs: an encounter card or an action card."""
    return card != SCROLL and rank(card).isdigit() and suit(card) in "♠♦♣"


def value(card: str) -> int:
    return int(rank(card))


def is_treasure(card: str) -> bool:
    """What a won turn collects: 2-10 of diamonds, kings, the scroll."""
    return card == SCROLL or is_king(card) or (is_numbered(card) and suit(card) == "♦")


def worth(card: str) -> int:
    """Drop worth and score of a treasure: face value, king 10, scroll 6."""
    if card == SCROLL:
        return 6
    if is_king(card):
        return 10
    return value(card)


def deck_cards(config: Config) -> list[str]:
    """The deck before its shuffle: the 53 cards minus the 2-10 of hearts."""
    cards = [r + s for s in SUITS for r in RANKS
             if not (s == "♥" and r.isdigit())]
    if not config.scroll_in_hand:
        cards.append(SCROLL)
    return cards


def ascii_card(card: str) -> str:
    return "JK" if card == SCROLL else rank(card) + ASCII_SUIT[suit(card)]


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class GameOver(Exception):
    """The game has ended: outcome is win / survived / loss, score as the host prints it."""

    def __init__(self, outcome: str, score: str, why: str):
        super().__init__(why)
        self.outcome, self.score, self.why = outcome, score, why


Decider = Callable[[str, list[str]], int]


class Tomb:
    """The table of one game, played by the spec.  `decide(kind, labels)` makes choices."""

    def __init__(self, config: Config, deck: list[str], decide: Decider):
        self.config = config
        self.decide = decide
        self.events: collections.Counter[str] = collections.Counter()
        self.setup(deck)

    # -- Setup ---------------------------------------------------------------

    def setup(self, deck: list[str]) -> None:
        self.deck = list(deck)  # top first
        self.drawn_from_top = 0  # how many cards of the dealt line have been used
        self.hit_points = self.config.hit_points
        self.torch_row: list[str] = []  # burnt aces, plus the scroll once spent
        self.hand: list[str] = [SCROLL] if self.config.scroll_in_hand else []
        self.turn: list[str] = []  # the cards lying in the current turn
        self.out_of_play: list[str] = []  # door discards
        self.last_turn = False  # the turn being played is the last retreat turn

    # -- Decisions (spec: "Decisions") ---------------------------------------

    def choose(self, kind: str, labels: list[str]) -> int:
        """One decision: with a single option it is taken without asking."""
        if len(labels) == 1:
            self.events[f"silent {kind}"] += 1
            return 0
        self.events[f"asked {kind}"] += 1
        return self.decide(kind, labels)

    def use_skill(self, jack: str) -> None:
        """A skill played from the hand stays in the turn (it is not treasure)."""
        self.hand.remove(jack)
        self.turn.append(jack)
        self.events[f"used {jack}"] += 1

    # -- Turns: playing a card off the deck ----------------------------------

    def lost_in_the_dark(self, why: str) -> None:
        self.events[f"lost: {why}"] += 1
        raise GameOver("loss", "0", f"lost in the dark ({why})")

    def take_top(self, why: str = "the deck ran out") -> str:
        if not self.deck:
            self.lost_in_the_dark(why)
        self.drawn_from_top += 1
        return self.deck.pop(0)

    def play_card(self) -> str:
        """Play the top card into the turn: aces burn, jacks go to the hand."""
        card = self.take_top()
        if is_ace(card):
            self.burn_torch(card)
        elif is_jack(card):
            self.hand.append(card)
        else:
            self.turn.append(card)  # queens, kings, the scroll, numbered cards
        return card

    def play_until_action(self) -> str:
        """Traps and doors: play cards until an action card or a queen appears."""
        while True:
            card = self.play_card()
            if is_queen(card) or is_numbered(card):
                return card

    # -- Torches --------------------------------------------------------------

    def burn_torch(self, ace: str) -> None:
        """An ace is a torch burning out, wherever it is played or discarded."""
        if len(self.torch_row_aces()) + 1 < self.config.torches:
            self.torch_row.append(ace)
            return
        if SCROLL in self.hand:  # the last torch: the scroll burns instead, once
            self.hand.remove(SCROLL)
            self.torch_row.append(SCROLL)
            self.deck.append(ace)  # the ace goes to the bottom of the deck
            self.events["scroll burnt"] += 1
            return
        self.torch_row.append(ace)
        self.lost_in_the_dark("the last torch burnt out")

    def torch_row_aces(self) -> list[str]:
        return [c for c in self.torch_row if is_ace(c)]

    # -- Encounters -----------------------------------------------------------

    def damage(self, amount: int) -> None:
        """Damage, which Dodge Blow (J♥) may cancel whole."""
        if "J♥" in self.hand:
            labels = [f"take {amount} damage", "dodge (J♥)"]
            if self.choose("damage", labels) == 1:
                self.use_skill("J♥")
                return
        self.hit_points -= amount
        self.events["damage taken"] += 1
        if self.hit_points <= 0:
            self.events["dead"] += 1
            raise GameOver("loss", "0", "dead")

    def monster(self, m: int) -> bool:
        """A monster fight; returns True if the monster is beaten."""
        while True:
            labels = ["play from deck"]
            moves: list[tuple[str, str | None]] = [("play", None)]
            if "J♠" in self.hand:
                labels.append("go berserk (J♠)")
                moves.append(("berserk", "J♠"))
            for card in self.hand:
                if is_treasure(card) and worth(card) >= m:
                    labels.append(f"drop {card}")
                    moves.append(("drop", card))
            move, card = moves[self.choose("monster", labels)]
            if move == "berserk":
                self.use_skill("J♠")
                return True
            if move == "drop":
                self.hand.remove(card)
                self.turn.append(card)  # lost with the turn
                self.events["treasure dropped" + (" (the scroll)" if card == SCROLL else "")] += 1
                return False
            card = self.play_card()
            if is_queen(card):
                self.events["monster: favor mid-fight"] += 1
                return True
            if is_numbered(card):
                if value(card) >= m:
                    return True
                self.damage(m - value(card))

    def trap(self, t: int) -> bool:
        """A trap: one chance.  Returns True if passed."""
        if "J♦" in self.hand:
            if self.choose("trap", ["play from deck", "disarm (J♦)"]) == 1:
                self.use_skill("J♦")
                return True
        card = self.play_until_action()
        if is_queen(card) or value(card) >= t:
            return True
        self.damage(t - value(card))
        self.events["trap failed"] += 1
        return False

    def door(self, d: int) -> bool:
        """A sealed door: one chance, then pick the lock or discard.  True if opened."""
        if "J♣" in self.hand:
            if self.choose("door", ["play from deck", "pick lock (J♣)"]) == 1:
                self.use_skill("J♣")
                return True
        card = self.play_until_action()
        if is_queen(card) or value(card) >= d:
            return True
        short = d - value(card)
        labels = []
        if "J♣" in self.hand:
            labels.append("pick lock (J♣)")
        labels.append(f"discard {short} cards")
        if labels[self.choose("failed door", labels)].startswith("pick lock"):
            self.use_skill("J♣")
            self.events["lock picked after failing"] += 1
            return True
        self.discard(short)
        return False

    def discard(self, count: int) -> None:
        """Door discards off the top of the deck; aces among them burn."""
        self.events["door discards"] += 1
        why = "the deck ran out during door discards"
        if self.last_turn:
            why += " on the last turn"
        for _ in range(count):
            card = self.take_top(why)
            if is_ace(card):
                self.events["ace discarded"] += 1
                self.burn_torch(card)
                if SCROLL in self.torch_row and self.torch_row[-1] == SCROLL:
                    self.events["scroll burnt for a discarded ace"] += 1
            else:
                self.out_of_play.append(card)

    def play_turn(self) -> None:
        """One turn of the delve or the retreat, from its first card to its end."""
        self.turn = []
        favor = False
        while True:
            card = self.play_card()
            if is_queen(card):
                favor = True
            elif is_numbered(card):
                break
        if favor:
            self.events["favor before encounter"] += 1
            won = True
        else:
            fight = {"♠": self.monster, "♦": self.trap, "♣": self.door}[suit(card)]
            won = fight(value(card))
        self.end_turn(won)

    # -- End of a turn ----------------------------------------------------------

    def end_turn(self, won: bool) -> None:
        """A won turn's treasure goes to the hand; an all-treasure turn keeps one."""
        if not won:
            return
        treasure = [c for c in self.turn if is_treasure(c)]
        if treasure and len(treasure) == len(self.turn):
            labels = [f"leave {c}" for c in treasure]
            treasure.pop(self.choose("leave", labels))
            self.events["all-treasure turn"] += 1
        self.hand.extend(treasure)

    # -- The dungeon: delve and retreat ----------------------------------------

    def play(self) -> GameOver:
        try:
            delve_turns = 1
            self.play_turn()  # the first turn is always a delve turn
            while self.choose("delve", ["delve deeper", "turn back"]) == 0:
                self.play_turn()
                delve_turns += 1
            self.events[f"delve {min(delve_turns, 8)}{'+' if delve_turns >= 8 else ''}"] += 1
            for i in range(delve_turns - 1):  # one retreat turn under each but the deepest
                self.last_turn = i == delve_turns - 2
                self.play_turn()
            if not self.deck:
                self.events["escaped with the deck used up"] += 1
            return self.escape()
        except GameOver as over:
            return over

    # -- End of the game --------------------------------------------------------

    def escape(self) -> GameOver:
        kings = sum(1 for c in self.hand if is_king(c))
        points = sum(worth(c) for c in self.hand if is_treasure(c))
        outcome = "win" if kings == 4 else "survived"
        self.events[outcome] += 1
        return GameOver(outcome, f"{kings}/{points}", "escaped")


# ---------------------------------------------------------------------------
# Choosing (this program's own policy)
# ---------------------------------------------------------------------------


class Chooser:
    """Random choices, leaning towards delving deeper so games go deep."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.deeper = rng.choice([0.55, 0.75, 0.88, 0.95, 0.99])

    def pick(self, kind: str, labels: list[str]) -> int:
        if kind == "delve":
            return 0 if self.rng.random() < self.deeper else 1
        return self.rng.randrange(len(labels))


# ---------------------------------------------------------------------------
# Comparing with the host
# ---------------------------------------------------------------------------


class Mismatch(Exception):
    def __init__(self, category: str, expected: str, actual: str):
        super().__init__(category)
        self.category, self.expected, self.actual = category, expected, actual


def same_label(expected: str, actual: str) -> bool:
    """Exact, except that 'discard 1 cards' may be spelled 'discard 1 card'."""
    return expected == actual or (expected == "discard 1 cards" and actual == "discard 1 card")


def open_order_kinds(expected: list[str], actual: list[str]) -> bool:
    """Same options, differing only in the order of the drop/leave options."""
    if len(expected) != len(actual):
        return False
    fixed_e = [(i, l) for i, l in enumerate(expected) if not l.startswith(("drop ", "leave "))]
    fixed_a = [(i, l) for i, l in enumerate(actual) if not l.startswith(("drop ", "leave "))]
    return fixed_e == fixed_a and sorted(expected) == sorted(actual)


class HostSession:
    """The child process `delve play ... --json`, read line by line."""

    def __init__(self, cmd: list[str], timeout: float):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                     bufsize=1)
        self.timer = threading.Timer(timeout, self.proc.kill)
        self.timer.start()
        self.says: list[str] = []

    def next_message(self) -> dict:
        """The next prompt, end or error; say lines are kept for debugging only."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                err = self.proc.stderr.read().strip()
                return {"type": "eof", "stderr": err[-600:]}
            try:
                msg = json.loads(line)
            except json.JSONDecodeError:
                return {"type": "garbled", "line": line.rstrip("\n")}
            if msg.get("type") == "say":
                self.says.append(msg.get("text", ""))
                continue
            if msg.get("type") in ("hello", "ok"):  # protocol 2's opening and replies
                continue
            return msg

    def answer(self, index: int) -> None:
        self.proc.stdin.write(f"{index}\n")
        self.proc.stdin.flush()

    def close(self) -> int:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            rc = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.timer.cancel()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return rc


def describe_message(msg: dict) -> str:
    kind = msg.get("type")
    if kind == "prompt":
        return "prompt " + json.dumps([o.get("label") for o in msg.get("options", [])],
                                      ensure_ascii=False)
    if kind == "end":
        return f"end outcome={msg.get('outcome')} score={msg.get('score')}"
    if kind == "error":
        return f"error: {msg.get('message')}"
    if kind == "eof":
        return f"the host stopped without an end line (stderr: {msg.get('stderr')!r})"
    return json.dumps(msg, ensure_ascii=False)


@dataclass
class GameReport:
    config: Config
    deal_line: str
    choices: list[int] = field(default_factory=list)
    asked: int = 0
    silent: int = 0
    mismatch: Mismatch | None = None
    minimal_deal: str = ""
    says: list[str] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)  # accepted differences: kind -> example
    events: collections.Counter[str] = field(default_factory=collections.Counter)
    outcome: str = ""


def play_one(delve: str, config: Config, label: str, seed: str, workdir: str,
             timeout: float) -> GameReport:
    deal_rng = random.Random(f"deal/{seed}/{config.name}/{label}")
    deck = deck_cards(config)
    deal_rng.shuffle(deck)
    deal_line = " ".join(ascii_card(c) for c in deck)
    report = GameReport(config, deal_line)
    path = os.path.join(workdir, f"{config.name}-{label}.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(deal_line + "\n")

    chooser = Chooser(random.Random(f"choices/{seed}/{config.name}/{label}"))
    host = HostSession(config.command(delve, path), timeout)

    def decide(kind: str, labels: list[str]) -> int:
        msg = host.next_message()
        if msg.get("type") != "prompt":
            raise Mismatch(f"host does not ask a {kind} decision",
                           "prompt " + json.dumps(labels, ensure_ascii=False),
                           describe_message(msg))
        actual = [o.get("label", "") for o in msg.get("options", [])]
        expected_text = "prompt " + json.dumps(labels, ensure_ascii=False)
        if len(actual) == len(labels) and all(map(same_label, labels, actual)):
            mapping = list(range(len(labels)))
            for e, a in zip(labels, actual):
                if e != a:
                    report.notes.setdefault(f"label spelled {a!r}",
                                            f"the spec's template gives {e!r}")
        elif open_order_kinds(labels, actual):
            report.notes.setdefault(f"{kind} options in another order than hand/turn order",
                                    f"expected {labels}, host {actual}")
            mapping = [labels.index(a) for a in actual]
        else:
            raise Mismatch(f"{kind} options differ", expected_text, describe_message(msg))
        host_index = chooser.pick(kind, actual)
        report.choices.append(host_index)
        report.asked += 1
        host.answer(host_index)
        return mapping[host_index]

    tomb = Tomb(config, deck, decide)
    try:
        try:
            result = tomb.play()
            report.outcome = result.outcome
            msg = host.next_message()
            if msg.get("type") != "end":
                raise Mismatch("host goes on after the game ended (" + result.why + ")",
                               f"end outcome={result.outcome} score={result.score}",
                               describe_message(msg))
            if msg.get("outcome") != result.outcome or str(msg.get("score")) != result.score:
                raise Mismatch("outcome or score differs (" + result.why + ")",
                               f"end outcome={result.outcome} score={result.score}",
                               describe_message(msg))
        except Mismatch as mm:
            report.mismatch = mm
            used = min(tomb.drawn_from_top, len(deck))
            report.minimal_deal = " ".join(ascii_card(c) for c in deck[:max(used, 1)])
    finally:
        rc = host.close()
        if rc != 0 and report.mismatch is None:
            report.mismatch = Mismatch("host exit status", "0", str(rc))
            report.minimal_deal = deal_line
        report.says = host.says
        report.silent = sum(v for k, v in tomb.events.items() if k.startswith("silent "))
        report.events = tomb.events
        os.unlink(path)
    return report


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def print_mismatch(r: GameReport, delve: str) -> None:
    mm = r.mismatch
    assert mm is not None
    print(f"MISMATCH [{r.config.name}] {mm.category}")
    print(f"  configuration: {r.config.describe()}")
    print(f"  deal file:     {r.deal_line}")
    print(f"  minimal deal:  {r.minimal_deal}   (the cards used up to the mismatch)")
    print(f"  choices:       {r.choices}   (0-based indexes sent to the host)")
    print(f"  expected:      {mm.expected}")
    print(f"  actual:        {mm.actual}")
    if r.says:
        print(f"  last narration: {' | '.join(r.says[-4:])}")
    opts = " ".join(f"--opt {o}" for o in r.config.opts)
    command = " ".join(x for x in [delve, "play", r.config.game, "--seed 0 --deal deal.txt",
                                    opts, "--json"] if x)
    answers = " ".join(map(str, r.choices))
    print(f"  replay:        echo '{r.minimal_deal}' > deal.txt && "
          f"printf '%s\\n' {answers} | {command}")
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per configuration")
    parser.add_argument("--seed", default="1", help="seed of the deals and the choices")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--config", action="append", choices=[c.name for c in CONFIGS],
                        help="only these configurations (default: all)")
    parser.add_argument("--delve", default=str(REPO / "target" / "release" / "delve"))
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per game")
    parser.add_argument("--max-report", type=int, default=5,
                        help="mismatches printed in full per category (all are counted)")
    parser.add_argument("--events", action="store_true", help="print rule coverage counts")
    args = parser.parse_args()

    if not os.access(args.delve, os.X_OK):
        print(f"no delve binary at {args.delve}: run `cargo build --release`", file=sys.stderr)
        return 2
    configs = [c for c in CONFIGS if not args.config or c.name in args.config]
    started = time.monotonic()
    failed = False
    with tempfile.TemporaryDirectory(prefix="tomb-crosscheck-") as workdir, \
            ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for config in configs:
            t0 = time.monotonic()
            futures = [pool.submit(play_one, args.delve, config, str(i), args.seed, workdir,
                                   args.timeout) for i in range(args.deals)]
            reports = [f.result() for f in futures]
            categories: collections.Counter[str] = collections.Counter()
            notes: collections.Counter[str] = collections.Counter()
            note_examples: dict[str, str] = {}
            outcomes: collections.Counter[str] = collections.Counter()
            events: collections.Counter[str] = collections.Counter()
            for r in reports:
                outcomes[r.outcome or "(mismatch)"] += 1
                events.update(r.events)
                for note, example in r.notes.items():
                    notes[note] += 1
                    note_examples.setdefault(note, f"{example}; deal {r.deal_line}")
                if r.mismatch:
                    failed = True
                    categories[r.mismatch.category] += 1
                    if categories[r.mismatch.category] <= args.max_report:
                        print_mismatch(r, args.delve)
            asked = sum(r.asked for r in reports)
            silent = sum(r.silent for r in reports)
            print(f"[{config.name}] {config.describe()}: {len(reports)} deals, "
                  f"{asked} prompts compared, {silent} one-option decisions taken silently, "
                  f"{sum(categories.values())} mismatching deals, "
                  f"{time.monotonic() - t0:.1f}s")
            print(f"    outcomes: {dict(sorted(outcomes.items()))}")
            for cat, n in categories.most_common():
                print(f"    mismatch x{n}: {cat}")
            for note, n in notes.most_common():
                print(f"    note (accepted) in {n} deals: {note}, e.g. {note_examples[note]}")
            if args.events:
                for ev, n in sorted(events.items()):
                    print(f"    event {ev}: {n}")
    print(f"total {time.monotonic() - started:.1f}s; "
          f"{'MISMATCHES FOUND' if failed else 'all deals matched'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
