"""Reading a sheet file a person attached (YAML or JSON), for every game the same way.

Whatever the file holds, the answer is the document or one line saying what is wrong with it:
not UTF-8, not valid JSON or YAML (with where), nesting a thousand deep, a number of thousands
of digits, or YAML aliases (``*name``), which sheets never need and which can make a small file
unfold into gigabytes ("billion laughs").
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from scenekeeper.engine.errors import Refusal

#: A name on a sheet (a character's, a trait's, an asset's, an item's) is at most this long,
#: by file as by command (``/char new name:``, ``/char set trait:``): every game's.
MAX_NAME = 60


def short_name(name: str, where: str, what: str = "a name") -> str:
    """``name`` if it is no longer than a command takes, else one line saying so."""
    if len(name) > MAX_NAME:
        raise Refusal(f"{where}: {what} is at most {MAX_NAME} characters ({name[:20]}...).")
    return name


def whole_number(value: object, where: str, low: int, high: int) -> int:
    """A whole number in the range the command that sets it takes, else one line saying so."""
    shown = repr(value) if len(repr(value)) <= 20 else f"{repr(value)[:17]}..."
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(f"{where}: write a whole number, not {shown}.")
    if not low <= value <= high:
        raise Refusal(f"{where}: a whole number from {low} to {high}, not {shown}.")
    return value


class _SheetLoader(yaml.SafeLoader):
    """YAML's safe loader without aliases."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not taken in a sheet", event.start_mark
            )
        return super().compose_node(parent, index)


#: How deep a sheet file may nest (a real sheet nests four or five deep): deeper is refused
#: before it is parsed, which for a few kilobytes nested thousands deep took a second.
MAX_DEPTH = 32


def nesting(text: str) -> int:
    """How deep ``text`` nests, by indentation and brackets, at most (counted before parsing,
    so a quoted bracket counts too: the bar is far above any real sheet)."""
    deepest = brackets = 0
    indents: list[int] = []
    for line in text.splitlines():
        body = line.lstrip(" ")
        if body and not body.startswith("#"):
            indent = len(line) - len(body)
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
        for char in body:
            if char in "[{":
                brackets += 1
                deepest = max(deepest, brackets + len(indents))
            elif char in "]}":
                brackets = max(0, brackets - 1)
        deepest = max(deepest, brackets + len(indents))
    return deepest


def read_document(content: bytes, filename: str, doc: str) -> Any:
    """The YAML or JSON document in ``content`` (JSON when ``filename`` ends in .json); ``doc``
    is the game's own sheet doc, which a refusal names."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal(f"{filename} is not a text file; attach a .yaml or .json sheet.") from None
    if nesting(text) > MAX_DEPTH:
        raise Refusal(
            f"{filename} nests more than {MAX_DEPTH} deep; a sheet nests a few levels: write it "
            f"as {doc} shows."
        )
    try:
        if filename.lower().endswith(".json"):
            try:
                return json.loads(text)
            except json.JSONDecodeError as error:
                raise Refusal(
                    f"{filename} is not valid JSON (line {error.lineno}, column "
                    f"{error.colno}): {error.msg}."
                ) from None
        try:
            return yaml.load(text, Loader=_SheetLoader)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
            problem = getattr(error, "problem", None) or "it cannot be read"
            raise Refusal(f"{filename} is not valid YAML{where}: {problem}.") from None
    except Refusal:
        raise
    except (ValueError, RecursionError):
        # Python's own limits: an integer of thousands of digits, nesting a thousand deep.
        raise Refusal(
            f"{filename} holds a number too long or nesting too deep for a sheet; write the "
            f"sheet as {doc} shows."
        ) from None
