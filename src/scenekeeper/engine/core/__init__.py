"""Commands and events every table has, whatever game it plays."""

from scenekeeper.engine.commands import CommandSet
from scenekeeper.engine.core import (
    board,
    by_post,
    characters,
    game,
    history,
    lifecycle,
    mods,
    pictures,
    recap,
    roll,
    say,
    session_log,
    shared,
    transfer,
    typed_dice,
    undo,
)
from scenekeeper.engine.core import help as help_commands

COMMAND_SETS: tuple[CommandSet, ...] = (
    board.commands,
    by_post.commands,
    characters.commands,
    game.commands,
    help_commands.commands,
    history.commands,
    lifecycle.commands,
    mods.commands,
    pictures.commands,
    recap.commands,
    roll.commands,
    say.commands,
    session_log.commands,
    shared.commands,
    transfer.commands,
    typed_dice.commands,
    undo.commands,
)

__all__ = ["COMMAND_SETS"]
