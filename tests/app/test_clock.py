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


@pytest.mark.parametrize(
    ("moment", "text"),
    [
        (datetime(2026, 11, 30, 7, 0, 0, 123456, tzinfo=UTC), "2026-11-30T07:00:00.123Z"),
        (datetime(2026, 11, 30, 7, 0, 0, tzinfo=UTC), "2026-11-30T07:00:00.000Z"),
        (datetime(2026, 11, 30, 7, 0, 0, 999999, tzinfo=UTC), "2026-11-30T07:00:00.999Z"),
        # Another zero-offset zone is not the clock's own UTC: converted, read the same.
        (
            datetime(2026, 11, 30, 7, 0, 0, 5000, tzinfo=timezone(timedelta(0))),
            "2026-11-30T07:00:00.005Z",
        ),
    ],
)
def test_a_utc_moment_is_stamped_as_it_reads(moment: datetime, text: str) -> None:
    assert stamp(moment) == text
