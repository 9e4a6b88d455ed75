"""The readable report of a mutation run: a score per file and per area, then every survivor
with the change it made and either why it cannot be caught or the entry to fill in."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tools.mutation.areas import AREAS, BAR, area_of
from tools.mutation.explained import Explained, entry_for, reason
from tools.mutation.results import Mutant


@dataclass(frozen=True)
class Score:
    name: str
    made: int
    caught: int
    explained: int

    @property
    def survived(self) -> int:
        return self.made - self.caught - self.explained

    @property
    def share(self) -> float:
        return (self.caught + self.explained) / self.made if self.made else 1.0

    def row(self) -> str:
        return (
            f"| {self.name} | {self.made} | {self.caught} | {self.explained} | {self.survived} "
            f"| {self.share:.1%} |"
        )


HEAD = "| | mutants | caught | explained | survived | score |\n|---|---|---|---|---|---|"


def score(name: str, mutants: list[Mutant], entries: list[Explained]) -> Score:
    caught = sum(m.caught for m in mutants)
    explained = sum(1 for m in mutants if not m.caught and reason(m, entries) is not None)
    return Score(name, len(mutants), caught, explained)


def by_file(mutants: list[Mutant], entries: list[Explained]) -> list[Score]:
    files: dict[str, list[Mutant]] = defaultdict(list)
    for mutant in mutants:
        files[mutant.path].append(mutant)
    return [score(path, found, entries) for path, found in sorted(files.items())]


def by_area(mutants: list[Mutant], entries: list[Explained]) -> list[Score]:
    scores = []
    for area in AREAS:
        inside = [m for m in mutants if area.holds(m.path)]
        if inside:
            scores.append(score(area.name, inside, entries))
    return scores


def below_bar(files: list[Score]) -> list[Score]:
    """Files of an area a table depends on whose score is under the bar."""
    return [s for s in files if area_of(s.name) is not None and s.share < BAR]


def focus_of(tests: list[str]) -> str:
    """The report's line for a run over only some tests (none for the whole suite)."""
    if not tests:
        return ""
    named = ", ".join(sorted(set(tests)))
    return f"Only these tests were run: {named}. A score is a lower bound of the whole suite's."


def markdown(mutants: list[Mutant], entries: list[Explained], took: float, focus: str = "") -> str:
    files = by_file(mutants, entries)
    areas = by_area(mutants, entries)
    total = score("all", mutants, entries)
    lines = [
        "# Mutation report",
        "",
        f"{total.made} mutants in {len(files)} files, {took / 60:.1f} min; "
        f"{total.caught} caught, {total.explained} explained, {total.survived} survived "
        f"({total.share:.1%}). The bar for a file of an area is {BAR:.0%}.",
        "",
    ]
    if focus:
        lines += [focus, ""]
    if areas:
        lines += ["## Areas", "", HEAD, *(s.row() for s in areas), ""]
    lines += ["## Files", "", HEAD, *(s.row().replace("src/scenekeeper/", "") for s in files), ""]
    survivors = [m for m in mutants if not m.caught]
    if survivors:
        lines += ["## Survivors", ""]
    for mutant in survivors:
        why = reason(mutant, entries)
        place = f"{mutant.path.removeprefix('src/scenekeeper/')}:{mutant.line}"
        lines += [f"### {place} `{mutant.function}` ({mutant.verdict})", "", "```diff"]
        lines += [mutant.change() or "(no difference found)", "```", ""]
        if why:
            lines += [f"Explained: {why}", ""]
        else:
            lines += ["Catch it with a test, or explain it:", "", "```toml", entry_for(mutant)]
            lines += ["```", "", f"mutmut's name: `{mutant.key}`", ""]
    return "\n".join(lines) + "\n"


def summary(mutants: list[Mutant], entries: list[Explained]) -> str:
    """What the terminal shows: the scores, then one line a survivor not yet explained."""
    files = by_file(mutants, entries)
    areas = by_area(mutants, entries)
    width = max((len(s.name) for s in [*files, *areas]), default=10)
    lines = []
    for title, scores in (("area", areas), ("file", files)):
        if not scores:
            continue
        lines.append(f"{title:<{width}}  mutants  caught  explained  survived  score")
        for s in scores:
            mark = "  < bar" if title == "file" and s in below_bar(files) else ""
            lines.append(
                f"{s.name:<{width}}  {s.made:>7}  {s.caught:>6}  {s.explained:>9}  "
                f"{s.survived:>8}  {s.share:>5.1%}{mark}"
            )
        lines.append("")
    for mutant in mutants:
        if not mutant.caught and reason(mutant, entries) is None:
            change = "; ".join([*mutant.removed[:1], "->", *mutant.added[:1]])
            lines.append(
                f"survived {mutant.path.removeprefix('src/scenekeeper/')}:{mutant.line} "
                f"{mutant.function}: {change}"
            )
    return "\n".join(lines)
