"""A recorded /post picture in an import is checked, not decided again (issue 34, found by
mutation testing): the picture must be one this command makes -- its kind as named, at most
``SIDE`` pixels a side -- for a speaker the actor may speak as."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import pytest

from scenekeeper.engine.core.pictures import SIDE, PictureSet
from tests.engine.test_pictures import picture_file, set_picture
from tests.engine.test_say import cortex
from tests.engine.test_transfer import export, import_into
from tests.support import TableDriver


def with_picture(content: bytes, kind: str, speaker: str = "Ada") -> dict[str, Any]:
    driver = cortex()
    set_picture(driver, picture_file((100, 100)))
    doc = export(driver)
    for event in doc["events"]:
        if event["type"] == PictureSet.type_name:
            event["data"] = {
                "speaker": speaker,
                "picture": f"{hashlib.sha256(content).hexdigest()}.{kind}",
                "data": base64.b64encode(content).decode(),
            }
    return doc


@pytest.mark.parametrize(
    ("content", "kind", "speaker", "why"),
    [
        (picture_file((50, 50), kind="JPEG"), "png", "Ada", "is not a PNG picture"),
        (picture_file((50, 50), kind="PNG"), "jpg", "Ada", "is not a JPEG picture"),
        (picture_file((SIDE + 1, 10)), "png", "Ada", "is bigger than this command makes one"),
        (picture_file((10, 10)), "png", "ada", "/post picture names ada, who is Ada"),
    ],
)
def test_a_recorded_picture_this_command_would_not_make_is_refused(
    content: bytes, kind: str, speaker: str, why: str
) -> None:
    outcome = import_into(TableDriver(), "t2", with_picture(content, kind, speaker))
    assert not outcome.ok
    assert why in (outcome.error or "")


def test_a_picture_made_as_large_as_this_command_makes_one_imports() -> None:
    driver = cortex()
    made = set_picture(driver, picture_file((800, 600))).reply.text[0]
    assert f"{SIDE}x" in made
    outcome = import_into(TableDriver(), "t2", export(driver))
    assert outcome.ok, outcome.error


def test_a_recorded_clear_of_no_picture_is_refused() -> None:
    driver = cortex()
    set_picture(driver, picture_file((100, 100)))
    doc = export(driver)
    for event in doc["events"]:
        if event["type"] == PictureSet.type_name:
            event["data"] = {"speaker": "Ada", "picture": "", "data": ""}
    outcome = import_into(TableDriver(), "t2", doc)
    assert not outcome.ok
    assert "takes away a picture the speaker did not have" in (outcome.error or "")
