"""open_store: which configuration strings open which backend, and what is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scenekeeper.store import MemoryStore, SqliteStore, StoreError, open_store
from scenekeeper.store.open import split_postgres_url, sqlite_path


def test_memory() -> None:
    store = open_store("memory:")
    assert isinstance(store, MemoryStore)
    store.close()


def test_sqlite_absolute_url(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "abs.sqlite3"
    store = open_store(f"sqlite://{target}")
    assert isinstance(store, SqliteStore)
    assert store.path == target
    assert target.is_file()
    store.close()


def test_sqlite_relative_url_and_bare_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for url, created in [
        ("sqlite:rel/one.sqlite3", "rel/one.sqlite3"),
        ("data/two.sqlite3", "data/two.sqlite3"),
        (str(tmp_path / "three.sqlite3"), "three.sqlite3"),
        ("  four.sqlite3  ", "four.sqlite3"),
    ]:
        store = open_store(url)
        assert isinstance(store, SqliteStore), url
        store.close()
        assert (tmp_path / created).is_file(), url


def test_home_directory_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    store = open_store("~/saves/t.sqlite3")
    store.close()
    assert (tmp_path / "saves" / "t.sqlite3").is_file()


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///abs/t.sqlite3", "/abs/t.sqlite3"),
        ("sqlite:rel/t.sqlite3", "rel/t.sqlite3"),
        ("SQLITE:rel.sqlite3", "rel.sqlite3"),
    ],
)
def test_sqlite_paths(url: str, path: str) -> None:
    assert sqlite_path(url) == Path(path)


@pytest.mark.parametrize("url", ["sqlite://host/t.sqlite3", "sqlite:", "sqlite:///", "sqlite://"])
def test_malformed_sqlite_urls(url: str) -> None:
    with pytest.raises(StoreError):
        open_store(url)


def test_memory_takes_no_path() -> None:
    with pytest.raises(StoreError, match="write memory:"):
        open_store("memory:tables")


@pytest.mark.parametrize(
    "url", ["", "   ", "mysql://keeper:hunter22@db/tables", "keeper:hunter22@db"]
)
def test_unknown_forms_list_the_accepted_ones(url: str) -> None:
    with pytest.raises(StoreError) as raised:
        open_store(url)
    message = str(raised.value)
    for form in ("memory:", "sqlite:///", "sqlite:relative", "postgresql://"):
        assert form in message
    assert "hunter22" not in message


@pytest.mark.parametrize(
    ("url", "conninfo", "schema"),
    [
        ("postgresql://u@h/db", "postgresql://u@h/db", "scenekeeper"),
        ("postgres://u@h:5433/db?schema=games", "postgres://u@h:5433/db", "games"),
        (
            "postgresql://u:p%40w@h/db?sslmode=require&schema=s1&application_name=a+b%20c",
            "postgresql://u:p%40w@h/db?sslmode=require&application_name=a+b%20c",
            "s1",
        ),
    ],
)
def test_schema_parameter_is_split_off(url: str, conninfo: str, schema: str) -> None:
    assert split_postgres_url(url) == (conninfo, schema)


def test_unreachable_postgres_url_is_a_store_error_without_the_password() -> None:
    with pytest.raises(StoreError) as raised:
        open_store("postgresql://keeper:hunter22@127.0.0.1:1/tables?schema=s&connect_timeout=2")
    assert "127.0.0.1" in str(raised.value)
    assert "hunter22" not in str(raised.value)


def test_importing_the_package_does_not_import_psycopg() -> None:
    code = (
        "import sys, scenekeeper.store as s\n"
        "s.open_store('memory:').close()\n"
        "assert 'psycopg' not in sys.modules and 'psycopg_pool' not in sys.modules\n"
        "s.PostgresStore\n"
        "assert 'psycopg' in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
