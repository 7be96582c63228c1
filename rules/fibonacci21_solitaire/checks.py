"""The solitaire's checks: each deal's discards and turns against what a deal can leave (deal.py), the
running totals, the final total and the winner."""

from rules.fibonacci21_solitaire import deal
from rules.fibonacci21_solitaire.codes import violation
from rules.words import points, sentence, team_name

from ..language import _


def check_deal(n: int, side: str, line: dict, decks: int, out: list) -> bool:
    """One deal's discards and turns; whether its discards are possible (the running total rests on them)."""
    pile, turns = line["discards"], line["turns"]
    most = deal.most_discards(decks)
    if not 1 <= pile <= most:
        text = (_("a discard pile of %(pile)s cards is impossible; every turn ends with a discard, so the pile "
                  "holds at least one card.") if pile < 1 else
                _("a discard pile of %(pile)s cards is impossible; six sets hold at least %(least)s of the "
                  "%(cards)s cards, so at most %(most)s are left for the pile."))
        out.append(violation("discards-impossible", n, side, "discards", sentence(n, side, text % {
            "pile": points(pile), "least": deal.LEAST_IN_SIX_SETS, "cards": points(most + deal.LEAST_IN_SIX_SETS),
            "most": points(most)})))
        return False
    if turns is None:
        return True
    if turns < deal.LEAST_TURNS:
        out.append(violation("turns-too-few", n, side, "turns", sentence(n, side, _(
            "six sets take at least %(least)s cards and a hand of %(dealt)s gains one card a turn, so it takes at "
            "least %(turns)s turns, not %(written)s.") % {
            "least": deal.LEAST_IN_SIX_SETS, "dealt": deal.DEALT, "turns": deal.LEAST_TURNS,
            "written": points(turns)})))
    elif turns > deal.stock(decks):
        out.append(violation("turns-exceed-stock", n, side, "turns", sentence(n, side, _(
            "every turn draws a card from the stock of %(stock)s, so there are at most %(stock)s turns, not "
            "%(written)s.") % {"stock": deal.stock(decks), "written": points(turns)})))
    elif pile > deal.most_discards_after(turns):
        out.append(violation("discards-exceed-turns", n, side, "discards", sentence(n, side, _(
            "%(turns)s turns draw at most %(drawn)s cards from the stock, so the pile holds at most %(most)s "
            "cards, not %(pile)s.") % {"turns": points(turns), "drawn": points(2 * turns),
                                       "most": points(deal.most_discards_after(turns)), "pile": points(pile)})))
        return False
    return True


def check_cumulative(n: int, side: str, line: dict, carried: int, running: int, ok: bool, out: list) -> tuple:
    """The running total after this deal, as written and as recomputed (accepted when it follows either)."""
    written, pile = line["cumulative"], line["discards"]
    as_written, recomputed = carried + pile, running + pile
    if written is None:
        return as_written, recomputed
    if written not in (as_written, recomputed) and ok:
        text = (_("the running total should be %(expected)s (%(before)s before this deal plus %(pile)s cards), "
                  "not %(written)s.") if n > 1 else
                _("the running total should be %(expected)s (%(pile)s cards), not %(written)s."))
        out.append(violation("cumulative-mismatch", n, side, "cumulative", sentence(n, side, text % {
            "expected": points(recomputed), "before": points(running), "pile": points(pile),
            "written": points(written)})))
    return written, recomputed


def check_end(sheet, carried: int, running: int, out: list) -> None:
    """The final total and the winner: with one player, the winner is that player."""
    side = sheet.sides[0]
    if sheet.final is not None and sheet.final[side] not in (running, carried):
        out.append(violation("final-mismatch", None, side, "final", _(
            "The final total for %(side)s should be %(expected)s, the running total after the last deal, not "
            "%(written)s.") % {"side": team_name(side), "expected": points(running),
                               "written": points(sheet.final[side])}))
    if sheet.winner not in (None, side):
        out.append(violation("winner-mismatch", None, None, "winner", _(
            "A solitaire has one player, so the winner is %(side)s, not a tie.") % {"side": team_name(side)}))
