"""The full summary of a Cortex pool's odds, as the table and the terminal show it.

``summarise(pool, keep, against)`` answers everything a player asks before spending a plot
point -- the chance to beat every difficulty, the effect die, hitches, a botch and, when the
opposition is known, the chance to beat it, a heroic success and the effect die it leaves. A
repeated question is answered from a bounded cache.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scenekeeper.odds.cache import BoundedCache
from scenekeeper.odds.contest import Chances, Opposition
from scenekeeper.odds.cortex_odds import (
    DEFAULT_KEEP,
    check_keep,
    cortex,
    opposing,
    pool_sizes,
)
from scenekeeper.odds.errors import OddsError

#: How many summaries stay at hand.
SUMMARY_LIMIT = 256

#: What a total is asked to beat: a number, opposing dice, or an :class:`Opposition`.
Against = int | Sequence[int] | Opposition | None


@dataclass(frozen=True)
class Summary:
    pool: tuple[int, ...]
    keep: int
    denominator: int
    #: difficulty -> chance the best total beats it (strictly), 0 to the largest total.
    beat: Mapping[int, Fraction]
    #: effect die size -> chance, best reading, whatever the total (d4 also means none).
    effects: Mapping[int, Fraction]
    expected_effect: Fraction
    hitch: Fraction
    botch: Fraction
    #: Against the opposition asked about, if any.
    chances: Chances | None

    @property
    def label(self) -> str:
        return " ".join(f"d{s}" for s in self.pool)


def opposition_of(against: Against, keep: int = DEFAULT_KEEP) -> Opposition | None:
    """A number, opposing dice (which keep ``keep``) or an opposition, as an opposition."""
    if against is None or isinstance(against, Opposition):
        return against
    if isinstance(against, bool):
        raise OddsError("Give a number or dice to beat, not true/false.")
    if isinstance(against, int):
        return Opposition.number(against)
    return opposing(against, keep)


_SUMMARIES: BoundedCache[tuple[object, ...], Summary] = BoundedCache(SUMMARY_LIMIT)


def summarise(
    pool: Iterable[int],
    keep: int = DEFAULT_KEEP,
    against: Against = None,
    *,
    opposition_keep: int = DEFAULT_KEEP,
) -> Summary:
    """The full summary of ``pool`` keeping ``keep`` dice, against ``against`` if given."""
    sizes = pool_sizes(pool)
    keep = check_keep(keep)
    key: tuple[object, ...]
    if against is None or isinstance(against, int | Opposition):
        key = (sizes, keep, against)
    else:
        key = (sizes, keep, pool_sizes(against), check_keep(opposition_keep))
    return _SUMMARIES.get(key, lambda: _build(sizes, keep, against, opposition_keep))


def _build(sizes: tuple[int, ...], keep: int, against: Against, opposition_keep: int) -> Summary:
    odds = cortex(sizes, keep)
    opposition = opposition_of(against, opposition_keep)
    return Summary(
        pool=sizes,
        keep=keep,
        denominator=odds.denominator,
        beat=odds.beat_table(),
        effects=odds.effect_distribution,
        expected_effect=odds.expected_effect,
        hitch=odds.p_hitch,
        botch=odds.p_botch,
        chances=odds.against(opposition) if opposition is not None else None,
    )


def summary_cache_size() -> int:
    return len(_SUMMARIES)


def clear_summaries() -> None:
    _SUMMARIES.clear()
