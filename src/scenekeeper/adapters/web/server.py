"""The board page's HTTP side, on aiohttp (which discord.py brings): four routes and a plain
404 for everything else.

- ``GET /b/<token>``: the page as the table stands (a reload always works); ``?overlay=1``
  draws it on a transparent background for stream software;
- ``GET /b/<token>/events``: server-sent events, one ``board`` event per change (the shared
  bytes of ``hub.Feed``), a comment every ``HEARTBEAT`` seconds to notice a viewer gone, and
  a ``revoked`` event before the stream ends when the GM takes the link back;
- ``GET /static/board.css`` and ``/static/board.js``: the style and the script, from the
  package (no build step, no CDN);
- ``GET /pictures/<sha256>.png`` (or ``.jpg``): a character's picture, by the name its table
  gave it (``engine.core.pictures``): what a post shows, and the Discord webhook's avatar.

A token is looked up in the store for every page and every stream (``links.table_of``): a
wrong or revoked one gets the same plain 404 as any unknown path, and never another table.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import web

from scenekeeper.adapters.web.hub import REVOKED, Hub
from scenekeeper.adapters.web.page import document

log = logging.getLogger(__name__)
#: Finds the table of a live token (None: none), off the loop.
Find = Callable[[str], Awaitable[str | None]]
#: Finds a character's picture by name (its bytes and media type; None: none), off the loop.
FindPicture = Callable[[str], Awaitable[tuple[bytes, str] | None]]
HEARTBEAT = 15.0
_STATIC = {"board.css": "text/css", "board.js": "text/javascript"}
_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
}
NOT_FOUND = "Not found."


def not_found() -> web.Response:
    return web.Response(status=404, text=NOT_FOUND, headers=_HEADERS)


class BoardServer:
    """Serves the board pages of the tables ``find`` knows, from ``hub``."""

    def __init__(self, hub: Hub, find: Find, picture: FindPicture | None = None) -> None:
        self.hub = hub
        self._find = find
        self._picture = picture
        self._static = {
            name: (resources.files(__package__).joinpath("static", name).read_bytes(), kind)
            for name, kind in _STATIC.items()
        }
        self._runner: web.AppRunner | None = None
        self.port = 0

    def application(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/b/{token}", self.page)
        app.router.add_get("/b/{token}/events", self.events)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/pictures/{name}", self.picture)
        app.middlewares.append(_plain_404)
        return app

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host:port`` (0: any free port); the port listened on."""
        self._runner = web.AppRunner(
            self.application(),
            handle_signals=False,
            access_log=None,
            shutdown_timeout=1.0,
            # A viewer who leaves ends its stream at once (not at the next write): the feed
            # counts only pages still open.
            handler_cancellation=True,
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("board pages served on %s:%s", host, self.port)
        return self.port

    async def stop(self) -> None:
        self.hub.close_all()  # every stream ends; its page reconnects to the next server
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- routes --------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        table_id = await self._find(token)
        if table_id is None:
            return not_found()
        rendered = await self.hub.page(table_id)
        overlay = request.query.get("overlay") in ("1", "true", "yes")
        body = document(rendered, f"/b/{token}/events", overlay=overlay)
        return web.Response(
            text=body,
            content_type="text/html",
            charset="utf-8",
            headers={**_HEADERS, "Cache-Control": "no-store"},
        )

    async def events(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        table_id = await self._find(token)
        if table_id is None:
            return not_found()
        feed = await self.hub.open(table_id, token)
        seen = _seen(request)
        response = web.StreamResponse(
            headers={
                **_HEADERS,
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            }
        )
        try:
            await response.prepare(request)
            await response.write(b"retry: 2000\n\n")
            while not feed.closed:
                if feed.seq != seen:
                    seen = feed.seq
                    await response.write(feed.payload)
                    continue
                before = feed.seq
                await feed.wait(HEARTBEAT)
                if feed.seq == before and not feed.closed:
                    await response.write(b": still here\n\n")
            if feed.revoked:
                await response.write(REVOKED)
        except ConnectionResetError:  # the viewer left (aiohttp's reset is one of these)
            pass
        finally:
            self.hub.leave(feed)
        return response

    async def static(self, request: web.Request) -> web.StreamResponse:
        return _file(self._static.get(request.match_info["name"]), "public, max-age=300")

    async def picture(self, request: web.Request) -> web.StreamResponse:
        """A character's picture by its name (the SHA-256 of its bytes): the same name is
        always the same picture, so it is cached for good."""
        found = await self._picture(request.match_info["name"]) if self._picture else None
        return _file(found, "public, max-age=31536000, immutable")


def _file(found: tuple[bytes, str] | None, caching: str) -> web.Response:
    """A file's bytes and media type as a response (a plain 404 for none)."""
    if found is None:
        return not_found()
    body, kind = found
    return web.Response(
        body=body, content_type=kind, headers={**_HEADERS, "Cache-Control": caching}
    )


def _seen(request: web.Request) -> int:
    """The seq the viewer already shows: the stream's last event id on a reconnect, else the
    page's own (``?after=``); -1 when unknown (the newest is sent at once)."""
    for given in (request.headers.get("Last-Event-ID"), request.query.get("after")):
        if given and given.isdecimal():  # what int() reads ("²" is a digit, no number)
            return int(given)
    return -1


@web.middleware
async def _plain_404(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Every unknown path and method: the same plain 404, saying nothing about tables."""
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return not_found()
    except web.HTTPMethodNotAllowed:
        return not_found()
