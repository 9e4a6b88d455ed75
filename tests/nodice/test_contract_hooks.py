"""The Contract's other hook points at work (R68): Engagement's Stakes, Reveal's TA cards,
Resolve's pair result and Update State's eliminations -- each handed its variables, each
Extension in turn in the order given, and none in force after ``extended``."""

from __future__ import annotations

import dataclasses

import pytest

from scenekeeper.app import App
from scenekeeper.engine.state import Person
from scenekeeper.systems.nodice import contract
from scenekeeper.systems.nodice.contract import Extension, extended
from scenekeeper.systems.nodice.hand import PairResult
from tests.nodice.helpers import played

GM, ANA = Person("gm", "gm"), Person("ana", "ana")
SETUP = (
    (GM, '/game new system:nodice name:"Hooks"'),
    (ANA, "/game join"),
    (ANA, '/char new name:Ada traits:"REA 4 KNO 5 QUI 7 STR 3 WIL 2 INT 2"'),
    (GM, '/char new name:Brute gmc:true traits:"QUI 1 STR 8 FIT 7 AGI 6 WIL 3"'),
)


def said(app: App, who: Person, line: str) -> list[str]:
    outcome = app.handle("t", who, line)
    assert outcome.ok, (line, outcome.error)
    return list(outcome.reply.text)


def test_unknown_steps_are_each_named_with_the_contracts_steps() -> None:
    with pytest.raises(TypeError) as refused:
        Extension("Wild", {"luck": print, "damage": print, "commit": print})
    assert str(refused.value) == (
        "Extension Wild: damage, luck is not a hook point of the Contract; the steps are "
        "engagement, commit, reveal, resolve, outcome, update_state"
    )


def test_engagement_hooks_set_the_stakes_each_in_turn() -> None:
    app = played(SETUP)
    first = Extension("Raise", {"engagement": lambda es: es + 1})
    second = Extension("Double", {"engagement": lambda es: es * 2})
    with extended(first, second):
        start = said(app, GM, '/conflict start sides:"Ada | Brute"')
    assert contract.EXTENSIONS == []
    assert start[0] == 'Conflict: Ada vs Brute. Stakes: ES4 "Deadly".'


def test_reveal_resolve_and_update_state_are_handed_their_variables() -> None:
    handed: dict[str, object] = {}

    def reveal(cards: dict[str, str]) -> dict[str, str]:
        handed["reveal"] = dict(cards)
        return {**cards, "Brute": "Body"}  # Mind beats Body: Ada wins the TD

    def resolve(result: PairResult) -> PairResult:
        handed["resolve"] = (result.first, result.second, result.winner)
        return dataclasses.replace(result, damage=result.damage + 1)

    def update_state(eliminated: dict[str, str]) -> dict[str, str]:
        handed["update_state"] = dict(eliminated)
        return eliminated

    app = played((*SETUP, (GM, '/conflict start sides:"Ada | Brute"')))
    hooks = {"reveal": reveal, "resolve": resolve, "update_state": update_state}
    with extended(Extension("Seen", hooks)):
        played([(ANA, "/hand ante aspect:Mind ante:QUI")], app)
        revealed = said(app, GM, "/hand ante character:Brute aspect:Mind ante:STR")
        played([(ANA, '/hand assign tokens:"QUI 2"')], app)
        played([(GM, "/hand bid character:Brute action:STR bid:2")], app)
        closed = said(app, ANA, "/hand bid action:QUI bid:3")
    assert contract.EXTENSIONS == []
    assert handed["reveal"] == {"Ada": "Mind", "Brute": "Mind"}
    assert "Hand 1, TA cards revealed: Ada Mind (ante QUI), Brute Body (ante STR)." in revealed
    assert handed["resolve"] == ("Ada", "Brute", "Ada")
    # QUI 3 + ES 1 + the sweep against 2: margin 3, 1 Mind damage by the rules, 2 with the hook.
    assert (
        "Ada vs Brute: Ada wins AD, Ada sweeps; Showdown 5-2: Ada wins by 3, 2 Mind damage to "
        "Brute." in closed
    )
    assert handed["update_state"] == {"Brute": "every Mind Attribute at 0"}
