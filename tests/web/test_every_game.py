"""The board page for every game, at the end of every transcript (tests/transcripts): it
renders, its HTML is well formed (every element closed in order, every section named by its
heading), and every roll it shows is one the table may read."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scenekeeper.adapters.web.page import render
from scenekeeper.adapters.web.rolls import last_rolls
from scenekeeper.engine.state import Person
from tests.support import make_app

TRANSCRIPTS = sorted((Path(__file__).parents[1] / "transcripts").rglob("*.txt"))
_SEED = re.compile(r"#\s*seed:\s*(\d+)")
VOID = {"br", "meta", "link"}


class Checked(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: set[str] = set()
        self.labelled: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if found.get("aria-labelledby"):
            self.labelled.append(str(found["aria-labelledby"]))
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
            return
        self.open.pop()


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_page_of_every_transcripts_table_is_well_formed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    seed = _SEED.search(text)
    app = make_app(seed=int(seed.group(1)) if seed else 1)
    table_id = "t"
    for line in text.splitlines():
        if not line.startswith("> "):
            continue
        command = line[2:]
        actor = Person("gm", "gm")
        if command.startswith("@"):
            name, _, command = command[1:].partition(" ")
            actor = Person(name, name)
        if command.startswith("/game end"):
            break  # the next game would start at another table
        app.handle(table_id, actor, command)
    table = app.table(table_id)
    rendered = render(table, app.registry)
    checked = Checked()
    checked.feed(rendered.fragment)
    checked.close()
    assert checked.problems == []
    assert checked.open == []
    assert set(checked.labelled) <= checked.ids
    for roll in last_rolls(table, app.registry):
        record = next(r for r in table.window if r.seq == roll.seq)
        assert not any(event.sealed() for event in record.events)
