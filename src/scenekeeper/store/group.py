"""Group commit: appends that are ready at the same moment share one transaction and one fsync.

Leader and followers, with no thread of its own and no waiting on a clock. Every append puts
its ``Pending`` on a queue, then takes the writer's lock (the store's connection lock):

* whoever gets the lock while its own append is still pending is the *leader*: it takes the
  whole queue -- its own append and every one that queued while the lock was busy -- and writes
  it as one group (``write``, one transaction, one commit);
* an append whose group was written by another leader finds it done when it gets the lock,
  and only reads its own result.

So a lone append is written at once (it finds the lock free and the queue holding only itself:
no waiting for company), and while one group's commit and fsync run, the appends that arrive
queue up and go together in the next. ``write`` settles every member of its group: ``done``
with no ``error`` only once the group's commit returned (the events are durable); a member that
fails its own check carries its own error; if the transaction itself fails, every member not
already failed carries the failure, and nobody in the group is acknowledged.

Order: the queue keeps arrival order, and the group is written in that order, so two appends to
one table are checked against each other as they would be one after the other.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scenekeeper.store.base import StoreError
from scenekeeper.store.chain import Encoded


@dataclass(eq=False)
class Pending:
    """One caller's append, waiting to be written with whatever group it lands in."""

    table_id: str
    expected_seq: int
    batch: Sequence[Encoded]
    #: Set (under the writer's lock) once the append is settled, durably written or failed.
    done: bool = False
    #: Why it failed; None when it is written and durable.
    error: BaseException | None = None
    #: The (seq, chain hash) its last event was written with, once it is.
    head: tuple[int, str] = (0, "")

    def written(self) -> None:
        """Its group committed: durable (a member that failed alone stays failed)."""
        self.done = True

    def fail(self, error: BaseException) -> None:
        if not self.done:
            self.done = True
            self.error = error


class GroupCommit:
    """The queue and the leader/follower hand-over in front of one writer.

    ``lock`` is the writer's lock (held by the leader for the whole group); ``write`` is called
    with the group under it and must settle every ``Pending`` it is given.
    """

    def __init__(self, lock: threading.Lock, write: Callable[[list[Pending]], None]) -> None:
        self._lock = lock
        self._write = write
        self._queue: list[Pending] = []
        self._queue_lock = threading.Lock()

    def queued(self) -> int:
        """How many appends are waiting for a leader (for tests that line up a group)."""
        with self._queue_lock:
            return len(self._queue)

    def submit(self, pending: Pending) -> None:
        """Returns once ``pending`` is durably written; raises its error if it failed."""
        with self._queue_lock:
            self._queue.append(pending)
        with self._lock:
            if not pending.done:
                # Still pending while we hold the lock: no leader took it, so it is queued and
                # this caller leads the next group, with everything queued up to now.
                with self._queue_lock:
                    group, self._queue = self._queue, []
                try:
                    self._write(group)
                finally:
                    # ``write`` settles every member; should it be interrupted before it could
                    # (KeyboardInterrupt, a bug), the members are failed, never left waiting
                    # and never taken for written.
                    for member in group:
                        member.fail(StoreError("the append was interrupted before it was stored"))
        if pending.error is not None:
            raise pending.error
