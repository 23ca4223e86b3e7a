"""How the site's static files are stored for serving: WhiteNoise's
compressed copies under names that carry a hash of their content, so a
browser may keep each one for a year. The browser's ES modules import one
another by relative path; those imports are rewritten to the hashed names
too, so a page loads every module under one name and a changed module
changes the names of all that import it."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # A module's name changes when one it imports does, one level a pass:
    # enough passes for the deepest chain of imports (five today) and room
    # to grow.
    max_post_process_passes = 12
