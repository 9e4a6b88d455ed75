"""The Contract's six hook points (R68): the core ships no Extension, a misspelt step is
refused, and an Extension changes the Hand only at its step, recorded in the Hand's events."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.state import Person
from scenekeeper.store.memory import MemoryStore
from scenekeeper.systems.nodice import contract
from scenekeeper.systems.nodice.contract import Extension, extended
from scenekeeper.systems.nodice.state import Damage
from tests.nodice.test_table import NoDice

GM, ANA = Person("gm", "gm"), Person("ana", "ana")


def test_the_core_ships_no_extension_and_names_six_steps() -> None:
    assert contract.EXTENSIONS == []
    assert list(contract.STEPS) == [
        "engagement",
        "commit",
        "reveal",
        "resolve",
        "outcome",
        "update_state",
    ]


def test_a_hook_at_no_step_of_the_contract_is_refused() -> None:
    with pytest.raises(TypeError, match="damage is not a hook point"):
        Extension("Brutal", {"damage": lambda d: d})


def hand(app: App) -> str:
    for who, line in (
        (GM, '/game new system:nodice name:"Contract"'),
        (ANA, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 WIL 2 INT 2"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 9 STR 8 FIT 7 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
        (ANA, "/hand ante aspect:Mind ante:KNO"),
        (GM, "/hand ante character:Brute aspect:Mind ante:STR"),
    ):
        assert app.handle("t", who, line).ok, line
    assert app.handle("t", ANA, "/hand bid action:QUI bid:7").ok
    last = app.handle("t", GM, "/hand bid character:Brute action:REA bid:0")
    assert last.ok, last.error
    return "\n".join(last.reply.text)


def test_an_extension_changes_only_its_step() -> None:
    # QUI beats REA: 7 + ES 1 = 8 against 0, margin 8: 1 + 1 = 2 Mind damage.
    plain = hand(App(store=MemoryStore(), dice=NoDice(), registry=build_registry()))
    assert "Showdown 8-0: Ada wins by 8, 2 Mind damage to Brute" in plain

    def brutal(damage: Damage) -> Damage:
        return damage.model_copy(update={"amount": damage.amount + 1})

    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    with extended(Extension("Brutal", {"outcome": brutal})):
        said = hand(app)
    # The Showdown is Resolve's (unchanged); the damage owed is Outcome's: 3.
    assert "Showdown 8-0: Ada wins by 8, 3 Mind damage to Brute" in said
    assert "Brute takes Mind damage: REA -3" in said
    # Recorded in the events: the table replays the same without the Extension.
    again = App(store=app.store, dice=NoDice(), registry=build_registry())
    assert again.table("t").state == app.table("t").state


def test_a_commit_hook_refuses_a_commit_to_its_sealer_and_lets_others_stand() -> None:
    handed: list[tuple[str, dict[str, object]]] = []

    def no_kno(actor: str, values: Mapping[str, object]) -> str | None:
        handed.append((actor, dict(values)))
        if "KNO" in values.values():
            return f"{actor} may not use KNO here (the Oath Extension)"
        return None

    app = App(store=MemoryStore(), dice=NoDice(), registry=build_registry())
    for who, line in (
        (GM, '/game new system:nodice name:"Contract"'),
        (ANA, "/game join"),
        (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 WIL 2 INT 2"'),
        (GM, '/char new name:Brute gmc:true traits:"REA 9 STR 8 FIT 7 WIL 3"'),
        (GM, '/conflict start sides:"Ada | Brute"'),
    ):
        assert app.handle("t", who, line).ok, line
    with extended(Extension("Oath", {"commit": no_kno})):
        refused = app.handle("t", ANA, "/hand ante aspect:Mind ante:KNO")
        assert refused.error == "Ada may not use KNO here (the Oath Extension)"
        assert app.handle("t", ANA, "/hand ante aspect:Mind ante:QUI").ok
        assert app.handle("t", GM, "/hand ante character:Brute aspect:Mind ante:STR").ok
        assert app.handle("t", ANA, "/hand bid action:KNO bid:1").error == (
            "Ada may not use KNO here (the Oath Extension)"
        )
        assert app.handle("t", ANA, "/hand bid action:REA bid:1").ok
    # The hook is handed each sealed value by name (Contract: "commit").
    assert handed[-1] == ("Ada", {"action": "REA", "bid": 1, "wildcard": False})
    assert handed[0] == ("Ada", {"aspect": "Mind", "ante": "KNO"})
