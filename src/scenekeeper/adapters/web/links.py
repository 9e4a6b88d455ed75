"""The board page's links: one unguessable token per table, given by ``/board web`` and taken
back by ``/board web revoke``.

Kept in the store beside the tables, as the newest snapshot of two small streams of their own
(as the Discord bot keeps its servers' records), never as events: a link is the adapter's
business, so an export, an import into another table or an undo never carries one, and a
revoked link stays revoked whatever happens to the table's history.

- ``web:board:<table>``: the table's live token, or none (revoked);
- ``web:link:<sha256 of the token>``: which table a token belongs to, and whether it is live.

A page asks by token: the token's record names the table, and the table's record must still
hold that very token (compared in constant time), so a revoked, unknown or mistyped token finds
nothing -- never another table. Blocking (store I/O): call from a worker thread.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from scenekeeper.store.base import EventStore
from scenekeeper.store.records import read_record, write_record

VERSION = "web.board-link@1"
#: 24 random bytes: 192 bits, 32 URL-safe characters.
TOKEN_BYTES = 24
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


def board_record(table_id: str) -> str:
    return f"web:board:{table_id}"


def link_record(token: str) -> str:
    return f"web:link:{hashlib.sha256(token.encode('ascii')).hexdigest()}"


@dataclass(frozen=True)
class Link:
    table_id: str
    token: str


def current(store: EventStore, table_id: str) -> str | None:
    """The table's live token, if it has one."""
    token = (read_record(store, board_record(table_id), VERSION) or {}).get("token")
    return token if isinstance(token, str) else None


def issue(store: EventStore, table_id: str) -> Link:
    """The table's link: the live one, or a new one."""
    token = current(store, table_id)
    if token is None:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        _save(store, link_record(token), {"table": table_id, "live": True})
        _save(store, board_record(table_id), {"token": token})
    return Link(table_id, token)


def revoke(store: EventStore, table_id: str) -> bool:
    """Take back the table's link; False when it had none."""
    token = current(store, table_id)
    if token is None:
        return False
    _save(store, board_record(table_id), {"token": None})
    _save(store, link_record(token), {"table": table_id, "live": False})
    return True


def table_of(store: EventStore, token: str) -> str | None:
    """The table whose live link ``token`` is; None for anything else."""
    if not _TOKEN.fullmatch(token):
        return None
    kept = read_record(store, link_record(token), VERSION)
    if kept is None or kept.get("live") is not True:
        return None
    table_id = kept.get("table")
    if not isinstance(table_id, str):
        return None
    live = current(store, table_id)
    if live is None or not hmac.compare_digest(live.encode("ascii"), token.encode("ascii")):
        return None
    return table_id


def _save(store: EventStore, stream: str, state: dict[str, object]) -> None:
    write_record(store, stream, VERSION, state)
