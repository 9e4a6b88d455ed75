"""A long-running bot asks about many pools: the caches stay bounded and memory stays flat."""

from __future__ import annotations

import gc
import random
import sys
from itertools import combinations_with_replacement, islice

from scenekeeper.odds import CACHE_LIMIT, SUMMARY_LIMIT, cortex, summarise
from scenekeeper.odds.cortex_odds import cache_size, clear_cache
from scenekeeper.odds.summary import clear_summaries, summary_cache_size


def different_pools(count: int) -> list[tuple[int, ...]]:
    every = (p for n in range(1, 8) for p in combinations_with_replacement((4, 6, 8, 10, 12), n))
    pools = list(islice(every, count))
    random.Random(7).shuffle(pools)  # both halves get a like mix of small and large pools
    return pools


def blocks() -> int:
    gc.collect()
    return sys.getallocatedblocks()


def test_five_hundred_pools_keep_the_caches_bounded_and_memory_flat() -> None:
    asked = different_pools(500)
    assert len(set(asked)) == 500
    clear_cache()
    clear_summaries()
    for pool in asked[:250]:
        summarise(pool, 2, 11)
    settled = blocks()
    for pool in asked[250:]:
        summarise(pool, 2, 11)
        assert cache_size() <= CACHE_LIMIT
        assert summary_cache_size() <= SUMMARY_LIMIT
    after = blocks()
    assert cache_size() == CACHE_LIMIT
    assert summary_cache_size() == SUMMARY_LIMIT
    # Once the caches are full, another 250 pools leave the interpreter's memory where it was.
    assert abs(after - settled) < settled // 50, (settled, after)


def test_a_repeated_question_is_the_cached_answer() -> None:
    first = summarise([8, 8, 10], 2, [10, 10])
    assert summarise([10, 8, 8], 2, [10, 10]) is first
    assert cortex([8, 10, 8]) is cortex([8, 8, 10])
