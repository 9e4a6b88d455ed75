"""A command line as the table reads it back hides every secret option, name and all: which
secret options were given is itself hidden (a NoDice bid with a Wildcard reads as one without)."""

from __future__ import annotations

from scenekeeper.bootstrap import build_registry
from scenekeeper.engine.secrets import shown
from scenekeeper.engine.state import TableMeta


def _meta(system: str) -> TableMeta:
    return TableMeta(system=system, name="t", gm="gm")


def test_which_secret_options_were_given_is_hidden_too() -> None:
    registry = build_registry()
    nodice = _meta("nodice")
    plain = shown("/hand bid action:QUI bid:3", registry, nodice)
    wild = shown("/hand bid action:QUI bid:3 wildcard:true face_up:false", registry, nodice)
    assert plain == wild == "/hand bid (secret)"
    named = shown('/hand ante aspect:Mind ante:"WIL" character:Ada', registry, nodice)
    assert named == "/hand ante (secret) character:Ada"


def test_a_secret_roll_and_a_poison_dose_keep_what_the_table_may_read() -> None:
    registry = build_registry()
    assert shown("/roll dice:2d6 label:ambush secret:true", registry, _meta("cortex")) == (
        "/roll (secret) label:ambush secret:true"
    )
    dose = '/status add character:Viktor kind:poison dose:7d6 results:"1 2" status:afflicted'
    assert shown(dose, registry, _meta("mettle")) == (
        "/status add character:Viktor kind:poison (secret) status:afflicted"
    )
    assert shown("/roll dice:2d6 label:ambush", registry, _meta("cortex")) == (
        "/roll dice:2d6 label:ambush"
    )
