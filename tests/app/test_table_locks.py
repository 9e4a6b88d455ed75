"""One lock per table (``app.locks.TableLocks``, through ``App._lock_for``): the same lock for
every command at a table while anyone holds it, another table's its own; the newest tables'
locks are kept between commands (issue 36: a lock only the weak map held was made again for
each command)."""

from __future__ import annotations

import weakref

from scenekeeper.app import locks
from tests.support import make_app


def test_a_tables_lock_is_kept_between_commands_and_is_its_own() -> None:
    app = make_app()
    first = app._lock_for("a")
    assert app._lock_for("a") is first
    assert app._lock_for("b") is not first
    kept = weakref.ref(first)
    del first  # no command holds it now: still the same lock for the next command
    assert kept() is not None
    assert app._lock_for("a") is kept()


def test_a_lock_in_use_stays_the_tables_after_the_kept_ones_are_let_go() -> None:
    app = make_app()
    held = app._lock_for("busy")
    with held:  # a command at "busy" is running
        for n in range(locks.HELD_LOCKS + 1):  # more tables than are kept: the map starts again
            app._lock_for(f"t{n}")
        assert "busy" not in app._locks.held
        assert app._lock_for("busy") is held  # from the weak map: the one in use
    assert len(app._locks.held) <= locks.HELD_LOCKS


def test_at_most_the_bound_of_locks_are_held() -> None:
    table_locks = locks.TableLocks()
    for n in range(locks.HELD_LOCKS):
        table_locks.of(f"t{n}")
    assert len(table_locks.held) == locks.HELD_LOCKS
    table_locks.of("one more")  # past the bound: the held ones are let go, this one kept
    assert table_locks.held.keys() == {"one more"}
