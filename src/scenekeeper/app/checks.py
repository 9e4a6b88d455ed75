"""Who is at a table, and the rights check whose refusals the table may read."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.kept import KeptByIdentity
from scenekeeper.engine.parse import Invocation
from scenekeeper.engine.roles import authorise
from scenekeeper.engine.state import Person, TableMeta, TableState


def seated(meta: TableMeta) -> Mapping[str, str]:
    """The people at a table (id -> name), for person options typed by name: kept while the
    table's meta is the same object (most commands change only the game)."""
    return _SEATED.get_one(meta, lambda: _seated(meta))


def _seated(meta: TableMeta) -> Mapping[str, str]:
    return MappingProxyType(
        {pid: meta.name_of(pid) for pid in (meta.gm, *meta.co_gms, *meta.players)}
    )


_SEATED: KeptByIdentity[Mapping[str, str]] = KeptByIdentity(256)


def authorise_public(state: TableState | None, actor: Person, invocation: Invocation) -> None:
    """``authorise``; its refusals name the command, the character and people, never a value
    of an option declared secret, so the table may read them (a shared screen)."""
    try:
        authorise(state, actor, invocation.spec, invocation.args)
    except Refusal as refusal:
        if refusal.public is not None:
            raise
        raise Refusal(str(refusal), public=True) from None
