"""The pictures of each game's table that the README shows a newcomer
(docs/screens/<game>.png): a seeded game, dealt and played by bots to a
moment in its middle where it is the person's turn, opened in chromium on
a laptop's 1280×800 screen, and kept at half that size in 256 colours. It
starts its own server (on SQLite), so the pictures can be made again
whenever a table's look changes:

    python -m tools.screenshots              (every game)
    python -m tools.screenshots euchre line  (some)
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screens"
SCREEN = (1280, 800)  # the laptop the table is seen on
KEPT = (640, 400)  # the picture's size in the README
COLOURS = 256

# Each game's deal and how many moves into it the picture is taken (at the
# person's first turn from there): Euchre's tricks under way, a board with a
# dozen chips and lines in the making, a grid half full with every card of
# the hand able to go down, a day's first Stages run.
MOMENTS = {
    "euchre": ("21", 14),
    "get-in-line": ("3", 22),
    "line": ("2", 8),
    "station-master": ("8", 16),
}


def moment(game, seats: int, settings: dict | None, seed: str, moves: int, seat: int) -> dict:
    """The seeded game played by bots to its ``moves``-th move or later,
    at the first state where ``seat`` decides."""
    from engine.play import play

    deciding = lambda state: state["seq"] >= moves and any(s == seat for s, _kind, _key in game.deciding(state))
    state = play(game, ["easy"] * seats, seed, settings, until=deciding).final
    if not deciding(state):
        raise SystemExit(f"{game.slug}'s deal {seed} ends before a turn of seat {seat} after move {moves}: pick another moment")
    return state


def shoot(browser, pool, server, slug: str, out: Path) -> Path:
    """One game's picture, written to ``out``/<slug>.png."""
    from PIL import Image

    from engine import registry
    from tests.browser.tables import Walk, deal_and_play_to

    game = registry.get(slug)
    seed, moves = MOMENTS[slug]
    walk = Walk(server, slug)
    state = moment(game, len(walk.snap["seats"]), walk.snap.get("settings"), seed, moves, walk.seat)
    deal_and_play_to(pool, walk, seed, state)
    context = browser.new_context(base_url=server.url, viewport=dict(zip(("width", "height"), SCREEN)), reduced_motion="reduce")
    try:
        # A family that has read How to play, at a turn like any other.
        context.add_init_script(f"localStorage.setItem({json.dumps(f'parlor:{slug}:seen-rules')}, '1');")
        context.add_cookies(walk.cookies())
        page = context.new_page()
        page.goto(walk.path)
        page.locator(f'#board[data-seq="{state["seq"]}"]').wait_for(state="attached")
        if page.locator("#your-move-ok:visible").count():
            page.locator("#your-move-ok").click()
        # The top of the page, as it opens (a table may bring its moves into view).
        page.evaluate("async () => { await document.fonts.ready; scrollTo(0, 0); await new Promise(r => requestAnimationFrame(r)); }")
        shot = page.screenshot()
    finally:
        context.close()
    # 256 colours chosen by octree, which keeps the suits' reds (median cut
    # turns them brown), and dithered, so the felt's gradient shows no bands.
    small = Image.open(io.BytesIO(shot)).convert("RGB").resize(KEPT, Image.LANCZOS)
    palette = small.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    picture = small.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{slug}.png"
    picture.save(path, optimize=True)
    return path


def main(argv=None) -> int:
    from tests.browser.tables import GAMES

    parser = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"the games to picture: {', '.join(GAMES)} (every one by default)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where the pictures go ({OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"no game with a table is called {', '.join(unknown)}: pick from {', '.join(GAMES)}")

    # The moves are written where the server keeps its tables: its own SQLite file.
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    import django

    django.setup()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, FLAGS
    from tests.live import Servers

    with tempfile.TemporaryDirectory(prefix="parlor-screenshots-") as tmp, sync_playwright() as p:
        pool = Servers(Path(tmp))
        try:
            server = pool.start()
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or CHROMIUM, args=FLAGS)
            for slug in args.games or GAMES:
                path = shoot(browser, pool, server, slug, args.out)
                print(f"{path}  {path.stat().st_size:,} bytes")
            browser.close()
        finally:
            pool.stop_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
