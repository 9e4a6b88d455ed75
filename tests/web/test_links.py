"""The board page's link as a GM gets it (``/board web`` at the console) and takes it back
(``/board web revoke``), where the process serves its pages from (the environment), and what a
token finds: its own table while it is live, nothing otherwise."""

from __future__ import annotations

import io
import socket

import pytest

from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.adapters.web import answer, links
from scenekeeper.adapters.web.answer import (
    SERVER_RECORD,
    SERVER_VERSION,
    WebSettings,
    console_url,
    lan_address,
    link_lines,
    served_url,
)
from scenekeeper.store.base import Snapshot
from scenekeeper.store.records import write_record
from tests.support import make_app
from tests.web.scenes import GM, play


def said(session: ConsoleSession, out: io.StringIO, line: str) -> list[str]:
    start = len(out.getvalue())
    session.run_lines([line])
    return out.getvalue()[start:].splitlines()


def test_board_web_gives_the_link_and_revoke_takes_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCENEKEEPER_WEB_URL", " https://boards.example/ ")
    app = make_app()
    play(app, "t", ["/game new system:generic name:Friday"])
    out = io.StringIO()
    session = ConsoleSession(app, "t", out, GM)
    none = said(session, out, "/board web revoke")
    assert "(only you) It had no link." in none
    given = said(session, out, "/board web")
    token = links.current(app.store, "t")
    assert token is not None
    assert len(token) == 32
    page = f"https://boards.example/b/{token}"
    for line in (
        f"(only you) Board page: {page}",
        f"(only you) For stream software (transparent background): {page}?overlay=1",
        "(only you) Anyone with the link sees the board (never anything hidden); /board web "
        "revoke takes it back.",
    ):
        assert line in given
    assert said(session, out, "/board web") == given  # asked again: the same link
    taken = said(session, out, "/board web revoke")
    assert "(only you) Its link shows nothing from now on; /board web makes a new one." in taken
    assert links.table_of(app.store, token) is None
    assert "(only you) It had no link." in said(session, out, "/board web revoke")


@pytest.mark.parametrize(
    ("env", "settings"),
    [
        ({}, None),
        ({"SCENEKEEPER_WEB_URL": "  "}, None),
        (
            {"SCENEKEEPER_WEB_URL": " https://x.example/board/ "},
            WebSettings("https://x.example/board", "127.0.0.1", 8765),
        ),
        ({"SCENEKEEPER_WEB_URL": "https://x.example/MAX//"}, WebSettings("https://x.example/MAX")),
        (
            {
                "SCENEKEEPER_WEB_URL": "https://x.example",
                "SCENEKEEPER_WEB_HOST": " 0.0.0.0 ",
                "SCENEKEEPER_WEB_PORT": " 9000 ",
            },
            WebSettings("https://x.example", "0.0.0.0", 9000),
        ),
        (
            {
                "SCENEKEEPER_WEB_URL": "https://x.example",
                "SCENEKEEPER_WEB_HOST": " ",
                "SCENEKEEPER_WEB_PORT": "8²",
            },
            WebSettings("https://x.example", "127.0.0.1", 8765),
        ),
    ],
)
def test_where_the_pages_are_served_from(env: dict[str, str], settings: WebSettings) -> None:
    assert WebSettings.from_env(env) == settings


def test_a_console_table_s_pages_are_scenekeeper_board_s_unless_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert console_url(env={}) == "http://127.0.0.1:8765"
    assert console_url(env={"SCENEKEEPER_WEB_URL": "https://x.example/"}) == "https://x.example"
    monkeypatch.setenv("SCENEKEEPER_WEB_URL", "https://from.env")
    assert console_url() == "https://from.env"
    assert WebSettings.from_env() == WebSettings("https://from.env")


@pytest.mark.parametrize("host", ["", "0.0.0.0", "::"])
def test_a_server_on_every_address_links_to_the_machines_own(
    host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scenekeeper board --host 0.0.0.0``: the link is the machine's address on its network
    (a phone at the table opens it), never the listening-on-everything address."""
    monkeypatch.setattr(answer, "lan_address", lambda: "192.168.1.20")
    assert served_url(host, 9000, {}) == "http://192.168.1.20:9000"
    assert served_url("::1", 9000, {}) == "http://[::1]:9000"  # one address: that one


def test_a_machine_with_no_network_links_to_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*_args: object) -> object:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(socket, "socket", no_network)
    assert lan_address() == "127.0.0.1"


def test_a_recorded_server_address_that_is_not_text_is_not_a_link() -> None:
    """A damaged record of where ``scenekeeper board`` serves: the console falls back to the
    default address rather than give a link made of something else."""
    store = make_app().store
    write_record(store, SERVER_RECORD, SERVER_VERSION, {"url": 9000})
    assert console_url(store, env={}) == "http://127.0.0.1:8765"
    write_record(store, SERVER_RECORD, SERVER_VERSION, {"url": "http://10.0.0.5:9000"})
    assert console_url(store, env={}) == "http://10.0.0.5:9000"


def test_a_token_finds_its_own_live_table_only() -> None:
    app = make_app()
    store = app.store
    play(app, "docks", ["/game new system:generic"])
    play(app, "bank", ["/game new system:generic"])
    docks = links.issue(store, "docks").token
    bank = links.issue(store, "bank").token
    assert links.table_of(store, docks) == "docks"
    assert links.table_of(store, bank) == "bank"
    for wrong in ("", docks[:-1], docks + "A", docks[:-1] + "!", "A" * 32):
        assert links.table_of(store, wrong) is None
    # A record of another version, or one naming no table, finds nothing.
    record = links.link_record(docks)
    kept = store.latest_snapshot(record)
    assert kept is not None
    store.save_snapshot(Snapshot(record, kept.seq + 1, "web.board-link@0", kept.state))
    assert links.table_of(store, docks) is None
    store.save_snapshot(Snapshot(record, kept.seq + 2, links.VERSION, {"live": True}))
    assert links.table_of(store, docks) is None
    store.save_snapshot(Snapshot(record, kept.seq + 3, links.VERSION, kept.state))
    assert links.table_of(store, docks) == "docks"
    # A token whose record says live, but whose table holds another: nothing.
    board = links.board_record("docks")
    held = store.latest_snapshot(board)
    assert held is not None
    store.save_snapshot(Snapshot(board, held.seq + 1, links.VERSION, {"token": bank}))
    assert links.table_of(store, docks) is None
    store.save_snapshot(Snapshot(board, held.seq + 2, "web.board-link@0", held.state))
    assert links.current(store, "docks") is None
    assert links.table_of(store, docks) is None


def test_a_damaged_board_record_holds_no_link_and_board_web_makes_a_new_one() -> None:
    app = make_app()
    play(app, "docks", ["/game new system:generic"])
    store = app.store
    store.save_snapshot(Snapshot(links.board_record("docks"), 1, links.VERSION, {"token": 7}))
    assert links.current(store, "docks") is None
    token = links.issue(store, "docks").token
    assert isinstance(token, str)
    assert len(token) == 32
    assert links.table_of(store, token) == "docks"


def test_a_process_that_serves_no_pages_says_how_to_serve_them() -> None:
    app = make_app()
    play(app, "t", ["/game new system:generic name:Friday"])
    assert link_lines(app, None, "board web", "t") == (
        "This process serves no board pages: whoever runs it sets SCENEKEEPER_WEB_URL (and "
        "SCENEKEEPER_WEB_PORT) to serve them, or runs scenekeeper board.",
    )
    assert links.current(app.store, "t") is None  # no link made for a page nobody serves
