"""Open an event store from one configuration string (a URL or a file path).

Accepted forms:

* ``memory:`` — an in-process store that vanishes with the process;
* ``sqlite:///absolute/path.sqlite3``, ``sqlite:relative/path.sqlite3`` or a bare file path —
  the embedded SQLite store (a leading ``~`` means the home directory);
* ``postgresql://user:password@host:port/database`` (or ``postgres://``) — the server store;
  an optional ``schema=name`` query parameter picks the schema (default ``scenekeeper``) and
  is removed before connecting; other parameters (``sslmode=...``) go to libpq unchanged.

psycopg is imported only when a PostgreSQL URL is opened, so the console and SQLite paths do not
pay for it (or need its C library to load).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

from scenekeeper.store.base import EventStore, StoreError, redact_url
from scenekeeper.store.memory import MemoryStore
from scenekeeper.store.sqlite import SqliteStore

ACCEPTED_FORMS = (
    "memory:",
    "sqlite:///absolute/path.sqlite3",
    "sqlite:relative/path.sqlite3",
    "a file path such as data/tables.sqlite3",
    "postgresql://user@host:5432/database[?schema=name]",
)

DEFAULT_POSTGRES_SCHEMA = "scenekeeper"

# A URL scheme of two or more characters: "C:" alone is a Windows drive, hence a path.
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+):")


def open_store(url: str) -> EventStore:
    """The store ``url`` names (see the module docstring for the forms); ``StoreError`` if none."""
    text = url.strip()
    if not text:
        raise StoreError(_unknown("an empty store URL"))
    match = _SCHEME.match(text)
    if match is None:
        return SqliteStore(Path(text).expanduser())
    scheme = match.group(1).lower()
    rest = text[match.end() :]
    if scheme == "memory":
        if rest in ("", "//"):
            return MemoryStore()
        raise StoreError(f"{text!r}: the in-memory store takes no name or path; write memory:")
    if scheme == "sqlite":
        return SqliteStore(sqlite_path(text))
    if scheme in ("postgresql", "postgres"):
        conninfo, schema = split_postgres_url(text)
        # Imported here so that merely importing scenekeeper.store never loads psycopg.
        from scenekeeper.store.postgres import PostgresStore  # noqa: PLC0415 (lazy on purpose)

        return PostgresStore(conninfo, schema)
    # Only the scheme is echoed: the rest of an unknown URL may hold a password in a form
    # redact_url does not recognise.
    raise StoreError(_unknown(f"unknown store URL scheme {match.group(1) + ':'!r}"))


def sqlite_path(url: str) -> Path:
    """The file a ``sqlite:`` URL names: ``sqlite:///abs/path`` or ``sqlite:relative/path``."""
    rest = url.partition(":")[2]
    if rest.startswith("//"):
        # URL form: the authority (between // and the next /) must be empty, as in file:///.
        authority, slash, path = rest[2:].partition("/")
        if authority or not slash or not path:
            raise StoreError(
                f"{url!r} is not a SQLite URL: write sqlite:///absolute/path.sqlite3 "
                "(three slashes) or sqlite:relative/path.sqlite3"
            )
        return Path("/" + path)
    if not rest:
        raise StoreError(f"{url!r} names no file: write sqlite:relative/path.sqlite3")
    return Path(rest).expanduser()


def split_postgres_url(url: str) -> tuple[str, str]:
    """``url`` without its ``schema`` query parameter, and that schema (or the default).

    Other query parameters are kept byte for byte: decoding and re-encoding them could change
    what libpq receives (it does not read ``+`` as a space).
    """
    try:
        parts = urlsplit(url)
    except ValueError as error:
        raise StoreError(f"invalid PostgreSQL URL {redact_url(url)!r}: {error}") from None
    schema = DEFAULT_POSTGRES_SCHEMA
    kept: list[str] = []
    for item in parts.query.split("&") if parts.query else []:
        key, _, value = item.partition("=")
        if unquote(key) == "schema":
            schema = unquote(value)
        else:
            kept.append(item)
    conninfo = urlunsplit((parts.scheme, parts.netloc, parts.path, "&".join(kept), parts.fragment))
    return conninfo, schema


def _unknown(what: str) -> str:
    return f"{what}: a store is one of " + ", ".join(ACCEPTED_FORMS)
