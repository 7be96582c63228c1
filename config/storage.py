"""Static files as production serves them: hashed names, compressed, cached for ever by browsers.

The table page's scripts are ES modules that import each other ("./dom.js"). Django rewrites those
imports to the hashed names too only when asked (`support_js_module_import_aggregation`); without it, a
browser could pair a new module with an old neighbour still in its cache for a while after an upgrade.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
