"""The registry of commands (``engine.registry.SpecRegistry``): which version of a name a table
finds, what a recorded line is, the names a line's words may start, renamed commands, games
that do without an every-table command, and the refusals of a command declared wrongly."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated

import pytest

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.commands import CommandRegistry, CommandSet, Opt
from scenekeeper.engine.registry import LINES_KEPT
from tests.support import command_set


@dataclass(frozen=True)
class _Args:
    amount: Annotated[int, Opt("how many")] = 1


def _set(systems: frozenset[str] | None, *names: str) -> CommandSet:
    return command_set(systems, _Args, *names)


@pytest.fixture
def registry() -> CommandRegistry:
    found = CommandRegistry()
    found.include(_set(None, "roll", "game show", "game gm add", "results"))
    found.include(_set(frozenset({"dice-game"}), "roll", "hand bid"))
    cardless = _set(frozenset({"card-game"}), "hand bid")
    cardless.leave_out("roll")
    found.include(cardless)
    return found


def test_a_game_finds_its_own_version_else_the_every_table_one(registry: CommandRegistry) -> None:
    mine = registry.find("roll", "dice-game")
    every = registry.find("roll", None)
    assert mine is not None
    assert mine.systems == frozenset({"dice-game"})
    assert every is not None
    assert every.systems is None
    assert registry.find("roll", "other-game") is every
    assert registry.find("hand bid", None) is None  # no table yet: only every-table commands


def test_a_game_that_does_without_a_command_finds_none(registry: CommandRegistry) -> None:
    assert registry.find("roll", "card-game") is None
    assert registry.left_out_at("roll", "card-game")
    assert not registry.left_out_at("roll", "dice-game")
    assert not registry.left_out_at("roll", None)
    assert "roll" not in registry.names("card-game")


def test_a_recorded_line_is_the_longest_command_its_words_start(
    registry: CommandRegistry,
) -> None:
    spec = registry.spec_of("/game gm add user:bob", None)
    assert spec is not None
    assert spec.name == "game gm add"
    shown = registry.spec_of("/game show", "dice-game")
    assert shown is not None
    assert shown.name == "game show"
    bid = registry.spec_of("/hand bid amount:2", "dice-game")
    assert bid is not None
    assert bid.systems == frozenset({"dice-game"})
    assert registry.spec_of("/hand bid", None) is None
    assert registry.spec_of("/nothing here", None) is None
    assert registry.spec_of("game show", None) is not None  # the slash is optional


def test_the_word_tree_holds_every_name_and_every_start_of_one(
    registry: CommandRegistry,
) -> None:
    assert registry.word_tree() == {
        ("roll",),
        ("game",),
        ("game", "show"),
        ("game", "gm"),
        ("game", "gm", "add"),
        ("results",),
        ("hand",),
        ("hand", "bid"),
    }
    assert registry.max_words() == 3


def test_a_renamed_command_finds_what_it_became(registry: CommandRegistry) -> None:
    results = registry.find("results", "dice-game")
    assert results is not None
    assert registry.find("game results", "dice-game") is results
    assert registry.games_of("game results") == registry.games_of("results") == []


def test_a_lazy_registry_loads_a_game_when_a_table_playing_it_asks() -> None:
    lazy = build_registry(every_game=False)
    assert lazy.find("hand bid", "nodice") is not None
    assert lazy.find("conflict start", "nodice") is not None
    assert lazy.left_out_at("roll", "nodice")
    eager = build_registry()
    assert lazy.find("mods show", "cortex") is not None
    assert lazy.names("cortex") == eager.names("cortex")


def test_declaring_a_command_wrongly_says_what_is_wrong(registry: CommandRegistry) -> None:
    with pytest.raises(TypeError, match=r"^command word 'Roll' must be lowercase letters"):
        registry.include(_set(None, "Roll"))
    with pytest.raises(TypeError, match=r"^/roll is declared twice for the same game$"):
        registry.include(_set(None, "roll"))
    with pytest.raises(TypeError, match=r"^/roll is declared twice for the same game$"):
        registry.include(_set(frozenset({"dice-game", "new-game"}), "roll"))
    registry.include(_set(frozenset({"new-game"}), "hand bid"))  # another game's own: fine
    shared = CommandSet()
    shared.shared("roll", help="Roll.")
    registry.include(shared)
    text = registry.shared_text("roll")
    assert text is not None
    assert text.help == "Roll."
    assert registry.shared_text("game show") is None
    with pytest.raises(TypeError, match=r"^/roll: its every-table text is declared twice$"):
        registry.include(shared)


def test_an_option_name_must_be_a_word() -> None:
    (spec,) = _set(None, "tally")
    bad = dataclasses.replace(spec.options[0], name="Two Words")
    with pytest.raises(TypeError, match=r"^/tally: option name 'Two Words' is not valid$"):
        CommandRegistry().add(dataclasses.replace(spec, options=(bad,)))


def test_an_every_table_version_may_come_after_a_games_own() -> None:
    registry = CommandRegistry()
    registry.include(_set(frozenset({"dice-game"}), "roll"))
    registry.include(_set(None, "roll"))
    every = registry.find("roll", "other-game")
    assert every is not None
    assert every.systems is None


def test_a_lazy_registry_knows_what_a_game_does_without_before_anything_loads_it() -> None:
    assert build_registry(every_game=False).left_out_at("roll", "nodice")


def test_a_recorded_line_found_again_follows_a_command_added_since(
    registry: CommandRegistry,
) -> None:
    # spec_of keeps its answers by line and game: a command added since is found, not the
    # answer kept from before it.
    assert registry.spec_of("/hand bid amount:2", None) is None
    registry.include(_set(None, "hand bid"))
    found = registry.spec_of("/hand bid amount:2", None)
    assert found is not None
    assert found.systems is None
    assert registry.spec_of("/hand bid amount:2", None) is found


def test_the_recorded_lines_kept_are_bounded(registry: CommandRegistry) -> None:
    # One answer a line read back: a busy process reads many different ones, and keeps at
    # most LINES_KEPT of them (then starts afresh), answering each as it did.
    for n in range(LINES_KEPT + 5):
        assert registry.spec_of(f"/roll dice:d{n + 2}", None) is not None
        assert registry.lines_kept() <= LINES_KEPT
    assert registry.lines_kept() == 5
