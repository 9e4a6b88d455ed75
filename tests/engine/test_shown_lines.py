"""A command as the table reads it back (engine.secrets.shown): people by their names at the
table, quoted where the name needs it; a GM's secret roll without its dice, whatever the order
of its options; a label that merely holds the words ``secret:true`` keeps the roll public; an
undo and a redo name the command they took back as hidden as it was -- in their reply and in
the ``events`` of a ``--json`` row."""

from __future__ import annotations

import json

from scenekeeper.adapters.console.render import as_json
from scenekeeper.app import App, Outcome
from scenekeeper.bootstrap import build_registry
from scenekeeper.dice import SeededDice
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore

GM = Person("1", "Gemma")


def table() -> App:
    app = App(store=MemoryStore(), dice=SeededDice(1), registry=build_registry())
    for who, line in (
        (GM, "/game new system:generic name:X"),
        (Person("22", "Ben Smith"), "/game join"),
        (Person("33", "Ana"), "/game join"),
        (Person("44", 'Q"x'), "/game join"),
    ):
        assert app.handle("t", who, line).ok
    return app


def said(app: App, line: str) -> Outcome:
    outcome = app.handle("t", GM, line)
    assert outcome.ok, outcome.error
    return outcome


def test_people_are_named_as_the_table_knows_them() -> None:
    app = table()
    assert said(app, "/game gm add user:22").text == '/game gm add user:"@Ben Smith"'
    assert said(app, "/game gm add user:33").text == "/game gm add user:@Ana"
    assert said(app, '/game gm add user:"44"').text == r'/game gm add user:"@Q\"x"'
    # Someone the table does not know stays as given.
    assert said(app, "/game gm add user:55").text == "/game gm add user:55"
    history = "\n".join(said(app, "/history count:4").reply.text)
    assert '#5 Gemma: /game gm add user:"@Ben Smith"' in history
    assert "#6 Gemma: /game gm add user:@Ana" in history


def test_a_secret_roll_hides_its_dice_whatever_the_order() -> None:
    app = table()
    first = said(app, "/roll secret:true dice:d6 results:3 label:x")
    assert first.secret
    assert first.text == "/roll (secret) label:x secret:true"
    shouted = said(app, "/roll dice:d6 results:3 secret:TRUE")
    assert shouted.text == "/roll (secret) secret:true"
    # A label holding the words is no secret roll: the roll and its line are public.
    public = said(app, "/roll dice:d6 results:3 label:nosecret:true")
    assert not public.secret
    assert public.text == "/roll dice:d6 results:3 label:nosecret:true"
    assert public.reply.text == ("Gemma rolls for nosecret:true (typed faces): d6 (3) = 3",)


def test_undo_and_redo_name_a_secret_roll_hidden() -> None:
    app = table()
    said(app, "/roll dice:d6 results:3 secret:true")
    undone = said(app, "/undo")
    assert undone.reply.text == ("Undid #5 /roll (secret) secret:true (by Gemma).",)
    row = json.loads(as_json(1, "1", undone))
    assert [e["command"] for e in row["events"]] == ["/roll (secret) secret:true"]
    redone = said(app, "/redo")
    row = json.loads(as_json(2, "1", redone))
    assert [e["command"] for e in row["events"]] == ["/roll (secret) secret:true"]
    assert "d6" not in json.dumps(row)
    # An undo of a public command is read as it was typed.
    said(app, "/roll dice:d8 results:5")
    row = json.loads(as_json(3, "1", said(app, "/undo")))
    assert [e["command"] for e in row["events"]] == ["/roll dice:d8 results:5"]


def test_an_undo_names_the_people_of_the_command_it_took_back_in_its_json_row() -> None:
    """The ``events`` of an undo's row read the command back as the table knows it: the co-GM
    it had made named, not the id Discord gave (as ``/history`` reads it)."""
    app = table()
    said(app, "/game gm add user:22")
    undone = said(app, "/undo")
    row = json.loads(as_json(1, "1", undone))
    assert [e["command"] for e in row["events"]] == ['/game gm add user:"@Ben Smith"']
    assert undone.reply.text == ('Undid #5 /game gm add user:"@Ben Smith" (by Gemma).',)
