"""Checks of one deal across the sides: who went out, and what the decks can hold ("Cards & Scoring",
"Going Out").

Play ends when a player goes out, so at most one side went out. The decks (deck.py) bound what the sides
recorded together: the red and the black threes, the sevens of books and canastas of sevens, the wild
cards of books, wild canastas and dirty canastas (one each), the natural cards of clean and dirty
canastas, and the card points on the table and in hand. Only the sides that wrote details are counted;
a side without them is left out (it may hold nothing), so nothing is reported that the details do not
prove.
"""

from rules.crazy_canasta.codes import violation
from rules.crazy_canasta.deck import deck, naturals_taken, sevens_taken, wilds_taken
from rules.crazy_canasta.scoring import RED_THREE, detail_values
from rules.violations import Violation
from rules.words import either, points, sentence, team_name

from ..language import _


def _names(sides: list[str]) -> str:
    return either([team_name(side) for side in sides], "and")


def _went_out(n: int, detailed: list[tuple[str, dict]], out: list[Violation]) -> None:
    gone = [side for side, d in detailed if d["went_out"]]
    if len(gone) > 1:
        out.append(violation("went-out-both", n, None, "details.went_out", sentence(n, None, _(
            "%(names)s both record going out, but play ends when the first player goes out.") % {
            "names": _names(gone)})))


def _threes(n: int, detailed: list[tuple[str, dict]], cards, out: list[Violation]) -> None:
    red = sum(d["red_threes"] for _side, d in detailed)
    if red > cards.red_threes:
        out.append(violation("threes-exceed-deck", n, None, "details.red_threes", sentence(n, None, _(
            "the sides record %(recorded)s red threes, but the decks hold only %(held)s.") % {
            "recorded": points(red), "held": cards.red_threes})))
    black = sum(d["black_threes"] for _side, d in detailed)
    if black > cards.black_threes:
        out.append(violation("threes-exceed-deck", n, None, "details.black_threes", sentence(n, None, _(
            "the sides record %(recorded)s black threes, but the decks hold only %(held)s.") % {
            "recorded": points(black), "held": cards.black_threes})))


def _canasta_cards(n: int, detailed: list[tuple[str, dict]], cards, out: list[Violation]) -> None:
    """The sevens, wild cards and naturals the recorded books and canastas need, against the decks."""
    sevens = sum(sevens_taken(d) for _side, d in detailed)
    if sevens > cards.sevens:
        out.append(violation("sevens-exceed-deck", n, None, "details.sevens_canastas", sentence(n, None, _(
            "the books and canastas of sevens recorded need %(needed)s sevens (seven each), but the decks hold "
            "only %(held)s.") % {"needed": points(sevens), "held": cards.sevens})))
    wilds = sum(wilds_taken(d) for _side, d in detailed)
    if wilds > cards.wilds:
        out.append(violation("wilds-exceed-deck", n, None, "details.wild_canastas", sentence(n, None, _(
            "the books, wild-card canastas and dirty canastas recorded need %(needed)s wild cards (seven in a wild "
            "canasta, one in a dirty one, eight in a book), but the decks hold only %(held)s.") % {
            "needed": points(wilds), "held": cards.wilds})))
    naturals = sum(naturals_taken(d) for _side, d in detailed)
    if naturals > cards.naturals:
        if cards.natural_words.startswith("aces"):
            text = _("the clean and dirty canastas recorded need %(needed)s natural cards (seven and six each, "
                     "thirteen in a book), but the decks hold only %(held)s aces, 4s, 5s, 6s, 8s, 9s, 10s, jacks, "
                     "queens and kings.")
        else:
            text = _("the clean and dirty canastas recorded need %(needed)s natural cards (seven and six each, "
                     "thirteen in a book), but the decks hold only %(held)s 4s, 5s, 6s, 8s, 9s, 10s, jacks, queens "
                     "and kings.")
        out.append(violation("naturals-exceed-deck", n, None, "details.clean_canastas", sentence(n, None, text % {
            "needed": points(naturals), "held": points(cards.naturals)})))


