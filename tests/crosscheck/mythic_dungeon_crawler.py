#!/usr/bin/env python3
"""Differential test for the Mythic Dungeon Crawler ruleset.

A second, independent implementation of the rules in
shared/rules/mythic-dungeon-crawler.md, written from that spec and from the
labels and rulings the script's author chose where the spec shows none (it
was written without looking at games/mythic-dungeon-crawler*.rhai).  It plays
random games against `target/release/delve play GAME --json` and checks that
every prompt offers exactly the model's options, labels and order alike, and
that the end (win or loss, score) agrees.

Fixing a deal: the model draws a complete order of the dungeon pile and
writes it as line 1 of a deal file, top card first.  When the random player
skips a room, the model knows what the pile holds at that shuffle: it draws
an order of exactly those cards, appends it as the next line, restarts the
host with the longer file, replays the choices made so far (a run is
deterministic) and sends the skip.

Configurations: mythic-dungeon-crawler with jokers mythic (default), holders
and none; mythic-dungeon-crawler-easy; and health=60 max_health=60, so that
games reach the end of the dungeon.

Readings taken where neither the spec nor the author's rulings decide:
  * options within one room slot come in this order: a ♦ or ♥: equip (left,
    right) or drink, store, hold with a joker (hands, then bag), forced
    discard; the Treasure: loot, equip, store; a joker: equip, store,
    discard; a monster: bare-handed, blocking (left, right), attack (left,
    right; each Dragon attack followed by its blocked form), trap, and bait
    under the Dragon; a held card: equip, move to bag, return to the room;
  * the Treasure may be looted while an item covers the bag (the spec bars
    only defeated monsters) and scores;
  * a returned card goes to the first empty room slot;
  * open points listed in RULINGS, switchable with --ruling.

Usage:
    python3 tests/crosscheck/mythic_dungeon_crawler.py --deals N [--seed S]
        [--config NAME]... [--jobs J] [--events] [--ruling POINT]...

--events lists how often each rule came up.  A mismatch report gives the
configuration, the command, the deal file, the choices made (0-based) and the
expected and actual options.  Exit status: 0 when every deal agreed, 1 on any
mismatch, 2 when the binary is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Optional

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(REPO, "target", "release", "delve")

# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "D", "C"]
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_JOKER, BLACK_JOKER = "RJ", "BJ"

LEFT, RIGHT = 0, 1
HAND_NAME = ("left hand", "right hand")

# Points the spec leaves open and the author's list of rulings does not settle.
# The value is this model's reading; --ruling switches to the other.
RULINGS = {
    # A weakened monster trapped on a holder joker: do the weapons lying on it
    # come along (it stays weakened) or are they discarded (it returns whole)?
    "trap sheds weapons": False,
}
# Events (see Model.note) that pass through one of those open points.
OPEN_POINT_EVENTS = {"joker traps a weakened monster"}


def full_deck(jokers: str) -> list[str]:
    """The cards at setup: 52, plus both jokers unless jokers=none."""
    deck = [r + s for s in SUITS for r in RANKS]
    if jokers != "none":
        deck += [RED_JOKER, BLACK_JOKER]
    return deck


def suit(card: str) -> str:
    return "J" if card in (RED_JOKER, BLACK_JOKER) else card[-1]


def value(card: str) -> int:
    """2-10 face value, J 11, Q 12, K 13, A 14."""
    return RANKS.index(card[:-1]) + 2


# --------------------------------------------------------------------------
# Game state
# --------------------------------------------------------------------------


@dataclass
class Item:
    """A face-up card in a hand slot or stored in the bag.

    kind: 'diamond' (an unused ♦), 'shield' (a ♦ that has blocked),
    'potion', 'treasure', or 'joker' (a holder joker).
    A holder joker may hold an item (held, held_is_monster False) or trap a
    monster (held_is_monster True, with held_weapons lying on it).
    """

    card: str
    kind: str
    durability: int = 0
    held: Optional[str] = None
    held_is_monster: bool = False
    held_weapons: list[str] = field(default_factory=list)

    @property
    def unused(self) -> bool:
        """May move between hand and bag (no shield use, no card on a joker)."""
        if self.kind == "shield":
            return False
        if self.kind == "joker":
            return self.held is None
        return True


@dataclass
class RoomCard:
    card: str
    weapons: list[str] = field(default_factory=list)  # lying on a weakened monster


class GameOver(Exception):
    pass


class Model:
    """The state of one game and every rule of the spec."""

    def __init__(self, jokers: str, health: int, max_health: int, order: list[str]):
        self.jokers = jokers
        self.health = min(health, max_health)
        self.max_health = max_health
        self.pile: list[str] = []  # index 0 is the top
        self.room: list[Optional[RoomCard]] = [None, None, None, None]
        self.hands: list[Optional[Item]] = [None, None]
        self.loot: list[str] = []  # defeated monsters, face down
        self.treasure_looted = False
        self.bag_item: Optional[Item] = None  # the face-up stored card
        self.discard: list[str] = []
        self.skips_in_row = 0
        self.touched = False  # a room card has been interacted with in this room
        self.outcome: Optional[str] = None
        self.events: Counter = Counter()  # which rules this game exercised
        self.setup(order)

    def note(self, event: str) -> None:
        self.events[event] += 1

    # ---------------------------------------------------------- card roles
    def is_monster(self, card: str) -> bool:
        return suit(card) in ("C", "S") or (self.jokers == "mythic" and card == RED_JOKER)

    def is_dragon(self, card: str) -> bool:
        return self.jokers == "mythic" and card == RED_JOKER

    def is_treasure(self, card: str) -> bool:
        return self.jokers == "mythic" and card == BLACK_JOKER

    def is_holder(self, card: str) -> bool:
        return self.jokers == "holders" and card in (RED_JOKER, BLACK_JOKER)

    def name(self, card: str) -> str:
        """Card as labels show it: 7♦, the Dragon, the Treasure, RJ."""
        if self.is_dragon(card):
            return "the Dragon"
        if self.is_treasure(card):
            return "the Treasure"
        if card in (RED_JOKER, BLACK_JOKER):
            return card
        return card[:-1] + SUIT_SYMBOL[card[-1]]

    def strength(self, rc: RoomCard) -> int:
        """A monster's remaining strength (the Dragon is 15)."""
        base = 15 if self.is_dragon(rc.card) else value(rc.card)
        return base - sum(value(w) for w in rc.weapons)

    def score(self) -> int:
        """Monsters in the bag, +5 when the Treasure was looted."""
        return len(self.loot) + (5 if self.treasure_looted else 0)

    # ---------------------------------------------------------- rule: setup
    def setup(self, order: list[str]) -> None:
        """Shuffle everything as the dungeon pile, deal 4 into the room."""
        self.pile = list(order)
        self.fill_room()

    # ---------------------------------------------------- rule: fill a room
    def fill_room(self) -> None:
        """Empty slots fill in slot order from the top of the pile, while it lasts."""
        for i in range(4):
            if self.room[i] is None and self.pile:
                self.room[i] = RoomCard(self.pile.pop(0))
        if self.empty_slots():
            self.note("room not filled: pile ran out")

    def empty_slots(self) -> list[int]:
        return [i for i in range(4) if self.room[i] is None]

    def room_cards(self) -> list[RoomCard]:
        return [rc for rc in self.room if rc is not None]

    # ------------------------------------------------- rule: clear the room
    def after_action(self) -> None:
        """Win check, then a new room once 3 of the 4 slots are empty."""
        if self.outcome:
            return
        self.check_win()
        if self.outcome:
            return
        if len(self.empty_slots()) >= 3 and self.pile:
            self.fill_room()
            self.skips_in_row = 0
            self.touched = False

    # --------------------------------------------------------- rule: winning
    def check_win(self) -> None:
        """No monster left in the dungeon pile and the room: a win."""
        if any(self.is_monster(c) for c in self.pile):
            return
        if any(self.is_monster(rc.card) for rc in self.room_cards()):
            return
        self.outcome = "win"
        self.note("win")
        if any(j.held_is_monster for j in self.hands + [self.bag_item]
               if j is not None and j.kind == "joker" and j.held):
            self.note("win with a monster trapped on a joker")
        raise GameOver

    # ---------------------------------------------------------- rule: damage
    def take_damage(self, amount: int) -> None:
        """Health drops; at 0 the game is lost at once."""
        self.health -= amount
        if self.health <= 0:
            self.outcome = "loss"
            self.note("loss")
            raise GameOver

    def heal(self, amount: int) -> None:
        self.health = min(self.max_health, self.health + amount)

    # ----------------------------------------------------- rule: bag storage
    def bag_covered(self) -> bool:
        """An item stored face up: defeated monsters are discarded, not looted."""
        return self.bag_item is not None

    def free_hands(self) -> list[int]:
        return [h for h in (LEFT, RIGHT) if self.hands[h] is None]

    def jokers_ready(self) -> list[tuple[str, Item]]:
        """Holder jokers (hands, then bag) holding nothing: may hold or trap."""
        out = []
        for h in (LEFT, RIGHT):
            it = self.hands[h]
            if it is not None and it.kind == "joker" and it.held is None:
                out.append(("hand", it))
        if self.bag_item is not None and self.bag_item.kind == "joker" and self.bag_item.held is None:
            out.append(("bag", self.bag_item))
        return out

    # ------------------------------------------------- rule: defeat a monster
    def defeat(self, slot: int) -> None:
        """Defeated monster: weapons on it discarded, looted unless the bag is covered."""
        rc = self.room[slot]
        self.room[slot] = None
        self.discard += rc.weapons
        if rc.weapons:
            self.note("weakened monster defeated")
        if self.bag_covered():
            self.note("defeated monster discarded (bag covered)")
            self.discard.append(rc.card)
        else:
            self.loot.append(rc.card)

    # -------------------------------------------------------- rule: blocking
    def block(self, strength: int, shield_hand: Optional[int]) -> int:
        """Returns damage taken; a shield loses durability or breaks."""
        if shield_hand is None:
            return strength
        sh = self.hands[shield_hand]
        dur = sh.durability if sh.kind == "shield" else value(sh.card)
        if strength < dur:
            sh.kind, sh.durability = "shield", dur - strength
            self.note("shield holds")
            return 0
        self.note("shield breaks")
        self.hands[shield_hand] = None
        self.discard.append(sh.card)
        return strength - dur

    def shields(self) -> list[int]:
        """Hands holding an unused ♦ or a shield."""
        return [h for h in (LEFT, RIGHT)
                if self.hands[h] is not None and self.hands[h].kind in ("diamond", "shield")]

    def weapons(self) -> list[int]:
        """Hands holding a ♦ that has never blocked."""
        return [h for h in (LEFT, RIGHT)
                if self.hands[h] is not None and self.hands[h].kind == "diamond"]

    # ----------------------------------------------------------- rule: fight
    def do_fight(self, slot: int, shield_hand: Optional[int]) -> None:
        rc = self.room[slot]
        strength = self.strength(rc)
        dmg = self.block(strength, shield_hand)
        self.take_damage(dmg)
        if self.is_dragon(rc.card):
            self.dragon_wound(dmg)
        self.defeat(slot)

    # ---------------------------------------------------------- rule: attack
    def do_attack(self, slot: int, weapon_hand: int) -> None:
        rc = self.room[slot]
        weapon = self.hands[weapon_hand].card
        self.hands[weapon_hand] = None
        if value(weapon) >= self.strength(rc):
            rc.weapons.append(weapon)
            self.defeat(slot)
        else:
            rc.weapons.append(weapon)
            self.note("weapon lies on monster")

    # -------------------------------------------------------- rule: dragon
    def do_dragon_attack(self, slot: int, weapon_hand: int, shield_hand: Optional[int]) -> None:
        """One weapon, then the Dragon strikes back at once and is defeated."""
        rc = self.room[slot]
        weapon = self.hands[weapon_hand].card
        self.hands[weapon_hand] = None
        rc.weapons.append(weapon)
        self.note("attack the Dragon" + (", blocking" if shield_hand is not None else ""))
        strength = self.strength(rc)
        if strength <= 0:
            self.defeat(slot)
            return
        dmg = self.block(strength, shield_hand)
        self.take_damage(dmg)
        self.dragon_wound(dmg)
        self.defeat(slot)

    def dragon_wound(self, dmg: int) -> None:
        """More than 10 damage in one Dragon attack: max health -5, health capped."""
        self.note("dragon fought")
        if dmg > 10:
            self.note("dragon wound")
            self.max_health -= 5
            self.health = min(self.health, self.max_health)

    # ---------------------------------------------------------- rule: bait
    def treasure_place(self) -> Optional[tuple[str, int]]:
        """Where an unlooted Treasure is kept: ('room', slot), ('hand', h) or ('bag', 0)."""
        for i, rc in enumerate(self.room):
            if rc is not None and self.is_treasure(rc.card):
                return ("room", i)
        for h in (LEFT, RIGHT):
            if self.hands[h] is not None and self.hands[h].kind == "treasure":
                return ("hand", h)
        if self.bag_item is not None and self.bag_item.kind == "treasure":
            return ("bag", 0)
        return None

    def do_bait(self, slot: int) -> None:
        where, i = self.treasure_place()
        self.note(f"bait with the Treasure from the {where}")
        if where == "room":
            self.room[i] = None
        elif where == "hand":
            self.hands[i] = None
        else:
            self.bag_item = None
        self.discard += [self.room[slot].card, BLACK_JOKER]
        self.room[slot] = None

    # ---------------------------------------------------------- rule: skip
    def can_skip(self) -> bool:
        """Untouched room of 4 cards; no third skip in a row."""
        return (not self.touched and len(self.room_cards()) == 4 and self.skips_in_row < 2)

    def skip_content(self) -> list[str]:
        """The pile's content at the skip's shuffle."""
        return self.pile + [rc.card for rc in self.room_cards()]

    def skip_fear(self) -> None:
        """A second skip in a row: 5 fear damage, before anything else."""
        self.skips_in_row += 1
        self.note("skip")
        if self.skips_in_row == 2:
            self.note("second skip in a row (fear)")
            if self.health <= 5:
                self.note("fear damage kills")
            self.take_damage(5)

    def do_skip(self, order: list[str]) -> None:
        if len(order) == 4:
            self.note("skip with an empty dungeon pile")
        for i in range(4):
            rc = self.room[i]
            if rc.weapons:
                self.note("skip sheds weapons from a weakened monster")
            self.discard += rc.weapons
            self.room[i] = None
        self.pile = list(order)
        self.fill_room()
        self.touched = False

    # ================================================================ options
    def options(self) -> list[tuple[str, Callable[[], None], str]]:
        """Every legal interaction: (label, effect, category for the policy)."""
        opts: list[tuple[str, Callable[[], None], str]] = []
        for slot in range(4):
            rc = self.room[slot]
            if rc is None:
                continue
            c = rc.card
            if self.is_dragon(c):
                opts += self.dragon_options(slot)
            elif self.is_monster(c):
                opts += self.monster_options(slot)
            elif self.is_treasure(c):
                opts += self.treasure_room_options(slot)
            elif self.is_holder(c):
                opts += self.joker_room_options(slot)
            elif suit(c) == "D":
                opts += self.diamond_room_options(slot)
            elif suit(c) == "H":
                opts += self.potion_room_options(slot)
        for h in (LEFT, RIGHT):
            if self.hands[h] is not None:
                opts += self.hand_options(h)
        if self.bag_item is not None:
            opts += self.bag_options()
        if self.can_skip():
            opts.append(("skip room", None, "skip"))
        elif not self.touched and len(self.room_cards()) == 4:
            self.note("third skip refused")
        return opts

    # helper: an interaction with a room card
    def _room_act(self, fn: Callable[[], None]) -> Callable[[], None]:
        def run():
            self.touched = True
            fn()
        return run

    def forced_discard_allowed(self) -> bool:
        """Both hands full and an item in the bag."""
        return not self.free_hands() and self.bag_covered()

    # ------------------------------------------- rule: equip a ♦ from the room
    def diamond_room_options(self, slot):
        c = self.room[slot].card
        out = []
        for h in self.free_hands():
            out.append((f"equip {self.name(c)} ({HAND_NAME[h]})",
                        self._room_act(lambda h=h: self.take_to_hand(slot, h, "diamond")), "equip"))
        out += self.store_and_hold_options(slot)
        return out

    def take_to_hand(self, slot: int, h: int, kind: str) -> None:
        self.hands[h] = Item(self.room[slot].card, kind)
        self.room[slot] = None

    # ---------------------------------------------- rule: drink from the room
    def potion_room_options(self, slot):
        c = self.room[slot].card
        out = []
        if self.free_hands():
            out.append((f"drink {self.name(c)}", self._room_act(lambda: self.drink_from_room(slot)),
                        "drink" if self.health < self.max_health else "waste"))
        out += self.store_and_hold_options(slot)
        return out

    def drink_from_room(self, slot: int) -> None:
        c = self.room[slot].card
        self.room[slot] = None
        self.discard.append(c)
        self.heal(value(c))

    # ------------------------- rule: store in bag / holder joker / forced discard
    def store_and_hold_options(self, slot):
        c = self.room[slot].card
        kind = "diamond" if suit(c) == "D" else "potion"
        out = []
        if not self.bag_covered():
            out.append((f"store {self.name(c)} in bag",
                        self._room_act(lambda: self.store_from_room(slot, kind)), "store"))
        for _, j in self.jokers_ready():
            out.append((f"hold {self.name(c)} with {j.card}",
                        self._room_act(lambda j=j: self.joker_take(slot, j, False)), "hold"))
        if self.forced_discard_allowed():
            out.append((f"discard {self.name(c)}",
                        self._room_act(lambda: self.discard_from_room(slot)), "discard"))
        return out

    def store_from_room(self, slot: int, kind: str) -> None:
        self.bag_item = Item(self.room[slot].card, kind)
        self.room[slot] = None

    def discard_from_room(self, slot: int) -> None:
        self.note("forced discard" + (" of a joker" if self.is_holder(self.room[slot].card) else ""))
        self.discard.append(self.room[slot].card)
        self.room[slot] = None

    # --------------------------------------------------- rule: monsters
    def monster_options(self, slot):
        rc = self.room[slot]
        m = self.name(rc.card)
        s = self.strength(rc)
        out = [(f"fight {m} bare-handed", self._room_act(lambda: self.do_fight(slot, None)),
                ("fight", s))]
        for h in self.shields():
            out.append((f"fight {m} blocking with {self.name(self.hands[h].card)}",
                        self._room_act(lambda h=h: self.do_fight(slot, h)),
                        ("fight", self.block_preview(s, h))))
        for h in self.weapons():
            w = value(self.hands[h].card)
            out.append((f"attack {m} with {self.name(self.hands[h].card)}",
                        self._room_act(lambda h=h: self.do_attack(slot, h)),
                        "kill" if w >= s else "weaken"))
        if len(self.jokers_ready()) == 2:
            self.note("two jokers ready")
        for _, j in self.jokers_ready():
            out.append((f"trap {m} with {j.card}",
                        self._room_act(lambda j=j: self.joker_take(slot, j, True)), "hold"))
        return out

    def block_preview(self, strength: int, h: int) -> int:
        sh = self.hands[h]
        dur = sh.durability if sh.kind == "shield" else value(sh.card)
        return 0 if strength < dur else strength - dur

    def dragon_options(self, slot):
        rc = self.room[slot]
        s = self.strength(rc)
        out = [("fight the Dragon bare-handed", self._room_act(lambda: self.do_fight(slot, None)),
                ("fight", s))]
        for h in self.shields():
            out.append((f"fight the Dragon blocking with {self.name(self.hands[h].card)}",
                        self._room_act(lambda h=h: self.do_fight(slot, h)),
                        ("fight", self.block_preview(s, h))))
        for w in self.weapons():
            wn = self.name(self.hands[w].card)
            r = s - value(self.hands[w].card)
            out.append((f"attack the Dragon with {wn}",
                        self._room_act(lambda w=w: self.do_dragon_attack(slot, w, None)),
                        ("fight", r)))
            for h in self.shields():
                if h == w:
                    continue
                out.append((f"attack the Dragon with {wn}, blocking with {self.name(self.hands[h].card)}",
                            self._room_act(lambda w=w, h=h: self.do_dragon_attack(slot, w, h)),
                            ("fight", self.block_preview(r, h))))
        if self.treasure_place() is not None:
            out.append(("bait the Dragon with the Treasure",
                        self._room_act(lambda: self.do_bait(slot)), "bait"))
        return out

    # --------------------------------------------------- rule: the Treasure
    def treasure_room_options(self, slot):
        out = [("loot the Treasure", self._room_act(lambda: self.loot_treasure(slot)), "loot")]
        for h in self.free_hands():
            out.append((f"equip the Treasure ({HAND_NAME[h]})",
                        self._room_act(lambda h=h: self.take_to_hand(slot, h, "treasure")), "keep"))
        if not self.bag_covered():
            out.append(("store the Treasure in bag",
                        self._room_act(lambda: self.store_from_room(slot, "treasure")), "keep"))
        return out

    def loot_treasure(self, slot: int) -> None:
        self.note("treasure looted" + (" into a covered bag" if self.bag_covered() else ""))
        self.room[slot] = None
        self.treasure_looted = True

    # ------------------------------------------------ rule: holder jokers
    def joker_room_options(self, slot):
        c = self.room[slot].card
        out = []
        for h in self.free_hands():
            out.append((f"equip {c} ({HAND_NAME[h]})",
                        self._room_act(lambda h=h: self.take_to_hand(slot, h, "joker")), "joker"))
        if not self.bag_covered():
            out.append((f"store {c} in bag",
                        self._room_act(lambda: self.store_from_room(slot, "joker")), "joker"))
        if self.forced_discard_allowed():
            out.append((f"discard {c}", self._room_act(lambda: self.discard_from_room(slot)), "discard"))
        return out

    def joker_take(self, slot: int, joker: Item, is_monster: bool) -> None:
        rc = self.room[slot]
        self.room[slot] = None
        self.note("joker traps a monster" if is_monster else "joker holds an item")
        joker.held = rc.card
        joker.held_is_monster = is_monster
        joker.held_weapons = list(rc.weapons)
        if rc.weapons:
            self.note("joker traps a weakened monster")
            if RULINGS["trap sheds weapons"]:
                self.discard += rc.weapons
                joker.held_weapons = []

    def joker_release(self, joker: Item) -> str:
        card = joker.held
        self.discard.append(joker.card)
        return card

    def held_options(self, joker: Item, where: str, h: int):
        """Using a joker's card: to a hand, to the bag, or back to the room."""
        out = []
        card = joker.held
        n = self.name(card)
        if not joker.held_is_monster:
            kind = "diamond" if suit(card) == "D" else "potion"
            for t in (LEFT, RIGHT):
                if self.hands[t] is None or (where == "hand" and t == h):
                    out.append((f"equip {n} from {joker.card} ({HAND_NAME[t]})",
                                lambda t=t: self.held_to_hand(joker, where, h, t, kind), "use"))
            if where == "hand" and not self.bag_covered():
                out.append((f"move {n} from {joker.card} to bag",
                            lambda: self.held_to_bag(joker, h, kind), "use"))
        if self.empty_slots():
            out.append((f"return {n} from {joker.card} to the room",
                        lambda: self.held_to_room(joker, where, h), "return"))
        return out

    def remove_joker(self, where: str, h: int) -> None:
        self.note(f"held card used from a joker in the {where}")
        if where == "hand":
            self.hands[h] = None
        else:
            self.bag_item = None

    def held_to_hand(self, joker, where, h, t, kind) -> None:
        self.remove_joker(where, h)
        self.note("held card equipped")
        self.hands[t] = Item(self.joker_release(joker), kind)

    def held_to_bag(self, joker, h, kind) -> None:
        self.remove_joker("hand", h)
        self.note("held card moved to the bag")
        self.bag_item = Item(self.joker_release(joker), kind)

    def held_to_room(self, joker, where, h) -> None:
        self.remove_joker(where, h)
        weapons = list(joker.held_weapons)
        slot = self.empty_slots()[0]
        self.note("held card returned to the room" + ("" if self.pile else " (pile empty)"))
        self.room[slot] = RoomCard(self.joker_release(joker), weapons)

    # ------------------------------------- rule: free moves (hands and bag)
    def hand_options(self, h: int):
        it = self.hands[h]
        n = self.name(it.card)
        out = []
        if it.kind == "joker" and it.held is not None:
            return self.held_options(it, "hand", h)
        if it.kind == "potion":
            out.append((f"drink {n}", lambda: self.drink_from_hand(h),
                        "drink" if self.health < self.max_health else "waste"))
        if it.unused and not self.bag_covered():
            out.append((f"move {n} from {HAND_NAME[h]} to bag", lambda: self.hand_to_bag(h), "move"))
        return out

    def bag_options(self):
        it = self.bag_item
        n = self.name(it.card)
        out = []
        if it.kind == "joker" and it.held is not None:
            return self.held_options(it, "bag", 0)
        if it.kind == "potion" and self.free_hands():
            out.append((f"drink {n}", self.drink_from_bag,
                        "drink" if self.health < self.max_health else "waste"))
        for h in self.free_hands():
            out.append((f"move {n} from bag to {HAND_NAME[h]}", lambda h=h: self.bag_to_hand(h), "move"))
        return out

    def drink_from_hand(self, h: int) -> None:
        self.note("drink from a hand")
        c = self.hands[h].card
        self.hands[h] = None
        self.discard.append(c)
        self.heal(value(c))

    def drink_from_bag(self) -> None:
        self.note("drink from the bag")
        c = self.bag_item.card
        self.bag_item = None
        self.discard.append(c)
        self.heal(value(c))

    def hand_to_bag(self, h: int) -> None:
        self.note(f"move {self.hands[h].kind} from hand to bag")
        self.bag_item, self.hands[h] = self.hands[h], None

    def bag_to_hand(self, h: int) -> None:
        self.note(f"move {self.bag_item.kind} from bag to hand")
        self.hands[h], self.bag_item = self.bag_item, None

    # ------------------------------------------------ applying a choice
    def apply(self, effect: Callable[[], None]) -> None:
        try:
            effect()
            self.after_action()
        except GameOver:
            pass


