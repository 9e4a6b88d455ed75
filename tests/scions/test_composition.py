"""Scions is Cortex set up differently plus a few commands of its own -- no copied rules."""

from __future__ import annotations

import inspect
from pathlib import Path

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.events import event_types
from scenekeeper.systems import scions
from scenekeeper.systems.scions import legend
from scenekeeper.systems.scions.rules import MODS, RULES, new_state

SCIONS = Path(inspect.getfile(scions)).parent


def test_every_cortex_command_plays_at_a_scions_table_but_the_ones_it_replaces() -> None:
    registry = build_registry()
    cortex_names = {s.name for s in registry.all_specs() if s.systems == frozenset({"cortex"})}
    scions_names = set(registry.names("scions"))
    assert cortex_names - set(legend.OWN_VERSIONS) <= scions_names
    own = {s.name for s in registry.all_specs() if s.systems == frozenset({"scions"})}
    assert {"legend die", "stress exchange", "scene act", "doom return"} <= own


def test_scions_has_no_events_of_its_own() -> None:
    owned = [cls for cls in event_types().values() if cls.__module__.startswith(scions.__name__)]
    assert owned == []


def test_the_package_is_small() -> None:
    lines = sum(len(p.read_text().splitlines()) for p in SCIONS.glob("*.py"))
    assert lines < 700, f"scions is {lines} lines: is it copying Cortex?"


def test_the_set_up_is_the_hacks() -> None:
    state = new_state()
    assert RULES.start_points == 4
    assert RULES.extra_trait_cost == 2
    assert state.stress_types == ("Physical", "Mental", "Emotional")
    assert "Virtues" in state.trait_sets
    on = {m.name for m in MODS if m.default}
    assert {"doom-pool", "hitches-to-doom-pool", "stress", "trauma", "stress-for-trauma"} <= on
    assert "static-difficulty" not in on
