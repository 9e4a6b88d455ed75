"""The group commit's hand-over (``store.group``) on its own: what each member is told when its
leader never got to write, and that a member failed alone stays failed."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from scenekeeper.store import StoreError
from scenekeeper.store.group import GroupCommit, Pending


def test_an_interrupted_leader_tells_every_member_it_was_not_stored() -> None:
    def write(group: list[Pending]) -> None:
        group[0].written()  # settled one, then stopped before the rest
        raise KeyboardInterrupt

    group_commit = GroupCommit(threading.Lock(), write)
    first, follower = Pending("a", 0, []), Pending("b", 0, [])
    group_commit._queue.append(first)  # queued while the lock was busy
    group_commit._queue.append(follower)
    leader = Pending("c", 0, [])
    with pytest.raises(KeyboardInterrupt):
        group_commit.submit(leader)
    assert (first.done, first.error) == (True, None)  # written stays written
    for member in (follower, leader):
        assert member.done
        assert isinstance(member.error, StoreError)
        assert str(member.error) == "the append was interrupted before it was stored"
    assert group_commit.queued() == 0


def test_a_member_failed_alone_stays_failed_when_its_group_is_written() -> None:
    refused = StoreError("refused by its own check")
    groups: list[list[str]] = []

    def write(group: list[Pending]) -> None:
        groups.append([p.table_id for p in group])
        for pending in group:
            if pending.table_id == "bad":
                pending.fail(refused)
            pending.written()
            pending.fail(StoreError("too late: already settled"))

    group_commit = GroupCommit(threading.Lock(), write)
    bad = Pending("bad", 0, [])
    group_commit._queue.append(bad)
    good = Pending("good", 0, [])
    group_commit.submit(good)
    assert (good.done, good.error) == (True, None)
    assert bad.error is refused
    assert groups == [["bad", "good"]]
    assert group_commit.queued() == 0


def _started(target: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread


def _until(condition: Callable[[], bool]) -> None:
    """Wait for other threads to reach a point (not measuring anything)."""
    for _ in range(10_000):
        if condition():
            return
        time.sleep(0.001)
    raise AssertionError("the other threads never got there")


def test_a_follower_is_told_as_soon_as_its_group_is_written() -> None:
    """Not after the next group's commit: a follower does not wait for the writer's lock."""
    writer = threading.Lock()
    next_queued, second_commit = threading.Event(), threading.Event()
    groups: list[list[str]] = []

    def write(group: list[Pending]) -> None:
        groups.append([p.table_id for p in group])
        if group[0].table_id == "a":
            assert next_queued.wait(10)  # c queues while a and b are being written
        else:
            assert second_commit.wait(10)  # c's commit: still in flight below
        for pending in group:
            pending.written()

    group_commit = GroupCommit(writer, write)
    a, b, c = Pending("a", 0, []), Pending("b", 0, []), Pending("c", 0, [])
    with writer:  # a commit in flight: a leads, b follows it
        first = _started(lambda: group_commit.submit(a))
        _until(lambda: group_commit.queued() == 1)
        second = _started(lambda: group_commit.submit(b))
        _until(lambda: group_commit.queued() == 2)
    _until(lambda: groups == [["a", "b"]])
    third = _started(lambda: group_commit.submit(c))
    _until(lambda: group_commit.queued() == 1)
    next_queued.set()  # a and b written: c leads the next group, whose commit does not end
    _until(lambda: groups == [["a", "b"], ["c"]])
    first.join(10)
    second.join(10)
    assert not first.is_alive()
    assert not second.is_alive()
    assert (a.done, a.error, b.done, b.error) == (True, None, True, None)
    assert third.is_alive()
    assert not c.done
    second_commit.set()
    third.join(10)
    assert (c.done, c.error) == (True, None)


def _held_at_a(
    groups: list[list[str]], released: threading.Event
) -> Callable[[list[Pending]], None]:
    """A writer that records each group and holds the commit of the group led by "a" (its
    fsync, in flight) until ``released``."""

    def write(group: list[Pending]) -> None:
        groups.append([p.table_id for p in group])
        if group[0].table_id == "a":
            assert released.wait(10)
        for pending in group:
            pending.written()

    return write


def test_the_first_queued_leads_next_and_the_next_lone_append_leads_at_once() -> None:
    writer = threading.Lock()
    groups: list[list[str]] = []
    first_commit = threading.Event()

    write = _held_at_a(groups, first_commit)
    group_commit = GroupCommit(writer, write)
    members = {name: Pending(name, 0, []) for name in "abcd"}
    threads = [_started(lambda: group_commit.submit(members["a"]))]
    _until(lambda: groups == [["a"]])  # a's commit in flight
    for count, name in enumerate("bcd", start=1):
        threads.append(_started(lambda n=name: group_commit.submit(members[n])))  # type: ignore[misc]
        _until(lambda c=count: group_commit.queued() == c)  # type: ignore[misc]
    first_commit.set()
    for thread in threads:
        thread.join(10)
        assert not thread.is_alive()
    assert groups == [["a"], ["b", "c", "d"]]  # b, first in the queue, led the rest
    assert all(p.done and p.error is None for p in members.values())
    lone = Pending("e", 0, [])
    group_commit.submit(lone)  # nobody leads now: this one does, on this thread
    assert groups[-1] == ["e"]
    assert lone.done


class _Interrupted(Pending):
    """A follower whose caller is interrupted while it waits (KeyboardInterrupt); with
    ``after_wake`` the interruption lands just as it is woken."""

    after_wake = False

    def wait(self) -> None:
        if self.after_wake:
            super().wait()
        raise KeyboardInterrupt


def test_an_interrupted_follower_is_never_written_nor_told_it_was() -> None:
    writer = threading.Lock()
    groups: list[list[str]] = []

    def write(group: list[Pending]) -> None:
        groups.append([p.table_id for p in group])
        for pending in group:
            pending.written()

    group_commit = GroupCommit(writer, write)
    leader, quitter = Pending("a", 0, []), _Interrupted("b", 0, [])
    with writer:
        thread = _started(lambda: group_commit.submit(leader))
        _until(lambda: group_commit.queued() == 1)
        with pytest.raises(KeyboardInterrupt):
            group_commit.submit(quitter)
        assert group_commit.queued() == 1  # only the leader's own append is left
    thread.join(10)
    assert groups == [["a"]]
    assert quitter.done
    assert isinstance(quitter.error, StoreError)
    assert str(quitter.error) == "the append was interrupted before it was stored"


def test_an_append_interrupted_as_it_is_told_to_lead_passes_the_lead_on() -> None:
    writer = threading.Lock()
    groups: list[list[str]] = []
    first_commit = threading.Event()

    write = _held_at_a(groups, first_commit)
    group_commit = GroupCommit(writer, write)
    a, c = Pending("a", 0, []), Pending("c", 0, [])
    quitter = _Interrupted("b", 0, [])
    quitter.after_wake = True
    raised: list[BaseException] = []

    def interrupted() -> None:
        try:
            group_commit.submit(quitter)
        except BaseException as error:
            raised.append(error)

    threads = [_started(lambda: group_commit.submit(a))]
    _until(lambda: groups == [["a"]])
    threads.append(_started(interrupted))
    _until(lambda: group_commit.queued() == 1)
    threads.append(_started(lambda: group_commit.submit(c)))
    _until(lambda: group_commit.queued() == 2)
    first_commit.set()  # b is told to lead, and is interrupted: c leads instead
    for thread in threads:
        thread.join(10)
        assert not thread.is_alive()
    assert groups == [["a"], ["c"]]
    assert (c.done, c.error) == (True, None)
    assert len(raised) == 1
    assert isinstance(raised[0], KeyboardInterrupt)
    assert isinstance(quitter.error, StoreError)
    group_commit.submit(Pending("d", 0, []))  # and the lead is free again
    assert groups[-1] == ["d"]
