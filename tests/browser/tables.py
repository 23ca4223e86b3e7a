"""Tables the layout, accessibility and page-weight checks look at: a person
and bots at each game, walked from its first turn through the middle of the
game to its result sheet over the JSON API, while browsers sharing the
person's seat (its session cookie) look at the page at each stage."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from urllib.parse import urlsplit

from engine import registry
from tests.live import Client
from tests.views import offered_to

# Every game with a table of its own (games/<folder>/web/app.js), by slug.
GAMES = [app.parent.parent.name.replace("_", "-") for app in sorted((Path(__file__).resolve().parents[2] / "games").glob("*/web/app.js"))]
# How many of the person's own moves take a game from its start to its
# middle: past Euchre's first hand, a dozen chips on Get In Line's board, half
# of Line's grid (eight for a game not named here).
MIDDLE = {"euchre": 12, "get-in-line": 6, "line": 8}
WAIT_FOR_STATE = 60.0  # seconds a table may take to reach the state asked for


def cookies(client: Client) -> list[dict]:
    """A client's cookies (its session, and so its seats) for a browser."""
    host = urlsplit(client.server.url).hostname
    return [{"name": c.name, "value": c.value, "domain": host, "path": "/"} for c in client.jar]


# A phone's screen and a laptop's, as the family's own.
PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}


def seated(browser, url: str, cookies_of: list[dict], path: str, *, phone=False, stored="", timeout=20000):
    """A browser sitting in the seat of these cookies at ``path``, How to
    play read (and whatever else ``stored`` puts in its storage), motion
    reduced: its page, and every error the page printed."""
    context = browser.new_context(base_url=url, viewport=PHONE if phone else LAPTOP, has_touch=phone, is_mobile=phone,
                                  reduced_motion="reduce")
    context.add_init_script(f"for (const g of {json.dumps(GAMES)}) localStorage.setItem(`parlor:${{g}}:seen-rules`, '1');" + stored)
    context.add_cookies(cookies_of)
    page = context.new_page()
    page.set_default_timeout(timeout)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path)
    return page, errors


class Walk:
    """One table of one game: Ada (the host) and bots."""

    def __init__(self, server, slug: str, settings: dict | None = None, level: str = "easy", seats: int | None = None,
                 started: bool = True):
        """``seats``: how many seats Ada and the bots take (else the
        smallest table the game starts with two or more); ``started``:
        False leaves the table in its waiting room until ``start()``."""
        self.server = server
        self.slug = slug
        self.ada = Client(server)
        status, snap = self.ada.post("/api/tables", {"game": slug, "name": "Ada"})
        assert status in (200, 201), snap
        self.code = snap["code"]
        self.seat = snap["seat"]
        if settings:
            self.ada.post(f"/api/tables/{self.code}/settings", {"settings": settings})
        if seats is None:
            self.ada.post(f"/api/tables/{self.code}/fill", {"level": level})
        for _ in range(1, seats or 1):
            self.ada.post(f"/api/tables/{self.code}/bot", {"level": level})
        if started:
            self.start()

    def start(self) -> dict:
        """The host starts the game; the table once it is Ada's turn."""
        status, snap = self.ada.post(f"/api/tables/{self.code}/start")
        assert status == 200, snap
        self.stage = "early"
        self.snap = self.until(lambda s: offered_to(s) or s["status"] != "playing")
        return self.snap

    @property
    def path(self) -> str:
        return f"/t/{self.code}"

    def cookies(self) -> list[dict]:
        """Ada's cookies, for a browser that is to sit in her seat."""
        return cookies(self.ada)

    def until(self, ready) -> dict:
        """The table's snapshot once `ready(snapshot)` holds (each read
        plays the bots' due moves)."""
        give_up = time.monotonic() + WAIT_FOR_STATE
        while True:
            status, snap = self.ada.get(f"/api/tables/{self.code}")
            assert status == 200, snap
            if ready(snap):
                return snap
            assert time.monotonic() < give_up, f"{self.slug} {self.code} never reached the state asked for"
            time.sleep(0.02)

    def to(self, stage: str) -> dict:
        """Bring the table on to `stage` (early, middle, over): never back."""
        order = ["early", "middle", "over"]
        if order.index(stage) <= order.index(self.stage):
            return self.snap
        if self.stage == "early":
            for _ in range(MIDDLE.get(self.slug, 8)):
                self.play()
            self.stage = "middle"
        if stage == "over":
            # A bot plays Ada's seat to the end.
            self.ada.post(f"/api/tables/{self.code}/cover", {"seat": self.seat, "level": "easy"})
            self.snap = self.until(lambda s: s["status"] == "over")
            self.stage = "over"
        return self.snap

    def play(self, between_hands=False, prefer=None) -> dict:
        """Ada makes one move, the first the table offers her (one of the
        type `prefer` when offered; Euchre's Next hand only when nothing
        else is, unless `between_hands`), and the bots answer until it is
        her turn again."""
        if self.snap["status"] == "playing":
            legal = [m["action"] for m in offered_to(self.snap)]
            action = next((a for a in legal if a.get("type") == prefer), None) or \
                next((a for a in legal if between_hands or a.get("type") != "ready"), legal[0])
            self.ada.post(f"/api/tables/{self.code}/move", {"seq": self.snap["seq"], "action": action})
            self.snap = self.until(lambda s: offered_to(s) or s["status"] != "playing")
        return self.snap

    def between_hands(self, prefer=None) -> dict:
        """Euchre: on to the end of a hand, its score sheet showing."""
        while self.snap["status"] == "playing" and any(m["action"].get("type") != "ready" for m in offered_to(self.snap)):
            self.play(prefer=prefer)
        return self.snap


