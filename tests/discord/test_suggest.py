"""Autocomplete offers names from the table: characters, traits, assets, complications,
stress types, difficulty levels, rolls in play."""

from __future__ import annotations

from typing import Any

from scenekeeper.adapters.suggest import Ask, suggestions
from scenekeeper.app import App
from scenekeeper.bootstrap import build_registry
from tests.discord.fakes import ANA, CHANNEL, GM, Interaction, cortex_table, make_bot, run, slash


def ask(app: App, command: str, option: str, current: str = "", **given: Any) -> list[Any]:
    state = app.table(str(CHANNEL)).state
    found = suggestions(state, Ask(command, option, current, given, str(ANA.id), build_registry()))
    return [value for _, value in found]


def test_names_come_from_the_table(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        await slash(bot, "complication add", GM, character="Ada", name="Sprained Ankle")
        await slash(
            bot, "roll", ANA, pool="Fighting d6", vs="hard", results="5 4", vs_results="2 3"
        )

    run(scenario())
    assert ask(app, "stress add", "character") == ["Ada", "Thug"]
    assert ask(app, "stress add", "character", "th") == ["Thug"]
    assert ask(app, "char set", "trait", character="Ada") == ["Fighting"]
    assert ask(app, "asset remove", "name", character="Ada") == ["Sword"]
    assert ask(app, "complication stepup", "name", character="Ada") == ["Sprained Ankle"]
    assert ask(app, "hitch", "complication", character="Ada") == ["Sprained Ankle"]
    assert ask(app, "stress add", "type") == ["Physical", "Mental", "Social"]
    assert ask(app, "roll", "vs", "ha") == ["hard", "challenging", "very-hard"]  # starts first
    assert "very-easy" in ask(app, "roll", "vs")
    assert "#2" in ask(app, "roll", "vs")
    # The roller's own complication joins the difficulty dice when it applies (Cortex p.27).
    assert ask(app, "roll", "vs", "sprai") == ["Sprained Ankle"]
    assert ask(app, "roll", "pool", "Fighting Sw") == ["Fighting Sword"]  # Ana plays Ada
    assert ask(app, "pick", "roll") == [2]
    assert ask(app, "contest start", "against", "Thug, ") == ["Thug, Ada"]  # a list grows
    assert ask(app, "mods set", "mod", "doom")[:1] == ["doom-pool"]
    assert "game new" in ask(app, "help", "command", "game")
    assert ask(app, "asset add", "name") == []  # a new name: nothing to offer


def test_a_table_with_no_game_offers_only_command_names(app: App) -> None:
    assert ask(app, "stress add", "character") == []
    assert "game new" in ask(app, "help", "command", "new")


def test_the_autocomplete_callback_answers_with_choices(app: App) -> None:
    async def scenario() -> list[Any]:
        bot = make_bot(app)
        await cortex_table(bot)
        interaction = Interaction(bot, GM, namespace={"character": "Ada"})
        return await bot.runner.suggest(interaction, "char set", "trait", "fi")  # type: ignore[arg-type]

    assert run(scenario()) == [("Fighting", "Fighting")]
