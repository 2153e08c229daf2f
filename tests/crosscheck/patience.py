"""Shared driver of the patience models (FreeCell, Klondike, Golf, Black Hole).

Why this exists: the patience rulesets in games/ are the only implementation of
those games in the project. Each of freecell.py, klondike.py, golf.py and
black_hole.py re-implements one game from its rules spec (docs/rules/) alone,
without reading the scripts; this module plays many games of such a model
against `delve play GAME --json` and complains at the first point where the two
differ.

How a game is checked:
  1. The deal. Most games get a complete random order of the cards (52, or
     the 104 of two decks), built
     here and written to a temporary deal file as one line, top card first (a
     deal file wins over the numbered deal), which the model deals out as its
     spec says. Every fourth game plays a numbered deal instead (`--seed N`):
     the model computes it where it can (FreeCell: Microsoft's deals), else it
     takes the first table the host sends (with `--reveal`, face-down cards
     included) as the starting position.
  2. At every `prompt` the table (every pile, card for card) and the option
     labels, in order, are compared with the model's; one option is picked by
     this program's own seeded RNG with a policy (uniform, foundation first,
     or a line the model's own search found to a win, so that some games are
     won), its index is sent, and the model applies the same move. What the
     host says between two prompts must include what the spec says is said
     (a card sent home by itself, a card turned up), and nothing of that kind
     the model did not expect.
  3. At `end` the outcome, the score and the table are compared, and the game
     must end exactly where the model says it ends.

Every mismatch is reported with the configuration, the deal (file or number),
the 0-based choices made so far, what was expected and what came, and a
command line that reproduces it. The exit status is 1 if anything differed.

Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import os
import random
import re
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
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------
# Cards: an int, rank 1-13 (ace to king) and suit 0-3 (♠ ♥ ♦ ♣)
# ---------------------------------------------------------------------------

SUITS = "♠♥♦♣"
SUIT_ASCII = "SHDC"
RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank(c: int) -> int:
    return c >> 2


def suit(c: int) -> int:
    return c & 3


RED = [s in (1, 2) for s in range(4)] * 14  # by card: ♥ and ♦


def red(c: int) -> bool:
    return RED[c]


def name(c: int) -> str:
    """How the host names a card: `A♠`, `10♥`."""
    return RANKS[rank(c)] + SUITS[suit(c)]


def ascii_name(c: int) -> str:
    """How a deal file names a card: `AS`, `10H`."""
    return RANKS[rank(c)] + SUIT_ASCII[suit(c)]


def parse(text: str) -> int:
    """A card from the host's name of it."""
    return card(RANKS.index(text[:-1]), SUITS.index(text[-1]))


DECK = [card(r, s) for s in range(4) for r in range(1, 14)]


def names(cards) -> str:
    return " ".join(name(c) for c in cards)


def goes_home(c: int) -> str:
    return f"{name(c)} goes to the foundation."


def turned_up(c: int) -> str:
    return f"{name(c)} is turned up."


# What the host says that the specs fix: the model must expect every such line.
SAID = re.compile(r"^\S+ (goes to the foundation|is turned up)\.$")

# ---------------------------------------------------------------------------
# Reading the host's table
# ---------------------------------------------------------------------------


class Piles:
    """The host's table as {pile name: [(card or None, face up)]}, bottom first."""

    def __init__(self, table: dict):
        self.piles: dict[str, list[tuple[int | None, bool]]] = {}
        for pile in table.get("piles", []):
            cards = []
            for c in pile["cards"]:
                cards.append((parse(c["name"]) if "name" in c else None, bool(c.get("face_up"))))
            self.piles[pile["name"]] = cards

    def get(self, pile: str) -> list[tuple[int | None, bool]]:
        if pile not in self.piles:
            raise KeyError(f"the table has no pile named {pile!r} (it has {sorted(self.piles)})")
        return self.piles[pile]

    def cards(self, pile: str) -> list[int]:
        return [c for c, _ in self.get(pile)]

    def before_the_end(self, expected: dict[str, list[tuple[int, bool]]]) -> "Piles":
        """The table of an end as it lay before the host turned every card face up
        (docs/scripting.md: a game over shows its whole table): a face-up card takes
        the facing the model expects in its place; a face-down one stays (and differs)."""
        before = Piles({})
        for pile, cards in self.piles.items():
            want = expected.get(pile, [])
            before.piles[pile] = [(c, want[i][1] if up and i < len(want) else up)
                                  for i, (c, up) in enumerate(cards)]
        return before


