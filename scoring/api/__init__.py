"""Scoring's REST API (under /api/v1/), one module per audience, each with its own way in:

    tables.py     the table's device: its sheet, the opponents' answer, the draft, the Base calculator.
                  No user: the table's secret token in the URL reaches that table's current game only;
                  throttled per token, since a whole room shares the venue's one public address.
    practice.py   the sheet check page's practice form: the table's draft and Base answers under a new
                  event's default rules, nothing stored. Anonymous, throttled per client address.
    director.py   the event's directors: the board, corrections, a game's history. Token or session.
    public.py     anyone: the standings once published (directors before), and the ping.

and what they share:

    reading.py    reading a body and a query: JSON as a database can keep it, checked by an input
                  serializer, refused in sentences
    answers.py    the output serializers more than one audience answers with (a sheet's version), and
                  the schema's refusals
    checks.py     the draft and the Base, for the table and the practice form alike
    throttles.py  per table token, per client address

Each endpoint parses with an input serializer, calls a service or a selector, and answers with an output
serializer. Refusals are raised, never answered by hand: `config.exceptions` gives each its status and
its `{"detail": sentence, "code": ...}` body.
"""
