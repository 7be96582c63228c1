"""The game clock: one go-ahead for the room, pause, resume, extra time, and the moments it announces.

    state.py      the clock as arithmetic over stored facts (no Django): phase, time left, moments
    facts.py      a round's stored facts turned into the arithmetic's input, and instants as the API writes them
    services.py   the director's controls: each changes the round's facts and schedules the moments to come
    moments.py    recording a moment (warning, time up) once, however many tasks deliver it
    broker.py     publishing to the Celery broker without ever holding up a control, and whether it answers
    tasks.py      the Celery tasks that deliver the moments, and the periodic reconcile
    selectors.py  the clock as the API and the pages read it
    api.py, views.py, urls.py, api_urls.py   the REST API and the pages

Its one model, `ClockEvent`, keeps its table `tournament_clockevent` from the days it lived in the core.
"""
