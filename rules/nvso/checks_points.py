"""Checks of one team's table and hand points against its other details (C, E, G, K): what the cards its
canastas and melds hold must be worth at the least, what its stuck players hold at the least, and what
its hands can hold at the most.

The card values are C's: 4 to 7 are worth 5, 8 to King 10, aces and deuces 20, jokers 50 (threes are
base, never card points). A canasta holds at least 7 cards (E) and a meld at least 3 (D), so:

- the table holds at least the cheapest cards the team's canastas and melds can be made of: a pure
  canasta 7 cards of one rank, 35 when the rank is 4, 5 or 6 (three ranks), else 70; a mixed canasta 6
  naturals and a deuce, 50 or 80 (the cheap ranks go to the pure canastas first, which save more); a
  sevens canasta 35; a pure aces canasta 140; a wild canasta of all deuces 140, with the four jokers 260
  (4 x 50 + 3 x 20), of jokers and deuces 170 (one joker, six deuces); an unfinished sevens meld 15 (three
  sevens); an unfinished aces meld 60 (two aces and a wild card, or three aces); an unfinished wild meld 60
  (three deuces), or 200 with the four jokers;
- a player stuck with aces holds more than two of them (G), at least 60 in hand; with sevens, 15;
- the hands hold at most what is left of the deck: a player who is not stuck with aces holds at most two
  (more would make the player stuck, G), and likewise sevens; the player who went out holds nothing (K:
  "the player still must deduct the points left in his/her hand" is the partner's hand only), so a team
  that went out holds one hand. The rules set no limit on a hand's size (a player may take a large
  discard pack), so the bound is the deck's: every joker, deuce and natural card that the team's
  canastas and melds (at their cheapest, as above) do not hold, with at most two aces and two sevens in
  each hand that is not stuck. For a team that went out with two pure canastas and nobody stuck that is
  940: 200 (jokers) + 160 (deuces) + 40 (two aces) + 10 (two sevens) + 50 (the ten 4s to 6s left) + 480
  (8 to King). The bound is generous on purpose: a hand of 400 after going out is possible, and passes.

Each bound is computed once per shape of details (cached), because nearly every line passes.
"""

from functools import lru_cache

from rules.fields import Details
from rules.language import _, ngettext
from rules.nvso.codes import violation
from rules.violations import Violation
from rules.words import either, points, sentence

CHEAP, HIGH, ACE, DEUCE, JOKER, SEVEN = 5, 10, 20, 20, 50, 5  # C
CHEAP_RANKS, HIGH_RANKS, PER_RANK = 3, 6, 8  # 4-6; 8-King; two decks
HELD_BEFORE_STUCK = 2  # G: more than two aces (sevens) in hand is a stuck player
STUCK_ACES_LEAST, STUCK_SEVENS_LEAST = 3 * ACE, 3 * SEVEN
# (table points at the least, (jokers, deuces, aces, sevens) it takes from the hands at the most
# favourable to them) for each kind of canasta and meld.
WILD_CANASTAS = {"all_deuces": (7 * DEUCE, (0, 7, 0, 0)), "four_jokers": (4 * JOKER + 3 * DEUCE, (4, 3, 0, 0)),
                 "mixed": (JOKER + 6 * DEUCE, (1, 6, 0, 0))}
UNFINISHED_WILDS = {"other": (3 * DEUCE, (0, 3, 0, 0)), "four_jokers": (4 * JOKER, (4, 0, 0, 0))}
SEVENS_CANASTA = (7 * SEVEN, (0, 0, 0, 7))
ACES_CANASTA = (7 * ACE, (0, 0, 7, 0))
UNFINISHED_SEVENS = (3 * SEVEN, (0, 0, 0, 3))
UNFINISHED_ACES = (2 * ACE + DEUCE, (0, 0, 2, 0))  # two aces and a wild card, or three aces: 60 either way
MIXED_ACES = 5  # a mixed canasta of aces (from the initial meld, G) holds at least 5 aces and no other natural


