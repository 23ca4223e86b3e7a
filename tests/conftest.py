"""Shared test set-up: the test-only game is registered, bots think for zero
seconds, and live servers (real uvicorn processes on loopback) are started
on demand for the websocket, restart and browser tests."""

import pytest

from engine import registry

registry.register("high-card", "tests.highcard")

# The files whose tests take longest, slowest first: run first, so the last
# minutes of a run split over workers (pytest -n, --dist worksteal) are short
# tests either worker can take over, never one long test with the other idle.
SLOWEST_FIRST = [
    "tests/tools/test_bench_load.py",
    "tests/tools/test_bench_service.py",
    "tests/browser/test_station_master.py",
    "tests/games/euchre/test_rules.py",
    "tests/games/euchre/test_playout.py",
    "tests/browser/test_euchre.py",
    "tests/browser/test_euchre_replay.py",
    "tests/browser/test_replay.py",
    "tests/browser/test_line.py",
    "tests/browser/test_get_in_line.py",
]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    # (Before pytest-django's own order, by database use, which keeps this one within it.)
    rank = {path: k for k, path in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


@pytest.fixture(scope="session", autouse=True)
def _a_redis_database_a_worker(request):
    """On Redis (REDIS_URL) and split over workers (pytest -n), each worker
    after the first counts its limits and keeps its cache in a Redis
    database of its own, as its live servers do (tests/live.py), since
    every test begins by clearing the cache: one worker's clearing must not
    wipe the counts of a test the other is running."""
    import os

    from tests.live import own_redis_url

    own = own_redis_url()
    if not request.config.pluginmanager.hasplugin("django") or own == os.environ.get("REDIS_URL", ""):
        yield
        return
    from django.conf import settings
    from django.test import override_settings

    # The site's own settings for Redis, at this worker's database.
    cache, layer = settings.CACHES["default"], settings.CHANNEL_LAYERS["default"]
    with override_settings(CACHES={"default": {**cache, "LOCATION": own}},
                           CHANNEL_LAYERS={"default": {**layer, "CONFIG": {**layer["CONFIG"], "hosts": [own]}}}):
        yield


@pytest.fixture(autouse=True)
def _bots_answer_at_once(request):
    # (Pure rules tests run without Django: -p no:django. The settings are
    # overridden directly, since a test may name a parameter "settings".)
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.core.cache import cache
    from django.test import override_settings

    from web import limits

    # Tests act far faster than people; the limits have their own tests.
    unlimited = {"act": (10**6, 10), "join": (10**6, 60), "talk": (10**6, 15)}
    with override_settings(PARLOR_BOT_THINK=0.0, PARLOR_LIMITS=unlimited, PARLOR_ADDRESS_LIMITS=unlimited):
        cache.clear()
        limits.forget()
        yield


@pytest.fixture(scope="session", autouse=True)
def _static_collected(request, tmp_path_factory):
    """The pages name static files by their hashed names, which only a
    collected manifest knows: collect once a run, for the tests' own pages
    and for every live server they start (PARLOR_STATIC_ROOT)."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    import os

    from django.test import override_settings
    from whitenoise.middleware import WhiteNoiseMiddleware

    from parlor import static

    root = tmp_path_factory.mktemp("static")
    os.environ["PARLOR_STATIC_ROOT"] = str(root)
    # Django's test client builds the middleware afresh for every Client, and
    # WhiteNoise's reads every collected file's headers each time: once a
    # run is enough, since the collected files never change.
    scan = WhiteNoiseMiddleware.update_files_dictionary
    scanned = {}

    def scan_once(self, folder, prefix):
        key = (folder, prefix, self.max_age)
        if key not in scanned:
            kept, self.files = self.files, {}
            scan(self, folder, prefix)
            scanned[key], self.files = self.files, kept
        self.files.update(scanned[key])

    with override_settings(STATIC_ROOT=root), pytest.MonkeyPatch.context() as patch:
        # (With the record of what was collected, so no server collects again.)
        static.collect_when_changed(say=lambda line: None)
        patch.setattr(WhiteNoiseMiddleware, "update_files_dictionary", scan_once)
        yield


@pytest.fixture
def servers(tmp_path):
    """Start live servers on one database; each is stopped after the test."""
    from tests.live import Servers

    pool = Servers(tmp_path)
    yield pool
    pool.stop_all()


@pytest.fixture
def scaled(tmp_path):
    """Live servers on PostgreSQL and Redis, as a scaled-out site runs."""
    from tests.live import Servers, scale_out_env

    pool = Servers(tmp_path, **scale_out_env())
    yield pool
    pool.stop_all()
