"""Checks across both teams in one hand: what the two decks can hold, and who ended the hand.

Sums over the teams that recorded details are lower bounds, so the deck limits are checked even when
only one team recorded them; the checks that compare the two teams need both.
"""

from rules.nvso import scoring
from rules.nvso.codes import violation
from rules.nvso.deck import (
    MIN_WILDS_IN_INCOMPLETE,
    NATURAL_RANKS,
    PURE_AND_MIXED_RANKS,
    PURE_RANKS,
    THREES_PER_COLOUR,
    WILD_CARDS,
    WILDS_IN_WILD_CANASTA,
)
from rules.sheet import Details, Hand, TeamLine
from rules.violations import Violation
from rules.words import points, sentence, team_name


def _both_teams(n: int, ns: Details, ew: Details, out: list[Violation]) -> None:
    """Going out and special hands: each ends the hand, so only one team can do either (E, F, K)."""
    if ns.went_out and ew.went_out:
        out.append(violation("went-out-both", n, None, "details.went_out", sentence(
            n, None, "North-South and East-West cannot both have gone out; the hand ends when the first "
                     "team goes out.")))
    if ns.special_hand is not None and ew.special_hand is not None:
        out.append(violation("special-hand-both", n, None, "details.special_hand", sentence(
            n, None, "only one team can show a special hand, because showing it ends the hand at once.")))
    for shown, other in (("ns", ew), ("ew", ns)):
        if (ns if shown == "ns" else ew).special_hand is not None and other.went_out:
            out.append(violation("special-hand-and-went-out", n, None, "details.went_out", sentence(
                n, None, f"{team_name('ew' if shown == 'ns' else 'ns')} cannot have gone out, because the "
                         f"special hand {team_name(shown)} showed ended the hand.")))
    for colour in ("red", "black"):
        threes = getattr(ns, f"{colour}_threes") + getattr(ew, f"{colour}_threes")
        if threes > THREES_PER_COLOUR:
            out.append(violation("threes-exceed-deck", n, None, f"details.{colour}_threes", sentence(
                n, None, f"the teams recorded {threes} {colour} threes between them, but there are only "
                         f"{THREES_PER_COLOUR}.")))
    for code, name, words in (("sevens-canasta-twice", "sevens_canasta", "sevens canasta"),
                              ("aces-canasta-twice", "aces_canasta", "aces canasta")):
        if getattr(ns, name) and getattr(ew, name):
            out.append(violation(code, n, None, f"details.{name}", sentence(
                n, None, f"both teams recorded a {words}, but the 8 cards of that rank make only one.")))
    if ns.wild_canasta is not None and ew.wild_canasta is not None:
        out.append(violation("wild-canasta-twice", n, None, "details.wild_canasta", sentence(
            n, None, "both teams recorded a wild canasta, but the 12 wild cards make only one.")))


_RANK_WORDS = {9: "nine", 10: "ten", 11: "eleven"}
_ONE_PER_RANK = "; a rank has only 8 cards, so it makes at most one canasta in a hand."


def _natural_canastas(n: int, present: list[Details], who: str, out: list[Violation]) -> None:
    """At most one canasta per natural rank in a hand (deck.py): the first of the three bounds broken."""
    pure = sum(d.pure_canastas for d in present)
    mixed = sum(d.mixed_canastas for d in present)
    aces = any(d.aces_canasta for d in present)
    naturals = pure + mixed + sum(d.sevens_canasta + d.aces_canasta for d in present)
    show = "together show" if len(present) == 2 else "shows"
    pure_and_mixed = PURE_AND_MIXED_RANKS - aces
    if pure > PURE_RANKS:
        field, text = "details.pure_canastas", (
            f"{who} {show} {pure} pure canastas, but only {_RANK_WORDS[PURE_RANKS]} ranks can make one "
            "(4 to King without sevens)")
    elif pure + mixed > pure_and_mixed:
        ranks = "4 to King without sevens" + ("" if aces else ", and aces")
        also = ", the aces being in the pure aces canasta" if aces else ""
        field, text = "details.mixed_canastas", (
            f"{who} {show} {pure + mixed} pure and mixed canastas, but only {_RANK_WORDS[pure_and_mixed]} "
            f"ranks can make them ({ranks}{also})")
    elif naturals > NATURAL_RANKS:
        field, text = "details.pure_canastas", (
            f"{who} {show} {naturals} canastas of natural cards, but there are only "
            f"{_RANK_WORDS[NATURAL_RANKS]} ranks from 4 to ace")
    else:
        return
    out.append(violation("natural-canastas-exceed-deck", n, None, field,
                         sentence(n, None, text + _ONE_PER_RANK)))


