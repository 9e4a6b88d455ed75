"""/post picture (issue 34): the picture a character's posts carry, made small, kept in the
table's history under the SHA-256 of its bytes (so it outlives the link it came from and
travels with an export), set by whoever may speak as the character."""

from __future__ import annotations

import base64
import hashlib
import io
import random

import pytest
from PIL import Image

from scenekeeper.app import Outcome
from scenekeeper.app import pictures as kept
from scenekeeper.engine.commands import Attachment
from scenekeeper.engine.core.pictures import MOST_BYTES, MOST_PIXELS, SIDE, PictureSet
from tests.engine.test_say import cortex
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver, person


def picture_file(size: tuple[int, int] = (800, 600), mode: str = "RGB", kind: str = "PNG") -> bytes:
    image = Image.new(mode, size, (200, 30, 30, 255) if mode == "RGBA" else (200, 30, 30))
    if mode == "RGBA":  # a transparent corner
        image.putpixel((0, 0), (0, 0, 0, 0))
    out = io.BytesIO()
    image.save(out, format=kind)
    return out.getvalue()


def set_picture(
    driver: TableDriver, content: bytes, actor: str = "ana", options: str = "", name: str = "a.png"
) -> Outcome:
    return driver.app.handle(
        driver.table_id,
        person(actor),
        f"/post picture image:{name} {options}".strip(),
        read_file=lambda _path: Attachment(name, content),
    )


def test_a_picture_is_made_small_named_by_its_bytes_and_kept_by_that_name() -> None:
    driver = cortex()
    outcome = set_picture(driver, picture_file((800, 600)))
    assert outcome.ok, outcome.error
    (envelope,) = outcome.events
    event = envelope.event
    assert isinstance(event, PictureSet)
    assert event.speaker == "Ada"
    content = base64.b64decode(event.data)
    assert event.picture == f"{hashlib.sha256(content).hexdigest()}.jpg"
    image = Image.open(io.BytesIO(content))
    assert (image.format, image.size) == ("JPEG", (SIDE, SIDE * 600 // 800))
    assert outcome.reply.text[0].startswith(
        "Ada's posts carry this picture from now on (JPG, 256x192, "
    )
    assert driver.app.table("t1").state.meta.pictures == {"Ada": event.picture}
    # Kept by name before the command was stored: what the board server serves.
    assert kept.picture(driver.app.store, event.picture) == (content, "image/jpeg")


def test_transparency_keeps_a_png_and_a_small_picture_is_not_made_bigger() -> None:
    driver = cortex()
    outcome = set_picture(driver, picture_file((64, 40), mode="RGBA"))
    event = outcome.events[0].event
    assert event.picture.endswith(".png")
    image = Image.open(io.BytesIO(base64.b64decode(event.data)))
    assert (image.format, image.size, image.mode) == ("PNG", (64, 40), "RGBA")
    assert kept.picture(driver.app.store, event.picture)[1] == "image/png"


def test_the_posts_of_the_speaker_carry_the_picture_and_a_gm_sets_the_narrators() -> None:
    driver = cortex()
    mine = set_picture(driver, picture_file()).events[0].event
    said = driver.do('/say text:"Hello."', "ana")
    assert said.reply.data["picture"] == mine.picture
    assert driver.do('/say text:"Hi."', "ben").reply.data["picture"] == ""
    narrator = set_picture(driver, picture_file((30, 30)), "gm", "narrator:true")
    assert narrator.ok
    assert narrator.events[0].event.speaker == ""
    said = driver.do('/say text:"Rain." narrator:true')
    assert said.reply.data["picture"] == narrator.events[0].event.picture
    thug = set_picture(driver, picture_file((31, 31)), "gm", "character:Thug")
    assert thug.ok
    assert thug.events[0].event.speaker == "Thug"


@pytest.mark.parametrize(
    ("actor", "options", "why"),
    [
        ("ana", "character:Brick", "You speak as your own character (Ada)."),
        ("ana", "narrator:true", "Only a GM speaks as the narrator"),
        ("gm", "character:Ada", "A GM speaks as a GM character or the narrator, not as Ada."),
    ],
)
def test_only_who_may_speak_as_a_character_sets_its_picture(
    actor: str, options: str, why: str
) -> None:
    driver = cortex()
    before = driver.app.table("t1").seq
    outcome = set_picture(driver, picture_file(), actor, options)
    assert not outcome.ok
    assert why in outcome.error
    assert driver.app.table("t1").seq == before


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"hello, not a picture", "a.png is not a picture this takes: give a PNG, JPEG, GIF"),
        (picture_file(kind="BMP"), "a.png is not a picture this takes"),
        (picture_file()[:60], "a.png is not a picture this takes"),
        (b"\x89PNG" + b"\0" * MOST_BYTES, "a.png is 8 MB; pictures up to 8 MB are taken."),
    ],
)
def test_what_is_no_picture_is_refused_saying_what_to_give(content: bytes, why: str) -> None:
    driver = cortex()
    outcome = set_picture(driver, content)
    assert not outcome.ok
    assert why in outcome.error
    assert driver.app.table("t1").state.meta.pictures == {}


