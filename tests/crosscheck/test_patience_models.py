"""Unit tests of the patience models on hand-made positions, each checked against its rules spec.

The models are oracles: a fault in one would pass a faulty ruleset or fail a
right one, so each rule they encode is pinned here on a position small enough
to work out by hand from docs/rules/.

    python3 -m unittest discover -s tests/crosscheck -p 'test_*.py'

Python 3.11, standard library only.
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import black_hole  # noqa: E402
import freecell  # noqa: E402
import golf  # noqa: E402
import klondike  # noqa: E402
import simple_simon  # noqa: E402
import yukon  # noqa: E402
from patience import DECK, card, name, parse  # noqa: E402


def cards(text: str) -> list[int]:
    return [parse(c) for c in text.split()]


def labels(pos) -> list[str]:
    return [label for label, _ in pos.options()]


def choose(pos, label: str) -> list[str]:
    """Applies the option with this label; returns what is said."""
    move = dict(pos.options())[label]
    return pos.apply(move)


def deck_of(text: str) -> list[int]:
    """A deck, top first: the cards named, then the rest in a fixed order."""
    top = cards(text)
    return top + [c for c in DECK if c not in top]


# ---------------------------------------------------------------------------
# FreeCell
# ---------------------------------------------------------------------------


def freecell_position(columns: list[str], cells: str = "", home: str = "", config: int = 0) -> freecell.FreeCell:
    """Columns bottom first; `home` the top card of each foundation that has one."""
    pos = freecell.FreeCell(freecell.CONFIGS[config])
    pos.columns = [cards(c) for c in columns] + [[] for _ in range(len(pos.columns) - len(columns))]
    cell_cards = cards(cells)
    pos.cells = cell_cards + [None] * (len(pos.cells) - len(cell_cards))
    for k, top in enumerate(cards(home)):
        pos.foundations[k] = [card(r, top & 3) for r in range(1, (top >> 2) + 1)]
        pos.home[top & 3] = top >> 2
    pos.count_position()
    return pos


class FreeCellSetup(unittest.TestCase):
    def test_deal_1_lays_columns_as_the_spec_says(self):
        pos = freecell.numbered(freecell.CONFIGS[0], 1)
        self.assertEqual([name(c) for c in pos.columns[0]], "J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠".split())
        self.assertEqual([len(c) for c in pos.columns], [7, 7, 7, 7, 6, 6, 6, 6])

    def test_deal_1_offers_only_free_cells_in_column_order(self):
        pos = freecell.numbered(freecell.CONFIGS[0], 1)
        tops = [name(c[-1]) for c in pos.columns]
        self.assertEqual(labels(pos), [f"{t} to a free cell" for t in tops])

    def test_the_first_dealt_card_starts_column_1_and_the_ninth_covers_it(self):
        pos = freecell.deal(freecell.CONFIGS[0], deck_of("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"))
        self.assertEqual(pos.columns[0][:2], cards("5♥ K♥"))
        self.assertEqual(pos.columns[7][0], parse("Q♥"))


class FreeCellMoves(unittest.TestCase):
    def test_options_come_in_the_spec_order(self):
        pos = freecell_position(["K♣ 2♥", "9♠ 8♥", "10♥", "3♠"], cells="A♠")
        self.assertEqual(labels(pos), [
            # 1. to the foundation: column tops, then free cells
            "A♠ to the foundation",
            # 2. onto a column: each source, its runs shortest first, each onto targets in column order
            # (a whole column into an empty one changes nothing: no move)
            "2♥ on 3♠", "2♥ to an empty column",
            "8♥ to an empty column", "9♠ 8♥ on 10♥",
            "A♠ on 2♥", "A♠ to an empty column",
            # 3. to a free cell
            "2♥ to a free cell", "8♥ to a free cell", "10♥ to a free cell", "3♠ to a free cell",
        ])

    def test_a_run_is_as_long_as_free_cells_and_empty_columns_allow(self):
        columns = ["K♦ 9♣ 8♥ 7♠", "8♠", "2♦", "3♦", "4♦", "5♦", "6♦", "10♥"]
        # One free cell, no empty column: two cards move.
        self.assertNotIn("9♣ 8♥ 7♠ on 10♥", labels(freecell_position(columns, cells="K♠ K♥ K♣")))
        # Two free cells: three.
        self.assertIn("9♣ 8♥ 7♠ on 10♥", labels(freecell_position(columns, cells="K♠ K♥")))
        # One free cell and an empty column: four onto a card, but two onto the empty column.
        columns[1] = ""
        pos = freecell_position(columns, cells="K♠ K♥ K♣")
        self.assertIn("9♣ 8♥ 7♠ on 10♥", labels(pos))
        self.assertIn("8♥ 7♠ to an empty column", labels(pos))
        self.assertNotIn("9♣ 8♥ 7♠ to an empty column", labels(pos))

    def test_with_no_free_cell_and_one_empty_column_two_cards_go_onto_a_card_one_onto_it(self):
        columns = ["K♣ 9♥ 8♠", "10♣", "2♦", "3♦", "4♦", "5♦", "6♦", ""]
        pos = freecell_position(columns, cells="K♠ K♥ K♦ Q♦")
        self.assertIn("9♥ 8♠ on 10♣", labels(pos))
        self.assertIn("8♠ to an empty column", labels(pos))
        self.assertNotIn("9♥ 8♠ to an empty column", labels(pos))

    def test_the_run_limit_onto_an_empty_column_counts_the_other_empty_columns(self):
        # No free cell, one empty column besides the target: a run of two, not three.
        columns = ["K♣ 10♠ 9♥ 8♠", "", "", "2♦", "3♦", "4♦", "5♦", "6♦"]
        pos = freecell_position(columns, cells="K♠ K♥ K♦ Q♦")
        self.assertIn("9♥ 8♠ to an empty column", labels(pos))
        self.assertNotIn("10♠ 9♥ 8♠ to an empty column", labels(pos))

    def test_runs_onto_an_empty_column_are_each_length_and_only_the_first_empty_column(self):
        pos = freecell_position(["K♣", "", "10♦ 9♣ 8♥", ""], cells="")
        # K♣ alone and the whole of 10♦ 9♣ 8♥ would leave the position as it was.
        self.assertEqual([label for label in labels(pos) if "empty" in label], [
            "8♥ to an empty column", "9♣ 8♥ to an empty column"])
        empty_moves = [move for label, move in pos.options() if "empty" in label]
        self.assertEqual({move[4] for move in empty_moves}, {1})

    def test_an_ace_goes_to_the_first_empty_foundation_and_a_two_onto_it(self):
        pos = freecell_position(["5♣ A♦", "6♣ 2♦", "K♠ A♣"], config=1)  # no autoplay
        choose(pos, "A♣ to the foundation")
        choose(pos, "A♦ to the foundation")
        self.assertEqual(pos.foundations[0], cards("A♣"))
        self.assertEqual(pos.foundations[1], cards("A♦"))
        self.assertIn("2♦ to the foundation", labels(pos))

    def test_free_cell_moves_stop_when_the_cells_are_full(self):
        pos = freecell_position(["K♣", "Q♣"], cells="2♥ 3♥ 4♥ 5♥")
        self.assertFalse([label for label in labels(pos) if "free cell" in label])


class FreeCellAutomaticMoves(unittest.TestCase):
    def test_a_card_goes_home_when_both_cards_of_the_other_colour_one_lower_are_home(self):
        pos = freecell_position(["K♣ 3♥", "K♦ 3♦", "K♠ 7♠"], home="2♥ 2♦ 2♠ A♣")
        said = choose(pos, "7♠ to a free cell")
        self.assertEqual(said, [])  # 3♥ waits for 2♣
        pos = freecell_position(["K♣ 3♥", "K♦ 2♣", "K♠ 7♠"], home="2♥ A♦ 2♠ A♣")
        said = choose(pos, "7♠ to a free cell")
        self.assertEqual(said, ["2♣ goes to the foundation.", "3♥ goes to the foundation."])
        self.assertEqual(pos.home_count(), 8)

    def test_aces_and_twos_go_home_always(self):
        pos = freecell_position(["K♣ 2♥", "Q♦ A♥", "J♠"])
        self.assertEqual(choose(pos, "J♠ to a free cell"), ["A♥ goes to the foundation.",
                                                             "2♥ goes to the foundation."])

    def test_without_autoplay_nothing_moves_by_itself(self):
        pos = freecell_position(["K♣ 2♥", "Q♦ A♥", "J♠"], config=1)
        self.assertEqual(choose(pos, "J♠ to a free cell"), [])
        self.assertIn("A♥ to the foundation", labels(pos))

    def test_the_last_card_home_wins_with_52(self):
        pos = freecell_position(["K♠"], home="K♥ K♦ K♣ Q♠", config=1)
        choose(pos, "K♠ to the foundation")
        self.assertEqual((pos.outcome, pos.score()), ("win", 52))


class FreeCellEnd(unittest.TestCase):
    def test_a_position_a_third_time_loses(self):
        pos = freecell_position(["Q♥", "K♣", "K♥ 7♠"], cells="6♠ 6♣ 5♥")
        for _ in range(2):
            choose(pos, "Q♥ to a free cell")
            self.assertIsNone(pos.outcome)
            choose(pos, "Q♥ to an empty column")
        self.assertEqual(pos.outcome, "loss")

    def test_which_free_cell_or_column_holds_a_card_makes_no_other_position(self):
        a = freecell_position(["K♣", "Q♥"], cells="5♥ 6♥")
        b = freecell_position(["Q♥", "", "K♣"], cells="6♥ 5♥")
        self.assertEqual(a.key(), b.key())

    def test_no_move_left_loses_with_the_cards_home_as_score(self):
        pos = freecell_position(["K♣ 2♦", "K♥ 10♠", "K♦ 10♣", "K♠ 8♠", "Q♣ 8♣", "Q♥ 6♠", "Q♦ 6♣", "Q♠ 4♠"],
                                cells="J♥ 10♦ 8♥", home="A♠ A♣")
        self.assertIsNone(pos.outcome)
        choose(pos, "2♦ to a free cell")
        self.assertEqual((pos.outcome, pos.score()), ("loss", 2))


class BakersGame(unittest.TestCase):
    def test_columns_and_runs_build_by_suit(self):
        pos = freecell_position(["K♣ 9♥", "10♥", "10♣ 9♣ 8♣", "J♣"], config=2)
        self.assertEqual([label for label in labels(pos) if " on " in label], ["9♥ on 10♥", "10♣ 9♣ 8♣ on J♣"])

    def test_a_card_goes_home_when_its_own_suit_one_lower_is_home(self):
        pos = freecell_position(["K♣ 3♥", "K♠ 7♠"], home="2♥", config=2)
        self.assertEqual(choose(pos, "7♠ to a free cell"), ["3♥ goes to the foundation."])


def config_of(name: str) -> int:
    return next(i for i, c in enumerate(freecell.CONFIGS) if c.name == name)


class FreeCellFamily(unittest.TestCase):
    def test_kings_only_an_empty_column_takes_a_king_or_a_run_from_one(self):
        # K♥ alone is a whole column: moving it changes nothing.
        pos = freecell_position(["2♠ K♣ Q♣", "9♠ 8♠", "K♥", "2♦", "3♦", "4♦", "5♦"],
                                config=config_of("ko-bakers-game"))
        self.assertEqual([label for label in labels(pos) if "empty" in label], ["K♣ Q♣ to an empty column"])

    def test_kings_only_a_run_has_the_free_cells_alone_for_room(self):
        # One free cell and two empty columns: two cards, not (1 + 1) x 2^2.
        columns = ["K♦ 9♣ 8♣ 7♣", "10♣", "", "", "2♦", "3♦", "4♦", "5♦"]
        pos = freecell_position(columns, cells="K♠ K♥ Q♦", config=config_of("ko-bakers-game"))
        self.assertNotIn("9♣ 8♣ 7♣ on 10♣", labels(pos))
        pos = freecell_position(columns, cells="K♠ K♥", config=config_of("ko-bakers-game"))
        self.assertIn("9♣ 8♣ 7♣ on 10♣", labels(pos))

    def test_relaxed_a_run_of_any_length_moves_with_no_room(self):
        columns = ["K♦ 9♣ 8♥ 7♠ 6♥", "10♥", "2♦", "3♦", "4♦", "5♦", "6♦", "8♦"]
        pos = freecell_position(columns, cells="K♠ K♥ K♣ Q♦", config=config_of("relaxed-freecell"))
        self.assertIn("9♣ 8♥ 7♠ 6♥ on 10♥", labels(pos))

    def test_forecell_deals_six_a_column_and_the_last_four_to_the_free_cells(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("forecell")], 1)
        self.assertEqual([name(c) for c in pos.columns[0]], "J♦ K♦ 2♠ 4♣ 3♠ 6♦".split())
        self.assertEqual([name(c) for c in pos.cells], "6♠ 9♣ 2♥ 6♥".split())

    def test_a_deal_with_no_move_at_all_is_lost_at_once(self):
        # Forecell: every free cell full, no ace on top, no card onto another.
        deck = cards("7♣ Q♥ 9♣ 5♦ Q♦ 5♠ K♠ A♦ 7♥ 3♥ 10♠ 4♠ 2♠ 7♦ 6♥ 3♣ 5♣ 8♣ 10♥ 6♣ 9♥ 6♦ 3♦ A♥ 3♠ 8♦ "
                     "K♥ 8♠ A♣ 4♣ J♥ J♦ 10♣ 2♦ 8♥ 7♠ 5♥ K♦ A♠ 10♦ Q♠ 6♠ 9♠ Q♣ 4♥ 2♣ J♠ K♣ 9♦ J♣ 2♥ 4♦")
        pos = freecell.deal(freecell.CONFIGS[config_of("forecell")], deck)
        self.assertEqual((pos.outcome, pos.score(), labels(pos)), ("loss", 0, []))

    def test_eight_off_deals_the_last_four_to_every_other_free_cell(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("eight-off")], 1)
        self.assertEqual([len(c) for c in pos.columns], [6] * 8)
        self.assertEqual([c and name(c) for c in pos.cells], ["6♠", None, "9♣", None, "2♥", None, "6♥", None])

    def test_seahaven_deals_ten_columns_of_five_and_two_free_cells(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("seahaven-towers")], 1)
        self.assertEqual([name(c) for c in pos.columns[0]], "J♦ 9♠ J♠ 4♦ 6♦".split())
        self.assertEqual([c and name(c) for c in pos.cells], [None, "2♥", "6♥", None])
        # Above 32,000 PySolFC's numbers are its own: the model takes the host's table.
        self.assertIsNone(freecell.numbered(freecell.CONFIGS[config_of("seahaven-towers")], 40_000))


class BeleagueredCastle(unittest.TestCase):
    def test_columns_build_down_whatever_the_suit(self):
        pos = freecell_position(["K♣ 9♥", "10♥", "2♦", "3♦", "4♦", "5♦", "6♦", "7♦"], home="A♠ A♥ A♦ A♣",
                                config=config_of("castle"))
        self.assertIn("9♥ on 10♥", labels(pos))

    def test_with_no_free_cell_a_run_doubles_with_each_empty_column(self):
        columns = ["K♦ 9♣ 8♥ 7♠", "10♥", "", "", "2♦", "3♦", "4♦", "5♦"]
        pos = freecell_position(columns, home="A♠ A♥ A♦ A♣", config=config_of("castle"))
        self.assertIn("9♣ 8♥ 7♠ on 10♥", labels(pos))  # two empty columns: four cards
        self.assertIn("8♥ 7♠ to an empty column", labels(pos))  # one besides the target: two
        self.assertNotIn("9♣ 8♥ 7♠ to an empty column", labels(pos))

    def test_a_card_goes_home_by_itself_once_every_card_one_lower_is_home(self):
        pos = freecell_position(["K♣ 3♥", "K♠ 7♠", "Q♦"], home="2♠ 2♥ A♦ 2♣", config=config_of("castle"))
        self.assertFalse(pos.safe_home(parse("3♥")))  # 2♦ is still out
        pos.home[2] = 2
        self.assertTrue(pos.safe_home(parse("3♥")))

    def test_citadel_sends_home_what_may_go_as_it_is_dealt(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("citadel")], 1)
        self.assertEqual(sorted(name(f[-1]) for f in pos.foundations), sorted("3♦ 4♠ 2♥ 2♣".split()))
        self.assertEqual([name(c) for c in pos.columns[1]], "K♣ 9♦ 4♥".split())

    def test_streets_and_alleys_deals_every_card_to_the_columns(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("streets-alleys")], 1)
        self.assertEqual([len(c) for c in pos.columns], [7, 7, 7, 7, 6, 6, 6, 6])
        self.assertEqual(pos.home_count(), 0)


class BakersDozenAndFan(unittest.TestCase):
    def test_bakers_dozen_sends_each_king_under_its_column(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("bakers-dozen")], 1)
        self.assertEqual([name(c) for c in pos.columns[0]], "6♥ J♥ 5♣ A♦".split())
        self.assertEqual([name(c) for c in pos.columns[3]], "K♣ 10♥ A♥ 6♠".split())
        self.assertEqual([len(c) for c in pos.columns], [4] * 13)

    def test_bakers_dozen_moves_one_card_and_fills_no_empty_column(self):
        pos = freecell_position(["K♦ 9♣ 8♥", "10♥", "", "9♦"], config=config_of("bakers-dozen"))
        self.assertEqual(labels(pos), ["8♥ on 9♦", "9♦ on 10♥"])

    def test_fan_deals_seventeen_fans_of_three_and_one_card_alone(self):
        pos = freecell.numbered(freecell.CONFIGS[config_of("fan")], 1)
        self.assertEqual([len(c) for c in pos.columns], [3] * 17 + [1])
        self.assertEqual([name(c) for c in pos.columns[0]], "J♦ K♠ 4♠".split())
        self.assertEqual(name(pos.columns[17][0]), "6♥")

    def test_fan_builds_in_suit_and_takes_only_a_king_into_an_empty_column(self):
        pos = freecell_position(["Q♥ 9♣", "10♣", "10♥", "2♦ K♠", "7♦ Q♠", ""], config=config_of("fan"))
        self.assertEqual(labels(pos), ["9♣ on 10♣", "K♠ to an empty column", "Q♠ on K♠"])


# ---------------------------------------------------------------------------
# Klondike
# ---------------------------------------------------------------------------


def klondike_position(columns: list[str], stock: str = "", waste: str = "", home: str = "",
                      down: list[int] | None = None, config: int = 0) -> klondike.Klondike:
    """Columns bottom first; `stock` bottom first (its last card is drawn next)."""
    pos = klondike.Klondike(klondike.CONFIGS[config])
    pos.columns = [cards(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    pos.down = (down or []) + [0] * (7 - len(down or []))
    pos.stock, pos.waste = cards(stock), cards(waste)
    for k, top in enumerate(cards(home)):
        pos.foundations[k] = [card(r, top & 3) for r in range(1, (top >> 2) + 1)]
    pos.count_position()
    return pos


class KlondikeSetup(unittest.TestCase):
    def test_the_deal_follows_pysolfc_order(self):
        deck = list(DECK)
        pos = klondike.deal(klondike.CONFIGS[0], deck)
        self.assertEqual([len(c) for c in pos.columns], [1, 2, 3, 4, 5, 6, 7])
        self.assertEqual(pos.down, [0, 1, 2, 3, 4, 5, 6])
        # Cards 1-6 start columns 7 to 2; card 21 is column 7's last face-down card.
        self.assertEqual([pos.columns[i][0] for i in range(6, 0, -1)], deck[:6])
        self.assertEqual(pos.columns[6][5], deck[20])
        # Cards 22-28 face up on columns 7 to 1.
        self.assertEqual([pos.columns[i][-1] for i in range(6, -1, -1)], deck[21:28])
        self.assertEqual(pos.stock[-1], deck[28])
        self.assertEqual(len(pos.stock), 24)


class KlondikeMoves(unittest.TestCase):
    def test_options_come_in_the_spec_order(self):
        pos = klondike_position(["5♣ 10♥ 9♣ 8♥", "9♠", "", "J♠", "8♣"], stock="4♦", waste="A♦ 10♦",
                                home="7♥ A♠", down=[1])
        self.assertEqual(labels(pos), [
            # 1. to the foundation: the waste, then column tops
            "8♥ to the foundation",
            # 2. onto a column: the waste, the columns' runs shortest first, the foundations
            "10♦ on J♠", "8♥ on 9♠", "10♥ 9♣ 8♥ on J♠", "7♥ on 8♣",
            # 3. the stock
            "draw",
        ])

    def test_only_a_king_or_a_run_from_a_king_goes_to_an_empty_column(self):
        pos = klondike_position(["3♣ K♥ Q♠", "", "Q♥", ""], down=[1], waste="K♣")
        self.assertEqual(labels(pos), ["K♣ to an empty column", "K♥ Q♠ to an empty column", "turn the waste over"])

    def test_from_a_foundation_onto_a_column(self):
        pos = klondike_position(["6♣"], home="5♥ 2♠")
        self.assertEqual(labels(pos), ["5♥ on 6♣"])
        pos = klondike_position(["6♣"], home="5♥ 2♠", config=4)
        self.assertEqual(labels(pos), [])

    def test_a_face_down_card_is_turned_up_then_aces_go_home(self):
        pos = klondike_position(["A♣ 9♦", "10♠"], down=[1, 0], stock="2♣")
        said = choose(pos, "9♦ on 10♠")
        self.assertEqual(said, ["A♣ is turned up.", "A♣ goes to the foundation."])
        self.assertEqual(pos.columns[0], [])
        said = choose(pos, "draw")
        self.assertEqual(said, ["2♣ goes to the foundation."])

    def test_three_drawn_the_third_is_on_top_and_turning_over_keeps_the_order(self):
        pos = klondike_position(["Q♠"], stock="9♥ 8♥ 7♥ 6♥", config=1)  # draw 3
        choose(pos, "draw")
        self.assertEqual(pos.waste, cards("6♥ 7♥ 8♥"))
        choose(pos, "draw")
        self.assertEqual(pos.waste, cards("6♥ 7♥ 8♥ 9♥"))
        self.assertEqual(labels(pos), ["turn the waste over"])
        choose(pos, "turn the waste over")
        self.assertEqual(pos.stock[-1], parse("6♥"))
        self.assertEqual(pos.waste, [])

    def test_no_redeal_ends_after_one_pass(self):
        pos = klondike_position(["Q♠"], stock="9♥", config=2)
        choose(pos, "draw")
        self.assertEqual((pos.outcome, pos.score()), ("loss", 0))

    def test_three_passes_turn_the_waste_over_twice(self):
        pos = klondike_position(["Q♠"], stock="9♥ 8♥", config=6)
        pos.seen = None  # the pass rule alone, without the repetition rule
        turns = 0
        while pos.outcome is None:
            turns += labels(pos) == ["turn the waste over"]
            choose(pos, labels(pos)[0])
        self.assertEqual(turns, 2)

    def test_going_round_the_stock_with_nothing_changing_ends_the_game(self):
        pos = klondike_position(["Q♠"], stock="9♥ 8♥")
        steps = 0
        while pos.outcome is None:
            choose(pos, labels(pos)[0])
            steps += 1
        # Three positions a pass: the start comes back a second time after one pass, a third after two.
        self.assertEqual((steps, pos.outcome), (6, "loss"))


# ---------------------------------------------------------------------------
# Golf
# ---------------------------------------------------------------------------


def golf_position(columns: list[str], foundation: str, stock: str = "", config: int = 0) -> golf.Golf:
    pos = golf.Golf(golf.CONFIGS[config])
    pos.columns = [cards(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    pos.foundation, pos.stock = cards(foundation), cards(stock)
    pos.judge()
    return pos


class Golf(unittest.TestCase):
    def test_the_deal(self):
        deck = list(DECK)
        pos = golf.deal(golf.CONFIGS[0], deck)
        self.assertEqual([len(c) for c in pos.columns], [5] * 7)
        self.assertEqual(pos.columns[0][:2], [deck[0], deck[7]])
        self.assertEqual(pos.foundation, [deck[35]])
        self.assertEqual(pos.stock[-1], deck[36])

    def test_one_rank_up_or_down_whatever_the_suit_then_draw(self):
        pos = golf_position(["5♠", "7♥", "6♦", "K♣", "Q♣"], "6♣", stock="2♥")
        self.assertEqual(labels(pos), ["5♠ on 6♣", "7♥ on 6♣", "draw"])
        pos = golf_position(["K♣", "J♦"], "Q♥", stock="2♥")
        self.assertEqual(labels(pos), ["K♣ on Q♥", "J♦ on Q♥", "draw"])
        pos = golf_position(["Q♣"], "K♥", stock="2♥")
        self.assertEqual(labels(pos), ["Q♣ on K♥", "draw"])

    def test_an_ace_and_a_king_are_next_to_each_other_only_with_wrap(self):
        pos = golf_position(["A♣", "2♦"], "K♥", stock="2♥")
        self.assertEqual(labels(pos), ["draw"])
        pos = golf_position(["A♣", "2♦"], "K♥", stock="2♥", config=1)
        self.assertEqual(labels(pos), ["A♣ on K♥", "draw"])

    def test_end(self):
        pos = golf_position(["A♣", "9♦"], "2♥")
        self.assertIsNone(pos.outcome)
        choose(pos, "A♣ on 2♥")
        self.assertEqual((pos.outcome, pos.score()), ("loss", 1))
        pos = golf_position(["3♣"], "2♥", stock="5♥")
        choose(pos, "3♣ on 2♥")
        self.assertEqual((pos.outcome, pos.score()), ("win", 0))


# ---------------------------------------------------------------------------
# Black Hole
# ---------------------------------------------------------------------------


class BlackHole(unittest.TestCase):
    def test_the_ace_of_spades_starts_the_hole_and_the_rest_go_round_the_fans(self):
        deck = deck_of("5♥ A♠ 6♥")
        pos = black_hole.deal(black_hole.CONFIGS[0], deck)
        self.assertEqual(pos.hole, cards("A♠"))
        self.assertEqual(pos.fans[0][0], parse("5♥"))
        self.assertEqual(pos.fans[1][0], parse("6♥"))
        self.assertEqual([len(f) for f in pos.fans], [3] * 17)

    def test_one_rank_up_or_down_with_wrap(self):
        pos = black_hole.BlackHole()
        pos.hole = cards("A♠")
        pos.fans = [cards(t) for t in ["2♥", "K♦", "3♣", "Q♠ 2♣"]] + [[] for _ in range(13)]
        self.assertEqual(labels(pos), ["2♥ into the hole", "K♦ into the hole", "2♣ into the hole"])
        choose(pos, "K♦ into the hole")
        self.assertEqual((pos.outcome, pos.score()), ("loss", 4))


class AllInARow(unittest.TestCase):
    CONFIG = black_hole.CONFIGS[1]

    def test_the_ace_of_spades_is_dealt_last_onto_fan_13_and_the_hole_starts_empty(self):
        deck = deck_of("5♥ A♠ 6♥")
        pos = black_hole.deal(self.CONFIG, deck)
        self.assertEqual(pos.hole, [])
        self.assertEqual(pos.fans[0][0], parse("5♥"))
        self.assertEqual(pos.fans[1][0], parse("6♥"))
        self.assertEqual(pos.fans[12][-1], parse("A♠"))
        self.assertEqual([len(f) for f in pos.fans], [4] * 13)
        self.assertIsNone(pos.outcome)

    def test_any_top_card_starts_the_hole_then_one_rank_up_or_down(self):
        pos = black_hole.BlackHole(13)
        pos.fans = [cards(t) for t in ["2♥", "K♦", "7♣ 9♠"]] + [[] for _ in range(10)]
        self.assertEqual(labels(pos), ["2♥ into the hole", "K♦ into the hole", "9♠ into the hole"])
        choose(pos, "K♦ into the hole")
        self.assertEqual(labels(pos), [])
        self.assertEqual((pos.outcome, pos.score()), ("loss", 3))


# ---------------------------------------------------------------------------
# Yukon
# ---------------------------------------------------------------------------


def yukon_position(columns: list[str], down: list[int] | None = None, config: int = 0) -> yukon.Yukon:
    """Columns bottom first, `down[i]` of column i's bottom cards face down; no card home."""
    pos = yukon.Yukon(yukon.CONFIGS[config])
    pos.columns = [cards(c) for c in columns] + [[] for _ in range(yukon.COLUMNS - len(columns))]
    pos.down = (down or []) + [0] * (yukon.COLUMNS - len(down or []))
    pos.count_position()
    return pos


