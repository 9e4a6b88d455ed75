"""The command scheme for five games (docs/architecture.md, "One command scheme"): a shared
name means one thing of one type in every game, and a command of another game is refused with
what to type here instead."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import pytest

from scenekeeper.engine import systems
from scenekeeper.engine.command_names import not_here
from scenekeeper.engine.commands import (
    CommandRegistry,
    CommandSet,
    Opt,
)
from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.parse import parse_line
from scenekeeper.engine.state import GameState
from scenekeeper.engine.systems import GameSystem
from tests.support import command_set


@dataclass(frozen=True)
class Counted:
    amount: Annotated[int, Opt("how many")]


@dataclass(frozen=True)
class Named:
    amount: Annotated[str, Opt("how many, in words")]


def _set(system: str, args_type: type[object], name: str = "tally") -> CommandSet:
    return command_set(frozenset({system}), args_type, name)


def test_an_option_name_has_one_type_in_every_games_version() -> None:
    registry = CommandRegistry()
    registry.include(_set("game-a", Counted))
    with pytest.raises(TypeError, match="tally amount: is string here but integer"):
        registry.include(_set("game-b", Named))


def test_an_option_name_has_one_type_in_every_command() -> None:
    """Not only within one name: people carry an option's meaning from command to command."""
    registry = CommandRegistry()
    registry.include(_set("game-a", Counted, "tally"))
    with pytest.raises(TypeError, match="count amount: is string here but integer in /tally"):
        registry.include(_set("game-b", Named, "count"))
    with pytest.raises(TypeError, match="is string here but integer in /tally"):
        registry.include(_set("game-a", Named, "recount"))


def test_the_same_type_in_two_games_is_one_command() -> None:
    registry = CommandRegistry()
    registry.include(_set("game-a", Counted))
    registry.include(_set("game-b", Counted))
    assert registry.games_of("tally") == ["game-a", "game-b"]


def test_the_names_a_game_is_asked_for_follow_every_command_added() -> None:
    """``names`` keeps its answer per game (a line of bare words asks it): a command added or
    a set included afterwards is listed, and a caller changing the list changes nothing."""
    registry = CommandRegistry()
    registry.include(_set("game-a", Counted, "tally"))
    assert registry.names(None) == []  # no table: only commands that need none
    first = registry.names("game-a")
    assert first == ["tally"]
    first.append("mine")
    assert registry.names("game-a") == ["tally"]
    registry.include(_set("game-a", Counted, "count"))
    assert registry.names("game-a") == ["count", "tally"]
    (spec,) = _set("game-a", Counted, "recount")
    registry.add(spec)
    assert registry.names("game-a") == ["count", "recount", "tally"]
    assert registry.names("game-b") == []


class _Pointing(GameState):
    pass


@pytest.fixture
def pointing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that says what to type instead of /tally (registered for this test only)."""
    game = GameSystem(
        name="scheme-test",
        title="a game for the scheme test",
        state_type=_Pointing,
        instead={"tally": "/count amount:<n>"},
    )
    monkeypatch.setitem(systems._SYSTEMS, game.name, game)


@pytest.mark.usefixtures("pointing")
def test_another_games_command_points_to_this_games_way() -> None:
    registry = CommandRegistry()
    registry.include(_set("game-a", Counted))
    message = not_here(registry, "tally", "scheme-test")
    assert message == "/tally is for a table playing game-a; at this scheme-test table use " + (
        "/count amount:<n>."
    )
    with pytest.raises(Refusal) as caught:
        parse_line("/tally amount:3", registry, "scheme-test")
    assert str(caught.value) == message


def test_without_a_pointer_the_refusal_sends_to_help() -> None:
    registry = CommandRegistry()
    registry.include(_set("game-a", Counted))
    assert not_here(registry, "tally", "generic").endswith(
        "this table plays generic. Type /help for what works here."
    )
    assert "no game here yet" in not_here(registry, "tally", None)
