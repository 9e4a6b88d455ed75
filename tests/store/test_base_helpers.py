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


def test_the_chain_hashes_are_the_documented_definitions() -> None:
    """docs/store.md: sha256(previous hash, a newline, then the event as stored -- its fields
    around its data's text as written); before 0.3, the same over its canonical JSON."""
    import hashlib  # noqa: PLC0415 -- only this test

    from scenekeeper.store.base import EventRecord  # noqa: PLC0415
    from scenekeeper.store.chain import GENESIS, event_hash, stored_hash  # noqa: PLC0415

    record = EventRecord("t", 1, "x.y@1", {"b": 1, "a": "é"}, "ana", "T", 1, "/c")
    text = '{"b":1,"a":"é"}'
    as_stored = f'[1,"x.y@1",{text},"ana","T",1,"/c"]'
    assert (
        stored_hash(GENESIS, record, text) == hashlib.sha256(b"\n" + as_stored.encode()).hexdigest()
    )
    canonical = '[1,"x.y@1",{"a":"é","b":1},"ana","T",1,"/c"]'
    assert event_hash("abc", record) == hashlib.sha256(b"abc\n" + canonical.encode()).hexdigest()