# --------------------------------------------------------------------------
# The random player
# --------------------------------------------------------------------------


def weight(model: Model, category) -> float:
    """Bias toward games that go on: survivable fights, equips, drinks."""
    if isinstance(category, tuple):  # ("fight", damage)
        dmg = category[1]
        if dmg >= model.health:
            return 0.02
        return 0.3 + 4.0 * (1.0 - dmg / model.health) ** 2
    return {
        "equip": 3.0, "drink": 3.0, "waste": 0.3, "kill": 4.0, "weaken": 1.5,
        "store": 0.6, "hold": 1.2, "joker": 2.0, "use": 1.0, "return": 0.4,
        "move": 0.3, "discard": 0.3, "loot": 2.5, "keep": 0.7, "bait": 1.0,
        "skip": 0.5,
    }[category]


def pick(rng: random.Random, model: Model, opts) -> int:
    weights = [weight(model, cat) for _, _, cat in opts]
    return rng.choices(range(len(opts)), weights=weights)[0]


# --------------------------------------------------------------------------
# The host, through its JSON-lines protocol
# --------------------------------------------------------------------------


class HostError(Exception):
    pass


class Host:
    """One `delve play --json` child process."""

    TIMEOUT = 20.0

    def __init__(self, game: str, opts: list[str], deal_path: str):
        cmd = [BINARY, "play", game, "--seed", "0", "--deal", deal_path, "--json"]
        for o in opts:
            cmd += ["--opt", o]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.buf = b""

    def _line(self) -> bytes:
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.TIMEOUT
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise HostError("timed out waiting for the host")
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                err = self.proc.stderr.read().decode(errors="replace")
                raise HostError(f"host closed its output (exit {self.proc.wait()}): {err.strip()}")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line

    def next_event(self) -> dict:
        """The next prompt, end or error (say lines are skipped)."""
        while True:
            msg = json.loads(self._line())
            if msg.get("type") not in ("say", "hello", "ok"):  # hello, ok: protocol 2
                return msg

    def answer(self, index: int) -> None:
        self.proc.stdin.write(f"{index}\n".encode())
        self.proc.stdin.flush()

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.kill()
        except OSError:
            pass
        self.proc.wait()
        self.proc.stdout.close()
        self.proc.stderr.close()


