"""Characters' pictures by name, for the board server to serve (``/pictures/<name>``).

A picture's bytes are in its table's history (``engine.core.pictures.PictureSet``); this keeps
each one also under its own name in the store (``picture:<name>``, a record beside the tables,
as the Discord bot keeps its own), so a server finds it by name without reading a history.
It is written before the command's events are appended: a picture a stored event names is
always found, and a name names the same bytes whatever table set it (content-addressed), so
writing it again, or for a command then refused, does no harm. Blocking (store I/O).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable

from scenekeeper.engine.core.pictures import KINDS, NAME, PictureSet
from scenekeeper.engine.events import Envelope
from scenekeeper.store.base import EventStore, Snapshot

VERSION = "table.picture@1"


def record(name: str) -> str:
    return f"picture:{name}"


def keep(store: EventStore, envelopes: Iterable[Envelope]) -> None:
    """Keep the pictures the envelopes set, each under its name (once)."""
    for envelope in envelopes:
        event = envelope.event
        if not isinstance(event, PictureSet) or not event.picture:
            continue
        if store.latest_snapshot(record(event.picture)) is None:
            state = {"data": event.data}
            store.save_snapshot(Snapshot(record(event.picture), 1, VERSION, state))


def picture(store: EventStore, name: str) -> tuple[bytes, str] | None:
    """The picture called ``name`` (its bytes and media type), or None (no such picture, or
    not a picture's name)."""
    if not NAME.fullmatch(name):
        return None
    kept = store.latest_snapshot(record(name))
    if kept is None or kept.version != VERSION or not isinstance(kept.state.get("data"), str):
        return None
    try:
        content = base64.b64decode(kept.state["data"], validate=True)
    except binascii.Error:
        return None
    return content, KINDS[name.rpartition(".")[2]]
