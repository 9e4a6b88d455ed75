"""Text as HTML for the board page: a board line (plain text, one fact) and a display field's
value (the small Markdown games write for Discord: ``code`` dice, **bold**, *italics*,
~~struck~~ and backslash escapes). Everything is escaped first; only the marks above become
elements, so nothing a person typed (a character's name) can become markup.
"""

from __future__ import annotations

import html
import re

#: A die as the games write it (d4..d12, d20, d100), with a count before it (2d6) or not.
_DIE = re.compile(r"(?<![\w#])(\d*d(?:4|6|8|10|12|20|100))(?!\w)")
#: The same in running text, with the punctuation after it kept on its line.
_DIE_IN_TEXT = re.compile(r"(?<![\w#])(\d*d(?:4|6|8|10|12|20|100))(?!\w)([.,;:)]?)")
#: The label of a "Label: fact." line (Stress: Physical d8.), short and without a sentence in it.
_LABEL = re.compile(r"^([^:.!?]{1,32}):\s")
_ESCAPED = re.compile(r"\\([\\*_~`|>#-])")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_STRUCK = re.compile(r"~~(.+?)~~")
_ITALIC = re.compile(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])")


def dice(text: str) -> str:
    """Escaped ``text`` with each die marked (``<span class="die">d8</span>``)."""
    return _DIE_IN_TEXT.sub(
        r'<span class="nw"><span class="die">\1</span>\2</span>', html.escape(text, quote=False)
    )


#: What a board line tells a GM to do when the table waits ("; a GM can /hand fold ..."): kept
#: apart, so an overlay for stream viewers leaves it out.
_GM_HINT = re.compile(r";\s+a GM (?:can|may)\b.*$")


def line(text: str) -> str:
    """A board line: its "Label:" strong, its dice marked, a GM's hint apart."""
    hint = _GM_HINT.search(text)
    if hint is not None:
        return _line(text[: hint.start()]) + f'<span class="gm-hint">{dice(hint.group(0))}</span>'
    return _line(text)


def _line(text: str) -> str:
    found = _LABEL.match(text)
    if found is None:
        return dice(text)
    rest = text[found.end() :]
    return f'<span class="label">{html.escape(found.group(1))}:</span> {dice(rest)}'


def markdown(text: str) -> str:
    """A display field's Markdown as inline HTML, line breaks kept."""
    # Pull escaped characters out first (placeholders), so an escaped * never becomes a mark.
    kept: list[str] = []

    def hold(found: re.Match[str]) -> str:
        kept.append(found.group(1))
        return f"\x00{len(kept) - 1}\x00"

    text = _ESCAPED.sub(hold, text)
    codes: list[str] = []

    def code(found: re.Match[str]) -> str:
        codes.append(found.group(1))
        return f"\x01{len(codes) - 1}\x01"

    text = _CODE.sub(code, text)
    out = html.escape(text, quote=False)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _STRUCK.sub(r"<del>\1</del>", out)
    out = _ITALIC.sub(r"<em>\1</em>", out)
    out = re.sub(
        "\x01(\\d+)\x01",
        lambda m: _code(codes[int(m.group(1))]),
        out,
    )
    out = re.sub("\x00(\\d+)\x00", lambda m: html.escape(kept[int(m.group(1))]), out)
    return out.replace("\n", "<br>")


def _code(text: str) -> str:
    if _DIE.fullmatch(text) or text.isdigit():
        return f'<span class="die">{html.escape(text)}</span>'
    return f"<code>{html.escape(text)}</code>"


def unescaped(text: str) -> str:
    """A field's Markdown as plain text: escapes dropped (``engine.controls.literal``)."""
    return _ESCAPED.sub(r"\1", text)
