"""The search for a balanced setting: every combination of a game's rule switches, each played
over the study's grid (such as a preset's seat-ordered pairings of sides), screened with a
few games per cell, and the most even settings confirmed with many, with intervals.

A setting is *balanced* when the first seat's average score lies within 45–55% in every cell.
The screen ranks the settings by their worst cell's distance from 50%, then by how many cells
lie within. Each stage is a set of ordinary studies (one per setting) saved chunk by chunk in
the search's folder, so an interrupted search resumes where it stopped. The screen has its own
seed; a confirmed setting is the plain study of that setting with the search's seed, so
``cardtable study GAME -o key=value ... --games N`` reproduces it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cardtable.core import OptionError, derive_seed
from cardtable.sim.backends import Backend
from cardtable.sim.effects import side_scores
from cardtable.sim.presets import Switches, preset_for
from cardtable.sim.report import BALANCED, write_report
from cardtable.sim.seat_stats import CellStats, Estimate, cell_stats
from cardtable.sim.store import SPEC_FILE, StudyStore
from cardtable.sim.study import StudySpec, load_study, run_studies


@dataclass(frozen=True)
class SearchSpec:
    base: StudySpec
    """The study every setting plays: its grid, bots, options, seed and (confirm) games."""
    switches: Switches
    screen_games: int
    keep: int
    """How many of the screen's best settings are confirmed with ``base.games`` games."""

    def to_dict(self) -> dict[str, object]:
        return {**self.base.to_dict(), "search": {
            "switches": [[key, list(values)] for key, values in self.switches.values],
            "requires": [list(rule) for rule in self.switches.requires],
            "screen_games": self.screen_games, "keep": self.keep}}

    def check(self) -> SearchSpec:
        """Refuse a search that cannot run: an unknown switch or value, or nothing to keep."""
        if self.keep < 1 or self.screen_games < 1:
            raise OptionError("a search screens at least one game per cell and keeps at least "
                              "one setting")
        clashes = {key for key, _ in self.switches.values} & {key for key, _ in self.base.grid}
        if clashes:
            raise OptionError(f"{', '.join(sorted(clashes))} is both a switch and in the grid")
        for setting in self.switches.settings():
            self.stage(setting, self.screen_games, self.base.seed).check()
        return self

    def stage(self, setting: dict[str, str], games: int, seed: int) -> StudySpec:
        return replace(self.base, games=games, seed=seed,
                       options={**self.base.options, **setting})


@dataclass(frozen=True)
class Balance:
    """One setting's balance over the grid's cells."""

    setting: dict[str, str]
    games: int
    """Games per cell."""
    scores: tuple[Estimate, ...]
    """The first seat's average score in each cell."""
    win_rates: tuple[Estimate, ...]
    """The first seat's win rate in each cell."""
    tie_rates: tuple[Estimate, ...]
    """The tie rate in each cell."""
    sides: tuple[tuple[str, float], ...]
    """Each side's average score, by name (empty unless the grid is the game's known pairing
    of sides, ``Preset.sides``)."""

    @property
    def worst(self) -> float:
        """The largest distance of a cell's first-seat average score from 0.5."""
        return max(abs(score.value - 0.5) for score in self.scores)

    @property
    def worst_possible(self) -> float:
        """The largest distance from 0.5 that a cell's 95% score interval allows: what the
        search ranks on first, so that luck in a few games cannot make a setting look even."""
        return max(max(abs(score.low - 0.5), abs(score.high - 0.5)) for score in self.scores)

    @property
    def most_ties(self) -> float:
        """The highest tie rate of a cell: a cell even in score because nearly every game is
        tied is even in a poor sense, and the report says so."""
        return max(tie.value for tie in self.tie_rates)

    @property
    def within(self) -> int:
        low, high = BALANCED
        return sum(low <= score.value <= high for score in self.scores)

    @property
    def surely_within(self) -> int:
        """Cells whose whole 95% interval lies within 45–55%."""
        low, high = BALANCED
        return sum(low <= score.low and score.high <= high for score in self.scores)

    @property
    def balanced(self) -> bool:
        return self.within == len(self.scores)


def balance(spec: StudySpec, setting: dict[str, str], stats: Sequence[CellStats]) -> Balance:
    cells = spec.cells()
    known = preset_for(spec.game)
    sides = known.sides if known else None
    pairs = sides is not None and [key for key, _ in spec.grid] == [sides.key]
    scored = side_scores(cells, stats, sides) if sides is not None and pairs else []
    return Balance(setting, spec.games, tuple(s.average_scores[0] for s in stats),
                   tuple(s.win_rates[0] for s in stats), tuple(s.draw_rate for s in stats),
                   tuple(sorted((side, score.value) for _, side, _, score in scored)))


@dataclass(frozen=True)
class SearchResult:
    screened: list[Balance]
    """Every setting, most even first."""
    confirmed: list[Balance]
    """The best few of the screen, played again with many games, most even first."""


def search(spec: SearchSpec, folder: Path, backend: Backend, resume: bool = False,
           progress: Callable[[int], None] | None = None) -> SearchResult:
    """Screen every setting, confirm the best ``keep``; write each confirmed setting's full
    report in its folder. ``folder`` holds the search (``resume`` continues one)."""
    StudyStore.open(folder, spec.to_dict(), resume)
    settings = spec.switches.settings()
    screen_seed = derive_seed(spec.base.seed, "screen")
    screen = [spec.stage(setting, spec.screen_games, screen_seed) for setting in settings]
    screened = _play(screen, settings, [folder / "screen" / _name(i) for i in
                                         range(len(settings))], backend, progress)
    ranked = sorted(range(len(settings)), key=lambda i: _rank(screened[i]))
    best = ranked[:spec.keep]
    confirm = [spec.stage(settings[i], spec.base.games, spec.base.seed) for i in best]
    folders = [folder / "confirm" / _name(i) for i in best]
    confirmed = _play(confirm, [settings[i] for i in best], folders, backend, progress)
    for study, place in zip(confirm, folders, strict=True):
        write_report(place, study, load_study(study, StudyStore(place)))
    return SearchResult([screened[i] for i in ranked], sorted(confirmed, key=_rank))


def games_to_play(spec: SearchSpec) -> int:
    """Every game of the search, both stages."""
    cells = len(spec.base.cells())
    return cells * (len(spec.switches.settings()) * spec.screen_games
                    + min(spec.keep, len(spec.switches.settings())) * spec.base.games)


def _name(index: int) -> str:
    return f"setting{index:03d}"


RANKING = ("Settings are ranked by the largest distance from an even score (0.500) that any "
           "cell's 95% score interval allows, so that a lucky screen of few games cannot make a "
           "setting look even; then by the largest distance observed.")
"""The search's objective, as its report states it."""


def _rank(result: Balance) -> tuple[float, float, int]:
    return result.worst_possible, result.worst, -result.within


def _play(specs: list[StudySpec], settings: list[dict[str, str]], folders: list[Path],
          backend: Backend, progress: Callable[[int], None] | None) -> list[Balance]:
    """Play the studies' missing chunks as one stream of work, then sum each up."""
    stores = [StudyStore.open(place, study.to_dict(), (place / SPEC_FILE).exists())
              for study, place in zip(specs, folders, strict=True)]
    run_studies(specs, stores, backend, progress)
    return [balance(study, setting, [cell_stats(c) for c in load_study(study, store)])
            for study, setting, store in zip(specs, settings, stores, strict=True)]
