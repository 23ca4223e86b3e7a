"""The ASGI entry point: HTTP through Django, websockets through Channels
(their page's exact origin checked, text the database can't keep turned
away, with the session so a socket knows its seat), and the lifespan,
which starts this process's bot ticker (and, on SQLite, the thread that
checkpoints its log, and holds the lock that says the database is being
served: parlor/serving.py)."""

import asyncio
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
django_http = get_asgi_application()

from channels.auth import AuthMiddleware  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware, SessionMiddleware  # noqa: E402

from parlor import serving  # noqa: E402
from tables import db, mainloop, ticker, wal  # noqa: E402
from web.nul import RefuseNulSocket  # noqa: E402
from web.origins import ExactOrigin  # noqa: E402
from web.routing import websocket_urlpatterns  # noqa: E402

if db.ON_THE_LOOP:
    # SQLite's calls run on the event loop itself (tables/db.py); Django
    # refuses the ORM on a thread that runs a loop unless told. PostgreSQL's
    # run on threads, so an ORM call made on its loop by mistake is refused.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Objects allocated, less those freed, between the collector's passes over
# the youngest (Python's default is 700).
YOUNG_OBJECTS = 10_000

# Channels' AuthMiddlewareStack, with the socket's address and cookies
# judged between reading the cookies and looking up the session.
sockets = CookieMiddleware(RefuseNulSocket(SessionMiddleware(AuthMiddleware(URLRouter(websocket_urlpatterns)))))
router = ProtocolTypeRouter({"http": django_http, "websocket": ExactOrigin(sockets)})


async def application(scope, receive, send):
    if scope["type"] == "websocket":
        # Channels' session middleware acts only on an HTTP response's
        # start, yet each frame a socket sends went through its two
        # wrappers: the table's socket sends on the server's own
        # (web/consumers.py, as it connects).
        scope = {**scope, "parlor.send": send}
    if scope["type"] != "lifespan":
        return await router(scope, receive, send)
    stop = asyncio.Event()
    tasks = []
    held = None
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            # What loading made (modules, classes, settings) lives as long as
            # the process: the collector's full passes, which pause every
            # socket, need not walk it.
            gc.freeze()
            # A move leaves almost no cycles behind, yet allocates hundreds of
            # objects that die young: at the default 700 the collector ran
            # several times a second and took about a twentieth of two
            # processes' time (docs/measured.md, 6 December, evening).
            gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
            held = serving.hold_while_serving()
            mainloop.adopt()
            tasks = [asyncio.create_task(ticker.run(stop)), asyncio.create_task(wal.run(stop))]
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            stop.set()
            await asyncio.gather(*tasks)
            mainloop.forget()
            if held is not None:
                held.close()
            await send({"type": "lifespan.shutdown.complete"})
            return