def _least_naturals(pure: int, mixed: int) -> tuple[int, int, int]:
    """The naturals of ranks 4 to King the pure and mixed canastas hold at their cheapest: (their points,
    the 4s to 6s they take, the 8s to Kings they take). The three cheap ranks go to the pure canastas
    first (7 cards each, saving 35 a canasta), then to the mixed ones (6 naturals and a deuce, saving 30)."""
    cheap_pure = min(pure, CHEAP_RANKS)
    cheap_mixed = min(mixed, CHEAP_RANKS - cheap_pure)
    high_pure, high_mixed = pure - cheap_pure, mixed - cheap_mixed
    value = (7 * CHEAP * cheap_pure + 7 * HIGH * high_pure + (6 * CHEAP + DEUCE) * cheap_mixed
             + (6 * HIGH + DEUCE) * high_mixed)
    return value, 7 * cheap_pure + 6 * cheap_mixed, 7 * high_pure + 6 * high_mixed


def _most_in_hand(taken: list[int], cheap: int, high: int, stuck_aces: int, stuck_sevens: int, hands: int) -> int:
    """The card points the team's hands can hold, the table having taken `taken` (jokers, deuces, aces,
    sevens) and `cheap` 4s to 6s and `high` 8s to Kings."""
    jokers, deuces, aces, sevens = taken
    aces_left, sevens_left = max(0, PER_RANK - aces), max(0, PER_RANK - sevens)
    return (JOKER * max(0, 4 - jokers) + DEUCE * max(0, 8 - deuces)
            + ACE * (aces_left if stuck_aces else min(aces_left, HELD_BEFORE_STUCK * hands))
            + SEVEN * (sevens_left if stuck_sevens else min(sevens_left, HELD_BEFORE_STUCK * hands))
            + CHEAP * max(0, CHEAP_RANKS * PER_RANK - cheap) + HIGH * max(0, HIGH_RANKS * PER_RANK - high))


@lru_cache(maxsize=4096)
def bounds(pure: int, mixed: int, sevens: bool, aces: bool, wild: str | None, unfinished_sevens: bool,
           unfinished_aces: bool, unfinished_wilds: str | None, stuck_aces: int, stuck_sevens: int,
           went_out: bool) -> tuple[int, int, int]:
    """(the least table points, the least hand points, the most hand points) these details allow."""
    table, cheap, high = _least_naturals(pure, mixed)
    taken = [0, mixed, 0, 0]  # a mixed canasta's wild card: a deuce, leaving the jokers to the hands
    parts = [part for present, part in (
        (wild is not None, WILD_CANASTAS.get(wild)),
        (unfinished_wilds is not None, UNFINISHED_WILDS.get(unfinished_wilds)),
        (sevens, SEVENS_CANASTA), (aces, ACES_CANASTA), (unfinished_sevens, UNFINISHED_SEVENS),
        (unfinished_aces, UNFINISHED_ACES)) if present]
    for least, cards in parts:
        table += least
        taken = [have + more for have, more in zip(taken, cards, strict=True)]
    hands = 1 if went_out else 2
    most = _most_in_hand(taken, cheap, high, stuck_aces, stuck_sevens, hands)
    if mixed and not aces:  # one mixed canasta may be of aces instead, leaving its naturals to the hands
        _, cheap_one, high_one = _least_naturals(pure, mixed - 1)
        with_aces = [taken[0], taken[1], taken[2] + MIXED_ACES, taken[3]]
        most = max(most, _most_in_hand(with_aces, cheap_one, high_one, stuck_aces, stuck_sevens, hands))
    return table, STUCK_ACES_LEAST * stuck_aces + STUCK_SEVENS_LEAST * stuck_sevens, most


def _on_the_table(d: Details) -> tuple[str, bool]:
    """The team's canastas and melds in words, "3 pure canastas and an unfinished sevens meld", and whether
    they are one thing (the sentence's verb is then singular)."""
    words = []
    if d.pure_canastas:
        words.append(ngettext("a pure canasta", "%(count)s pure canastas", d.pure_canastas) % {
            "count": points(d.pure_canastas)})
    if d.mixed_canastas:
        words.append(ngettext("a mixed canasta", "%(count)s mixed canastas", d.mixed_canastas) % {
            "count": points(d.mixed_canastas)})
    if d.sevens_canasta:
        words.append(_("a sevens canasta"))
    if d.aces_canasta:
        words.append(_("a pure aces canasta"))
    if d.wild_canasta is not None:
        words.append(_("a wild canasta"))
    if d.incomplete_sevens:
        words.append(_("an unfinished sevens meld"))
    if d.incomplete_aces:
        words.append(_("an unfinished aces meld"))
    if d.incomplete_wilds is not None:
        words.append(_("an unfinished wild meld"))
    one = len(words) == 1 and d.pure_canastas <= 1 and d.mixed_canastas <= 1
    return either(words, "and"), one


