"""How the site's static files are stored for serving: WhiteNoise's
compressed copies under names that carry a hash of their content, so a
browser may keep each one for a year. The browser's ES modules import one
another by relative path; those imports are rewritten to the hashed names
too, so a page loads every module under one name and a changed module
changes the names of all that import it.

A page names each file by the hash the collected manifest keeps, so a server
that starts without one, or with one older than the files, would answer
every page with an error: every server collects them as it starts when they
changed since the last collection (`collect_when_changed`; by hand,
`python -m parlor.static`, which `make static` runs)."""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # A module's name changes when one it imports does, one level a pass:
    # enough passes for the deepest chain of imports (five today) and room
    # to grow.
    max_post_process_passes = 12


def collect_when_changed(say: Callable[[str], None] = print) -> bool:
    """Collect the static files unless the collection in STATIC_ROOT was made
    from the files as they are now; whether it collected. Servers started
    side by side take turns (a lock beside STATIC_ROOT), so the second finds
    the first's collection made and serves it."""
    from django.conf import settings
    from django.core.management import call_command

    if settings.DEBUG:  # the files are served from their folders, as they change
        return False
    root = Path(settings.STATIC_ROOT)
    root.parent.mkdir(parents=True, exist_ok=True)
    # The stamp holds what the collection was made from: each file's name,
    # size and time of change, so files unpacked with older times count too.
    stamp = root.with_name(root.name + ".collected")
    with open(stamp, "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        held.seek(0)
        wanted = _sources_digest()
        if held.read() == wanted and (root / HashedStorage.manifest_name).exists():
            return False
        say(f"Collecting the static files into {root} (once after each update)…")
        call_command("collectstatic", interactive=False, verbosity=0)
        held.seek(0)
        held.truncate()
        held.write(wanted)
        return True


def _sources_digest() -> str:
    from django.apps import apps
    from django.contrib.staticfiles.finders import get_finders

    digest = hashlib.sha256()
    ignored = apps.get_app_config("staticfiles").ignore_patterns
    for finder in get_finders():
        for path, storage in finder.list(ignored):
            found = os.stat(storage.path(path))
            digest.update(f"{getattr(storage, 'prefix', None) or ''}/{path}\0{found.st_size}\0{found.st_mtime_ns}\n".encode())
    return digest.hexdigest()


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    django.setup()
    collect_when_changed()
