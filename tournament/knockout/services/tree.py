"""A bracket's matches held in memory while one change is worked out, and what the change did.

Every rule of the knockout (`carry`) walks a `Tree` loaded in one query, and `saving.save` writes what it
changed; a preview builds the same tree and writes nothing.
"""

import random
from dataclasses import dataclass, field
from functools import cached_property

from tournament.core.models import Game, Round
from tournament.core.questions import games_with_sheets

from ..models import Bracket, BracketMatch
from ..selectors import load_matches, match_label, match_title, rounds_count


@dataclass
class Changes:
    """What one change did (or, for a preview, would do) to the matches after the one changed."""

    reseated: list[BracketMatch] = field(default_factory=list)
    flagged: list[BracketMatch] = field(default_factory=list)
    seated: list[BracketMatch] = field(default_factory=list)
    walkovers: list[BracketMatch] = field(default_factory=list)
    matches: dict[int, BracketMatch] = field(default_factory=dict)
    games: dict[int, Game] = field(default_factory=dict)

    @property
    def affected(self) -> list[BracketMatch]:
        """Later matches with a game (seated, played or about to be), each once, in match order."""
        seen = {m.pk: m for m in self.reseated + self.flagged + self.seated}
        return sorted(seen.values(), key=lambda m: m.number)

    def state_of(self, match: BracketMatch) -> str:
        """What the change does to one affected match: "played" or "in_progress" (flagged for the director,
        its teams unchanged), "reseated" or "seated"."""
        if any(m.pk == match.pk for m in self.flagged):
            game = match.game
            return "played" if game is not None and game.status == Game.Status.FINAL else "in_progress"
        if any(m.pk == match.pk for m in self.seated):
            return "seated"
        return "reseated"

    def described(self) -> list[dict]:
        """The affected matches with their state, for the director's page."""
        return [{"match": m, "state": self.state_of(m)} for m in self.affected]


class Tree:
    """A bracket's matches in memory (one query): every rule below walks it, then `save` writes."""

    def __init__(self, bracket: Bracket, rng: random.Random | None = None):
        self.bracket = bracket
        self.rng = rng
        self.matches = load_matches(bracket)
        self.by_id = {m.pk: m for m in self.matches}
        self.counts = rounds_count(self.matches)
        self.seeds: dict[int, int] = {}
        self.feeds: dict[int, list[tuple[BracketMatch, str]]] = {}
        for match in self.matches:
            if match.round_index == 1 and not match.is_third_place:
                for slot in "ab":
                    if getattr(match, f"team_{slot}_id"):
                        self.seeds[getattr(match, f"team_{slot}_id")] = getattr(match, f"seed_{slot}")
            for slot in "ab":
                source = getattr(match, f"from_{slot}_id")
                if source is not None:
                    self.feeds.setdefault(source, []).append((match, slot))
        self.changes = Changes()

    def touch(self, match: BracketMatch) -> None:
        self.changes.matches[match.pk] = match

    def in_round(self, index: int) -> list[BracketMatch]:
        return [m for m in self.matches if m.round_index == index]

    def round_of(self, index: int) -> Round | None:
        """The knockout Round a bracket round was seated in, if it was."""
        for match in self.in_round(index):
            if match.game is not None:
                return match.game.round
        return None

    def label(self, match: BracketMatch) -> str:
        """In English: the notes kept on the matches (`carry`) are stored, read later by any director."""
        return f"M{match.number} ({match_label(match, self.counts)})"

    def title(self, match: BracketMatch) -> str:
        """`label` in the reader's language, for a refusal read at once."""
        return f"M{match.number} ({match_title(match, self.counts)})"

    @cached_property
    def games_with_sheets(self) -> set[int]:
        """The bracket's games with a score sheet entered (asked of the apps that keep sheets, only when a rule
        needs it): the core's `questions`, since the knockout never imports scoring."""
        return games_with_sheets(m.game_id for m in self.matches if m.game_id)

    def in_play(self, game: Game | None) -> bool:
        """A game whose pair must not change any more: final, its round's clock started, or a sheet entered."""
        if game is None:
            return False
        if game.status == Game.Status.FINAL or game.round.started_at is not None:
            return True
        return game.pk in self.games_with_sheets



def tree_for(match: BracketMatch, *, lock: str = "") -> tuple[Tree, BracketMatch]:
    tree = locked_tree(match.bracket_id, lock=lock)
    return tree, tree.by_id[match.pk]


def locked_tree(bracket_id: int, *, lock: str = "", rng: random.Random | None = None) -> Tree:
    """Load the bracket, locked for the rest of the transaction, so that two results arriving together
    are carried one after the other (each sees the other's slot) and never both miss the round's end.

    lock "bracket": the caller already holds its game (a result being recorded). lock "games": a
    director's action or a withdrawal, which may write any of the bracket's games; those are locked first,
    in one order, as the scoring app locks a game before its result reaches the bracket. "" for a preview.
    """
    if lock == "games":
        list(Game.objects.select_for_update(of=("self",)).filter(bracket_match__bracket_id=bracket_id)
             .order_by("pk").values_list("pk", flat=True))
    brackets = Bracket.objects.select_related("event")
    if lock:
        brackets = brackets.select_for_update(of=("self",))
    return Tree(brackets.get(pk=bracket_id), rng)