def show(cards: list[tuple[int | None, bool]]) -> str:
    """A pile for a report: face-down cards in brackets."""
    return " ".join((name(c) if c is not None else "?") if up else f"[{name(c) if c is not None else '?'}]"
                    for c, up in cards) or "(empty)"


def compare_piles(expected: dict[str, list[tuple[int, bool]]], actual: Piles) -> str | None:
    """The first pile that differs, as a sentence, or None."""
    for pile, cards in expected.items():
        try:
            got = actual.get(pile)
        except KeyError as err:
            return str(err.args[0])
        if got != cards:
            return f"{pile}: expected {show(cards)}, got {show(got)}"
    return None


# ---------------------------------------------------------------------------
# What a model provides
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """One ruleset plus --opt overrides, and the rule values they must mean."""

    name: str  # a short name for reports
    game: str  # the GAME argument of `delve play`
    opts: tuple[str, ...]  # KEY=VALUE pairs passed as --opt
    rules: tuple[tuple[str, Any], ...]  # the model's rule values

    def rule(self, key: str) -> Any:
        return dict(self.rules)[key]

    def command(self, delve: str, seed: int, deal_file: str | None) -> list[str]:
        # A lone option is asked, so every decision, forced or not, is compared;
        # face-down cards are shown so the table is compared card for card.
        cmd = [delve, "play", self.game, "--seed", str(seed), "--json", "--reveal"]
        if deal_file is not None:
            cmd += ["--deal", deal_file]
        cmd += ["--opt", "lone_option=ask"]
        for opt in self.opts:
            cmd += ["--opt", opt]
        return cmd


class Position:
    """A model's position. Subclasses implement the rules of one game."""

    outcome: str | None = None  # "win" / "loss" once the game is over
    seen: Counter | None = None  # positions met, for the repetition rule (None: not counted)
    events: Counter
    search = "best"  # how the search policy looks for a win: "best" first, or "depth" first

    def moves(self) -> list[tuple]:
        """The moves the position offers, in the spec's order."""
        raise NotImplementedError

    def label(self, move: tuple) -> str:
        """What a player reads for a move."""
        raise NotImplementedError

    def options(self) -> list[tuple[str, tuple]]:
        """The options of the position in the spec's order, as (label, move)."""
        return [(self.label(m), m) for m in self.moves()]

    def apply(self, move: tuple) -> list[str]:
        """Plays a move and what follows by itself; returns what the spec says is said."""
        raise NotImplementedError

    def score(self) -> int:
        raise NotImplementedError

    def piles(self) -> dict[str, list[tuple[int, bool]]]:
        """The table as the host must show it (with --reveal)."""
        raise NotImplementedError

    def key(self):
        """What makes two positions the same (the repetition rule; the search)."""
        raise NotImplementedError

    def clone(self, counted: bool = True) -> "Position":
        raise NotImplementedError

    def merit(self, move: tuple) -> float:
        """A rough greedy judgement of a move (a policy, not a rule)."""
        raise NotImplementedError

    def value(self) -> float:
        """A rough judgement of the position for the search (higher is nearer a win)."""
        raise NotImplementedError

    def table_differs(self, table: Piles) -> str | None:
        return compare_piles(self.piles(), table)

    # The repetition rule, for the games that have it.
    def count_position(self) -> bool:
        """Counts the position; True when it has now come a third time."""
        if self.seen is None:
            return False
        k = self.key()
        self.seen[k] += 1
        return self.seen[k] >= 3


