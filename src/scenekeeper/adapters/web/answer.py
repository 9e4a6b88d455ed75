"""What ``/board web`` and ``/board web revoke`` add to their answer, privately: the page's
link (made if need be) or its end; and where the pages are: for a console table, where
``scenekeeper board`` last said it serves the database; for the bot, from the environment
only: ``SCENEKEEPER_WEB_URL`` (the address people open, as they reach the process: behind a
proxy, the proxy's), ``SCENEKEEPER_WEB_HOST`` and ``SCENEKEEPER_WEB_PORT`` (where it listens).

No aiohttp here: the console imports this to answer ``/board web`` for ``scenekeeper board``.
"""

from __future__ import annotations

import dataclasses
import os
import socket
from collections.abc import Mapping

from scenekeeper.adapters.web import links
from scenekeeper.app import App, Outcome
from scenekeeper.store.base import EventStore
from scenekeeper.store.records import read_record, write_record

URL_ENV = "SCENEKEEPER_WEB_URL"
HOST_ENV = "SCENEKEEPER_WEB_HOST"
PORT_ENV = "SCENEKEEPER_WEB_PORT"
DEFAULT_PORT = 8765
#: The commands whose answer carries (or takes back) the link.
LINK_COMMANDS = frozenset({"board web", "board web revoke"})


@dataclasses.dataclass(frozen=True)
class WebSettings:
    url: str
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> WebSettings | None:
        """The settings, or None when ``SCENEKEEPER_WEB_URL`` is not set (no pages)."""
        env = os.environ if env is None else env
        url = env.get(URL_ENV, "").strip()
        if not url:
            return None
        port = env.get(PORT_ENV, "").strip()
        return cls(
            url=url.rstrip("/"),
            host=env.get(HOST_ENV, "").strip() or "127.0.0.1",
            port=int(port) if port.isdecimal() else DEFAULT_PORT,
        )


#: Where a console table's page is served from (the console only plays).
SERVED_BY = (
    "The page is served by `scenekeeper board --db <this database>` (it follows the table "
    "as you play here)."
)


#: Where ``scenekeeper board`` records the address it serves at, in the database it serves
#: (as a link is kept: an adapter's record, never an event), so the console's ``/board web``
#: gives a link that opens, whatever ``--host`` and ``--port`` the server was started with.
SERVER_RECORD = "web:server"
SERVER_VERSION = "web.board-server@1"


def served_url(host: str, port: int, env: Mapping[str, str] | None = None) -> str:
    """The address people open for a board server listening on ``host``:``port``:
    ``SCENEKEEPER_WEB_URL`` when set (a proxy's), else the host and the port it listens on --
    for every address (``0.0.0.0``), the machine's own on its network (a phone at the table)."""
    settings = WebSettings.from_env(env)
    if settings is not None:
        return settings.url
    if host in ("", "0.0.0.0", "::"):  # every address: say the one others reach
        host = lan_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def lan_address() -> str:
    """This machine's address on its network (the one it would reach others from)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a UDP connect sends nothing
            address = probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    return str(address)


def record_server(store: EventStore, url: str) -> None:
    """Blocking: note the address a board server serves this database's pages at."""
    write_record(store, SERVER_RECORD, SERVER_VERSION, {"url": url})


def recorded_server(store: EventStore) -> str | None:
    """Blocking: the address the last board server on this database served at, if any."""
    url = (read_record(store, SERVER_RECORD, SERVER_VERSION) or {}).get("url")
    return url if isinstance(url, str) and url else None


def console_url(store: EventStore | None = None, env: Mapping[str, str] | None = None) -> str:
    """Blocking: where console tables' pages are served -- ``SCENEKEEPER_WEB_URL`` when set,
    else where ``scenekeeper board`` last said it serves this database, else its defaults."""
    settings = WebSettings.from_env(env)
    if settings is not None:
        return settings.url
    recorded = recorded_server(store) if store is not None else None
    return recorded or f"http://127.0.0.1:{DEFAULT_PORT}"


def link_lines(app: App, base_url: str | None, command: str, table_id: str) -> tuple[str, ...]:
    """Blocking: what ``/board web`` (the link, made if need be) or ``/board web revoke``
    adds to its answer, privately."""
    if command == "board web revoke":
        if links.revoke(app.store, table_id):
            return ("Its link shows nothing from now on; /board web makes a new one.",)
        return ("It had no link.",)
    if base_url is None:
        return (
            "This process serves no board pages: whoever runs it sets "
            f"{URL_ENV} (and {PORT_ENV}) to serve them, or runs scenekeeper board.",
        )
    link = links.issue(app.store, table_id)
    page = f"{base_url}/b/{link.token}"
    return (
        f"Board page: {page}",
        f"For stream software (transparent background): {page}?overlay=1",
        "Anyone with the link sees the board (never anything hidden); /board web revoke "
        "takes it back.",
    )


def with_link(outcome: Outcome, lines: tuple[str, ...]) -> Outcome:
    reply = dataclasses.replace(outcome.reply, private=(*outcome.reply.private, *lines))
    return dataclasses.replace(outcome, reply=reply)
