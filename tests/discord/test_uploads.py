"""A file handed to a command (a table export, a sheet): read from Discord and given to the
command, or refused with why -- too large (its size and the limit said), or not handed over
by Discord -- before anything is imported."""

from __future__ import annotations

import json

from scenekeeper.app import App
from scenekeeper.engine.commands import MAX_FILE_BYTES
from tests.discord.fakes import CHANNEL, GM, Failing, Interaction, call, make_bot, run, slash

#: 1,023 bytes over 8 MB: 8192 KB rounded down (8192.999 as a plain division).
TOO_LARGE = MAX_FILE_BYTES + 1023


class Upload:
    """A ``discord.Attachment`` as the command sees it: its name, its size, its bytes."""

    filename = "friday.json"

    def __init__(self, content: bytes, size: int | None = None, fails: bool = False) -> None:
        self.content = content
        self.size = len(content) if size is None else size
        self.fails = fails
        self.reads = 0

    async def read(self) -> bytes:
        self.reads += 1
        if self.fails:
            raise Failing()
        return self.content


def exported(app: App) -> bytes:
    async def scenario() -> bytes:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic", name="Friday")
        export = await slash(bot, "game export", GM)
        return bytes(export.sent[1].files[0].fp.read())

    return run(scenario())


def imported(app: App, upload: Upload) -> str:
    async def scenario() -> str:
        bot = make_bot(app)
        elsewhere = Interaction(bot, GM, channel_id=CHANNEL + 7)
        await call(bot, elsewhere, "game import", file=upload)
        return elsewhere.sent[-1].text()

    return run(scenario())


def test_a_file_over_the_limit_is_refused_with_its_size_and_the_limit(app: App) -> None:
    upload = Upload(exported(app), size=TOO_LARGE)
    said = imported(app, upload)
    assert "file: friday.json is 8192 KB; files up to 8 MB are taken." in said
    assert upload.reads == 0  # never downloaded
    assert app.table(str(CHANNEL + 7)).state is None


def test_a_file_of_exactly_the_limit_is_taken(app: App) -> None:
    upload = Upload(exported(app), size=MAX_FILE_BYTES)  # the bytes are the export's own
    said = imported(app, upload)
    assert "Imported 'Friday'" in said
    state = app.table(str(CHANNEL + 7)).state
    assert state is not None
    assert state.meta.name == "Friday"


def test_a_file_discord_does_not_hand_over_is_refused_with_why(app: App) -> None:
    upload = Upload(exported(app), fails=True)
    said = imported(app, upload)
    assert "file: Discord did not hand over friday.json (503 Service Unavailable" in said
    assert app.table(str(CHANNEL + 7)).state is None
    json.loads(upload.content)  # the file itself was fine
