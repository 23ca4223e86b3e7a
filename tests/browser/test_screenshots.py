"""tools/screenshots.py, which makes the README's pictures of each game's
table: every game with a table has a moment to be pictured at, and its
picture is the table on a laptop's screen at half size, in few enough
colours and bytes to sit in the README."""

import pytest
from PIL import Image

from tests.browser.tables import GAMES
from tools.screenshots import KEPT, MOMENTS, shoot

MOST_BYTES = 100 * 1024


@pytest.mark.parametrize("slug", GAMES)
def test_each_games_table_is_pictured_small(slug, browser, servers, tmp_path):
    assert slug in MOMENTS, f"{slug} has a table but no moment to picture it at"
    server = servers.start()
    path = shoot(browser, servers, server, slug, tmp_path)
    assert path == tmp_path / f"{slug}.png"
    picture = Image.open(path)
    assert picture.size == KEPT and picture.mode == "P"
    assert path.stat().st_size < MOST_BYTES
    # The table itself, not a blank or half-drawn page: its many colours.
    assert len(picture.convert("RGB").getcolors(maxcolors=1 << 16)) > 64
