"""Single elimination: the bracket, seeded and drawn, its games played at the tables, winners carried on.

    plan.py       seeding and the plan of matches as plain Python (no Django), JSON and a text drawing
    models.py     the bracket as played: matches, slots, winners, what waits for the director
    services/     drawing the bracket, carrying results, walkovers, ties and corrections
    selectors.py  the bracket as the API and the pages read it
    api.py, views.py, forms.py, urls.py, api_urls.py   the REST API and the pages

The core never imports this package: it announces final results and withdrawals (`tournament.core.signals`)
and the knockout subscribes to them in `apps.py`. Its models keep their tables (`tournament_bracket`,
`tournament_bracketmatch`) from the days they lived in the core.
"""
