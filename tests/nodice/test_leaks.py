"""Nothing sealed leaks at the console (G1-G8): every output everyone else can read -- replies,
their data, JSON rows (text, data, events, command), /history, /game log, /conflict show, the
board, undo and redo replies, the export, refusals and the log -- holds no sealed value before
its reveal, and replaced or undone commits never, not even after the Conflict."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from scenekeeper.adapters.console.render import as_json, as_text
from scenekeeper.adapters.web.page import render
from scenekeeper.app import App, Outcome
from scenekeeper.engine.state import Person
from tests.support import make_app

GM, GM2 = Person("gm", "gm"), Person("gm2", "gm2")
ANA, BEN, CARA = Person("ana", "ana"), Person("ben", "ben"), Person("cara", "cara")
EVERYONE = (GM, GM2, ANA, BEN, CARA)
T = "leaks"

# Ada's sealed choices: a Spirit card anted from INT (replaced: Body from KNO, never shown),
# then INT bid 13 with her Wildcard; the first bid (PRE 11) is undone and never shown.
ANTE = (
    r"Spirit card",
    r"Ada Spirit",
    r"sealed Spirit",
    r"aspect[\":= ]+Spirit",
    r"ante[\":= ]+INT",
)
BID = (
    r"bid[\":= ]+13",
    r"INT card",
    r"Ada INT",
    r"action[\":= ]+INT",
    r"\+ Wildcard",
    r"wildcard\W+true",
)
NEVER = (
    r"Ada sealed Body",
    r"Ada Body",
    r"ante[\":= ]+KNO",
    r"bid[\":= ]+11",
    r"PRE card",
    r"Ada PRE",
    r"action[\":= ]+PRE",
)


@dataclass
class Table:
    app: App = field(default_factory=make_app)
    #: Everything each person could read, as the console shows it.
    seen: dict[str, list[str]] = field(default_factory=dict)

    def do(self, who: Person, line: str) -> Outcome:
        outcome = self.app.handle(T, who, line)
        for person in EVERYONE:
            self.seen.setdefault(person.id, []).extend(self._readable(outcome, person, who))
        return outcome

    def _readable(self, outcome: Outcome, reader: Person, actor: Person) -> Iterator[str]:
        """What ``reader`` reads of ``actor``'s outcome: the public part, and if it is their
        own, the private one too (as_text prints "(only you)"; a JSON row is the actor's)."""
        row = json.loads(as_json(1, actor.id, outcome))
        if not outcome.ok and reader != actor:
            return  # a refusal is the typer's alone (G7: ephemeral on Discord)
        if reader != actor:
            row.pop("private")
            row.pop("private_data")
            yield from (line for line in as_text(outcome) if not line.startswith("(only you)"))
        else:
            yield from as_text(outcome)
        yield json.dumps(row)
        for file in outcome.reply.files:
            if not file.private or reader == actor:
                yield file.content.decode("utf-8", "replace")


def leaks(texts: list[str], patterns: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(p, t) for t in texts for p in patterns if re.search(p, t)]


def setup_table() -> Table:
    table = Table()
    for line, who in (
        ('/game new system:nodice name:"Leaks"', GM),
        ("/game join", ANA),
        ("/game join", BEN),
        ("/game join", CARA),
        ("/game gm add user:gm2", GM),
        (
            '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 11 INT 13'
            ' wr 1"',
            ANA,
        ),
        ('/char new name:Bo traits:"REA 2 KNO 2 QUI 2 STR 6 FIT 5 AGI 4 WIL 3 PRE 3 INT 3"', BEN),
        (
            '/char new name:Brute gmc:true traits:"REA 2 KNO 2 QUI 2 STR 8 FIT 7 AGI - WIL 3 PRE 3'
            ' INT 3"',
            GM,
        ),
        ('/conflict start sides:"Ada | Bo | Brute" stakes:2', GM),
    ):
        outcome = table.do(who, line)
        assert outcome.ok, (line, outcome.error)
    table.seen = {}
    return table


def looks(table: Table, who: Person, *, export: bool = True) -> None:
    """Everything ``who`` may ask for to learn what is sealed."""
    for line in ("/history count:50", "/conflict show", "/board show", "/game log"):
        table.do(who, line)
    if export:
        table.do(who, "/game export")


def others(table: Table, *sealers: Person) -> list[str]:
    return [t for p in EVERYONE if p not in sealers for t in table.seen[p.id]]


def test_sealed_choices_reach_no_one_else_before_their_reveal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    table = setup_table()
    assert table.do(ANA, "/hand ante aspect:Body ante:KNO").ok  # replaced below, unseen
    assert table.do(ANA, "/hand ante aspect:Spirit ante:INT").ok
    # Refusals go to the one who typed them and say nothing of anyone's sealed choice.
    assert not table.do(GM, "/hand ante character:Ada aspect:Mind ante:QUI").ok
    assert not table.do(BEN, "/hand ante character:Ada aspect:Mind ante:QUI").ok
    assert not table.do(ANA, "/hand bid action:INT bid:2").ok
    for person in EVERYONE:
        looks(table, person)
    before = others(table, ANA)
    assert leaks(before, ANTE + NEVER) == []
    assert leaks([r.getMessage() for r in caplog.records], ANTE + NEVER) == []
    # Ada herself reads her own choice.
    assert leaks(table.seen["ana"], (r"Spirit card, ante INT",))

    # The reveal: Bo and the co-GM's NPC commit; Ada's Spirit card is now public.
    assert table.do(BEN, "/hand ante aspect:Mind ante:QUI").ok
    revealed = table.do(GM2, "/hand ante character:Brute aspect:Body ante:STR")
    assert revealed.ok
    assert "Ada Spirit (ante INT)" in "\n".join(revealed.reply.text)

    # Step 3: Ada's first bid is undone, then she bids INT 13 (after her won tokens).
    table.seen = {}
    # Each beat one other: one won token each (R39).
    assert table.do(ANA, '/hand assign tokens:"INT 1"').ok
    assert table.do(BEN, '/hand assign tokens:"QUI 1"').ok
    assert table.do(GM2, '/hand assign character:Brute tokens:"STR 1"').ok
    assert table.do(ANA, "/hand bid action:PRE bid:11").ok
    undone = table.do(ANA, "/undo")
    assert undone.ok
    assert table.do(ANA, "/redo").ok
    assert table.do(ANA, "/undo").ok
    assert table.do(ANA, "/hand bid action:INT bid:13 wildcard:true").ok
    assert not table.do(ANA, "/hand bid action:INT bid:14").ok  # above the AV: hers alone
    for person in EVERYONE:
        looks(table, person)
    assert leaks(others(table, ANA), BID + NEVER + (r"bid[\":= ]+14",)) == []
    assert leaks([r.getMessage() for r in caplog.records], BID + NEVER) == []

    # The reveal of Step 3, then the Conflict ends: the replaced ante and the undone bid are
    # still nowhere (G6), even in what anyone reads afterwards.
    assert table.do(BEN, "/hand bid action:QUI bid:1").ok
    last = table.do(GM2, "/hand bid character:Brute action:STR bid:2")
    assert last.ok
    assert "Ada INT bid 13 + Wildcard" in "\n".join(last.reply.text)
    table.do(GM, "/conflict end")
    table.seen = {}
    for person in EVERYONE:
        looks(table, person, export=False)
    after = others(table, ANA)
    assert leaks(after, NEVER) == []
    assert any("Ada INT bid 13" in t for t in after)  # the reveal itself is public
    # Known gap (docs/rules-notes.md, NoDice): the GM's export keeps the whole record, the
    # replaced and undone commits included (an import decides every command again from it).
    table.seen = {}
    exported = table.do(GM, "/game export")
    assert exported.ok
    assert "sealed values" in exported.reply.private[0]
    assert leaks(others(table, GM, ANA), NEVER) == []


def test_a_leak_would_be_found() -> None:
    """The search is able to fail: a private line read by the sealer matches."""
    table = setup_table()
    table.do(ANA, "/hand ante aspect:Spirit ante:INT")
    assert leaks(table.seen["ana"], ANTE)
    assert not leaks(table.seen["ben"], ANTE)


def test_bad_input_is_refused_with_what_to_do_and_the_table_unchanged() -> None:
    table = setup_table()
    before = table.app.handle(T, GM, "/conflict show").reply.data
    for who, line, says in (
        (BEN, "/hand ante character:Ada aspect:Mind ante:QUI", "only they or a GM"),
        (GM, "/hand ante character:Ada aspect:Mind ante:QUI", "only they seal"),
        (ANA, "/hand ante aspect:Mind ante:AGI1", "ante: is an Attribute"),
        (ANA, "/hand bid action:QUI bid:3", "Step 2 is open"),
    ):
        outcome = table.do(who, line)
        assert not outcome.ok
        assert says in (outcome.error or "")
        assert outcome.events == ()
    # Three Mind cards: no TD win, nothing to assign.
    table.do(ANA, "/hand ante aspect:Mind ante:QUI")
    table.do(BEN, "/hand ante aspect:Mind ante:STR")
    table.do(GM, "/hand ante character:Brute aspect:Mind ante:STR")
    middle = table.app.handle(T, GM, "/conflict show").reply.data
    for who, line, says in (
        (ANA, "/hand bid action:QUI bid:7", "bid 0 to 6"),
        (ANA, "/hand bid action:STR bid:1", "of Ada's Mind card"),
        (ANA, "/hand ante aspect:Mind ante:QUI", "Step 3 is open"),
        (BEN, "/hand bid character:Ada action:QUI bid:1", "only they or a GM"),
    ):
        outcome = table.do(who, line)
        assert not outcome.ok
        assert says in (outcome.error or ""), outcome.error
    assert table.app.handle(T, GM, "/conflict show").reply.data == middle
    assert before != middle


def test_the_web_board_shows_no_sealed_value_and_no_rank() -> None:
    table = setup_table()
    for who, line in (
        (GM, "/conflict end"),
        (GM, "/char set character:Brute rank:12"),
        (GM, '/conflict start sides:"Ada | Bo | Brute"'),
        (ANA, "/hand ante aspect:Spirit ante:INT"),
    ):
        assert table.do(who, line).ok, line
    page = str(render(table.app.table(T), table.app.registry))
    assert "Ada" in page  # the board is drawn
    assert leaks([page], (*ANTE, r"Rank\W+\d", r"\b12\b")) == []