def first_turn(browser, server, slug: str, size: dict, stored: str = "", motion: bool = False):
    """A browser new to ``slug`` (How to play read, and whatever ``stored``
    puts in its storage, nothing else) in Ada's seat, its page open in the
    waiting room as the game starts, at Ada's first turn: the start's
    announcement and Your move both shown. The page, its errors and the walk.
    (Whose turn comes first is dealt: a table whose first decision for Ada
    has no Your move, Euchre's first trick after a bot ordered up, is left
    for another.)"""
    phone = size["width"] < 800
    for _ in range(12):
        walk = Walk(server, slug, started=False)
        context = browser.new_context(base_url=walk.server.url, viewport=size, has_touch=phone, is_mobile=phone,
                                      reduced_motion="no-preference" if motion else "reduce")
        context.add_init_script(f"localStorage.setItem('parlor:{slug}:seen-rules', '1');" + stored)
        context.add_cookies(walk.cookies())
        page = context.new_page()
        page.set_default_timeout(20000)
        errors = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(walk.path)
        page.locator("#start").wait_for()
        walk.start()
        # (The kit shows Your move as it draws the snapshot: with it, or never.)
        page.locator(f'#board[data-seq="{walk.snap["seq"]}"]').wait_for(state="attached")
        page.locator("#opening").wait_for()
        if page.locator("#your-move").is_visible():
            return page, errors, walk
        context.close()
    raise AssertionError(f"in twelve tables of {slug} Ada's first decision never had a Your move")


def deal_and_play_to(servers, walk, seed, state):
    """The walked table's game, as if dealt from ``seed`` and played to
    ``state``, written where the servers keep their tables (the old game's
    moves go, so the new one's are kept as it is played): the walk waits
    for its own turn, so no bot is due to play the old game meanwhile, and
    none plays the new one until ``bots_play``."""
    from tables.models import Move, Table

    with closing(sqlite3.connect(servers.env["PARLOR_SQLITE"], timeout=20)) as db, db:
        db.execute(f"UPDATE {Table._meta.db_table} SET seed = ?, state = ?, seq = ?, clocks = '{{}}', due_at = NULL WHERE code = ?",
                   (seed, json.dumps(state), state["seq"], walk.code))
        db.execute(f"DELETE FROM {Move._meta.db_table} WHERE table_id = (SELECT id FROM {Table._meta.db_table} WHERE code = ?)",
                   (walk.code,))


def bots_play(servers, walk):
    """The bots of a table ``deal_and_play_to`` wrote play on: their next move is due now."""
    from tables.models import Table

    with closing(sqlite3.connect(servers.env["PARLOR_SQLITE"], timeout=20)) as db, db:
        db.execute(f"UPDATE {Table._meta.db_table} SET due_at = 0 WHERE code = ?", (walk.code,))


# A Euchre deal in which, medium bots round Ada and Ada passing, Otto (at
# her right) calls diamonds alone in the second round, Robin sitting out,
# and takes all five tricks while Ada follows with her first playable card;
# the next hand is hers to bid first.
LONE_HAND = "962"


def lone_hand(servers, server) -> Walk:
    """A Euchre table dealt LONE_HAND, its bots waiting for ``bots_play``."""
    walk = Walk(server, "euchre", level="medium")
    deal_and_play_to(servers, walk, LONE_HAND, registry.get("euchre").new(4, LONE_HAND, time.time()))
    return walk


def lone_hand_in_play(servers, server) -> Walk:
    """A Euchre table dealt LONE_HAND and bid to its first trick, Ada to
    play: Otto has called diamonds alone and Robin sits out."""
    walk = lone_hand(servers, server)
    bots_play(servers, walk)
    walk.snap = walk.until(offered_to)
    while walk.snap["view"]["phase"] != "play":
        walk.play(prefer="pass")
    return walk


def new_table(page, game):
    """A table made as a script makes one, through the JSON API, with this
    page's session (so the page is its host)."""
    page.goto("/")
    return page.evaluate("""async game => {
      const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
      const res = await fetch('/api/tables', { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        body: JSON.stringify({ game, name: 'Ada' }) });
      return (await res.json()).code;
    }""", game)