def _stuck_text(hand: int, least: int, d: Details) -> str:
    """hand-points-below-stuck's sentence: who is stuck, and what they hold at the least (G)."""
    numbers = {"points": points(hand), "least": points(least)}
    if d.stuck_aces + d.stuck_sevens == 1:
        if d.stuck_aces:
            return _("hand points of %(points)s are too few: a player stuck with aces holds at least three aces, "
                     "worth at least %(least)s (aces 20 each, sevens 5).") % numbers
        return _("hand points of %(points)s are too few: a player stuck with sevens holds at least three sevens, "
                 "worth at least %(least)s (aces 20 each, sevens 5).") % numbers
    words = []
    if d.stuck_aces:
        words.append(ngettext("a player stuck with aces", "%(count)s players stuck with aces", d.stuck_aces) % {
            "count": points(d.stuck_aces)})
    if d.stuck_sevens:
        words.append(ngettext("a player stuck with sevens", "%(count)s players stuck with sevens",
                              d.stuck_sevens) % {"count": points(d.stuck_sevens)})
    return _("hand points of %(points)s are too few: %(stuck)s hold at least three of their rank each, worth at "
             "least %(least)s (aces 20 each, sevens 5).") % {**numbers, "stuck": either(words, "and")}


def _most_text(hand: int, most: int, d: Details) -> str:
    """hand-points-exceed-hands' sentence: who holds cards, and the ranks none of them is stuck with."""
    numbers = {"points": points(hand), "most": points(most)}
    if d.stuck_aces and d.stuck_sevens:
        ranks = None
    elif d.stuck_aces:
        ranks = _("sevens")
    elif d.stuck_sevens:
        ranks = _("aces")
    else:
        ranks = _("aces and two sevens")
    if d.went_out:
        if ranks is None:
            return _("hand points of %(points)s are too many: the player who went out holds no cards, and the "
                     "partner, beside the cards this team's canastas and melds hold, can hold at most %(most)s.") % (
                numbers)
        return _("hand points of %(points)s are too many: the player who went out holds no cards, and the "
                 "partner, holding at most two %(ranks)s (more would make the partner stuck), beside the cards "
                 "this team's canastas and melds hold, can hold at most %(most)s.") % {**numbers, "ranks": ranks}
    if ranks is None:
        return _("hand points of %(points)s are too many: the two players, beside the cards this team's canastas "
                 "and melds hold, can hold at most %(most)s.") % numbers
    return _("hand points of %(points)s are too many: the two players, each holding at most two %(ranks)s (more "
             "would make a player stuck), beside the cards this team's canastas and melds hold, can hold at most "
             "%(most)s.") % {**numbers, "ranks": ranks}


def check_card_points(n: int, team: str, d: Details, out: list[Violation]) -> None:
    """The table and hand points against the canastas, melds, stuck players and going out (the module's
    docstring); called for a line whose table or hand points are written and which shows no special hand.
    Each is checked only where it is written: a missing one is 0 to the count, whose check already says
    what the count should be, and one slip is told once."""
    table, hand = d.table_points, d.hand_points
    least_table, least_hand, most_hand = bounds(
        d.pure_canastas, d.mixed_canastas, d.sevens_canasta, d.aces_canasta, d.wild_canasta, d.incomplete_sevens,
        d.incomplete_aces, d.incomplete_wilds, d.stuck_aces, d.stuck_sevens, d.went_out)
    if table is not None and table < least_table:
        melds, one = _on_the_table(d)
        numbers = {"points": points(table), "melds": melds, "least": points(least_table)}
        text = (_("table points of %(points)s are too few: %(melds)s holds cards worth at least %(least)s (a "
                  "canasta has at least 7 cards and a meld 3, and no card counts less than 5).") if one
                else _("table points of %(points)s are too few: %(melds)s hold cards worth at least %(least)s (a "
                       "canasta has at least 7 cards and a meld 3, and no card counts less than 5)."))
        out.append(violation("table-points-below-melds", n, team, "details.table_points", sentence(
            n, team, text % numbers)))
    if hand is None:
        return
    if hand < least_hand:
        out.append(violation("hand-points-below-stuck", n, team, "details.hand_points", sentence(
            n, team, _stuck_text(hand, least_hand, d))))
    elif hand > most_hand:
        out.append(violation("hand-points-exceed-hands", n, team, "details.hand_points", sentence(
            n, team, _most_text(hand, most_hand, d))))
