"""What ``/board web`` and ``/board web revoke`` add to their answer, privately: the page's
link (made if need be) or its end; and where this process's pages are, from the environment
only: ``SCENEKEEPER_WEB_URL`` (the address people open, as they reach the process: behind a
proxy, the proxy's), ``SCENEKEEPER_WEB_HOST`` and ``SCENEKEEPER_WEB_PORT`` (where it listens).

No aiohttp here: the console imports this to answer ``/board web`` for ``scenekeeper board``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping

from scenekeeper.adapters.web import links
from scenekeeper.app import App, Outcome

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


def console_url(env: Mapping[str, str] | None = None) -> str:
    """Where ``scenekeeper board`` serves console tables' pages (its defaults unless set)."""
    settings = WebSettings.from_env(env)
    return settings.url if settings is not None else f"http://127.0.0.1:{DEFAULT_PORT}"


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
