"""The group commit's hand-over (``store.group``) on its own: what each member is told when its
leader never got to write, and that a member failed alone stays failed."""

from __future__ import annotations

import threading

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