@dataclass
class Game:
    """A model of one game, as the driver needs it."""

    title: str
    configs: list[Config]
    deal: Callable[[Config, list[int]], Position]  # from a deck, top card first
    from_table: Callable[[Config, Piles], Position]  # from the host's first table
    numbered: Callable[[Config, int], Position] | None = None  # the model's own numbered deal
    max_seed: int = 2**32 - 1
    deck: list[int] = field(default_factory=lambda: list(DECK))  # the cards a random deal shuffles


# ---------------------------------------------------------------------------
# Choosing moves (this program's own policies, not rules)
# ---------------------------------------------------------------------------

# uniform: any option (games that go round in circles meet the repetition rule);
# explore: any option that leads somewhere new; greedy: the model's rough merit of
# a move, noisy, somewhere new; search: a line to a win the model's search found.
POLICIES = ("uniform", "explore", "explore", "greedy", "greedy", "search", "search")


def leads_somewhere_new(pos: Position, move: tuple) -> bool:
    if pos.seen is None:
        return True
    nxt = pos.clone(counted=False)
    nxt.apply(move)
    return nxt.key() not in pos.seen


def search_win(start: Position, budget: int) -> list[int] | None:
    """A search in the model for a line of option indexes to a win, within `budget` positions.

    Best first by the model's judgement of positions; a model whose `search` is
    "depth" is searched depth first instead, the best child first (for games
    where every move takes a card, and a line is judged by how deep it goes).
    """
    root = start.clone(counted=False)
    visited = {root.key()}
    tie = itertools.count()
    depth_first = start.search == "depth"
    frontier = [(0.0, next(tie), root, [])]
    while frontier and budget > 0:
        _, _, pos, line = frontier.pop() if depth_first else heapq.heappop(frontier)
        children = []
        for i, move in enumerate(pos.moves()):
            budget -= 1
            nxt = pos.clone(counted=False)
            nxt.apply(move)
            if nxt.outcome == "win":
                return line + [i]
            k = nxt.key()
            if nxt.outcome is not None or k in visited:
                continue
            visited.add(k)
            # Depth costs a little, so that of two equal positions the nearer is tried first.
            children.append((-nxt.value() + len(line) * 0.01, next(tie), nxt, line + [i]))
        if depth_first:
            frontier += sorted(children, reverse=True)  # the best is popped first
        else:
            for child in children:
                heapq.heappush(frontier, child)
    return None


class Chooser:
    def __init__(self, rng: random.Random, policy: str, search_budget: int):
        self.rng = rng
        self.policy = policy
        self.search_budget = search_budget
        self.line: list[int] | None = None  # the search's winning line, while it is followed

    def choose(self, pos: Position, opts: list[tuple[str, tuple]]) -> int:
        if self.policy == "search":
            if self.line is None:
                self.line = search_win(pos, self.search_budget) or []
                pos.events["search found a win" if self.line else "search gave up"] += 1
            if self.line:
                return self.line.pop(0)
            self.policy = "greedy"
        if self.policy == "uniform" or len(opts) == 1:
            return self.rng.randrange(len(opts))
        fresh = [i for i, (_, move) in enumerate(opts) if leads_somewhere_new(pos, move)] or list(range(len(opts)))
        if self.policy == "explore" or self.rng.random() < 0.05:
            return self.rng.choice(fresh)
        return max(fresh, key=lambda i: pos.merit(opts[i][1]) + self.rng.random())


# ---------------------------------------------------------------------------
# Driving the host
# ---------------------------------------------------------------------------


@dataclass
class Mismatch:
    config: Config
    seed: int
    deal: str | None  # the deal file's text, or None for a numbered deal
    choices: list[int]
    what: str
    expected: Any
    actual: Any

    def report(self, delve: str) -> str:
        deal_file = "/tmp/patience-deal.txt" if self.deal is not None else None
        cmd = " ".join(shlex.quote(a) for a in self.config.command(delve, self.seed, deal_file))
        answers = "".join(f"{c}\\n" for c in self.choices)
        lines = [
            f"MISMATCH [{self.config.name}] {self.what}",
            f"  configuration: {self.config.game} {' '.join('--opt ' + o for o in self.config.opts)}".rstrip(),
            f"  deal: {'deal file ' + self.deal.strip() if self.deal is not None else f'number {self.seed}'}",
            f"  choices so far (0-based): {self.choices}",
            f"  expected: {self.expected}",
            f"  actual:   {self.actual}",
        ]
        setup = f"printf '{self.deal.strip()}\\n' > {deal_file} && " if self.deal is not None else ""
        lines.append(f"  reproduce: {setup}printf '{answers}' | {cmd}")
        return "\n".join(lines)


