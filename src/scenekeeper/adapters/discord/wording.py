"""What the bot answers, in its own words, when a command cannot run as asked (``runner``)."""

from scenekeeper.store.base import NOT_SAVED

STORAGE_DOWN = NOT_SAVED
IN_SERVERS = (
    "Scenekeeper runs tables in server channels and threads, not in direct messages: use its "
    "commands in a channel of a server it is in."
)
STOPPING = "Scenekeeper is restarting; nothing was changed. Send it again in a minute."
NEEDS_SYNC = (
    "Discord's copy of this command is older than the bot's: the bot's commands need a sync "
    "(whoever runs the bot: start it once with --sync). Nothing was changed."
)
GAME_ENDED = "The game has ended; this board is no longer kept up to date."
#: What /board pin answers, by what came of it (``BoardKeeper.pin``).
PINNED = {
    "pinned": "The board of '{name}' is pinned in this channel and kept up to date after each "
    "change.",
    "posted": "The board of '{name}' is posted in this channel and kept up to date after each "
    "change, but it could not be pinned: give the bot the Pin Messages permission, then "
    "/board pin again.",
    "failed": "The board of '{name}' could not be posted in this channel: the bot needs Send "
    "Messages and Embed Links here. Nothing is kept up to date; /board show shows it once.",
}
ELSEWHERE = "This button belongs to a table in another channel; nothing was changed."
