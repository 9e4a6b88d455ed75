"""What a server is shown, and whether each of it can work there: measured as Discord would
measure it. The bot logs in with ``--sync`` (the global set), a GM starts a table of each of
the server's games (the server is sent its own set), and then every command the server was
sent -- global and its own, read from the requests Discord took -- is typed at every table of
the server through discord.py's own dispatch (a real ``discord.Interaction`` from a raw
payload). A command that every table answers with "not at this table" (``not_here``: "/x is
for a table playing ...", "There is no /x at a ... table") can never work on that server.
There are none, for a server that plays each game alone and for two mixes.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord import AppCommandOptionType

from scenekeeper.adapters.discord.layout import plan
from scenekeeper.app import App
from scenekeeper.engine.systems import system_names
from tests.discord.fake_discord import APP_ID
from tests.discord.fakes import run
from tests.discord.gateway import CHANNEL, GM, Harness, Request, logged_in

SUBCOMMAND, GROUP = 1, 2
#: A top-level command typed as a slash command (a message menu, type 3, is not typed).
CHAT_INPUT = 1
#: Each game alone, and two mixes (one of three Cortex-family games and METTLE, one with a
#: game that rolls no dice).
SERVERS = [(g,) for g in system_names()] + [("cortex", "mettle"), ("cybergod", "generic", "nodice")]
#: Run last: they may take back what the table did (never its game: nothing before them
#: was done at a table but ``/game new`` and what the commands above did).
LAST = ("undo", "redo")


def _leaves(tops: list[dict[str, Any]]) -> dict[tuple[str, ...], dict[str, Any]]:
    found: dict[tuple[str, ...], dict[str, Any]] = {}

    def visit(node: dict[str, Any], path: tuple[str, ...]) -> None:
        here = (*path, node["name"])
        children = [o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, GROUP)]
        if not children:
            found[here] = node
        for child in children:
            visit(child, here)

    for top in tops:
        if top.get("type", CHAT_INPUT) == CHAT_INPUT:
            visit(top, ())
    return found


def _value(option: Any) -> Any:
    """Some value of the type an option takes (the first choice where it has choices)."""
    if option.choices:
        return option.choices[0].value
    kind = option.type
    if kind is AppCommandOptionType.user:
        return GM
    if kind is AppCommandOptionType.boolean:
        return False  # never confirm:true (/game end)
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        return option.min_value if option.min_value is not None else 1
    return "x"


def _never_here(reply: Request) -> bool:
    text = reply.text()
    assert "no game here yet" not in text, text  # a table lost its game: the measure is wrong
    return " is for a table playing " in text or text.startswith("There is no /")


async def _never_working(app: App, games: tuple[str, ...]) -> tuple[list[str], int]:
    """The commands a server playing ``games`` is shown that no table of it can use, and how
    many commands it is shown."""
    async with logged_in(app, sync=True) as h:
        channels = {game: CHANNEL + at for at, game in enumerate(games)}
        for game, channel in channels.items():
            started = await h.slash("game new", GM, channel=channel, system=game, name=game)
            assert "New table" in started.text(), started.text()
        shown = _shown(h)
        engine = {c.path: c.engine_name for c in plan(h.bot.app.registry).commands}
        order = sorted(shown, key=lambda path: (engine[path] in LAST, path))
        never = []
        for path in order:
            name = engine[path]
            parameters = h.bot.commands[name].parameters
            if any(p.type is AppCommandOptionType.attachment for p in parameters):
                # The fake Discord serves no files: found as the engine finds it instead.
                found = [h.bot.app.registry.find(name, g) for g in games]
                never += [] if any(found) else [name]
                continue
            values = {p.display_name: _value(p) for p in parameters if p.required}
            answers = [
                await h.slash(name, GM, channel=channel, **values) for channel in channels.values()
            ]
            if all(_never_here(answer) for answer in answers):
                never.append(name)
        return never, len(shown)


def _shown(h: Harness) -> dict[tuple[str, ...], dict[str, Any]]:
    """Every (sub)command the server was sent: the global set and its own, as Discord took
    them (the last of each)."""
    synced: dict[str, list[dict[str, Any]]] = {}
    for request in h.discord.syncs():
        synced[request.path] = request.json  # type: ignore[assignment]
    own = [p for path, p in synced.items() if path != f"/applications/{APP_ID}/commands"]
    assert f"/applications/{APP_ID}/commands" in synced
    return _leaves(synced[f"/applications/{APP_ID}/commands"] + [c for p in own for c in p])


@pytest.mark.parametrize("games", SERVERS, ids="+".join)
def test_a_server_is_shown_no_command_that_can_never_work_there(
    app: App, games: tuple[str, ...]
) -> None:
    never, shown = run(_never_working(app, games))
    assert shown > 10
    assert never == [], f"a server playing {', '.join(games)} is shown {never}"


def test_the_measure_sees_a_command_that_can_never_work(app: App) -> None:
    """The count above can fail: at a NoDice table, /roll is answered as never working."""

    async def scenario() -> bool:
        async with logged_in(app) as h:
            await h.slash("game new", GM, system="nodice", name="N")
            return _never_here(await h.slash("roll", GM, dice="d6"))

    assert run(scenario())


def test_discords_old_copy_of_a_renamed_command_is_still_answered(app: App) -> None:
    """Until Discord is synced after an upgrade, it still shows /game stress: the bot answers
    it as /stress types (no set it sends holds the old name)."""

    async def scenario() -> str:
        async with logged_in(app) as h:
            await h.slash("game new", GM, system="cortex", name="C")
            typed = [{"name": "types", "type": 3, "value": "five"}]
            data = {"id": "1", "name": "game", "type": 1, "options": []}
            data["options"] = [{"name": "stress", "type": 1, "options": typed}]
            return h.one(await h.dispatch(h.payload(2, GM, data))).text()

    assert "Stress types: Afraid, Angry, Exhausted, Injured, Insecure." in run(scenario())


def test_discords_old_copy_of_a_command_two_groups_deep_is_still_answered(app: App) -> None:
    """/game mods set (now /mods set) sits in a subgroup Discord's old copy still holds: the
    bot's tree has that subgroup again for it, with the old option name too."""

    async def scenario() -> str:
        async with logged_in(app) as h:
            await h.slash("game new", GM, system="cortex", name="C")
            typed = [
                {"name": "mod", "type": 3, "value": "doom-pool"},
                {"name": "enabled", "type": 5, "value": True},
            ]
            command = {"name": "set", "type": 1, "options": typed}
            data = {"id": "1", "name": "game", "type": 1, "options": []}
            data["options"] = [{"name": "mods", "type": 2, "options": [command]}]
            return h.one(await h.dispatch(h.payload(2, GM, data))).text()

    said = run(scenario())
    assert "doom-pool is now on" in said, said
