"""What the bot keeps about one server: the game each of its tables plays, and which games'
commands Discord was last sent for it (and a digest of what was sent).

Kept in the store beside the tables, as the newest snapshot of a stream of its own
(``discord:guild:<id>``), never as events: the store's tables stay games' tables, and the
engine knows nothing of servers. The record is small, written only when a server's tables
change game, and read once per server per process. It can be rebuilt: a command at a table
it does not know teaches it the table's game again (``guilds.GuildCommands.after``), so a lost
record costs a sync, never a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from scenekeeper.store.base import EventStore, Snapshot
from scenekeeper.store.records import read_record, write_record

#: The snapshot format of a server's record; another format is ignored (and rebuilt).
VERSION = "discord.guild-commands@1"


def record_id(guild: int) -> str:
    """The store stream a server's record is kept in (table ids are channel ids: digits)."""
    return f"discord:guild:{guild}"


@dataclass(frozen=True)
class GuildRecord:
    guild: int
    #: Table id -> the game it plays (tables whose game has ended are left out).
    tables: Mapping[str, str] = field(default_factory=dict)
    #: The games whose commands Discord was last sent for this server (None: never sent).
    synced: frozenset[str] | None = None
    #: A digest of what was sent (``command_sets.digest``): a new version may send more.
    digest: str = ""
    #: The snapshot seq it was read at (the next save is one more).
    seq: int = 0

    @property
    def games(self) -> frozenset[str]:
        return frozenset(self.tables.values())

    def playing(self, table_id: str, game: str | None) -> GuildRecord:
        """The record after ``table_id`` starts playing ``game`` (None: its game ended)."""
        tables = {t: g for t, g in self.tables.items() if t != table_id}
        if game is not None:
            tables[table_id] = game
        return replace(self, tables=tables)


def load(store: EventStore, guild: int) -> GuildRecord:
    """Blocking: the server's record (a fresh one if none, or one in an unknown format)."""
    kept = store.latest_snapshot(record_id(guild))
    if kept is None:
        return GuildRecord(guild)
    state = kept.state
    if kept.version != VERSION:
        return GuildRecord(guild, seq=kept.seq)
    tables = state.get("tables")
    synced = state.get("synced")
    return GuildRecord(
        guild=guild,
        tables={str(t): str(g) for t, g in tables.items()} if isinstance(tables, dict) else {},
        synced=frozenset(str(g) for g in synced) if isinstance(synced, list) else None,
        digest=str(state.get("digest") or ""),
        seq=kept.seq,
    )


def save(store: EventStore, record: GuildRecord) -> GuildRecord:
    """Blocking: keep ``record``; the record as kept (its new seq)."""
    kept = replace(record, seq=record.seq + 1)
    state = {
        "tables": dict(sorted(kept.tables.items())),
        "synced": sorted(kept.synced) if kept.synced is not None else None,
        "digest": kept.digest,
    }
    store.save_snapshot(Snapshot(record_id(kept.guild), kept.seq, VERSION, state))
    return kept


#: Where the digest of the commands last sent to Discord everywhere (globally, or to the
#: development server) is kept, so a new version sends its own at start.
SENT_RECORD = "discord:every-table"
SENT_VERSION = "discord.every-table@1"


def last_sent(store: EventStore) -> str:
    """Blocking: the digest of the every-table commands last sent ("" if none)."""
    kept = read_record(store, SENT_RECORD, SENT_VERSION) or {}
    value = kept.get("digest")
    return value if isinstance(value, str) else ""


def remember_sent(store: EventStore, sent: str) -> None:
    """Blocking: note the digest of what was just sent everywhere."""
    write_record(store, SENT_RECORD, SENT_VERSION, {"digest": sent})
