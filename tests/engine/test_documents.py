"""Sheet files are read the same way in every game, and nothing in one breaks the reader."""

from __future__ import annotations

import pytest

from scenekeeper.engine.documents import nesting, read_document
from scenekeeper.engine.errors import Refusal


@pytest.mark.parametrize(
    ("content", "name", "expected"),
    [
        (b"a: &x [1]\nb: *x\n", "s.yaml", "aliases (*name) are not taken in a sheet"),
        (b"[" * 5000 + b"]" * 5000, "s.json", "nests more than 32 deep"),
        (b"a: " + b"[" * 40 + b"]" * 40, "s.yaml", "nests more than 32 deep"),
        (b"".join(b" " * i + b"a:\n" for i in range(40)), "s.yaml", "nests more than 32 deep"),
        (b"n: " + b"9" * 5000 + b"\n", "s.yaml", "a number too long"),
        (b'{"n": ' + b"9" * 5000 + b"}", "s.json", "a number too long"),
        (b"\xff", "s.yaml", "not a text file"),
        (b"a: [", "s.yaml", "not valid YAML (line 1"),
        (b"{", "s.json", "not valid JSON (line 1"),
    ],
)
def test_a_bad_sheet_file_is_one_line(content: bytes, name: str, expected: str) -> None:
    with pytest.raises(Refusal) as caught:
        read_document(content, name, "docs/nodice-sheets.md")
    assert expected in str(caught.value)
    if "nest" in expected:  # the game's own sheet doc, not another game's
        assert "docs/nodice-sheets.md" in str(caught.value)


def test_a_plain_sheet_reads() -> None:
    assert read_document(b"name: Ada\nattributes: {Agility: d8}\n", "a.yaml", "docs/x.md") == {
        "name": "Ada",
        "attributes": {"Agility": "d8"},
    }


def test_a_real_sheets_nesting_is_far_under_the_bar() -> None:
    sheet = b"""characters:
  - name: Ada
    attributes: {Agility: d8, Strength: [d6, d8]}
    distinctions:
      - name: Brave
        notes: "[a [quoted] bracket]"
"""
    assert nesting(sheet.decode()) <= 8
    assert read_document(sheet, "a.yaml", "docs/x.md")["characters"][0]["name"] == "Ada"