def _cards_of_the_decks(n: int, present: list[Details], who: str, out: list[Violation]) -> None:
    """Natural canastas, wild cards, completed-and-unfinished melds, card points (C, E, G, H). `who` names
    the teams whose details are in `present`."""
    _natural_canastas(n, present, who, out)
    wilds = sum(d.mixed_canastas + WILDS_IN_WILD_CANASTA * (d.wild_canasta is not None)
                + MIN_WILDS_IN_INCOMPLETE[d.incomplete_wilds] for d in present)
    if wilds > WILD_CARDS:
        out.append(violation("wilds-exceed-deck", n, None, "details.mixed_canastas", sentence(
            n, None, f"the canastas and melds recorded need at least {wilds} wild cards, but there are only "
                     f"{WILD_CARDS}.")))
    for code, done, unfinished, words in (
        ("completed-and-incomplete-sevens", "sevens_canasta", "incomplete_sevens", "sevens canasta"),
        ("completed-and-incomplete-aces", "aces_canasta", "incomplete_aces", "aces canasta"),
    ):
        if any(getattr(d, done) for d in present) and any(getattr(d, unfinished) for d in present):
            out.append(violation(code, n, None, f"details.{unfinished}", sentence(
                n, None, f"a completed {words} and an unfinished one cannot both be on the table in the same "
                         "hand; there are only 8 cards of each rank.")))
    if (any(d.wild_canasta is not None for d in present)
            and any(d.incomplete_wilds is not None for d in present)):
        out.append(violation("completed-and-incomplete-wilds", n, None, "details.incomplete_wilds", sentence(
            n, None, "a completed wild canasta and an unfinished wild-card meld cannot both be on the table "
                     "in the same hand.")))
    card_points = sum((d.table_points or 0) + (d.hand_points or 0) for d in present)
    if card_points > scoring.CARD_POINTS:
        out.append(violation("card-points-exceed-deck", n, None, "details.table_points", sentence(
            n, None, f"the table and hand points recorded add up to {points(card_points)}, but all the "
                     f"cards together are worth only {points(scoring.CARD_POINTS)}.")))


def _card_part(line: TeamLine, penalties_in_base: bool) -> int:
    """How far the count is from zero because of cards alone (stuck-card penalties taken out when the
    option puts them in the count; without details, the reading most favourable to the sheet)."""
    count = line.count
    if penalties_in_base:
        return abs(count)
    if line.details is not None:
        return abs(count + scoring.stuck_penalty(line.details))
    return min(abs(count + scoring.STUCK * k) for k in range(5))


def counts_problem(n: int, hand: Hand, options) -> Violation | None:
    """|count ns| + |count ew| <= 1,160: every card is counted once, for one team (C). The violation, for
    the caller to add after the hand's arithmetic (whose checks it changes), or None."""
    ns, ew = hand.ns.count, hand.ew.count
    if abs(ns) + abs(ew) <= scoring.CARD_POINTS:
        return None
    needed = _card_part(hand.ns, options.penalties_in_base) + _card_part(hand.ew, options.penalties_in_base)
    if needed <= scoring.CARD_POINTS:
        return None
    return violation("counts-exceed-deck", n, None, "count", sentence(
        n, None, f"counts of {points(ns)} for North-South and {points(ew)} for East-West cannot both be "
                 f"right; all the cards together are worth only {points(scoring.CARD_POINTS)}."))


def _both_suspect(ns: Details, ew: Details) -> bool:
    """A quick test that _both_teams has nothing to report (true when it may have)."""
    return bool(
        (ns.went_out and ew.went_out)
        or ns.special_hand is not None or ew.special_hand is not None
        or ns.red_threes + ew.red_threes > THREES_PER_COLOUR
        or ns.black_threes + ew.black_threes > THREES_PER_COLOUR
        or (ns.sevens_canasta and ew.sevens_canasta) or (ns.aces_canasta and ew.aces_canasta)
        or (ns.wild_canasta is not None and ew.wild_canasta is not None))


def _decks_suspect(ns: Details, ew: Details) -> bool:
    """A quick test that _cards_of_the_decks has nothing to report (true when it may have)."""
    return bool(
        ns.pure_canastas + ns.mixed_canastas + ew.pure_canastas + ew.mixed_canastas > PURE_RANKS
        or ns.pure_canastas + ns.mixed_canastas + ew.pure_canastas + ew.mixed_canastas + ns.sevens_canasta
        + ns.aces_canasta + ew.sevens_canasta + ew.aces_canasta > NATURAL_RANKS
        or ns.mixed_canastas + ew.mixed_canastas > WILD_CARDS
        or ns.wild_canasta is not None or ew.wild_canasta is not None
        or ns.incomplete_wilds is not None or ew.incomplete_wilds is not None
        or ((ns.sevens_canasta or ew.sevens_canasta) and (ns.incomplete_sevens or ew.incomplete_sevens))
        or ((ns.aces_canasta or ew.aces_canasta) and (ns.incomplete_aces or ew.incomplete_aces))
        or (ns.table_points or 0) + (ns.hand_points or 0) + (ew.table_points or 0) + (ew.hand_points or 0)
        > scoring.CARD_POINTS)


def check_hand_deck(n: int, hand: Hand, out: list[Violation]) -> None:
    """The cross-team checks that need details (a quick test first: most hands pass it)."""
    ns, ew = hand.ns.details, hand.ew.details
    if ns is not None and ew is not None:
        if _both_suspect(ns, ew):
            _both_teams(n, ns, ew, out)
        if _decks_suspect(ns, ew):
            _cards_of_the_decks(n, [ns, ew], "North-South and East-West", out)
    elif ns is not None:
        _cards_of_the_decks(n, [ns], "North-South", out)
    elif ew is not None:
        _cards_of_the_decks(n, [ew], "East-West", out)
