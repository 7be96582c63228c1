"""The score a game is played to is its rule set's: an event may set its own where the game has one, the rule
set judges it, and every sheet of the event is held to it; a game without a target takes none."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.validation import effective_document
from tests.factories import make_event, make_players_event
from tournament.core.models import Event

SETTINGS = {"name": "Club day", "date": "2026-11-20", "format": "rotation", "games": "3", "game_minutes": "50",
            "warning_minutes": "10", "standings_order": "wins,points,difference", "sit_out_rule": "average_win"}


def target_checked(event, sheet_target=None) -> int | None:
    document = {"options": {} if sheet_target is None else {"target_score": sheet_target}}
    return effective_document(event, document)["options"].get("target_score")


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset, own", [("nvso", 8500), ("five_player", 4000), ("canasta21", 5000)])
def test_a_blank_target_is_the_game_s_own_and_holds_every_sheet(director, ruleset, own):
    event = Event.objects.create(name="Day", date="2026-11-27", ruleset=ruleset)
    assert event.target_score is None and event.target == own
    assert target_checked(event) == own
    assert target_checked(event, sheet_target=100) == own  # the event decides the rules, not the device


@pytest.mark.django_db
def test_the_event_s_own_target_wins_over_the_game_s_and_its_rule_options():
    event = Event(name="Day", date="2026-11-27", ruleset="five_player", rule_options={"target_score": 3000})
    assert event.target == 3000  # the rule options' target, before the game's 4,000
    event.target_score = 2500
    event.full_clean()
    assert event.target == 2500 and target_checked(event) == 2500


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset, value, message", [
    ("crazy_canasta", 5000, "Crazy Canasta is not played to a score: leave the target score blank."),
    ("fibonacci21_solitaire", 20, "is not played to a score: leave the target score blank."),
    ("five_player", 4001, "The target score must be a positive multiple of 5, such as 4,000, not the number 4,001."),
])
def test_a_target_the_game_cannot_take_is_refused_in_the_game_s_words(ruleset, value, message):
    event = Event(name="Day", date="2026-11-27", ruleset=ruleset, target_score=value)
    with pytest.raises(ValidationError) as refused:
        event.full_clean()
    assert any(message in text for text in refused.value.message_dict["target_score"])


@pytest.mark.django_db
def test_canasta21_takes_a_target_of_its_own_that_is_not_a_multiple_of_five(director):
    event = make_players_event(director, ruleset="canasta21", players=8, seat=False)
    event.target_score = 3001
    event.full_clean()
    event.save()
    assert target_checked(event) == 3001


@pytest.mark.django_db
def test_a_game_without_a_target_shows_none_and_the_form_says_so(client, director):
    client.force_login(director)
    page = client.post("/director/events/new/", {**SETTINGS, "ruleset": "crazy_canasta", "target_score": "5000"})
    assert "Crazy Canasta is not played to a score" in page.content.decode()
    assert not Event.objects.exists()
    client.post("/director/events/new/", {**SETTINGS, "ruleset": "crazy_canasta", "target_score": ""})
    event = Event.objects.get()
    assert event.target is None and target_checked(event) is None  # none added: the game has none
    setup = client.get(f"/director/events/{event.pk}/").content.decode()
    assert "before the end." in setup and "target" not in setup.split("before the end", 1)[1][:20]


@pytest.mark.django_db
def test_changing_the_game_drops_the_previous_game_s_own_target_but_keeps_one_typed(client, director):
    event = make_event(director, teams=4, seat=False)
    client.force_login(director)
    client.post(f"/director/events/{event.pk}/edit/", {**SETTINGS, "ruleset": "crazy_canasta", "target_score": "8500"})
    event.refresh_from_db()
    assert (event.ruleset, event.target_score) == ("crazy_canasta", None)  # NVSO's 8,500, shown, not chosen
    client.post(f"/director/events/{event.pk}/edit/", {**SETTINGS, "ruleset": "nvso", "target_score": "7000"})
    event.refresh_from_db()
    assert (event.ruleset, event.target_score, event.target) == ("nvso", 7000, 7000)


@pytest.mark.django_db(transaction=True)
def test_the_migration_blanks_the_default_target_only_where_it_was_never_applied():
    before, after = [("tournament", "0017_paired_rounds")], [("tournament", "0018_target_score_of_the_game")]
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps.get_model("tournament", "Event")
        for ruleset, target in (("nvso", 8500), ("nvso", 7000), ("five_player", 8500), ("crazy_canasta", 8500)):
            old.objects.create(name=ruleset, date="2026-11-27", ruleset=ruleset, target_score=target)
        executor.loader.build_graph()
        executor.migrate(after)
        new = executor.loader.project_state(after).apps.get_model("tournament", "Event")
        assert sorted(new.objects.values_list("name", "target_score")) == [
            ("crazy_canasta", None), ("five_player", None), ("nvso", 7000), ("nvso", 8500)]
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
