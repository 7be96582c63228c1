"""What a standings poll costs at 1,000 teams: a changed answer (200) and an unchanged one (304).

    .venv/bin/python bench/standings_poll.py [--cache redis://127.0.0.1:6379/7 | --cache locmem]
                                             [--changes 20] [--pollers 20] [--gap 1.1] [--pages [--sheets N]]
                                             [--before COMMIT]

Runs the Django stack in-process (middleware, views, ORM) on SQLite in memory with 1,000 teams, game 1
played and game 2 seated, the cache as production has it (Redis, the default) or the embedded default's
local memory. Then `--changes` times: a director corrects one result (committed; the time it takes is
printed too, since the published answer's job runs then, as a worker would; changes come `--gap` seconds
apart, more than the job's debounce, as a worker's job would have run by then), and `--pollers` phones that
held the previous ETag poll the API and the page's fragment (each a 200 with the changed answer), then
poll again with the new ETag (each a 304). It prints p50 and p95 of each kind of poll, and the queries a
poll ran (the most of any).

With `--pages` it then times the other pages that poll, at the same size: the public seating (published)
and the director's board of the latest game (signed in; a draft typed between two rounds of polls, so
each round's first poll finds the board changed, timed apart too: "board page, changed (first poll)").
With `--sheets N`, N tables of game 2 have sent their sheet first (a third of them accepted, one in ten
disputed), as in the middle of a game; without, the board's tables have no sheet yet.

With `--before COMMIT` it also runs the same measurement on that commit's code (checked out in a
temporary worktree, removed afterwards), first, so both figures come from one sitting of a shared machine.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# The board's first poll after each draft, which finds it changed (also counted in "board page"): with one
# in `--pollers` of them, the p95 of all the board's polls may or may not be one of these.
CHANGED_BOARD = "board page, changed (first poll)"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(root: Path, cache: str, changes: int, pollers: int, teams: int, gap: float, pages: bool,
            sheets: int = 0) -> None:
    sys.path.insert(0, str(root))
    os.chdir(root)
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    if cache != "locmem":
        os.environ["REDIS_URL"] = cache
        os.environ["CACHE_KEY_PREFIX"] = f"bench-standings-{os.getpid()}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import random

    import django
    from django.conf import settings

    django.setup()
    settings.DATABASES["default"]["NAME"] = ":memory:"
    settings.CELERY_TASK_ALWAYS_EAGER = True   # the job runs at commit, in this process: no worker here
    from config.celery import app

    app.conf.task_always_eager = True
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    from tests.factories import make_director, make_event
    from tournament.core import services
    from tournament.core.models import Game

    director = make_director()
    event = make_event(director, teams=teams, standings_published=True, seating_published=True)
    games = list(Game.objects.filter(round__event=event, round__number=1).exclude(ew_team=None)
                 .select_related("round__event", "table"))
    for game in games:
        services.record_game_result(game, ns_total=3000 + game.table.number * 5, ew_total=2500, user=director)
    services.advance_to_next_game(event, director)
    urls = {"API": f"/api/v1/events/{event.pk}/standings/", "fragment": f"/e/{event.pk}/standings/?partial=1"}
    client = Client()
    etags = {kind: client.get(url)["ETag"] for kind, url in urls.items()}
    rng = random.Random(1)
    times: dict[str, list[float]] = {}
    most_queries: dict[str, int] = {}

    def poll(kind: str, label: str, etag: str, status: int) -> str:
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(urls[kind], HTTP_IF_NONE_MATCH=etag)
            took = time.perf_counter() - start
        assert response.status_code == status, (kind, label, response.status_code)
        times.setdefault(f"{kind}, {label}", []).append(took * 1000)
        most_queries[f"{kind}, {label}"] = max(most_queries.get(f"{kind}, {label}", 0), len(queries))
        return response["ETag"]

    for _ in range(changes):
        time.sleep(gap)
        game = rng.choice(games)
        start = time.perf_counter()
        game.refresh_from_db()
        services.record_game_result(game, ns_total=rng.randrange(500, 9000, 5), ew_total=2500, user=director)
        times.setdefault("the correction (the job included)", []).append((time.perf_counter() - start) * 1000)
        for kind in urls:
            new = [poll(kind, "changed (200)", etags[kind], 200) for _ in range(pollers)]
            etags[kind] = new[-1]
            for _ in range(pollers):
                poll(kind, "unchanged (304)", etags[kind], 304)
    if pages:
        from scoring import services as scoring

        seated = list(Game.objects.filter(round__event=event, round__number=2).exclude(ew_team=None)
                      .select_related("round__event", "table"))
        from tests.scoring.sheets import sheet

        for k, game in enumerate(seated[len(seated) - sheets:] if sheets else []):  # away from the drafts typed
            scoring.submit_sheet(game, sheet(), f"bench-{game.pk}")
            if k % 3 == 1:
                scoring.accept_sheet(game, code=game.ew_team.code)
            elif k % 10 == 2:
                scoring.dispute_sheet(game, reason="Hand 3 was 350")
        director_client = Client()
        director_client.force_login(director)
        try:  # where drafts are kept since 2026-11-26; --before runs older code, which kept them in services
            from scoring.drafts import save_draft
        except ImportError:
            save_draft = scoring.save_draft
        for n in range(changes):
            save_draft(seated[n % len(seated)], {"hands": [], "n": n})
            for i in range(pollers):
                for label, who, url in (("seating page", client, f"/e/{event.pk}/seating/"),
                                        ("board page", director_client, f"/director/events/{event.pk}/board/")):
                    with CaptureQueriesContext(connection) as queries:
                        start = time.perf_counter()
                        response = who.get(url)
                        took = time.perf_counter() - start
                    assert response.status_code == 200, (label, response.status_code)
                    times.setdefault(label, []).append(took * 1000)
                    most_queries[label] = max(most_queries.get(label, 0), len(queries))
                    if label == "board page" and i == 0:   # the poll that finds the board changed
                        times.setdefault(CHANGED_BOARD, []).append(took * 1000)
                        most_queries[CHANGED_BOARD] = max(most_queries.get(CHANGED_BOARD, 0), len(queries))
    print(f"{teams} teams, cache {cache}, {changes} changes {gap:g} s apart x {pollers} pollers, SQLite in memory"
          + (f", {sheets} sheets on the board" if pages and sheets else ""))
    for label, values in times.items():
        queries = f"{most_queries[label]:3} queries" if label in most_queries else ""
        print(f"  {label:34} p50 {statistics.median(values):7.2f} ms   p95 {percentile(values, 95):7.2f} ms"
              f"   {queries}")
    if cache != "locmem":
        from django.core.cache import cache as django_cache

        redis = django_cache._cache.get_client(write=True)   # this run's keys only, by their prefix
        keys = redis.keys(f"{os.environ['CACHE_KEY_PREFIX']}:*")
        if keys:
            redis.delete(*keys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", default="redis://127.0.0.1:6379/7", help="a Redis URL, or locmem")
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--pollers", type=int, default=20)
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--gap", type=float, default=1.1, help="seconds between two changes")
    parser.add_argument("--pages", action="store_true", help="also time the seating and board pages")
    parser.add_argument("--sheets", type=int, default=0, help="with --pages: tables of the board with a sheet")
    parser.add_argument("--before", help="also measure this commit's code first (a temporary worktree)")
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    common = ["--cache", args.cache, "--changes", str(args.changes), "--pollers", str(args.pollers),
              "--teams", str(args.teams), "--gap", str(args.gap), *(["--pages"] if args.pages else []),
              "--sheets", str(args.sheets)]
    if args.root:
        measure(Path(args.root), args.cache, args.changes, args.pollers, args.teams, args.gap, args.pages,
                args.sheets)
        return
    if args.before:
        with tempfile.TemporaryDirectory(prefix="standings-before-") as scratch:
            tree = Path(scratch) / "tree"
            subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(tree), args.before],
                           check=True)
            try:
                print(f"before: {args.before}")
                subprocess.run([sys.executable, __file__, "--root", str(tree), *common], check=True)
            finally:
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)], check=True)
        print("after: this checkout")
    subprocess.run([sys.executable, __file__, "--root", str(HERE), *common], check=True)


if __name__ == "__main__":
    main()
