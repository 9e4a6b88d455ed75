"""A quoted line cut into its tokens in one pass (issue 36) reads as the walk a character at a
time does, tokens, quote marks and refusals alike."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenekeeper.engine.errors import Refusal
from scenekeeper.engine.parse import _walked, quoted_tokens

#: What a line may be made of: quotes, colons, letters and every kind of space the walk splits
#: on (no backslash: a line with one is walked).
_PIECES = st.text(alphabet=st.sampled_from('"" ::ab\t\n\u00a0\u2003\u3000\u0085x\'=é'), max_size=40)


def _either(line: str) -> tuple[str, object]:
    try:
        return "tokens", quoted_tokens(line)
    except Refusal as refused:
        return "refused", str(refused)


def _reference(line: str) -> tuple[str, object]:
    try:
        return "tokens", _walked(line)
    except Refusal as refused:
        return "refused", str(refused)


@settings(max_examples=2_000)
@given(_PIECES)
def test_a_quoted_line_without_backslashes_reads_as_the_walk(line: str) -> None:
    assert _either(line) == _reference(line)


@pytest.mark.parametrize(
    ("line", "tokens"),
    [
        (
            '/roll pool:"Agility Fighting" vs:hard',
            [("/roll", False), ("pool:Agility Fighting", False), ("vs:hard", False)],
        ),
        ('"Attributes: Agility d10" x', [("Attributes: Agility d10", True), ("x", False)]),
        ('a"b c"d ""', [("ab cd", False), ("", True)]),
        ('"a"b"c"', [("abc", True)]),
    ],
)
def test_quotes_group_and_mark_where_a_token_began_with_one(
    line: str, tokens: list[tuple[str, bool]]
) -> None:
    assert quoted_tokens(line) == tokens == _walked(line)


def test_an_unclosed_quote_is_refused_either_way() -> None:
    for line in ('name:"Friday', 'a "b" "c', '"'):
        with pytest.raises(Refusal, match="not closed"):
            quoted_tokens(line)
        with pytest.raises(Refusal, match="not closed"):
            _walked(line)


def test_a_line_with_a_backslash_is_walked_for_its_escapes() -> None:
    assert quoted_tokens('name:"say \\"hi\\"" x') == [('name:say "hi"', False), ("x", False)]
