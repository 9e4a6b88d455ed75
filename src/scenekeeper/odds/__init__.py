"""Exact odds for the games' dice: Cortex pools (totals, effect dice, hitches, contests),
METTLE Core checks and Cybergod success pools.

Pure: imports only the standard library and ``scenekeeper.dice``; ``chart`` alone imports
matplotlib, and only when a chart is drawn. Every engine counts outcomes as integers over the
product of the die sizes and answers with ``Fraction``; nothing is sampled or rounded until it
is put into words (``text``).

    >>> from scenekeeper import odds
    >>> pool = odds.cortex([8, 8, 10])
    >>> pool.denominator, sum(pool.joint.values())
    (640, 640)
"""

from scenekeeper.odds.contest import Chances, Opposition
from scenekeeper.odds.cortex_odds import (
    CACHE_LIMIT,
    DEFAULT_KEEP,
    MAX_DICE,
    MAX_KEEP,
    CortexOdds,
    cortex,
    opposing,
    pool_sizes,
)
from scenekeeper.odds.cybergod import (
    SuccessPool,
    ammo_reload,
    cybergod_opposed,
    cybergod_pool,
    difficulty_table,
    failed_dice,
    save_passes,
)
from scenekeeper.odds.errors import OddsError
from scenekeeper.odds.mettle import MettleCheck, mettle_check
from scenekeeper.odds.summary import SUMMARY_LIMIT, Summary, opposition_of, summarise
from scenekeeper.odds.text import chance_line, chance_lines, percent, summary_lines

__all__ = [
    "CACHE_LIMIT",
    "DEFAULT_KEEP",
    "MAX_DICE",
    "MAX_KEEP",
    "SUMMARY_LIMIT",
    "Chances",
    "CortexOdds",
    "MettleCheck",
    "OddsError",
    "Opposition",
    "SuccessPool",
    "Summary",
    "ammo_reload",
    "chance_line",
    "chance_lines",
    "cortex",
    "cybergod_opposed",
    "cybergod_pool",
    "difficulty_table",
    "failed_dice",
    "mettle_check",
    "opposing",
    "opposition_of",
    "percent",
    "pool_sizes",
    "save_passes",
    "summarise",
    "summary_lines",
]
