"""The solitaire's checks: each deal's discards and turns against what a deal can leave (deal.py), the
running totals, the final total and the winner."""

from rules.fibonacci21_solitaire import deal
from rules.fibonacci21_solitaire.codes import violation
from rules.words import points, sentence, team_name


def check_deal(n: int, side: str, line: dict, decks: int, out: list) -> bool:
    """One deal's discards and turns; whether its discards are possible (the running total rests on them)."""
    pile, turns = line["discards"], line["turns"]
    most = deal.most_discards(decks)
    if not 1 <= pile <= most:
        why = ("every turn ends with a discard, so the pile holds at least one card" if pile < 1 else
               f"six sets hold at least {deal.LEAST_IN_SIX_SETS} of the {points(most + deal.LEAST_IN_SIX_SETS)} "
               f"cards, so at most {points(most)} are left for the pile")
        out.append(violation("discards-impossible", n, side, "discards", sentence(
            n, side, f"a discard pile of {points(pile)} cards is impossible; {why}.")))
        return False
    if turns is None:
        return True
    if turns < deal.LEAST_TURNS:
        out.append(violation("turns-too-few", n, side, "turns", sentence(
            n, side, f"six sets take at least {deal.LEAST_IN_SIX_SETS} cards and a hand of {deal.DEALT} gains one "
                     f"card a turn, so it takes at least {deal.LEAST_TURNS} turns, not {points(turns)}.")))
    elif turns > deal.stock(decks):
        out.append(violation("turns-exceed-stock", n, side, "turns", sentence(
            n, side, f"every turn draws a card from the stock of {deal.stock(decks)}, so there are at most "
                     f"{deal.stock(decks)} turns, not {points(turns)}.")))
    elif pile > deal.most_discards_after(turns):
        out.append(violation("discards-exceed-turns", n, side, "discards", sentence(
            n, side, f"{points(turns)} turns draw at most {points(2 * turns)} cards from the stock, so the pile "
                     f"holds at most {points(deal.most_discards_after(turns))} cards, not {points(pile)}.")))
        return False
    return True


def check_cumulative(n: int, side: str, line: dict, carried: int, running: int, ok: bool, out: list) -> tuple:
    """The running total after this deal, as written and as recomputed (accepted when it follows either)."""
    written, pile = line["cumulative"], line["discards"]
    as_written, recomputed = carried + pile, running + pile
    if written is None:
        return as_written, recomputed
    if written not in (as_written, recomputed) and ok:
        before = f"{points(running)} before this deal plus " if n > 1 else ""
        out.append(violation("cumulative-mismatch", n, side, "cumulative", sentence(
            n, side, f"the running total should be {points(recomputed)} ({before}{points(pile)} cards), not "
                     f"{points(written)}.")))
    return written, recomputed


def check_end(sheet, carried: int, running: int, out: list) -> None:
    """The final total and the winner: with one player, the winner is that player."""
    side = sheet.sides[0]
    if sheet.final is not None and sheet.final[side] not in (running, carried):
        out.append(violation("final-mismatch", None, side, "final", (
            f"The final total for {team_name(side)} should be {points(running)}, the running total after the "
            f"last deal, not {points(sheet.final[side])}.")))
    if sheet.winner not in (None, side):
        out.append(violation("winner-mismatch", None, None, "winner", (
            f"A solitaire has one player, so the winner is {team_name(side)}, not a tie.")))
