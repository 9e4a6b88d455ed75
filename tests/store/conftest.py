"""PostgreSQL for the store tests: a reachable server, or a skip that says how to get one.

``SCENEKEEPER_TEST_POSTGRES`` names the server (default: a local trust-auth ``test`` database).
Without a server the PostgreSQL tests are skipped, unless ``SCENEKEEPER_REQUIRE_POSTGRES=1``
(CI), where a missing server fails the run instead of silently testing less.
Each session works in schemas named ``sk_test_<random hex>_<n>``, all dropped at the end.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import psycopg
import pytest

from scenekeeper.store.base import redact_url

DEFAULT_TEST_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


@pytest.fixture(scope="session")
def postgres_url() -> str:
    url = os.environ.get("SCENEKEEPER_TEST_POSTGRES", DEFAULT_TEST_POSTGRES)
    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.Error as error:
        message = (
            f"PostgreSQL not reachable at {redact_url(url)}: start a server or set "
            "SCENEKEEPER_TEST_POSTGRES=postgresql://user@host:port/db to run the PostgreSQL "
            "store tests"
        )
        if os.environ.get("SCENEKEEPER_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"{message} (SCENEKEEPER_REQUIRE_POSTGRES=1; {type(error).__name__})")
        pytest.skip(message)
    return url


@pytest.fixture(scope="session")
def postgres_schema_prefix(postgres_url: str) -> Iterator[str]:
    """A name no other test run uses; every schema made under it is dropped at the end."""
    prefix = f"sk_test_{secrets.token_hex(6)}"
    yield prefix
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s)", (prefix,)
        ).fetchall()
        for (name,) in rows:
            drop_schema(conn, name)


@pytest.fixture
def postgres_schema(postgres_url: str, postgres_schema_prefix: str) -> Iterator[str]:
    """A fresh schema name for one test (not yet created: opening the store creates it)."""
    name = f"{postgres_schema_prefix}_{secrets.token_hex(4)}"
    yield name
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        drop_schema(conn, name)


def drop_schema(conn: psycopg.Connection[tuple[object, ...]], name: str) -> None:
    conn.execute(
        psycopg.sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(psycopg.sql.Identifier(name))
    )
