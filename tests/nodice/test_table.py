"""A NoDice table as a whole: /help lists its commands and the defaults in force, and no
command ever rolls a die (R18). (Every transcript's table imports again:
tests/engine/test_import_every_transcript.py.)"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from scenekeeper.adapters.console import repl
from scenekeeper.adapters.console.session import ConsoleSession
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.state import Person
from scenekeeper.engine.systems import get_system
from scenekeeper.store.memory import MemoryStore

GM, ANA = Person("gm", "gm"), Person("ana", "ana")


class NoDice:
    """A dice source that fails the test if anything asks it for a face (R18)."""

    def roll(self, sides: Sequence[int]) -> tuple[int, ...]:
        raise AssertionError(f"NoDice rolled {list(sides)}")


def test_no_command_at_a_nodice_table_rolls() -> None:
    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    for who, line in (
        (GM, '/game new system:nodice name:"No dice"'),
        (ANA, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 FIT 3 AGI 3 WIL 2 PRE 2 INT 2"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 2 KNO 2 QUI 2 STR 8 FIT 7 WIL 3 PRE 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (GM, "/hand ante character:Brute aspect:Body ante:STR"),
        (ANA, '/hand assign tokens:"QUI 2"'),
        (ANA, "/hand bid action:QUI bid:7"),
        (GM, "/hand bid character:Brute action:FIT bid:7"),
    ):
        outcome = app.handle("t", who, line)
        assert outcome.ok, (line, outcome.error)


def test_help_lists_nodices_commands_and_the_defaults_in_force() -> None:
    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    app.handle("t", GM, '/game new system:nodice name:"No dice"')
    text = app.handle("t", GM, "/help").reply.text
    listed = {line.split(":")[0] for line in text[1:]}
    wanted = {"/conflict start", "/hand ante", "/hand bid", "/hand spread", "/char new"}
    assert wanted <= listed
    assert not listed & {"/contest start", "/act", "/doom add", "/pp spend", "/test", "/check"}
    # The every-table dice commands have no use at a table that never rolls (R18).
    assert not listed & {"/roll", "/results"}
    refused = app.handle("t", GM, "/roll dice:2d6")
    assert refused.error == (
        "There is no /roll at a nodice table: use /hand ante and /hand bid (NoDice never "
        "rolls a die)."
    )
    other = App(store=MemoryStore(), dice=NoDice(), registry=app.registry)
    other.handle("c", GM, "/game new system:cortex")
    assert "/roll" in {line.split(":")[0] for line in other.handle("c", GM, "/help").reply.text}
    rules = text[text.index(next(t for t in text if t.startswith("Rules in force"))) + 1 :]
    assert any("R40" in line for line in rules)
    assert rules[-3] == (
        "- The npc-wildcards mod is off: Wildcards are for PCs only, NPCs have none (R11)."
    )
    assert rules[-2].startswith("- The clusters mod is off")
    assert "(R28)" in rules[-2]
    assert rules[-1].startswith("- The engage mod is off")
    assert "(R30)" in rules[-1]
    assert app.handle("t", GM, "/mods set mod:npc-wildcards enabled:true").ok
    on = app.handle("t", GM, "/help").reply.text[-3]
    assert on == "- The npc-wildcards mod is on: NPCs may have a WR and play Wildcards (R11)."


def test_hot_seat_asks_the_sealed_options_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """G11: at a shared screen, /hand ante typed bare asks the card and the ante without echo,
    and the line kept for history hides them."""
    asked: list[str] = []
    answers = iter(["Spirit", "INT"])

    def getpass(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr(repl.getpass, "getpass", getpass)
    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    console = ConsoleSession(app=app, table_id="t", out=io.StringIO(), actor=GM)
    for line in (
        '/game new system:nodice name:"Hot seat"',
        "@ana /game join",
        '@ana /char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 WIL 2 INT 2"',
        '/char new name:Brute gmc:true traits:"REA 2 STR 8 FIT 7 WIL 3"',
        '/conflict start sides:"Ada | Brute"',
    ):
        outcome = console.run_line(1, line)
        assert outcome is not None
        assert outcome.ok, (line, outcome.error)
    hidden = repl._ask_secrets(console, "@ana /hand ante")
    assert [p.split(" (hidden")[0] for p in asked] == ["aspect", "ante"]
    outcome = console.run_line(2, f"@ana /hand ante {hidden}")
    assert outcome is not None
    assert outcome.ok, outcome.error
    assert outcome.reply.private == ("Sealed for Ada: Spirit card, ante INT.",)
    assert outcome.text == "/hand ante (secret)"


def test_autocomplete_offers_only_what_is_public() -> None:
    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    for who, line in (
        (GM, '/game new system:nodice name:"Suggest"'),
        (ANA, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 WIL 2 INT 2"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 2 STR 8 FIT 7 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Spirit ante:QUI"),
    ):
        assert app.handle("t", who, line).ok, line
    system = get_system("nodice")

    def offered(option: str, actor: str, **given: object) -> list[object]:
        state = app.table("t").state
        assert state is not None
        return list(system.suggest(state, "hand ante", option, given, actor) or [])

    assert offered("aspect", "ben") == ["Mind", "Body", "Spirit"]
    # Ada's stacks as the table sees them: her sealed ante has not taken a token yet.
    assert ("QUI (7)", "QUI") in offered("ante", "ana")
    # No card is revealed: nothing narrows anyone's Action card (R71).
    assert offered("action", "gm", character="Ada") == []
    assert offered("ante", "ben") == []
    app.handle("t", GM, "/hand ante character:Brute aspect:Mind ante:STR")
    assert offered("action", "gm", character="Ada") == [("WIL (2)", "WIL"), ("INT (2)", "INT")]


def test_r24_r27_a_new_conflict_starts_from_the_sheets_with_wildcards_again() -> None:
    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    for who, line in (
        (GM, '/game new system:nodice name:"Again"'),
        (ANA, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 WIL 2 INT 2 wr 2"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 5 STR 8 FIT 7 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Mind ante:QUI"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),
        (ANA, "/hand bid action:QUI bid:6 wildcard:true"),
        (GM, "/hand bid character:Brute action:REA bid:0"),
    ):
        outcome = app.handle("t", who, line)
        assert outcome.ok, (line, outcome.error)
    shown = app.handle("t", GM, "/conflict show").reply.data
    assert shown["wildcards"]["Ada"] == 1  # R46: spent for the Conflict, not refreshed per Hand
    assert shown["avs"]["Ada"]["QUI"] == 6  # R32: the ante never comes back
    assert shown["avs"]["Brute"]["REA"] == 3  # 2 Mind damage lasts the Conflict
    assert app.handle("t", GM, "/conflict end").ok
    assert app.handle("t", GM, '/conflict start sides:"Ada | Brute"').ok
    again = app.handle("t", GM, "/conflict show").reply.data
    assert again["wildcards"]["Ada"] == 2  # R24: WR Wildcards each Conflict
    assert again["avs"]["Ada"]["QUI"] == 7  # R27: the sheet's AVs again
    assert again["avs"]["Brute"]["REA"] == 5
    assert again["jackpot"] == 0
