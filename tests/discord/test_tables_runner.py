"""The adapter's runner (``Tables.run``): one table's work in order, one worker at a time per
table, every answer (or error) back to its caller, and other tables never starved by a busy one."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from scenekeeper.adapters.discord.tables import BATCH, Tables
from tests.support import make_app


def test_each_tables_work_runs_in_order_one_at_a_time_and_answers_its_caller() -> None:
    tables = Tables(make_app(), workers=4)
    running: dict[str, int] = {}
    most: dict[str, int] = {}
    done: dict[str, list[int]] = {"a": [], "b": [], "c": []}
    lock = threading.Lock()

    def work(key: str, n: int) -> int:
        with lock:
            running[key] = running.get(key, 0) + 1
            most[key] = max(most.get(key, 0), running[key])
        time.sleep(0.0005)
        with lock:
            running[key] -= 1
            done[key].append(n)
        return n * 10

    async def scenario() -> list[int]:
        calls = [tables.run(k, lambda k=k, n=n: work(k, n)) for n in range(60) for k in done]
        return await asyncio.gather(*calls)

    answers = asyncio.run(scenario())
    tables.close()
    assert answers == [n * 10 for n in range(60) for _ in done]
    assert all(order == list(range(60)) for order in done.values())
    assert set(most.values()) == {1}  # never two workers on one table
    assert not tables._queues  # every table let go once its queue emptied


def test_an_error_reaches_its_caller_and_the_tables_next_work_still_runs() -> None:
    tables = Tables(make_app(), workers=2)

    def fails() -> int:
        raise ValueError("boom")

    async def scenario() -> tuple[BaseException | int, ...]:
        return tuple(
            await asyncio.gather(
                tables.run("t", fails), tables.run("t", lambda: 7), return_exceptions=True
            )
        )

    first, second = asyncio.run(scenario())
    tables.close()
    assert isinstance(first, ValueError)
    assert second == 7


def test_a_busy_table_lets_other_tables_go_after_a_batch() -> None:
    tables = Tables(make_app(), workers=1)  # one worker: only the batch limit lets "b" in
    order: list[str] = []

    async def scenario() -> None:
        busy = [tables.run("a", lambda: order.append("a")) for _ in range(BATCH * 3)]
        await asyncio.sleep(0)
        other = tables.run("b", lambda: order.append("b"))
        await asyncio.gather(*busy, other)

    asyncio.run(scenario())
    tables.close()
    assert order.index("b") <= BATCH * 2  # not behind all of "a"'s work
    assert order.count("a") == BATCH * 3


@pytest.mark.parametrize("workers", [1, 8])
def test_work_queued_when_the_runner_closes_is_still_done(workers: int) -> None:
    tables = Tables(make_app(), workers=workers)
    done: list[int] = []

    async def scenario() -> None:
        calls = [tables.run("t", lambda n=n: done.append(n)) for n in range(BATCH * 2 + 3)]
        waiting = asyncio.gather(*calls)
        await asyncio.sleep(0)
        await asyncio.to_thread(tables.close)
        await waiting

    asyncio.run(scenario())
    assert done == list(range(BATCH * 2 + 3))
