"""The pictures of each game's table that the README shows a newcomer
(docs/screens/<game>.png): a seeded game, dealt and played by bots to a
moment in its middle where it is the person's turn, opened in chromium on
a laptop's 1280×800 screen, and kept at half that size in 256 colours. It
starts its own server (on SQLite), so the pictures can be made again
whenever a table's look changes:

    python -m tools.screenshots              (every game)
    python -m tools.screenshots euchre line  (some)

A game with a day of pictures (Station Master's, in docs/station-master/)
is pictured through it, full size, on a laptop and on a phone: at the
start, in the middle with an Extra on the line, and at the result sheet:

    python -m tools.screenshots --day station-master
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
# The screens a table is seen on: a laptop's (the README's pictures), and a
# phone's, held as a person holds it.
SCREENS = {
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
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


# A day pictured from start to end: the table (its preset and its seats),
# the deal, and the moments at which the person's turn is pictured, each
# the first turn of theirs from which ``also(state)`` holds; "end" is their
# last turn, played on the page to the result sheet. Station Master's is a
# Co-op day at four Offices, mid-day the person's own Extra and another
# Office's both running.
DAYS = {
    "station-master": {
        "settings": {"preset": "co-op"}, "seats": 4, "seed": "8",
        "moments": {
            "start": lambda state: True,
            "extra": lambda state: state["stage"] >= 10 and any(
                t["kind"] == "extra" and t["status"] == "running" for t in state["trains"]),
            "end": None,
        },
    },
}


def moment(game, seats: int, settings: dict | None, seed: str, moves: int, seat: int, also=lambda state: True) -> dict:
    """The seeded game played by bots to its ``moves``-th move or later,
    at the first state where ``seat`` decides and ``also(state)`` holds."""
    from engine.play import play

    deciding = lambda state: state["seq"] >= moves and any(s == seat for s, _kind, _key in game.deciding(state)) and also(state)
    state = play(game, ["easy"] * seats, seed, settings, until=deciding).final
    if not deciding(state):
        raise SystemExit(f"{game.slug}'s deal {seed} ends before a turn of seat {seat} after move {moves}: pick another moment")
    return state


def last_turn(game, seats: int, settings: dict | None, seed: str, seat: int) -> dict:
    """The seeded game played by bots to the last move ``seat`` makes in it."""
    from engine.play import play

    moves = play(game, ["easy"] * seats, seed, settings).moves
    return moment(game, seats, settings, seed, max(k for k, (s, _action, _by) in enumerate(moves) if s == seat), seat)


def opened(browser, server, walk, state, screen: dict, top=True):
    """The walked table's page at ``state``, as a family that has read How
    to play opens it on this screen, scrolled to its top (or where the
    table brings it, if not ``top``), its fonts in: (context, page)."""
    context = browser.new_context(base_url=server.url, reduced_motion="reduce", **screen)
    context.add_init_script(f"localStorage.setItem({json.dumps(f'parlor:{walk.slug}:seen-rules')}, '1');")
    context.add_cookies(walk.cookies())
    page = context.new_page()
    page.goto(walk.path)
    page.locator(f'#board[data-seq="{state["seq"]}"]').wait_for(state="attached")
    if page.locator("#your-move-ok:visible").count():
        # (Pressed where it is: a click would scroll the page to it first.)
        page.locator("#your-move-ok").evaluate("ok => ok.click()")
    # The top of the page, as it opens (a table may bring its moves into view).
    page.evaluate("async top => { await document.fonts.ready; if (top) scrollTo(0, 0); await new Promise(r => requestAnimationFrame(r)); }", top)
    return context, page


def keep(shot: bytes, path: Path, size=None) -> Path:
    """A screenshot kept in 256 colours (at ``size``, if given)."""
    from PIL import Image

    picture = Image.open(io.BytesIO(shot)).convert("RGB")
    if size:
        picture = picture.resize(size, Image.LANCZOS)
    # 256 colours chosen by octree, which keeps the suits' reds (median cut
    # turns them brown), and dithered, so the felt's gradient shows no bands.
    palette = picture.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    picture = picture.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG)
    path.parent.mkdir(parents=True, exist_ok=True)
    picture.save(path, optimize=True)
    return path


def shoot(browser, pool, server, slug: str, out: Path) -> Path:
    """One game's picture, written to ``out``/<slug>.png."""
    from engine import registry
    from tests.browser.tables import Walk, deal_and_play_to

    game = registry.get(slug)
    seed, moves = MOMENTS[slug]
    walk = Walk(server, slug)
    state = moment(game, len(walk.snap["seats"]), walk.snap.get("settings"), seed, moves, walk.seat)
    deal_and_play_to(pool, walk, seed, state)
    context, page = opened(browser, server, walk, state, SCREENS["laptop"])
    try:
        shot = page.screenshot()
    finally:
        context.close()
    return keep(shot, out / f"{slug}.png", KEPT)


def shoot_day(browser, pool, server, slug: str, out: Path) -> list[Path]:
    """A game's day, each moment on each screen, written to
    ``out``/<slug>/<moment>-<screen>.png at full size."""
    from engine import registry
    from tests.browser.tables import Walk, bots_play, deal_and_play_to

    game = registry.get(slug)
    day = DAYS[slug]
    paths = []
    for name, also in day["moments"].items():
        for screen, held in SCREENS.items():
            walk = Walk(server, slug, settings=day["settings"], seats=day["seats"])
            settings = walk.snap.get("settings")
            state = (last_turn(game, day["seats"], settings, day["seed"], walk.seat) if also is None
                     else moment(game, day["seats"], settings, day["seed"], 0, walk.seat, also))
            deal_and_play_to(pool, walk, day["seed"], state)
            # (Each at a turn of the person's, as the table brings it into view.)
            context, page = opened(browser, server, walk, state, held, top=False)
            try:
                if also is None:
                    # The last turn played as it comes (the first move offered each time: a
                    # move's button is marked data-move), the bots then ending the day.
                    bots_play(pool, walk)
                    sheet = page.locator("#result-dialog[open]")
                    while not sheet.count():
                        page.locator('#board[aria-busy="false"] [data-move]:not([disabled]), #result-dialog[open]').first.wait_for()
                        if not sheet.count():
                            page.locator("[data-move]").first.click()
                paths.append(keep(page.screenshot(), out / slug / f"{name}-{screen}.png"))
            finally:
                context.close()
    return paths


def main(argv=None) -> int:
    from tests.browser.tables import GAMES

    parser = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"the games to picture: {', '.join(GAMES)} (every one by default)")
    parser.add_argument("--out", type=Path, default=None, help=f"where the pictures go ({OUT.relative_to(ROOT)}, or docs/ for a day)")
    parser.add_argument("--day", action="store_true", help=f"picture a day of each game that has one ({', '.join(DAYS)})")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in (DAYS if args.day else GAMES)]
    if unknown:
        known = DAYS if args.day else GAMES
        parser.error(f"no game with {'a day of pictures' if args.day else 'a table'} is called {', '.join(unknown)}: pick from {', '.join(known)}")

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
            for slug in args.games or (DAYS if args.day else GAMES):
                paths = shoot_day(browser, pool, server, slug, args.out or OUT.parent) if args.day else \
                    [shoot(browser, pool, server, slug, args.out or OUT)]
                for path in paths:
                    print(f"{path}  {path.stat().st_size:,} bytes")
            browser.close()
        finally:
            pool.stop_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
