"""The helpers every backend shares: JSON encoding and password redaction."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from scenekeeper.store import StoreError
from scenekeeper.store.base import dump_json, redact_url


def test_dump_json_is_compact_and_keeps_unicode() -> None:
    assert dump_json({"a": [1, "é"], "b": MappingProxyType({"c": None})}, "x") == (
        '{"a":[1,"é"],"b":{"c":null}}'
    )


@pytest.mark.parametrize("text", ["\\u0000", "a\\\\u0000", 'say "\\u0000"'])
def test_escaped_backslashes_are_not_mistaken_for_nul(text: str) -> None:
    # The Python strings hold a literal backslash followed by "u0000": storable text.
    assert dump_json({"t": text}, "x")


@pytest.mark.parametrize(
    "value", [{"t": "\x00"}, {"t": "\\\x00"}, {"k": [{"deep": "x\x00"}]}, {"x\x00": 1}]
)
def test_nul_characters_are_refused(value: dict[str, object]) -> None:
    with pytest.raises(StoreError, match="NUL"):
        dump_json(value, "x")


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:secret@h:5432/db", "postgresql://u:***@h:5432/db"),
        ("postgresql://u@h/db", "postgresql://u@h/db"),
        ("postgres://:secret@h/db", "postgres://:***@h/db"),
        ("postgresql://u:p%40ss@h/db?sslmode=require", "postgresql://u:***@h/db?sslmode=require"),
        ("postgresql://h/db?user=u&password=secret", "postgresql://h/db?user=u&password=***"),
        ("host=h password=secret dbname=db", "host=h password=*** dbname=db"),
        ("host=h password = 'sec ret' dbname=db", "host=h password = *** dbname=db"),
        ("host=h password=sec ret dbname=db", "host=h password=*** dbname=db"),
        ("host=h password=sec ret", "host=h password=***"),
    ],
)
def test_redact_url_hides_the_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown
