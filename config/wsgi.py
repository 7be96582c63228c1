"""The WSGI application gunicorn serves (`gunicorn config.wsgi`).

After Django is set up, every URL's views are imported and what start-up built (modules, classes,
templates' code, the rules' tables: a few hundred thousand objects) is frozen out of the garbage
collector's sight (gc.freeze). None of it is ever garbage, yet without the freeze each full collection
walks all of it again, inside whichever request happened to trigger it: a request that allocates a large
answer could pay some 60 ms for that walk (bench/hostile_bodies.py). With gunicorn's `--preload` the
frozen objects are also never written to, so the forked workers share their pages with the parent.
"""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()


def settle() -> None:
    """Import what the first requests would (every view, through the URL patterns; the rule sets), then
    freeze the heap as it stands: what start-up made lives as long as the process."""
    from django.urls import get_resolver

    import rules.registry

    get_resolver().url_patterns  # noqa: B018 - the property imports every view module
    rules.registry.ruleset_names()
    gc.collect()
    gc.freeze()


settle()
