"""How many bytes a browser fetches for each game's table page: on a cold
load (nothing cached) and a warm one (the same browser opening the page
again, its hashed static files cached). It starts its own server, seats a
person with bots at each game, and prints one line a table; a cold load
should stay under COLD_BUDGET.

    python -m tools.pageweight      (make pageweight)
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

COLD_BUDGET = 150 * 1024
SETTLED = "async () => { await document.fonts.ready; return !!document.querySelector('#board[data-seq]'); }"


def measure(context, path: str) -> tuple[int, int]:
    """(cold, warm): the bytes on the wire, headers and bodies as sent, of
    every request the page made until it stood drawn, its faces loaded."""
    return load(context, path), load(context, path)


def load(context, path: str) -> int:
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append(request))
    page.goto(path)
    page.locator("#board[data-seq]").wait_for(state="attached")
    page.wait_for_function(SETTLED)
    total = 0
    for request in requests:
        if request.response() is not None:
            sizes = request.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    page.close()
    return total


def main() -> int:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, FLAGS
    from tests.browser.tables import GAMES, Walk
    from tests.live import Servers

    over = False
    with tempfile.TemporaryDirectory(prefix="parlor-pageweight-") as tmp, sync_playwright() as p:
        pool = Servers(Path(tmp))
        try:
            server = pool.start()
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or CHROMIUM, args=FLAGS)
            print(f"{'table page':<14}{'cold':>10}{'warm':>10}   (bytes transferred; cold budget {COLD_BUDGET // 1024} KB)")
            for slug in GAMES:
                walk = Walk(server, slug)
                context = browser.new_context(base_url=server.url)
                context.add_cookies(walk.cookies())
                cold, warm = measure(context, walk.path)
                context.close()
                over |= cold >= COLD_BUDGET
                print(f"{slug:<14}{cold:>10,}{warm:>10,}{'   over budget' if cold >= COLD_BUDGET else ''}")
            browser.close()
        finally:
            pool.stop_all()
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
