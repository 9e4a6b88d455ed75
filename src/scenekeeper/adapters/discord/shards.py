"""Which shard a server belongs to, and whether this process owns it (issue 24, many processes).

Pure (no discord import), so the many-process test and benchmark route tables exactly as the bot
does. Discord sends a server's events and interactions to shard ``(guild_id >> 22) %
shard_count``, direct messages to shard 0. A table is a channel of one server (``tables``), so
it belongs to one shard, so to the one process that runs that shard: several processes share
one database and each writes only its own servers' tables. If a process is handed an
interaction for a server outside its shards anyway (two processes started with overlapping or
mismatched shard settings), it refuses to write rather than race the owner; and should two
processes write one table regardless, the store's expected-seq check refuses the second append.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

log = logging.getLogger(__name__)

NOT_OURS = (
    "This server's tables are kept by another Scenekeeper process (shard {shard} of {count}), "
    "so this one changed nothing. Please send it again in a moment; if it keeps happening, "
    "tell whoever runs the bot that its shard settings overlap."
)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends ``guild_id``'s events to (a direct message, None: shard 0)."""
    if shard_count < 1:
        raise ValueError(f"shard_count must be at least 1, not {shard_count}")
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


def shard_ranges(shard_count: int, processes: int) -> list[list[int]]:
    """``shard_count`` shards split into ``processes`` contiguous ranges, as even as they go
    (each process's ``SCENEKEEPER_DISCORD_SHARD_IDS``)."""
    if not 1 <= processes <= shard_count:
        raise ValueError(f"{processes} processes cannot split {shard_count} shards")
    bounds = [shard_count * n // processes for n in range(processes + 1)]
    return [list(range(bounds[n], bounds[n + 1])) for n in range(processes)]


@dataclass(frozen=True)
class Shards:
    """The shards this process runs: ``ids`` of ``count`` (None, None: every shard there is,
    as one process running them all)."""

    count: int | None = None
    ids: frozenset[int] | None = None

    @classmethod
    def of(cls, count: int | None, ids: Iterable[int] | None) -> Shards:
        """From the settings (``SCENEKEEPER_DISCORD_SHARD_COUNT`` / ``_SHARD_IDS``)."""
        chosen = frozenset(ids) if ids is not None else None
        if chosen is not None and count is None:
            raise ValueError("shard ids need a shard count")
        if chosen is not None and count is not None and any(not 0 <= i < count for i in chosen):
            raise ValueError(f"every shard id must be from 0 to {count - 1 if count else 0}")
        return cls(count, chosen)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard ``guild_id`` belongs to."""
        if self.count is None or self.ids is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    def refusal(self, guild_id: int | None, channel_id: int | None = None) -> str | None:
        """None when this process owns ``guild_id``; else the plain answer for the person (and
        a warning in the log): nothing is written for a server another process owns."""
        if self.owns(guild_id):
            return None
        assert self.count is not None
        shard = shard_of(guild_id, self.count)
        log.warning(
            "refused an interaction in channel %s of guild %s: its shard %d of %d is not among "
            "this process's %s",
            channel_id,
            guild_id,
            shard,
            self.count,
            sorted(self.ids or ()),
        )
        return NOT_OURS.format(shard=shard, count=self.count)
