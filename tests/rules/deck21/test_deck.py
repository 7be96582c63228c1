"""Deck 21 as the three games read it: the card values of Canasta 21's Points table, and the bounds the
composition's readings give (docs/rulesets/canasta21.md, "Deck 21")."""

from rules.deck21 import cards
from rules.deck21.composition import Deck
from rules.sides.options import Choice, Whole, YesNo


def test_the_points_table():
    assert [cards.standard_points(n) for n in cards.NUMBERS] == [2, 3, 5, 8, 13, 21]
    assert [cards.base_points(n) for n in cards.BASE_NUMBERS] == [4, 6, 10, 16, 26]
    assert (cards.WILD_POINTS, cards.BONUS_BASE_POINTS) == (50, 8)


def test_the_bonus_card_2b_is_number_2_and_worth_8():
    """One reading for the three games: "the bonus base card for number 2" (Canasta 21) and "#2 bonus
    card" (Fibonacci 21) give its number; the Points table's 8 is its value on the score."""
    assert (cards.BONUS_BASE_NUMBER, cards.BONUS_BASE_POINTS) == (2, 8)
    assert cards.BONUS_BASE_NUMBER in cards.BASE_NUMBERS
    # a set it starts needs 19 more, three cards (13, 3, 3): as many as one a base 2 starts
    assert cards.least_cards_adding_to(cards.CANASTA_SUM - cards.BONUS_BASE_NUMBER) == 3
    # beyond its number it adds 6 to a closed canasta: within the base card's most (a base 13's 13)
    assert cards.BONUS_BASE_POINTS - cards.BONUS_BASE_NUMBER == 6 <= cards.MOST_BASE_EXTRA


def test_the_fewest_cards_that_add_to_a_number():
    assert [cards.least_cards_adding_to(n) for n in (0, 1, 2, 4, 6, 16, 18, 19, 21)] == [0, None, 1, 2, 2, 2, 2, 3, 1]


def test_what_a_card_adds_to_a_closed_canasta_beyond_its_number():
    assert (cards.MOST_BASE_EXTRA, cards.LEAST_WILD_EXTRA, cards.MOST_WILD_EXTRA) == (13, 37, 48)


def test_the_publishers_deck_holds_three_wild_cards_two_bonus_cards_and_84_numbered():
    deck = Deck()
    assert (deck.cards, deck.wilds, deck.bonus_cards, deck.numbered) == (89, 3, 2, 84)
    assert deck.most_points == 3 * 50 + 2 * 8 + 84 * 26 == 2350


def test_the_bounds_follow_the_wild_cards_and_the_decks():
    assert Deck(wild_cards=0).most_points == 2 * 8 + 87 * 26
    assert Deck(decks=2).most_points == 2 * 2350
    assert Deck(wild_cards=88).bonus_cards == 1  # the wild cards leave room for one bonus card


def test_the_option_kinds_say_what_they_expect():
    assert Choice(("a", "b")).expects() == '"a" or "b"'
    assert Whole(1, 2, nullable=True).allows(None) and not Whole(1, 2).allows(None)
    assert not Whole(1, 2).allows(True) and YesNo().allows(False) and not YesNo().allows(0)


def test_the_wild_cards_can_leave_no_room_for_a_bonus_card():
    deck = Deck(wild_cards=89)
    assert (deck.cards, deck.wilds, deck.bonus_cards, deck.numbered, deck.most_points) == (89, 89, 0, 0, 89 * 50)
    assert Deck(decks=3, wild_cards=88).bonus_cards == 3


def test_a_line_described_for_forms_field_by_field_then_its_details():
    from rules.deck21.lines import describe
    from rules.fields import CHOICE, WHOLE_NUMBER, YES_NO
    from rules.sides import LineSpec

    spec = LineSpec(fields={"base": (WHOLE_NUMBER, -50, 900), "out": (YES_NO,)},
                    details={"kind": (CHOICE, ("pure", "mixed")), "n": (WHOLE_NUMBER, 0, 4)})
    labels = {"base": "Base", "out": "Went out", "kind": "Kind", "n": "Canastas"}
    words = {"kind": {None: "not said", "pure": "Pure", "mixed": "Mixed"}}
    assert describe(spec, labels, words, not_asked=frozenset({"out"})) == [
        {"name": "base", "part": "line", "label": "Base", "kind": WHOLE_NUMBER, "asked": True, "min": -50,
         "max": 900},
        {"name": "out", "part": "line", "label": "Went out", "kind": YES_NO, "asked": False},
        {"name": "kind", "part": "details", "label": "Kind", "kind": CHOICE, "asked": True,
         "choices": [{"value": None, "label": "not said"}, {"value": "pure", "label": "Pure"},
                     {"value": "mixed", "label": "Mixed"}]},
        {"name": "n", "part": "details", "label": "Canastas", "kind": WHOLE_NUMBER, "asked": True, "min": 0,
         "max": 4}]
    assert [e["asked"] for e in describe(spec, labels, words)] == [True] * 4


def test_a_choice_among_the_lines_own_fields_is_described_with_its_words():
    from rules.deck21.lines import describe
    from rules.fields import CHOICE
    from rules.sides import LineSpec

    spec = LineSpec(fields={"kind": (CHOICE, ("pure",))})
    assert describe(spec, {"kind": "Kind"}, {"kind": {None: "-", "pure": "Pure"}}) == [
        {"name": "kind", "part": "line", "label": "Kind", "kind": CHOICE, "asked": True,
         "choices": [{"value": None, "label": "-"}, {"value": "pure", "label": "Pure"}]}]