@dataclass
class GameResult:
    decisions: int = 0
    outcome: str | None = None  # None: cut short at the decision cap
    policy: str = ""
    events: Counter = field(default_factory=Counter)
    mismatch: Mismatch | None = None


class Host:
    """One `delve play --json` process, read a message at a time."""

    def __init__(self, cmd: list[str], timeout: float):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, encoding="utf-8", cwd=REPO)
        self.watchdog = threading.Timer(timeout, self.proc.kill)
        self.watchdog.start()

    def next_decision(self) -> tuple[dict | None, list[str]]:
        """The next prompt or end (None at the end of output), and the say lines before it."""
        says = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                return None, says
            msg = json.loads(line)
            kind = msg.get("type")
            if kind == "say":
                says.append(msg.get("text", ""))
            elif kind in ("prompt", "end", "error"):
                return msg, says
            # hello, ok, and any type a later protocol adds, are skipped

    def send(self, text: str) -> None:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def failure(self) -> str:
        self.proc.kill()
        return f"EOF (exit {self.proc.wait()}; stderr: {self.proc.stderr.read().strip()!r})"

    def close(self) -> int | None:
        self.watchdog.cancel()
        try:
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()
        return code


def said_differs(expected: list[str], says: list[str]) -> str | None:
    """Whether the lines the spec fixes were said, as a multiset (their order is not fixed)."""
    actual = [s for s in says if SAID.match(s)]
    if Counter(actual) != Counter(expected):
        return f"expected {expected}, said {actual}"
    return None


