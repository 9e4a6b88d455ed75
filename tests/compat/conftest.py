"""The PostgreSQL fixtures of the store tests (a reachable server or a skip that says how)."""

from tests.store.conftest import postgres_schema, postgres_schema_prefix, postgres_url

__all__ = ["postgres_schema", "postgres_schema_prefix", "postgres_url"]
