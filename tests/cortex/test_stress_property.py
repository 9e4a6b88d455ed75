"""Random sequences of stress, trauma and complication commands against an independent
reference of the step rules, written here from the rule text (Cortex p.22, p.39-41)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import TableDriver

SIZES = [4, 6, 8, 10, 12]
TYPES = ["Physical", "Mental"]
NAMES = ["Bleeding", "Lost"]


@dataclass
class Reference:
    """The rules, restated independently: dice are plain numbers, 13 means "past d12"."""

    stress: dict[str, int] = field(default_factory=dict)
    trauma: dict[str, int] = field(default_factory=dict)
    complications: dict[str, int] = field(default_factory=dict)
    status: str = "active"

    @staticmethod
    def up(size: int) -> int:
        return 13 if size == 12 else size + 2

    @staticmethod
    def down(size: int) -> int:
        return 0 if size == 4 else size - 2

    def _add(self, track: dict[str, int], key: str, die: int) -> bool:
        """The add rule; True when it went past d12 (the track then holds d12)."""
        have = track.get(key, 0)
        new = die if have < die else self.up(have)
        track[key] = min(new, 12)
        return new == 13

    def take_stress(self, kind: str, die: int) -> None:
        if self.status == "removed":
            return
        if self.status == "stressed_out":
            self.take_trauma(kind, die)
            return
        if self._add(self.stress, kind, die):
            self.status = "stressed_out"
            self.take_trauma(kind, 6)

    def take_trauma(self, kind: str, die: int) -> None:
        if self._add(self.trauma, kind, die):
            self.status = "removed"

    def stress_down(self, kind: str) -> None:
        if kind in self.stress:
            lower = self.down(self.stress[kind])
            if lower:
                self.stress[kind] = lower
            else:
                del self.stress[kind]

    def complicate(self, name: str, die: int) -> None:
        # No double jeopardy: the same complication again steps up what is there, unless the
        # new one is larger, which replaces it (the stress rule; docs/rules-notes.md).
        have = self.complications.get(name, 0)
        new = die if die > have else self.up(have)
        self.complications[name] = min(new, 12)
        if new == 13 and self.status == "active":
            self.status = "taken_out"

    def complication_down(self, name: str) -> None:
        if name in self.complications:
            lower = self.down(self.complications[name])
            if lower:
                self.complications[name] = lower
            else:
                del self.complications[name]


commands = st.lists(
    st.one_of(
        st.tuples(st.just("stress"), st.sampled_from(TYPES), st.sampled_from(SIZES)),
        st.tuples(st.just("stepup"), st.sampled_from(TYPES), st.just(0)),
        st.tuples(st.just("stepdown"), st.sampled_from(TYPES), st.just(0)),
        st.tuples(st.just("complication"), st.sampled_from(NAMES), st.sampled_from(SIZES)),
        st.tuples(st.just("comp-down"), st.sampled_from(NAMES), st.just(0)),
    ),
    min_size=5,
    max_size=40,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=commands)
def test_stress_trauma_and_complications_follow_the_step_rules(
    sequence: list[tuple[str, str, int]],
) -> None:
    driver = TableDriver()
    driver.do("/game new system:cortex name:Property")
    driver.do('/stress types types:"Physical, Mental"')
    driver.do("/char new name:Vex gmc:true")
    model = Reference()
    for verb, key, size in sequence:
        line = {
            "stress": f"/stress add character:Vex type:{key} die:d{size}",
            "stepup": f"/stress stepup character:Vex type:{key}",
            "stepdown": f"/stress stepdown character:Vex type:{key}",
            "complication": f"/complication add character:Vex name:{key} die:d{size}",
            "comp-down": f"/complication stepdown character:Vex name:{key}",
        }[verb]
        outcome = driver.try_(line)
        expect_ok = _apply(model, verb, key, size)
        assert outcome.ok == expect_ok, (line, outcome.error)
        vex = driver.app.table("t1").state.game.characters["Vex"]  # type: ignore[attr-defined]
        assert {k: int(v) for k, v in vex.stress.items()} == model.stress, line
        assert {k: int(v) for k, v in vex.trauma.items()} == model.trauma, line
        assert {k: int(v) for k, v in vex.complications.items()} == model.complications, line
        assert vex.status == model.status, line


def _apply(model: Reference, verb: str, key: str, size: int) -> bool:
    """Apply a command to the reference; False when the command should be refused."""
    if verb in ("stress", "stepup") and model.status == "removed":
        return False
    if verb == "stress":
        model.take_stress(key, size)
    elif verb == "stepup":
        if model.status == "stressed_out":
            # Stressed out, a step up steps that type's trauma once (d6 if there is none).
            model.take_trauma(key, model.trauma.get(key, 0) or 6)
            return True
        if key not in model.stress:
            return False
        model.take_stress(key, model.stress[key])
    elif verb == "stepdown":
        if key not in model.stress:
            return False
        model.stress_down(key)
    elif verb == "complication":
        model.complicate(key, size)
    else:
        if key not in model.complications:
            return False
        model.complication_down(key)
    return True
