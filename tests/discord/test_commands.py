"""Slash command callbacks with a fake interaction: the embed, the components, ephemeral."""

from __future__ import annotations

import json

import discord

from scenekeeper.adapters.discord.render import REST_FILE, Done, Post, answer, edited, plain_post
from scenekeeper.app import App, Outcome
from scenekeeper.engine.reply import Reply
from tests.discord.fakes import (
    ANA,
    BEN,
    CHANNEL,
    GM,
    Interaction,
    Message,
    call,
    cortex_table,
    make_bot,
    run,
    slash,
)


def test_a_command_answers_with_one_public_embed(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        sent = (await slash(bot, "game new", GM, system="generic", name="Friday")).one()
        assert sent.kind == "send_message"
        assert not sent.ephemeral
        assert sent.content is None
        (embed,) = sent.embeds
        assert "New table 'Friday' plays any game" in (embed.description or "")
        assert (embed.footer.text or "").startswith("#1 /game new")
        assert sent.custom_ids() == []  # creating a table cannot be undone: no Undo button
        assert sent.args["allowed_mentions"].everyone is False

    run(scenario())


def test_the_table_is_the_channel(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic")
        elsewhere = Interaction(bot, GM, channel_id=CHANNEL + 1)
        await call(bot, elsewhere, "game show")
        assert elsewhere.one().ephemeral
        assert "no game at this table yet" in (elsewhere.one().content or "")
        assert app.table(str(CHANNEL)).state is not None

    run(scenario())


def test_refusals_are_ephemeral_and_come_from_the_engine(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic")
        sent = (await slash(bot, "game export", BEN)).one()
        assert sent.ephemeral
        assert sent.embeds == []
        assert "Only the GM or a co-GM can use /game export" in (sent.content or "")

    run(scenario())


def test_an_option_of_another_games_version_is_refused_clearly(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic")
        sent = (await slash(bot, "roll", GM, pool="Fighting d6")).one()
        assert sent.ephemeral
        assert (sent.content or "").startswith("/roll pool: is for cortex")
        assert "tables; this table plays generic. Usage here: /roll dice:" in (sent.content or "")
        rolled = (await slash(bot, "roll", GM, dice="2d6", results="3 5")).one()
        assert not rolled.ephemeral
        assert "= 8" in rolled.text()

    run(scenario())


def test_a_command_of_another_game_is_refused_clearly(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic")
        sent = (await slash(bot, "hitch", GM, character="Ada")).one()
        assert sent.ephemeral
        assert (sent.content or "").startswith("/hitch is for a table playing cortex")
        assert "; this table plays generic." in (sent.content or "")

    run(scenario())


def test_a_user_option_is_the_discord_person(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic")
        await slash(bot, "game join", ANA)
        sent = (await slash(bot, "game gm add", GM, user=ANA)).one()
        assert "Ana is now a co-GM" in sent.text()
        state = app.table(str(CHANNEL)).state
        assert state is not None
        assert state.meta.is_gm(str(ANA.id))

    run(scenario())


def test_plain_text_output_has_no_embed_and_no_emoji(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await cortex_table(bot)
        await slash(bot, "game output", ANA, mode="plain")
        sent = (await slash(bot, "roll", ANA, pool="Fighting Sword d6", results="6 3 5")).one()
        assert sent.embeds == []
        assert sent.content is not None
        assert (
            "Ada rolls #1 (typed faces): Fighting (Skills) d8 6, Sword (asset) d10 3, d6 5."
            in sent.content
        )
        labels = list(sent.labels().values())
        assert labels
        assert all(label.isascii() for label in labels), labels
        # Gemma did not ask for plain text: her rolls come as embeds.
        gm_roll = (await slash(bot, "gmroll", GM, pool="d8 d8", results="4 5")).one()
        assert gm_roll.embeds

    run(scenario())


def test_private_parts_and_files_are_ephemeral(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic", name="Friday")
        interaction = await slash(bot, "game export", GM)
        public, private = interaction.sent
        assert not public.ephemeral
        assert "Exported 'Friday'" in public.text()
        assert public.files == []
        assert private.kind == "followup"
        assert private.ephemeral
        (file,) = private.files
        assert file.filename.endswith(".json")

    run(scenario())


def test_help_is_for_the_asker_only(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        sent = (await slash(bot, "help", GM)).one()
        assert sent.ephemeral
        assert "/game new" in sent.text()

    run(scenario())


def test_a_long_reply_is_cut_and_attached_whole() -> None:
    lines = [f"Line {i}: " + "word " * 30 for i in range(80)]  # about 13,000 characters
    done = Done(Outcome(ok=True, reply=Reply.say(*lines)), None)
    post = answer(done, "gm").public
    assert post is not None
    assert 1 <= len(post.embeds) <= 10
    assert all(len(e.description or "") <= 4096 for e in post.embeds)
    assert sum(len(e.description or "") for e in post.embeds) <= 6000
    (rest,) = post.files
    assert rest.name == REST_FILE
    shown = "\n".join(e.description or "" for e in post.embeds)
    assert shown + "\n" + rest.content.decode() == "\n".join(lines)
    plain = render_plain(lines)
    assert len(plain.content or "") <= 2000
    assert plain.files[0].name == REST_FILE


def render_plain(lines: list[str]) -> Post:
    return plain_post(lines)


def test_an_attachment_is_read_and_handed_to_the_command(app: App) -> None:
    class Upload:
        filename = "friday.json"

        def __init__(self, content: bytes) -> None:
            self.content = content
            self.size = len(content)

        async def read(self) -> bytes:
            return self.content

    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic", name="Friday")
        export = await slash(bot, "game export", GM)
        exported = export.sent[1].files[0].fp.read()
        assert json.loads(exported)["table"]["name"] == "Friday"
        elsewhere = Interaction(bot, GM, channel_id=CHANNEL + 7)
        await call(bot, elsewhere, "game import", file=Upload(exported))
        kinds = [s.kind for s in elsewhere.sent]
        assert kinds == ["defer", "edit_original"], kinds  # a download may take a while
        assert "Imported 'Friday'" in elsewhere.sent[1].text()

    run(scenario())


def test_the_embed_escapes_markdown_people_type(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="generic", name="**loud** @everyone")
        sent = (await slash(bot, "game show", GM)).one()
        assert "\\*\\*loud\\*\\*" in sent.text()
        mentions = sent.args["allowed_mentions"].to_dict()
        assert mentions == discord.AllowedMentions.none().to_dict()

    run(scenario())


def test_an_edit_keeps_the_whole_embed_within_discords_total() -> None:
    # A roll's message after many spends: a long log, the dice fields, a footer.
    log = "\n".join(
        f"Ada spends a plot point on roll #3 (spend {i}): one more die." for i in range(70)
    )
    embed = discord.Embed(description=log[:4096])
    for i in range(3):
        embed.add_field(name=f"Dice {i}", value="`d8` **6** Fighting (Skills) ⟵ total\n" * 25)
    embed.set_footer(text="#12 /roll pool:Fighting")
    assert len(embed) > 6000
    done = Done(Outcome(ok=True, reply=Reply.say("Ada spends a plot point: the newest.")), None)
    post = edited(done, "ana", Message(embeds=[embed])).public  # type: ignore[arg-type]
    assert post is not None
    (shown,) = post.embeds
    assert len(shown) <= 6000  # title, description, fields and footer together
    assert (shown.description or "").endswith("Ada spends a plot point: the newest.")
    assert shown.footer.text == "#12 /roll pool:Fighting"


def test_the_session_log_is_a_file_everyone_at_the_table_gets(app: App) -> None:
    async def scenario() -> None:
        bot = make_bot(app)
        await slash(bot, "game new", GM, system="cortex", name="Friday")
        await slash(bot, "roll", GM, pool="d8 d10", results="4 5")
        interaction = await slash(bot, "game log", GM)
        (post,) = interaction.sent
        assert not post.ephemeral  # a log is for the table, unlike an export
        assert "session log of 'Friday'" in post.text()
        (file,) = post.files
        assert file.filename == "friday-session-log.md"
        text = file.fp.read().decode("utf-8")
        assert text.startswith("# Friday: session log")
        assert "rolls #1 (typed faces): d8 4, d10 5." in text

    run(scenario())