class YukonModel(unittest.TestCase):
    def test_the_deal_lays_the_face_down_rounds_then_four_face_up_then_one(self):
        deck = list(DECK)
        pos = yukon.deal(yukon.CONFIGS[0], deck)
        self.assertEqual([len(c) for c in pos.columns], [1, 6, 7, 8, 9, 10, 11])
        self.assertEqual(pos.down, [0, 1, 2, 3, 4, 5, 6])
        # Round 1 face down: columns 2 to 7; the last card dealt tops column 7.
        self.assertEqual([pos.columns[i][0] for i in range(1, 7)], deck[:6])
        self.assertEqual(pos.columns[0], [deck[45]])
        self.assertEqual(pos.columns[6][-1], deck[51])

    def test_any_face_up_card_moves_with_what_lies_on_it(self):
        pos = yukon_position(["9♠ 8♥ 2♣ 5♦", "9♣", "7♣ K♦ 3♠"], down=[1, 0, 1])
        self.assertEqual(labels(pos), ["8♥ 2♣ 5♦ on 9♣", "K♦ 3♠ to an empty column"])
        said = choose(pos, "8♥ 2♣ 5♦ on 9♣")
        self.assertEqual(said, ["9♠ is turned up."])
        # A king with what lies on it to the first empty column, not a whole column.
        self.assertEqual(labels(pos)[-1], "K♦ 3♠ to an empty column")
        self.assertNotIn("9♠ to an empty column", labels(pos))

    def test_the_position_is_the_same_whichever_column_holds_which(self):
        a = yukon_position(["5♥", "K♣ Q♦"])
        b = yukon_position(["K♣ Q♦", "", "", "5♥"])
        self.assertEqual(a.key(), b.key())