def test_a_picture_that_unpacks_to_too_many_pixels_is_refused() -> None:
    out = io.BytesIO()
    Image.new("1", (8000, 8000)).save(out, format="PNG")  # 64 million pixels, a few KB
    outcome = set_picture(cortex(), out.getvalue())
    assert not outcome.ok
    assert "not a picture this takes" in outcome.error


def test_clear_takes_the_picture_away_and_the_same_picture_twice_is_refused() -> None:
    driver = cortex()
    content = picture_file()
    set_picture(driver, content)
    again = set_picture(driver, content)
    assert not again.ok
    assert again.error == "Ada's posts carry that picture already."
    cleared = driver.do("/post picture clear:true", "ana")
    assert cleared.reply.text == ("Ada's posts carry no picture from now on.",)
    assert driver.app.table("t1").state.meta.pictures == {}
    assert driver.refused("/post picture clear:true", "ana") == (
        "Ada's posts carry no picture to take away."
    )
    neither = driver.refused("/post picture", "ana")
    assert neither.startswith("Give image: (a picture file) to set the picture, or clear:true")
    both = set_picture(driver, content, options="clear:true")
    assert not both.ok
    assert both.error.startswith("Give image:")


def test_undo_takes_a_picture_back_and_an_export_carries_it_to_another_table() -> None:
    driver = cortex()
    first = set_picture(driver, picture_file((100, 100))).events[0].event
    set_picture(driver, picture_file((120, 100)))
    driver.do("/undo", "ana")
    assert driver.app.table("t1").state.meta.pictures == {"Ada": first.picture}
    doc = export(driver)
    other = TableDriver()  # another database: the picture comes with the history
    imported = import_into(other, "t2", doc)
    assert imported.ok, imported.error
    assert other.app.table("t2").state.meta.pictures == {"Ada": first.picture}
    assert kept.picture(other.app.store, first.picture) is not None


def test_an_export_whose_picture_does_not_hold_its_named_bytes_is_refused() -> None:
    driver = cortex()
    set_picture(driver, picture_file((100, 100)))
    doc = export(driver)
    for event in doc["events"]:
        if event["type"] == PictureSet.type_name:
            event["data"]["data"] = base64.b64encode(picture_file((90, 90))).decode()
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok


def test_a_picture_is_found_only_by_a_pictures_name() -> None:
    driver = cortex()
    name = set_picture(driver, picture_file()).events[0].event.picture
    store = driver.app.store
    assert kept.picture(store, name.upper()) is None
    assert kept.picture(store, "../" + name) is None
    assert kept.picture(store, name.replace(".jpg", ".png")) is None  # no such picture
    assert kept.picture(store, "0" * 64 + ".jpg") is None


