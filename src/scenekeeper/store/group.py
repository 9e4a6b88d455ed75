"""Group commit: appends that are ready at the same moment share one transaction and one fsync.

Leader and followers, with no thread of its own and no waiting on a clock. Every append puts
its ``Pending`` on a queue:

* if no append is leading, it *leads*: it takes the writer's lock (the store's connection
  lock), then the whole queue -- its own append and every one that queued while the lock was
  busy -- and writes it as one group (``write``, one transaction, one commit);
* otherwise it *follows*: it sleeps on a signal of its own until its group's leader has
  settled it, or until the leader before hands it the lead (it was first in the queue when that
  leader finished).

So a lone append is written at once (nobody leads: no waiting for company), and while one
group's commit and fsync run, the appends that arrive queue up and go together in the next. A
follower is woken by its own leader as soon as the commit returns: it does not queue for the
writer's lock behind the next group's commit to learn that its own was written (as it did
until issue 36, which cost every follower a second commit's wait). ``write`` settles every
member of its group: ``done`` with no ``error`` only once the group's commit returned (the
events are durable); a member that fails its own check carries its own error; if the
transaction itself fails, every member not already failed carries the failure, and nobody in
the group is acknowledged.

Order: the queue keeps arrival order, and the group is written in that order, so two appends to
one table are checked against each other as they would be one after the other.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

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
    #: Held while it waits for a leader (None when it leads, or once woken).
    _waiter: threading.Lock | None = field(default=None, repr=False)

    def written(self) -> None:
        """Its group committed: durable (a member that failed alone stays failed)."""
        self.done = True

    def fail(self, error: BaseException) -> None:
        if not self.done:
            self.done = True
            self.error = error

    def wait_here(self) -> None:
        """Ready a signal to wait on (under the queue's lock, before it can be woken)."""
        self._waiter = threading.Lock()
        self._waiter.acquire()

    def wait(self) -> None:
        """Sleep until woken: settled by its group's leader, or told to lead the next group."""
        waiter = self._waiter
        if waiter is not None:
            waiter.acquire()

    def wake(self) -> None:
        """End its wait; once only (a member woken to lead is later a member of its own group)."""
        waiter, self._waiter = self._waiter, None
        if waiter is not None:
            waiter.release()


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
        #: True while an append leads (from its submit until it hands over): one at a time.
        self._leading = False

    def queued(self) -> int:
        """How many appends are waiting for a leader (for tests that line up a group)."""
        with self._queue_lock:
            return len(self._queue)

    def submit(self, pending: Pending) -> None:
        """Returns once ``pending`` is durably written; raises its error if it failed."""
        with self._queue_lock:
            self._queue.append(pending)
            lead = not self._leading
            if lead:
                self._leading = True
            else:
                pending.wait_here()
        if not lead:
            try:
                pending.wait()  # until its group is settled, or it is the next to lead
            except BaseException:
                self._abandon(pending)
                raise
        if not pending.done:
            self._lead()
        if pending.error is not None:
            raise pending.error

    def _lead(self) -> None:
        """Write everything queued by the time the writer's lock is ours, then hand over."""
        group: list[Pending] = []
        try:
            with self._lock:
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
        finally:
            with self._queue_lock:
                self._hand_over()
            for member in group:
                member.wake()

    def _hand_over(self) -> None:
        """(Under the queue's lock.) The first append that queued meanwhile leads next; none:
        the next to come."""
        if self._queue:
            self._queue[0].wake()
        else:
            self._leading = False

    def _abandon(self, pending: Pending) -> None:
        """Its caller stopped waiting (KeyboardInterrupt): still queued, it is taken out and
        never written (nor acknowledged); if it had been told to lead, the next one leads. Taken
        by a leader already, it may yet be written -- on disk, but never acknowledged."""
        with self._queue_lock:
            if pending in self._queue:
                self._queue.remove(pending)
                pending.fail(StoreError("the append was interrupted before it was stored"))
                if pending._waiter is None:  # woken to lead: pass it on
                    self._hand_over()