# --------------------------------------------------------------------------
# One deal
# --------------------------------------------------------------------------


@dataclass
class Config:
    name: str
    game: str
    opts: list[str]
    jokers: str
    health: int
    max_health: int


CONFIGS = [
    Config("mythic", "mythic-dungeon-crawler", [], "mythic", 20, 20),
    Config("holders", "mythic-dungeon-crawler", ["jokers=holders"], "holders", 20, 20),
    Config("none", "mythic-dungeon-crawler", ["jokers=none"], "none", 20, 20),
    Config("easy", "mythic-dungeon-crawler-easy", [], "mythic", 25, 25),
    Config("health60", "mythic-dungeon-crawler", ["health=60", "max_health=60"], "mythic", 60, 60),
]


@dataclass
class DealResult:
    decisions: int = 0
    report: Optional[str] = None
    outcome: Optional[str] = None
    events: Counter = field(default_factory=Counter)


def run_deal(cfg: Config, seed: int, tmpdir: str, deal_no: int) -> DealResult:
    """Plays one deal against the host, comparing every prompt and the end."""
    rng = random.Random(f"{seed}/{cfg.name}/{deal_no}")
    first = full_deck(cfg.jokers)
    rng.shuffle(first)
    lines = [first]
    model = Model(cfg.jokers, cfg.health, cfg.max_health, first)
    choices: list[int] = []
    res = DealResult(events=model.events)
    deal_path = os.path.join(tmpdir, f"{cfg.name}-{deal_no}.txt")

    def write_deal():
        with open(deal_path, "w") as f:
            for ln in lines:
                f.write(" ".join(ln) + "\n")

    def fail(what: str, expected=None, actual=None) -> DealResult:
        opts = "".join(f" --opt {o}" for o in cfg.opts)
        text = [f"MISMATCH [{cfg.name}] deal {deal_no}: {what}",
                f"  command: delve play {cfg.game} --seed 0 --deal {deal_path} --json{opts}",
                "  deal file:"]
        text += ["    " + " ".join(ln) for ln in lines]
        text.append(f"  choices so far (0-based): {' '.join(map(str, choices))}")
        open_points = [e for e in model.events if e in OPEN_POINT_EVENTS]
        if open_points:
            text.append(f"  open points this deal went through: {', '.join(open_points)}")
        if expected is not None:
            text.append(f"  expected: {expected}")
        if actual is not None:
            text.append(f"  actual:   {actual}")
        res.report = "\n".join(text)
        return res

    write_deal()
    host = Host(cfg.game, cfg.opts, deal_path)
    try:
        while True:
            try:
                ev = host.next_event()
            except HostError as e:
                return fail(f"host failure: {e}")
            if ev["type"] == "error":
                return fail(f"host error: {ev.get('message')}")
            if ev["type"] == "end":
                if model.outcome is None:
                    exp = [label for label, _, _ in model.options()]
                    return fail("the host ended the game, the model did not",
                                exp, f"end {ev.get('outcome')} score {ev.get('score')}")
                if ev.get("outcome") != model.outcome or ev.get("score") != model.score():
                    return fail("the end differs", f"{model.outcome} score {model.score()}",
                                f"{ev.get('outcome')} score {ev.get('score')}")
                res.outcome = model.outcome
                os.unlink(deal_path)
                return res
            if ev["type"] != "prompt":
                return fail(f"unexpected message {ev}")
            actual = [o["label"] for o in ev["options"]]
            if model.outcome is not None:
                return fail("the model ended the game, the host asks",
                            f"end {model.outcome} score {model.score()}", actual)
            opts = model.options()
            expected = [label for label, _, _ in opts]
            res.decisions += 1
            if expected != actual:
                return fail("the options differ", expected, actual)
            i = pick(rng, model, opts)
            label, effect, _ = opts[i]
            if label == "skip room":
                try:
                    model.skip_fear()
                except GameOver:  # fear damage killed: no shuffle
                    choices.append(i)
                    host.answer(i)
                    continue
                order = model.skip_content()
                rng.shuffle(order)
                lines.append(order)
                write_deal()
                host.close()
                host = Host(cfg.game, cfg.opts, deal_path)
                for c in choices + [i]:  # replay to this prompt, then skip
                    try:
                        ev = host.next_event()
                    except HostError as e:
                        return fail(f"host failure on replay: {e}")
                    if ev["type"] != "prompt":
                        return fail(f"replay diverged: {ev}")
                    host.answer(c)
                choices.append(i)
                model.apply(lambda: model.do_skip(order))
                continue
            choices.append(i)
            host.answer(i)
            model.apply(effect)
    finally:
        host.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=100, help="deals per configuration")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--config", action="append", choices=[c.name for c in CONFIGS],
                    help="only this configuration (repeatable)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                    help="deals played at the same time")
    ap.add_argument("--ruling", action="append", default=[], choices=list(RULINGS),
                    help="flip one of the model's readings of an open point")
    ap.add_argument("--events", action="store_true", help="list which rules the games exercised")
    ap.add_argument("--delve", default=None, help="the delve binary to test")
    args = ap.parse_args()
    if args.delve:
        globals()["BINARY"] = args.delve
    for r in args.ruling:
        RULINGS[r] = not RULINGS[r]
    if not os.path.exists(BINARY):
        print(f"{BINARY} is missing: run cargo build --release", file=sys.stderr)
        return 2
    tmpdir = tempfile.mkdtemp(prefix="mdc-crosscheck-")
    failures = 0
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for cfg in CONFIGS:
            if args.config and cfg.name not in args.config:
                continue
            t0 = time.monotonic()
            results = pool.map(lambda d: run_deal(cfg, args.seed, tmpdir, d), range(args.deals))
            decisions, mism, outcomes, events = 0, 0, Counter(), Counter()
            for r in results:
                decisions += r.decisions
                outcomes[r.outcome] += 1
                events.update(r.events)
                if r.report:
                    mism += 1
                    print(r.report, flush=True)
            failures += mism
            print(f"[{cfg.name}] deals {args.deals}, decisions compared {decisions}, "
                  f"wins {outcomes['win']}, losses {outcomes['loss']}, mismatches {mism}, "
                  f"{time.monotonic() - t0:.1f}s", flush=True)
            if args.events:
                for ev, n in sorted(events.items()):
                    print(f"    {n:7d}  {ev}")
    print(f"total {time.monotonic() - start:.1f}s"
          + (f"; mismatching deal files kept in {tmpdir}" if failures else ""))
    if not failures:
        os.rmdir(tmpdir)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
