"""``App.handle``: the one path every command takes, from any adapter.

    load (cache, else snapshot + replay) -> parse -> authorise -> decide (pure)
      -> evolve (pure, before anything is written) -> append (atomic, expected seq) -> reply

Commands at one table are serialised by a per-table lock in this process; writers in other
processes are caught by the store's expected-seq check, and the command is decided once more
on fresh state. Nothing is written unless the whole command succeeded.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime

from scenekeeper.app import pictures
from scenekeeper.app.cache import HOT, TableCache
from scenekeeper.app.checks import authorise_public, seated
from scenekeeper.app.damage import TableCheck, TableDamaged, reason_of, span, unstored
from scenekeeper.app.locks import TableLocks
from scenekeeper.app.outcome import Outcome, succeeded
from scenekeeper.app.recent import RecentEvents
from scenekeeper.app.records import decision_envelopes, envelope_from_record, record_from_envelope
from scenekeeper.app.replies import marked, translated, words
from scenekeeper.app.snapshots import SnapshotWriter, load_snapshot, take_snapshot
from scenekeeper.app.told import told, with_waits_noted
from scenekeeper.dice import DiceError, DiceSource
from scenekeeper.engine.aggregate import Table, evolve, replay
from scenekeeper.engine.commands import CommandRegistry, Context, Decision
from scenekeeper.engine.errors import CorruptHistory, Refusal
from scenekeeper.engine.events import Envelope
from scenekeeper.engine.parse import Invocation, ReadFile, parse_line
from scenekeeper.engine.reply import drawn
from scenekeeper.engine.roles import authorise
from scenekeeper.engine.secrets import is_secret, line_holds_secret, readable_envelope
from scenekeeper.engine.state import Person
from scenekeeper.store.base import AppendConflict, EventStore, StoreError
from scenekeeper.store.chain import DamagedTable

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
#: The commands whose events may set a picture (``app.pictures``).
PICTURED = frozenset({"post picture", "game import"})
#: A command made from the table as it stands, under the table's lock (a button's command
#: checks what it acts on is still there); it raises ``Refusal`` when it no longer applies.
Prepared = Callable[[Table], Invocation]
#: Told of every change this process stores (the table's id and the table after it), from the
#: thread that stored it, after the append: the board's web page follows the table by it.
Listener = Callable[[str, Table], None]


class App:
    def __init__(
        self,
        store: EventStore,
        dice: DiceSource,
        registry: CommandRegistry,
        clock: Clock = lambda: datetime.now(UTC),
        *,
        snapshot_every: int = 200,
        cache_size: int = 10_000,
        hot_tables: int = HOT,
        snapshots_in_background: bool = False,
    ) -> None:
        self.store = store
        self.dice = dice
        self.registry = registry
        self._clock = clock
        self._snapshot_every = snapshot_every
        # Off the command path in a running bot (bootstrap); in line where a test or a script
        # wants the snapshot there as soon as its command returns.
        self._snapshots = SnapshotWriter(store) if snapshots_in_background else None
        # The newest ``hot_tables`` as objects, the rest compact (app/cache.py).
        self._cache = TableCache(cache_size, hot_tables)
        self._recent = RecentEvents(hot_tables)
        self._cache_lock = threading.Lock()
        self._locks = TableLocks()
        self.listeners: list[Listener] = []

    def handle(
        self,
        table_id: str,
        actor: Person,
        command: str | Invocation | Prepared,
        read_file: ReadFile | None = None,
    ) -> Outcome:
        """Run one command for ``actor`` at ``table_id``; never raises for bad input. A file
        made ``later`` (an odds chart) is drawn once the table's lock is released."""
        with self._lock_for(table_id):
            outcome = self._handle_locked(table_id, actor, command, read_file)
        files = outcome.reply.files  # most replies have none
        if files and any(f.draw is not None for f in files):
            outcome = replace(outcome, reply=drawn(outcome.reply))
        return outcome

    def _handle_locked(
        self,
        table_id: str,
        actor: Person,
        command: str | Invocation | Prepared,
        read_file: ReadFile | None,
    ) -> Outcome:
        try:
            return self._handle(table_id, actor, command, read_file)
        except TableDamaged as damage:
            self._forget(table_id)
            log.error("table %s: damaged from #%d: %s", table_id, damage.seq, damage.reason)
            return self._read_only(table_id, actor, command, read_file, damage)
        except (CorruptHistory, StoreError) as error:
            self._forget(table_id)
            return unstored(table_id, error)
        except Exception:
            self._forget(table_id)
            ref = uuid.uuid4().hex[:8]
            log.exception("table %s: command failed (ref %s)", table_id, ref)
            return Outcome.refused(
                f"Something went wrong on our side (ref {ref}); nothing was changed."
            )

    def now(self) -> datetime:
        """The time a command made now is stamped with (the app's clock)."""
        return self._clock()

    def close(self) -> None:
        """Save the snapshots still waiting, then close the store."""
        if self._snapshots is not None:
            self._snapshots.close()
        self.store.close()

    def check(self, table_id: str) -> TableCheck:
        """Read and replay a table's whole history from its first event (never the cache or a
        snapshot): how many events hold, and where the damage starts if it does."""
        with self._lock_for(table_id):
            try:
                table = self._catch_up(table_id, Table())
            except TableDamaged as damage:
                return TableCheck(table_id, damage.seq - 1, damage.seq, damage.reason)
            snapshot = load_snapshot(self.store, table_id)
            stale = snapshot is not None and snapshot != self._catch_up(
                table_id, Table(), upto=snapshot.seq
            )
            return TableCheck(table_id, table.seq, snapshot_differs=stale)

    def table(self, table_id: str) -> Table:
        """The table as it stands (loaded and cached)."""
        with self._lock_for(table_id):
            return self._load(table_id)

    def cached_table(self, table_id: str) -> Table | None:
        """The table as last loaded here, without waiting for its lock or the store (None if
        it is not cached): for autocomplete, which must never wait behind a slow command."""
        with self._cache_lock:
            return self._cache.peek(table_id)

    def _handle(
        self,
        table_id: str,
        actor: Person,
        command: str | Invocation | Prepared,
        read_file: ReadFile | None,
    ) -> Outcome:
        invocation: Invocation | None = command if isinstance(command, Invocation) else None
        for attempt in (1, 2):
            table = self._load(table_id, fresh=False)
            try:
                people = seated(table.state.meta) if table.state else None
                invocation = self._invocation(table, command, read_file, people)
                authorise_public(table.state, actor, invocation)
                decision = self._decide(table_id, table, actor, invocation)
                return self._commit(table_id, table, actor, invocation, decision)
            except Refusal as refusal:
                secret = self._held_secret(table, command, invocation)
                notes = list(invocation.notes) if invocation is not None else []
                said = " ".join([words(table, str(refusal)), *notes])
                public = refusal.public
                if public is not None:
                    public = " ".join([words(table, public), *notes])
                return Outcome.refused(said, invocation, secret=secret, public=public)
            except AppendConflict:
                # Another process wrote first: decide again on its state, once.
                self._forget(table_id)
                log.info("table %s: append conflict (attempt %d)", table_id, attempt)
        return Outcome.refused(
            "Someone else changed this table at the same moment and yours was not recorded; "
            "please send it again.",
            invocation,
        )

    def _invocation(
        self,
        table: Table,
        command: str | Invocation | Prepared,
        read_file: ReadFile | None,
        people: Mapping[str, str] | None,
    ) -> Invocation:
        """``command`` at ``table``: parsed (``people``: the seated, by name), made from the
        table as it stands, or as given."""
        if isinstance(command, Invocation):
            return command
        if isinstance(command, str):
            system = table.state.meta.system if table.state else None
            return parse_line(command, self.registry, system, read_file, people)
        return command(table)

    def _held_secret(
        self, table: Table, command: str | Invocation | Prepared, invocation: Invocation | None
    ) -> bool:
        """Whether a refused command held (or may have held) a secret: its reason may name it."""
        if invocation is not None:
            return is_secret(invocation.spec, invocation.args)
        if not isinstance(command, str):
            return False
        system = table.state.meta.system if table.state is not None else None
        return line_holds_secret(command, self.registry, system)

    def _decide(
        self, table_id: str, table: Table, actor: Person, invocation: Invocation
    ) -> Decision:
        ctx = Context(
            table_id=table_id,
            table=table,
            actor=actor,
            dice=self.dice,
            registry=self.registry,
            history=lambda after: self._history(table_id, after, table.seq),
        )
        try:
            decision = invocation.spec.handler(ctx, invocation.args)
        except DiceError as error:
            raise Refusal(str(error)) from None
        return marked(decision, table, invocation)

    def _commit(
        self,
        table_id: str,
        table: Table,
        actor: Person,
        invocation: Invocation,
        decision: Decision,
    ) -> Outcome:
        envelopes = decision_envelopes(table, actor, invocation, decision, self._clock)
        decision = translated(table, decision)
        if not envelopes:
            return succeeded(self.registry, table, invocation, decision.reply)
        # Evolve first (pure): a command whose events cannot be applied is never stored.
        new_table = replay(envelopes, table)
        envelopes, new_table = with_waits_noted(table, new_table, envelopes)
        if invocation.spec.name in PICTURED:  # its pictures kept by name before it is stored
            pictures.keep(self.store, envelopes)
        self.store.append(
            table_id, table.seq, [record_from_envelope(table_id, e) for e in envelopes]
        )
        self._remember(table_id, new_table, envelopes)
        for listener in self.listeners:
            try:
                listener(table_id, new_table)
            except Exception:  # a page that cannot follow never fails a stored command
                log.exception("table %s: a listener failed", table_id)
        if new_table.seq // self._snapshot_every > table.seq // self._snapshot_every:
            if self._snapshots is not None:
                self._snapshots.due(table_id, new_table)  # saved off the command path
            else:
                take_snapshot(self.store, table_id, new_table)
        # Named as the table knows people after it (a co-GM just added has a name now).
        meta = new_table.state.meta if new_table.state is not None else None
        readable = tuple([readable_envelope(e, self.registry, meta) for e in envelopes])
        told_now = told(table, new_table, actor.id)
        return succeeded(
            self.registry, new_table, invocation, decision.reply, events=readable, mentions=told_now
        )

    def _load(self, table_id: str, *, fresh: bool = True) -> Table:
        """The table from the cache, else from its snapshot and the events after it. With
        ``fresh``, a cached table also catches up with what another process appended since;
        a command does not (issue 24: no read on the command path): a table is written by the
        one process that owns its channel, and if another wrote anyway the append's expected
        seq refuses ours, the cache is dropped and the command decided again on fresh state."""
        with self._cache_lock:
            table = self._cache.get(table_id)
        if table is not None and not fresh:
            return table
        if table is None:
            table = load_snapshot(self.store, table_id) or Table()
        table = self._catch_up(table_id, table)
        self._remember(table_id, table)
        return table

    def _catch_up(self, table_id: str, table: Table, upto: int | None = None) -> Table:
        """``table`` with the stored events after it folded on; ``TableDamaged`` at the first
        event that cannot be read or replayed (the store's chain, or the rules refusing it)."""
        try:
            records = self.store.read(table_id, after=table.seq, upto=upto)
        except DamagedTable as damage:
            raise TableDamaged(damage.seq, damage.reason) from None
        for record in records:
            try:
                table = evolve(table, envelope_from_record(record))
            except Exception as error:  # a stored event that does not replay is damage
                raise TableDamaged(record.seq, reason_of(error)) from error
        return table

    def _read_only(
        self,
        table_id: str,
        actor: Person,
        command: str | Invocation | Prepared,
        read_file: ReadFile | None,
        damage: TableDamaged,
    ) -> Outcome:
        """A command at a damaged table, run on the history before the damage: what only reads
        (/game export, /history, /game show, /help) still answers; nothing is written."""
        refusal = damage.message()
        try:
            table = self._catch_up(table_id, Table(), upto=damage.seq - 1)
            invocation = self._invocation(table, command, read_file, None)
            authorise(table.state, actor, invocation.spec, invocation.args)
            decision = self._decide(table_id, table, actor, invocation)
        except Refusal as error:
            return Outcome.refused(f"{refusal} ({error})")
        except Exception:
            log.exception("table %s: a read at the damaged table failed", table_id)
            return Outcome.refused(refusal)
        finally:
            self._forget(table_id)  # nothing of a damaged table kept (its history read too)
        if decision.events or decision.recorded:
            return Outcome.refused(refusal, invocation)
        reply = decision.reply
        note = (
            f"This table's history is damaged from event #{damage.seq}; this answer is "
            f"from {span(damage.seq - 1)}."
        )
        reply = dataclasses.replace(reply, text=(note, *reply.text))
        return succeeded(self.registry, table, invocation, reply)

    def _history(self, table_id: str, after: int, upto: int) -> Sequence[Envelope]:
        with self._cache_lock:
            recent = self._recent.after(table_id, after, upto)
        if recent is not None:
            return recent
        read = [envelope_from_record(r) for r in self.store.read(table_id, after=after, upto=upto)]
        if read and read[-1].seq == upto:  # up to the head: the next look is answered here
            with self._cache_lock:
                self._recent.read(table_id, read)
        return read

    def _remember(self, table_id: str, table: Table, stored: Sequence[Envelope] = ()) -> None:
        with self._cache_lock:
            self._cache.put(table_id, table)
            self._recent.stored(table_id, stored)

    def _forget(self, table_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(table_id)
            self._recent.forget(table_id)

    def _lock_for(self, table_id: str) -> threading.Lock:
        return self._locks.of(table_id)