def play_one(delve: str, game: Game, config: Config, seed: str, workdir: str, timeout: float,
             max_decisions: int, search_budget: int) -> GameResult:
    rng = random.Random(f"{seed}/{config.name}/deal")
    chooser_rng = random.Random(f"{seed}/{config.name}/choices")
    policy = chooser_rng.choice(POLICIES)
    chooser = Chooser(chooser_rng, policy, search_budget)
    numbered = rng.random() < 0.25
    result = GameResult(policy=policy)
    choices: list[int] = []
    path = None
    if numbered:
        number = rng.randint(1, game.max_seed)
        deal_text = None
        pos = game.numbered(config, number) if game.numbered else None
    else:
        number = 1
        deck = list(game.deck)
        rng.shuffle(deck)
        deal_text = " ".join(ascii_name(c) for c in deck) + "\n"
        pos = game.deal(config, deck)
        fd, path = tempfile.mkstemp(suffix=".txt", dir=workdir)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(deal_text)

    def fail(what: str, expected, actual) -> GameResult:
        result.mismatch = Mismatch(config, number, deal_text, list(choices), what, expected, actual)
        return result

    host = Host(config.command(delve, number, path), timeout)
    expected_says: list[str] = []
    try:
        while True:
            msg, says = host.next_decision()
            if msg is None:
                return fail("host output ended without an end line", "a prompt or end", host.failure())
            kind = msg["type"]
            if kind == "error":
                return fail("host sent an error", "a prompt or end", msg)
            table = Piles(msg["table"])
            if pos is None:  # a numbered deal the model does not compute: the host's first table
                pos = game.from_table(config, table)
                says = []  # what the host said while dealing is the deal's, which is taken as it is
            result.events = pos.events
            if (diff := said_differs(expected_says, says)) is not None:
                return fail("what was said after the last choice differs", diff, says)
            if kind == "end":
                table = table.before_the_end(pos.piles())
            if (diff := pos.table_differs(table)) is not None:
                return fail("tables differ", diff, f"(the host's {kind})")
            expected = pos.options() if pos.outcome is None else []
            expected_labels = [label for label, _ in expected]
            if kind == "prompt":
                actual_labels = [o["label"] for o in msg["options"]]
                if pos.outcome is not None:
                    return fail(f"host kept playing after the model's {pos.outcome}",
                                f"end {pos.outcome} score={pos.score()}", actual_labels)
                if actual_labels != expected_labels:
                    return fail("option lists differ", expected_labels, actual_labels)
                if result.decisions >= max_decisions:
                    pos.events["cut short"] += 1
                    host.send("quit")
                    return result
                result.decisions += 1
                index = chooser.choose(pos, expected)
                choices.append(index)
                expected_says = pos.apply(expected[index][1])
                host.send(str(index))
            else:  # end
                actual = f"end {msg.get('outcome')} score={msg.get('score')} summary={msg.get('summary')!r}"
                if pos.outcome is None:
                    return fail("host ended the game while the model still has a decision",
                                expected_labels, actual)
                result.outcome = pos.outcome
                if msg.get("outcome") != pos.outcome or msg.get("score") != pos.score():
                    return fail("outcome or score differs", f"end {pos.outcome} score={pos.score()}", actual)
                code = host.close()
                if code != 0:
                    return fail("host exit status after the end", "exit 0", f"exit {code}")
                return result
    except (BrokenPipeError, json.JSONDecodeError) as err:
        return fail("host protocol broke", "JSON lines", repr(err))
    finally:
        if host.proc.poll() is None:
            host.proc.kill()
        host.close()
        if path:
            os.unlink(path)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main(game: Game, doc: str) -> int:
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--deals", type=int, required=True, help="games per configuration")
    parser.add_argument("--seed", default="0", help="master seed (any string)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games run in parallel")
    parser.add_argument("--delve", default=str(REPO / "target" / "release" / "delve"),
                        help="the delve binary (default: target/release/delve)")
    parser.add_argument("--config", action="append", choices=[c.name for c in game.configs],
                        help="check only this configuration (repeatable)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds allowed per game")
    parser.add_argument("--max-decisions", type=int, default=400,
                        help="decisions after which a game is left (not a mismatch)")
    parser.add_argument("--search-budget", type=int, default=20000,
                        help="positions the search policy may try for a winning line")
    parser.add_argument("--max-reports", type=int, default=5, help="mismatches printed per configuration")
    args = parser.parse_args()

    if not os.access(args.delve, os.X_OK):
        print(f"no delve binary at {args.delve}: run `cargo build --release` first", file=sys.stderr)
        return 2
    configs = [c for c in game.configs if not args.config or c.name in args.config]

    started = time.monotonic()
    failed = False
    with tempfile.TemporaryDirectory(prefix="patience-crosscheck-") as workdir, \
            ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for config in configs:
            t0 = time.monotonic()
            results = list(pool.map(
                lambda i: play_one(args.delve, game, config, f"{args.seed}/{i}", workdir, args.timeout,
                                   args.max_decisions, args.search_budget),
                range(args.deals)))
            mismatches = [r.mismatch for r in results if r.mismatch]
            decisions = sum(r.decisions for r in results)
            wins = sum(r.outcome == "win" for r in results)
            losses = sum(r.outcome == "loss" for r in results)
            print(f"{game.title} {config.name:<15} {args.deals} games, {decisions} decisions compared, "
                  f"{wins} wins, {losses} losses, {len(mismatches)} mismatches "
                  f"({time.monotonic() - t0:.1f}s)", flush=True)
            events = sum((r.events for r in results), Counter())
            if events:
                print("    reached: " + ", ".join(f"{k} {v}" for k, v in sorted(events.items())), flush=True)
            for m in mismatches[: args.max_reports]:
                print(m.report(args.delve), flush=True)
            if len(mismatches) > args.max_reports:
                print(f"  ... and {len(mismatches) - args.max_reports} more", flush=True)
            failed |= bool(mismatches)
    print(f"{game.title}: {time.monotonic() - started:.1f}s, "
          f"{'MISMATCHES FOUND' if failed else 'all agree'}")
    return 1 if failed else 0
