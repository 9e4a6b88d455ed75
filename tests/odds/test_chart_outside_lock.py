"""An odds chart (0.2-0.8 s to draw, seconds under load) is drawn after the table's lock is
released: the other commands at the table never wait for a picture. A chart that fails to draw
is left off with a line, and the answer stands."""

from __future__ import annotations

import logging

import pytest

from scenekeeper.engine.reply import NOT_DRAWN
from scenekeeper.odds import chart
from tests.support import make_app, person


def test_the_chart_is_drawn_with_the_table_free_and_a_failed_one_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = make_app()
    assert app.handle("t", person("gm"), "/game new system:cortex").ok
    seen: list[bool] = []

    def fake_png(*_: object, **__: object) -> bytes:
        lock = app._lock_for("t")
        free = lock.acquire(blocking=False)
        if free:
            lock.release()
        seen.append(free)
        return b"\x89PNG chart"

    monkeypatch.setattr(chart, "chart_png", fake_png)
    outcome = app.handle("t", person("gm"), '/odds pool:"d8 d6" chart:true')
    assert outcome.ok, outcome.error
    assert seen == [True]
    (file,) = outcome.reply.files
    assert file.content == b"\x89PNG chart"
    assert file.draw is None

    def broken(*_: object, **__: object) -> bytes:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(chart, "chart_png", broken)
    failed = app.handle("t", person("gm"), '/odds pool:"d8 d6" chart:true')
    assert failed.ok
    assert failed.reply.files == ()
    assert failed.reply.text[-1] == NOT_DRAWN
    assert failed.reply.text[:-1] == outcome.reply.text


def test_a_chart_that_fails_to_draw_is_logged_by_name_with_its_error(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app()
    assert app.handle("t", person("gm"), "/game new system:cortex").ok

    def broken(*_: object, **__: object) -> bytes:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(chart, "chart_png", broken)
    with caplog.at_level(logging.ERROR, logger="scenekeeper.engine.reply"):
        failed = app.handle("t", person("gm"), '/odds pool:"d8 d6" chart:true')
    assert failed.reply.text[-1] == NOT_DRAWN
    (record,) = [r for r in caplog.records if r.name == "scenekeeper.engine.reply"]
    assert record.getMessage().startswith("drawing ")
    assert record.getMessage().endswith(".png failed")
    assert len(record.getMessage()) > len("drawing .png failed")
    assert record.exc_info is not None
    assert str(record.exc_info[1]) == "no fonts"
