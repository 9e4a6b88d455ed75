"""Records beside the tables: what an adapter keeps of its own in the store (a board's link, a
server's commands, which message a post is, which threads have a board, ...).

A record is a stream of snapshots of its own name (``discord:posts:<table>``): its newest
snapshot is the record, so writing one is one snapshot a seq past the newest, and a record is
read only in the format (``version``) its writer wrote. Never events: a record is the
adapter's business, so an export, an import or an undo of a table never carries one.
Blocking (store I/O).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenekeeper.store.base import EventStore, Snapshot


def read_record(store: EventStore, stream: str, version: str) -> Mapping[str, Any] | None:
    """The record's newest state, or None (none kept, or kept in another format)."""
    kept = store.latest_snapshot(stream)
    if kept is None or kept.version != version:
        return None
    return kept.state


def write_record(store: EventStore, stream: str, version: str, state: Mapping[str, Any]) -> None:
    """Keep ``state`` as the record's newest."""
    kept = store.latest_snapshot(stream)
    store.save_snapshot(Snapshot(stream, (kept.seq if kept else 0) + 1, version, state))