def _picture_row(doc: dict[str, object]) -> dict[str, object]:
    rows = [e for e in doc["events"] if e["type"] == PictureSet.type_name]  # type: ignore[attr-defined]
    assert len(rows) == 1
    return rows[0]  # type: ignore[no-any-return]


def test_an_import_checks_a_recorded_picture_as_the_command_would_make_it() -> None:
    driver = cortex()
    set_picture(driver, picture_file((100, 100)))
    doc = export(driver)
    row = _picture_row(doc)
    row["data"]["speaker"] = "Brick"  # type: ignore[index]  # ana never speaks as Brick
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok
    assert "#11 /post picture image:a.png: You speak as your own character (Ada)." in (
        outcome.error
    )
    row["data"]["speaker"] = "ada"  # type: ignore[index]  # not the name the state keeps
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok
    assert "/post picture names ada, who is Ada" in outcome.error
    big = picture_file((300, 300))  # bigger than /post picture ever makes one
    row["data"] = {
        "speaker": "Ada",
        "picture": f"{hashlib.sha256(big).hexdigest()}.png",
        "data": base64.b64encode(big).decode(),
    }
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok
    assert "is bigger than this command makes one" in outcome.error
    row["data"] = {"speaker": "Ada", "picture": "", "data": ""}  # takes away what is not there
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok
    assert "a picture the speaker did not have" in outcome.error


def _kept_picture(outcome: Outcome) -> Image.Image:
    assert outcome.ok, outcome.error
    return Image.open(io.BytesIO(base64.b64decode(outcome.events[0].event.data)))


def test_a_picture_of_exactly_the_most_bytes_taken_is_taken() -> None:
    content = picture_file((40, 40))
    padded = content + b"\0" * (MOST_BYTES - len(content))  # a PNG reads no further than its end
    assert len(padded) == MOST_BYTES
    assert set_picture(cortex(), padded).ok


