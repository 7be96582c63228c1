"""The rulings of an event as read: every lateness penalty and score ruling, withdrawn ones included
(nothing given is ever hidden), each with whether it counts now. Read in three queries whatever the size
of the event: the penalties, the score rulings, and the time of each game's latest correction by the
director (a correction after a score ruling replaces it: `withdrawals.in_force`)."""

from dataclasses import dataclass
from itertools import groupby

from django.db.models import Max

from tournament.core.models import Event, Game

from .models import Penalty, ScoreRuling, SheetVersion
from .withdrawals import in_force, ruling_in_force

LATE = "late_penalty"


@dataclass(frozen=True)
class GivenRuling:
    """One ruling: `record` is the `Penalty` or the `ScoreRuling`; `counts` says it is part of the result
    (a penalty not withdrawn; a score ruling that is the game's result)."""

    kind: str
    record: Penalty | ScoreRuling
    counts: bool

    @property
    def game(self) -> Game:
        return self.record.game

    @property
    def family(self) -> str:
        """The address part of its withdrawal: penalties and score rulings are numbered apart."""
        return "penalties" if self.kind == LATE else "scores"


_JOINS = ("game__round", "game__table", "game__ns_team", "game__ew_team", "given_by", "withdrawn_by")


def event_rulings(event: Event) -> list[GivenRuling]:
    """The event's rulings, oldest first."""
    penalties = Penalty.objects.filter(game__round__event=event).select_related(*_JOINS)
    scores = list(ScoreRuling.objects.filter(game__round__event=event).select_related(*_JOINS)
                  .order_by("game_id", "created_at", "id"))
    corrected = dict(SheetVersion.objects.filter(game_id__in={ruling.game_id for ruling in scores},
                                                 source=SheetVersion.Source.DIRECTOR)
                     .order_by().values("game_id").annotate(at=Max("created_at")).values_list("game_id", "at"))
    counting = set()
    for game_id, of_game in groupby(scores, key=lambda ruling: ruling.game_id):
        current = in_force(list(of_game), corrected.get(game_id))
        if current is not None:
            counting.add(current.pk)
    given = [GivenRuling(LATE, penalty, not penalty.is_withdrawn) for penalty in penalties]
    given += [GivenRuling(ruling.kind, ruling, ruling.pk in counting) for ruling in scores]
    return sorted(given, key=lambda ruling: (ruling.record.created_at, ruling.kind, ruling.record.pk))


def given_ruling(record: Penalty | ScoreRuling) -> GivenRuling:
    """One ruling just given or withdrawn, as `event_rulings` lists it."""
    if isinstance(record, Penalty):
        return GivenRuling(LATE, record, not record.is_withdrawn)
    current = ruling_in_force(record.game)
    return GivenRuling(record.kind, record, current is not None and current.pk == record.pk)


def score_ruling_given(game: Game) -> ScoreRuling:
    """The score ruling a `rulings.give_*_score` call just gave, read by the id the game it answered carries:
    not the game's latest, which another director's ruling at the same moment may already be."""
    return ScoreRuling.objects.select_related(*_JOINS).get(pk=game.given_ruling_id)
