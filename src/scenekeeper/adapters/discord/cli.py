"""``scenekeeper discord``: start the bot (or, with ``--check``, only build and check its
command tree, offline)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import discord
import pydantic

from scenekeeper.adapters.discord.bot import Scenekeeper
from scenekeeper.adapters.discord.command_sets import CommandSets, scopes
from scenekeeper.adapters.discord.layout import EVERY_TABLE, for_games, installed_games
from scenekeeper.adapters.discord.settings import (
    TOKEN_ENV,
    DiscordSettings,
    Redact,
    load_settings,
    missing_token_message,
    redact,
)
from scenekeeper.adapters.discord.tree import TreeError, layout_of, new_tree
from scenekeeper.adapters.web.answer import URL_ENV, WebSettings
from scenekeeper.adapters.web.serve import WebBoard
from scenekeeper.app import App
from scenekeeper.bootstrap import DATABASE_ENV, build_app, build_registry, settle_collector
from scenekeeper.engine.commands import CommandRegistry
from scenekeeper.store.base import StoreError

log = logging.getLogger("scenekeeper.discord")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scenekeeper discord",
        description=f"Run the Discord bot. The token comes from {TOKEN_ENV} (environment or "
        ".env); see docs/discord.md.",
    )
    parser.add_argument("--env-file", type=Path, help="a .env file to read (default: ./.env)")
    parser.add_argument(
        "--db", help=f"database path or URL (default: ${DATABASE_ENV}, else the user data file)"
    )
    parser.add_argument(
        "--sync",
        action="store_true",
        help="send the command tree to Discord on start (to --dev-guild if given, else globally)",
    )
    parser.add_argument(
        "--dev-guild", type=int, help="a development server id: sync commands there only"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build the command tree offline, check it against Discord's limits, and exit",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if args.check:
        return _check()
    try:
        settings = load_settings(args.env_file)
    except pydantic.ValidationError as error:
        problems = "; ".join(str(e["msg"]) for e in error.errors())  # never the input values
        print(f"scenekeeper discord: bad settings: {problems}", file=sys.stderr)
        return 2
    token = settings.token()
    if token is None:
        print(missing_token_message(), file=sys.stderr)
        return 2
    redact_token = Redact(token)
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(redact_token)
    try:
        return _run(args, settings, token)
    finally:
        for handler in handlers:
            handler.removeFilter(redact_token)


def _run(args: argparse.Namespace, settings: DiscordSettings, token: str) -> int:
    try:
        app = build_app(args.db or settings.database())
        settle_collector()
    except StoreError as error:
        print(f"scenekeeper discord: cannot open the database: {error}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_serve(app, token, settings, args.sync, args.dev_guild))
    except KeyboardInterrupt:
        return 0
    finally:
        app.close()


async def _serve(
    app: App, token: str, settings: DiscordSettings, sync: bool, dev_guild: int | None
) -> int:
    try:
        bot = Scenekeeper(
            app,
            shard_count=settings.discord_shard_count,
            shard_ids=settings.shard_ids(),
            sync=sync or settings.discord_sync,
            dev_guild=dev_guild or settings.discord_dev_guild,
            workers=settings.discord_workers,
            web=WebBoard(app, web) if (web := WebSettings.from_env()) is not None else None,
        )
    except TreeError as error:
        print(
            f"scenekeeper discord: the command tree breaks Discord's limits: {error}",
            file=sys.stderr,
        )
        return 1
    async with bot:
        stop = asyncio.Event()
        signals = _on_stop_signals(stop.set)
        running = asyncio.create_task(bot.start(token), name="scenekeeper-bot")
        stopping = asyncio.create_task(stop.wait(), name="scenekeeper-stop")
        try:
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if stop.is_set():
                # SIGTERM (docker stop, systemctl stop) or SIGINT: the same clean stop.
                await bot.shutdown()
            try:
                await running
            except discord.LoginFailure:
                print(
                    f"scenekeeper discord: Discord refused the token in {TOKEN_ENV}; copy it "
                    "again from the developer portal (Bot > Reset Token).",
                    file=sys.stderr,
                )
                return 1
            except discord.HTTPException as error:
                print(
                    f"scenekeeper discord: Discord said no: {redact(str(error), token)}",
                    file=sys.stderr,
                )
                return 1
        finally:
            stopping.cancel()
            for signum in signals:
                asyncio.get_running_loop().remove_signal_handler(signum)
            await bot.runner.stop()  # nothing in flight is left behind, however it ended
    log.info("stopped cleanly")
    return 0


def _on_stop_signals(handler: Callable[[], None]) -> list[signal.Signals]:
    """SIGTERM and SIGINT both start a clean stop; where the loop cannot take signals
    (Windows), Ctrl+C still raises KeyboardInterrupt."""
    installed = []
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, handler)
        except (NotImplementedError, RuntimeError):
            continue
        installed.append(signum)
    return installed


#: What the bot asks a server for (docs/discord.md's invite link).
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    pin_messages=True,
    manage_webhooks=True,
)


def _check() -> int:
    registry = build_registry()
    layout = layout_of(registry)
    top = layout.top_level()
    groups = {path: len(layout.children_of(path)) for path in layout.groups}
    biggest = max(sorted(groups.items()), key=lambda item: item[1], default=((), 0))  # ties: A-Z
    print(f"{len(layout.commands)} commands; {len(top)} top-level (Discord allows 100).")
    print(f"Largest group: /{' '.join(biggest[0])} with {biggest[1]} subcommands (25 allowed).")
    for name, moved in sorted(layout.moved.items()):
        print(f"/{name} is /{moved} in Discord (a command cannot also be a group).")
    everywhere = layout_of(registry, EVERY_TABLE).top_level()
    print(f"Global (every table): {', '.join('/' + n for n in everywhere)}.")
    for game in sorted(installed_games(registry)):
        own = layout_of(registry, for_games({game})).top_level()
        print(f"A server playing {game} adds {len(own)} top-level commands of its own.")
    problems = list(layout.problems) + asyncio.run(_every_set_problems(registry))
    # A description too long for Discord is cut to fit: write a shorter ``summary``.
    problems += [f"description cut to fit: {cut}" for cut in layout.cut]
    print(
        f"Checked {len(scopes(registry))} command sets: global, everything (a development "
        "server) and each combination of games a server may play."
    )
    print(
        f"Permissions the invite asks for ({PERMISSIONS.value}): View Channels, Send Messages, "
        "Send Messages in Threads, Embed Links, Attach Files, Read Message History, Pin "
        "Messages (without it the board is not pinned) and Manage Webhooks (without it /say "
        "posts as the bot, with the character's name, not as the character)."
    )
    web = WebSettings.from_env()
    print(
        f"Characters' pictures on posts: served at {web.url}/pictures/ (Discord must reach it)."
        if web is not None
        else f"Characters' pictures on posts: none, {URL_ENV} is not set (posts carry the "
        "name alone; the board server serves the pictures)."
    )
    for problem in problems:
        print(f"problem: {problem}")
    return 1 if problems else 0


async def _every_set_problems(registry: CommandRegistry) -> list[str]:
    """Build every set's payloads offline (no login) and check each against Discord."""
    quiet = logging.getLogger("discord")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # a client made only to build payloads: no voice warnings
    try:
        client = discord.Client(intents=discord.Intents.none())
    finally:
        quiet.setLevel(level)
    return CommandSets(new_tree(client), registry).problems()
