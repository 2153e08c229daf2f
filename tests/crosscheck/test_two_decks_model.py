"""Unit tests of the two-deck model (tests/crosscheck/two_decks.py) on hand-made positions,
each checked against docs/rules/der-katzenschwanz.md and die-schlange.md.

    python3 -m unittest discover -s tests/crosscheck -p 'test_*.py'

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import two_decks  # noqa: E402
from patience import name, parse  # noqa: E402


def cards(text: str) -> list[int]:
    return [parse(c) for c in text.split()]


def labels(pos) -> list[str]:
    return [label for label, _ in pos.options()]


def choose(pos, label: str) -> list[str]:
    """Applies the option with this label; returns what is said."""
    return pos.apply(dict(pos.options())[label])


class TwoDecksModel(unittest.TestCase):
    KATZ, SCHLANGE = two_decks.CONFIGS[0], two_decks.CONFIGS[2]

    def test_each_king_begins_the_next_column(self):
        pos = two_decks.deal(self.KATZ, cards("3♦ 5♥ K♥ 5♠ K♣ A♠ 2♠"))
        self.assertEqual([name(c) for c in pos.columns[0]], ["3♦", "5♥"])
        self.assertEqual([name(c) for c in pos.columns[1]], ["K♥", "5♠"])
        self.assertEqual([name(c) for c in pos.columns[2]], ["K♣", "A♠", "2♠"])
        # A first card that is a king leaves column 1 empty.
        pos = two_decks.deal(self.KATZ, cards("K♥ 5♠"))
        self.assertEqual(pos.columns[0], [])
        # Die Schlange sends each ace to the next empty foundation as it comes.
        pos = two_decks.deal(self.SCHLANGE, cards("A♣ 3♦ K♥ A♠ 5♠"))
        self.assertEqual([[name(c) for c in f] for f in pos.foundations[:3]], [["A♣"], ["A♠"], []])
        self.assertEqual([name(c) for c in pos.columns[1]], ["K♥", "5♠"])

    def test_moves_of_twins_say_where_they_go(self):
        pos = two_decks.deal(self.KATZ, cards("A♠ 5♥ K♣ 5♥ K♦ 6♠ K♥ 6♠"))
        self.assertIn("5♥ on 6♠ (from column 1 to column 3)", labels(pos))
        self.assertIn("5♥ on 6♠ (from column 2 to column 4)", labels(pos))
        # One 5♥ onto two 6♠: only where it goes differs.
        choose(pos, "5♥ to a free cell (from column 1)")
        self.assertIn("5♥ on 6♠ (from column 2 to column 3)", labels(pos))

    def test_a_card_goes_home_by_itself_once_all_four_cards_it_could_hold_are_home(self):
        pos = two_decks.TwoDecks(self.KATZ)
        pos.foundations[0] = cards("A♥ 2♥")
        pos.columns[0] = cards("3♥")
        pos.foundations[1] = cards("A♠ 2♠")
        pos.foundations[2] = cards("A♣ 2♣")
        # Two, then three, of the four black twos are home: 3♥ could still hold the others.
        self.assertFalse(pos.safe_home(parse("3♥")))
        pos.foundations[3] = cards("A♠ 2♠")
        self.assertFalse(pos.safe_home(parse("3♥")))
        pos.foundations[4] = cards("A♣ 2♣")
        self.assertTrue(pos.safe_home(parse("3♥")))


if __name__ == "__main__":
    unittest.main()