def _card_points(n: int, detailed: list[tuple[str, dict]], cards, out: list[Violation]) -> None:
    counted = sum((d["table_points"] or 0) + (d["hand_points"] or 0) for _side, d in detailed)
    if counted > cards.card_points:
        out.append(violation("card-points-exceed-deck", n, None, "details.table_points", sentence(n, None, _(
            "the table and hand points recorded come to %(counted)s, but all the cards but the threes are worth "
            "only %(most)s.") % {"counted": points(counted), "most": points(cards.card_points)})))


def counts_problem(n: int, counts: dict[str, int], options, out: list[Violation]) -> bool:
    """Counts that no table and hand points explain must still fit the cards' points (and the red threes',
    when they count as cards). `counts` is each side's count as the rules know it (from its points when
    written). Whether it found a problem: the caller then checks no total resting on a written count."""
    cards = deck(options)
    most = cards.card_points + (RED_THREE * cards.red_threes if options.red_in_count else 0)
    if sum(abs(c) for c in counts.values()) <= most:
        return False
    written = either([_("%(count)s for %(side)s") % {"count": points(c), "side": team_name(side)}
                      for side, c in counts.items()], "and")
    out.append(violation("counts-exceed-deck", n, None, "count", sentence(n, None, _(
        "counts of %(counts)s cannot all be right; the cards they count are worth only %(most)s.") % {
        "counts": written, "most": points(most)})))
    return True


def check_deal(n: int, detailed: tuple[tuple[str, dict], ...], options, out: list[Violation]) -> None:
    """Going out and the decks, over the sides that wrote details, (side, details) pairs (a quick test
    first, written out: most deals pass it, and the calls cost a valid sheet more than these sums)."""
    cards = deck(options)
    went = reds = blacks = sevens = wilds = naturals = card_points = 0
    for _side, d in detailed:
        books, sevens_c, wild_c, clean, dirty, red, black, out_, table, hand = detail_values(d)
        went += out_
        reds += red
        blacks += black
        sevens += books + sevens_c
        wilds += 8 * books + 7 * wild_c + dirty
        naturals += 13 * books + 7 * clean + 6 * dirty
        card_points += (table or 0) + (hand or 0)
    if (went > 1 or reds > cards.red_threes or blacks > cards.black_threes or 7 * sevens > cards.sevens
            or wilds > cards.wilds or naturals > cards.naturals or card_points > cards.card_points):
        _went_out(n, detailed, out)
        _threes(n, detailed, cards, out)
        _canasta_cards(n, detailed, cards, out)
        _card_points(n, detailed, cards, out)


def check_both_sides(n: int, first: str, a: dict, second: str, b: dict, options, out: list[Violation]) -> None:
    """check_deal for a deal where both sides wrote details (the common case), its quick test written out
    for the two of them."""
    books_a, sevens_a, wild_a, clean_a, dirty_a, red_a, black_a, out_a, table_a, hand_a = detail_values(a)
    books_b, sevens_b, wild_b, clean_b, dirty_b, red_b, black_b, out_b, table_b, hand_b = detail_values(b)
    cards = options.cards
    books = books_a + books_b
    dirty = dirty_a + dirty_b
    if ((out_a and out_b) or red_a + red_b > cards.red_threes or black_a + black_b > cards.black_threes
            or 7 * (books + sevens_a + sevens_b) > cards.sevens
            or 8 * books + 7 * (wild_a + wild_b) + dirty > cards.wilds
            or 13 * books + 7 * (clean_a + clean_b) + 6 * dirty > cards.naturals
            or (table_a or 0) + (hand_a or 0) + (table_b or 0) + (hand_b or 0) > cards.card_points):
        check_deal(n, ((first, a), (second, b)), options, out)