# ---------------------------------------------------------------------------
# Simple Simon
# ---------------------------------------------------------------------------


def simon_position(columns: list[str]) -> simple_simon.SimpleSimon:
    """Columns bottom first; no card home."""
    pos = simple_simon.SimpleSimon()
    pos.columns = [cards(c) for c in columns] + [[] for _ in range(simple_simon.COLUMNS - len(columns))]
    pos.count_position()
    return pos


class SimpleSimonModel(unittest.TestCase):
    def test_the_deal_lays_eight_eight_eight_then_one_fewer_to_the_tenth(self):
        deck = list(DECK)
        pos = simple_simon.deal(simple_simon.CONFIGS[0], deck)
        self.assertEqual([len(c) for c in pos.columns], [8, 8, 8, 7, 6, 5, 4, 3, 2, 1])
        # The first round covers columns 1 to 9; the last card dealt tops column 10.
        self.assertEqual([pos.columns[i][0] for i in range(9)], deck[:9])
        self.assertEqual(pos.columns[9], [deck[51]])

    def test_a_card_builds_on_any_suit_but_only_a_run_of_one_suit_moves(self):
        pos = simon_position(["9♠ 8♥ 7♥", "9♣", "8♦ 7♠ 6♠", "Q♣"])
        self.assertEqual(labels(pos), [
            # 7♥, then the run 8♥ 7♥ (one suit), which goes onto 9♣ of another suit.
            "7♥ to an empty column", "8♥ 7♥ on 9♣", "8♥ 7♥ to an empty column",
            # 7♠ 6♠ is a run; 8♦ 7♠ 6♠ is not. A whole column stays where it is.
            "6♠ on 7♥", "6♠ to an empty column", "7♠ 6♠ to an empty column",
        ])

    def test_a_whole_suit_goes_home_as_one_move(self):
        suit = " ".join(f"{r}♥" for r in ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"])
        pos = simon_position(["5♣ " + suit, "6♦"])
        self.assertEqual(labels(pos)[0], "K♥ and its suit to the foundation")
        choose(pos, "K♥ and its suit to the foundation")
        self.assertEqual(pos.foundations[0], cards(suit))
        self.assertEqual(pos.columns[0], cards("5♣"))


if __name__ == "__main__":
    unittest.main()