def test_a_picture_of_exactly_the_most_pixels_taken_is_taken() -> None:
    out = io.BytesIO()
    Image.new("1", (8000, MOST_PIXELS // 8000)).save(out, format="PNG")  # 8000x5000
    assert _kept_picture(set_picture(cortex(), out.getvalue())).size == (SIDE, SIDE * 5 // 8)


@pytest.mark.parametrize(
    "image",
    [
        Image.new("LA", (20, 20), (90, 128)),
        Image.new("P", (20, 20)),  # with a colour that is transparent (below)
    ],
    ids=["LA", "P with transparency"],
)
def test_any_picture_with_transparency_is_kept_as_an_rgba_png(image: Image.Image) -> None:
    out = io.BytesIO()
    if image.mode == "P":
        image.save(out, format="PNG", transparency=0)
    else:
        image.save(out, format="PNG")
    kept_image = _kept_picture(set_picture(cortex(), out.getvalue()))
    assert (kept_image.format, kept_image.mode) == ("PNG", "RGBA")


def test_a_grey_picture_without_transparency_is_kept_as_a_colour_jpeg() -> None:
    out = io.BytesIO()
    Image.new("L", (30, 20), 128).save(out, format="PNG")
    kept_image = _kept_picture(set_picture(cortex(), out.getvalue()))
    assert (kept_image.format, kept_image.mode) == ("JPEG", "RGB")


def test_a_picture_is_kept_as_its_own_encoding_quality_85_optimised() -> None:
    """The kept bytes (and so the picture's name) are the picture made small and written by
    Pillow as a JPEG of quality 85, optimised, or an optimised PNG: the same file always gives
    the same picture and name."""
    content = picture_file((300, 200))
    expected = Image.open(io.BytesIO(content))
    expected.thumbnail((SIDE, SIDE))
    out = io.BytesIO()
    expected.convert("RGB").save(out, format="JPEG", quality=85, optimize=True)
    event = set_picture(cortex(), content).events[0].event
    assert base64.b64decode(event.data) == out.getvalue()
    transparent = picture_file((300, 200), mode="RGBA")
    expected = Image.open(io.BytesIO(transparent))
    expected.thumbnail((SIDE, SIDE))
    out = io.BytesIO()
    expected.convert("RGBA").save(out, format="PNG", optimize=True)
    event = set_picture(cortex(), transparent).events[0].event
    assert base64.b64decode(event.data) == out.getvalue()


@pytest.mark.filterwarnings("ignore:Corrupt EXIF")  # Pillow warns; the picture is taken
def test_a_photo_whose_exif_is_broken_is_still_taken() -> None:
    out = io.BytesIO()
    broken = b"Exif\0\0MM\0*\0\0\0\x08\0\x05\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\xff\xff"
    Image.new("RGB", (40, 30), (1, 2, 3)).save(out, format="JPEG", exif=broken)
    kept_image = _kept_picture(set_picture(cortex(), out.getvalue(), name="a.jpg"))
    assert kept_image.size == (30, 40)  # turned upright as its EXIF says


def test_the_reply_names_the_speaker_the_picture_and_its_size_in_kb() -> None:
    driver = cortex()
    tiny = set_picture(driver, picture_file((30, 30)), "gm", "narrator:true")
    event = tiny.events[0].event
    assert len(base64.b64decode(event.data)) < 1024
    assert tiny.reply.text == (
        "The narrator's posts carry this picture from now on (JPG, 30x30, 1 KB).",
    )
    assert tiny.reply.data == {"speaker": "", "picture": event.picture}
    # A bigger picture (noise does not compress): its size in whole KB, 1,024 bytes each.
    noise = Image.frombytes("RGB", (256, 122), random.Random(7).randbytes(256 * 122 * 3))
    out = io.BytesIO()
    noise.save(out, format="PNG")
    big = set_picture(driver, out.getvalue())
    size = len(base64.b64decode(big.events[0].event.data))
    assert size // 1024 != size // 1025  # (23,554 bytes: 23 KB)
    assert big.reply.text[0].endswith(f"(JPG, 256x122, {size // 1024} KB).")


def test_a_cleared_picture_exports_and_imports() -> None:
    driver = cortex()
    set_picture(driver, picture_file((100, 100)))
    cleared = driver.do("/post picture clear:true", "ana")
    assert cleared.events[0].event == PictureSet(speaker="Ada", picture="", data="")
    imported = import_into(TableDriver(), "t2", export(driver))
    assert imported.ok, imported.error


def test_an_import_says_why_a_recorded_picture_is_refused() -> None:
    driver = cortex()
    set_picture(driver, picture_file((100, 100)))
    doc = export(driver)
    row = _picture_row(doc)
    good = dict(row["data"])  # type: ignore[call-overload]

    def refused(**data: str) -> str:
        row["data"] = {**good, **data}
        outcome = import_into(TableDriver(), "t2", doc)
        assert not outcome.ok
        return str(outcome.error)

    other = base64.b64encode(picture_file((90, 90))).decode()
    assert f"picture {good['picture']} does not hold the bytes it names" in refused(data=other)
    assert ": a picture's data is not base64. " in refused(data="!" + good["data"])
    assert ": /post picture takes away a picture the speaker did not have. " in refused(
        picture="", data=""
    )
    row["data"] = good
    doc["events"].append({**row, "seq": row["seq"] + 1})  # type: ignore[operator]
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok
    assert "#11 /post picture image:a.png: /post picture sets one picture. " in outcome.error


def test_history_says_whose_posts_carry_a_new_picture_or_none() -> None:
    driver = cortex()
    set_picture(driver, picture_file((30, 30)))
    set_picture(driver, picture_file((30, 30)), "gm", "narrator:true")
    driver.do("/post picture clear:true narrator:true")
    said = [line.split(" → ", 1)[1] for line in driver.do("/history count:3").reply.text]
    assert said == [
        "Ada's posts carry a new picture",
        "the narrator's posts carry a new picture",
        "the narrator: no picture",
    ]
