"""The time commands are stamped with (issue 34): UTC whatever the machine's own time zone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pytest

from scenekeeper.app.clock import MovableClock, stamp


@pytest.fixture
def far_from_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # +05:30, no summer time
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("far_from_utc")
def test_a_stamp_is_utc_whatever_the_machines_time_zone() -> None:
    moment = datetime(2026, 11, 30, 9, 0, 0, 123456, tzinfo=timezone(timedelta(hours=2)))
    assert stamp(moment) == "2026-11-30T07:00:00.123Z"


@pytest.mark.usefixtures("far_from_utc")
def test_the_real_clock_reads_utc() -> None:
    now = MovableClock().now()
    assert now.utcoffset() == timedelta(0)
    assert stamp(now).endswith("Z")
    assert abs((now - datetime.now(UTC)).total_seconds()) < 60
