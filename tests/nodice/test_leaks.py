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
from typing import Any

import pytest

from scenekeeper.adapters.console.render import as_json, as_text
from scenekeeper.adapters.web.page import render
from scenekeeper.app import App, Outcome
from scenekeeper.engine.commands import Attachment
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
    # The GM's export withholds the replaced and undone commits too (G6): the GM reads none.
    table.seen = {}
    exported = table.do(GM, "/game export")
    assert exported.ok
    assert "sealed values" in exported.reply.private[0]
    assert leaks(others(table, ANA), NEVER) == []
    assert "withholds the values of 2 sealed choices" in exported.reply.private[1]


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
        (
            BEN,
            "/hand ante character:Ada aspect:Mind ante:QUI",
            "only they seal Ada's cards and bids",
        ),
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
        (BEN, "/hand bid character:Ada action:QUI bid:1", "only they seal Ada's cards and bids"),
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


# Two commits discarded unseen in a second Conflict: Bo's folded away, Ada's by /conflict end.
DISCARDED = (r"ante[\":= ]+REA", r"ante[\":= ]+WIL", r"Ada sealed Mind", r"Bo sealed Spirit")


def play_both_conflicts(table: Table) -> None:
    """The first test's Conflict (a replaced ante, an undone bid), then a second one whose
    commits are folded away and discarded by /conflict end."""
    for who, line in (
        (ANA, "/hand ante aspect:Body ante:KNO"),
        (ANA, "/hand ante aspect:Spirit ante:INT"),
        (BEN, "/hand ante aspect:Mind ante:QUI"),
        (GM2, "/hand ante character:Brute aspect:Body ante:STR"),
        (ANA, '/hand assign tokens:"INT 1"'),
        (BEN, '/hand assign tokens:"QUI 1"'),
        (GM2, '/hand assign character:Brute tokens:"STR 1"'),
        (ANA, "/hand bid action:PRE bid:11"),
        (ANA, "/undo"),
        (ANA, "/redo"),
        (ANA, "/undo"),
        (ANA, "/hand bid action:INT bid:13 wildcard:true"),
        (BEN, "/hand bid action:QUI bid:1"),
        (GM2, "/hand bid character:Brute action:STR bid:2"),
        (GM, "/conflict end"),
        (GM, '/conflict start sides:"Ada | Bo | Brute" stakes:2'),
        (ANA, "/hand ante aspect:Mind ante:REA"),
        (BEN, "/hand ante aspect:Spirit ante:WIL"),
        (BEN, "/hand fold"),
        (GM, "/conflict end"),
    ):
        assert table.do(who, line).ok, line


def import_file(table: Table, table_id: str, content: bytes) -> Outcome:
    return table.app.handle(
        table_id,
        GM,
        "/game import file:leaks.json",
        read_file=lambda _path: Attachment("leaks.json", content),
    )


def test_exports_and_their_imports_hold_no_commit_never_revealed() -> None:
    """G6 for exports: the GM's export, the export /game end gives and a table imported from
    it hold none of the replaced, undone, folded or discarded commits; the imported table
    plays on as the original does."""
    table = setup_table()
    play_both_conflicts(table)
    exported = table.do(GM, "/game export")
    assert exported.ok
    (file,) = exported.reply.files
    assert leaks([file.content.decode()], NEVER + DISCARDED) == []
    # The search finds what was revealed: Ada's INT 13 stays in the record.
    assert leaks([file.content.decode()], (r"bid[\":= ]+13",))
    assert json.loads(file.content)["withheld"]["commands"]

    # Imported into a new table, it is the same table and plays on the same.
    assert import_file(table, "copy", file.content).ok
    copy = Table(app=table.app)
    assert table.app.table("copy").state == table.app.table(T).state
    # Undoing /conflict end would bring back Ada's discarded commit, which the file lacks.
    refused = copy.app.handle("copy", GM, "/undo")
    assert not refused.ok
    assert "bring back a sealed choice" in (refused.error or "")
    assert table.app.table("copy").state == table.app.table(T).state
    for who, line in (
        (GM, '/conflict start sides:"Ada | Bo | Brute" stakes:2'),
        (ANA, "/hand ante aspect:Mind ante:REA"),  # undone: never revealed
        (ANA, "/undo"),
        (ANA, "/hand ante aspect:Spirit ante:INT"),
        (BEN, "/hand ante aspect:Body ante:STR"),
        (GM2, "/hand ante character:Brute aspect:Mind ante:STR"),
    ):
        here, there = table.do(who, line), copy.app.handle("copy", who, line)
        assert here.ok, line
        assert there.ok, line
        assert here.reply.text == there.reply.text
        assert table.app.table("copy").state == table.app.table(T).state

    # /game end's export and a table imported from it: still nothing never revealed.
    ended = table.do(GM, "/game end confirm:true")
    assert ended.ok
    (end_file,) = ended.reply.files
    assert import_file(table, "after", end_file.content).ok
    readable = [end_file.content.decode()]
    for table_id in ("copy", "after"):
        for line in ("/history count:100", "/game export", "/game log"):
            outcome = table.app.handle(table_id, GM, line)
            readable += [*as_text(outcome), as_json(1, GM.id, outcome)]
            readable += [f.content.decode("utf-8", "replace") for f in outcome.reply.files]
    assert leaks(readable, NEVER + DISCARDED) == []
    assert leaks(readable, (r"Ada Spirit \(ante INT\)",))  # the reveals are all there


def _forged(doc: dict[str, Any], pick: str) -> dict[str, Any]:
    """``doc`` with the first command whose line starts with ``pick`` marked withheld, as an
    export writes a commit never revealed."""
    events = [dict(e) for e in doc["events"]]
    first = next(e for e in events if e["command"].startswith(pick))
    for event in events:
        if event["command_seq"] == first["seq"]:
            kept = {"character": event["data"]["character"], "by": event["actor"]}
            event["type"] = "table.withheld@1"
            event["data"] = {"of": "nodice.bid_sealed@1", "kept": kept}
            line = re.sub(r" (action|bid|wildcard):\S+", "", pick)
            event["command"] = line if line == pick else f"{line} (withheld)"
    return {**doc, "events": events}


@pytest.mark.parametrize(
    ("pick", "says"),
    [
        # A revealed bid (Ada's INT 13): marked withheld, it would skip its own check.
        (
            "/hand bid action:INT bid:13 wildcard:true",
            "/hand bid (withheld) is marked withheld, but it shaped the table (its sealed choice "
            "was revealed, or it is not a sealed choice): an export withholds only choices never "
            "revealed",
        ),
        # Not a sealed commit at all, though written as one (its seat later filled).
        ('/hand assign tokens:"INT 1"', "is marked withheld, but it is not a sealed choice"),
    ],
)
def test_a_file_withholding_what_shaped_the_table_is_refused(pick: str, says: str) -> None:
    table = setup_table()
    play_both_conflicts(table)
    exported = table.do(GM, "/game export")
    honest = exported.reply.private_data
    forged = json.dumps(_forged(honest, pick)).encode()
    refused = import_file(table, "forged", forged)
    assert not refused.ok
    assert says in (refused.error or ""), refused.error
    assert table.app.table("forged").seq == 0  # nothing was imported
    assert import_file(table, "honest", json.dumps(honest).encode()).ok
