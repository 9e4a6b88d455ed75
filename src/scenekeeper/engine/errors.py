"""Errors the engine raises on purpose. Each message is one line a person can act on."""

from __future__ import annotations


class Refusal(ValueError):
    """A command is refused: bad input, not permitted, or against the rules.

    The message says what was wrong and what to type instead; nothing has changed.

    A refused line that held (or may have held) a secret -- a sealed bid, a line that did not
    parse -- has its reason read by its sender only, unless the refusal says what the table
    may read of it (``public``): ``True`` when the message itself names no sealed value (the
    step that is open, an option left out, a public count), or a shorter text that does not.
    Without it the reason stays private: a refusal is secret until shown otherwise.
    """

    def __init__(self, message: str, *, public: bool | str = False) -> None:
        super().__init__(message)
        self.public: str | None = message if public is True else (public or None)


class CorruptHistory(RuntimeError):
    """Stored events cannot be replayed (unknown type, invalid data, impossible order)."""
