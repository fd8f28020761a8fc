"""A search's report: search.md (the answer, the confirmed settings with intervals, the best
of the screen) and search.csv (every setting screened, one row each, for a notebook)."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

from cardtable.core import load
from cardtable.sim.presets import preset_for
from cardtable.sim.report import BALANCED, Section, cell_label, command_line, to_markdown
from cardtable.sim.search import RANKING, Balance, SearchResult, SearchSpec
from cardtable.sim.seat_stats import Estimate

SHOWN_SCREEN = 20
"""Settings of the screen listed in search.md (search.csv has them all)."""
TIE_HEAVY = 0.5
"""A tie rate above which the answer warns that a setting's even score comes from ties."""


def write_search_report(folder: Path, spec: SearchSpec, result: SearchResult) -> list[Section]:
    """Write search.md and search.csv into ``folder``; return the sections."""
    labels = [cell_label(cell) for cell in spec.base.cells()]
    sections = [_setup(spec, result), _verdict(spec, result),
                _table("Confirmed", spec, result.confirmed, labels, [
                    f"The screen's {len(result.confirmed)} most even settings, played again "
                    f"with {spec.base.games:,} games per cell and the study's own seed; each "
                    "has a full report in confirm/."]),
                _table("Screen", spec, result.screened[:SHOWN_SCREEN], labels, [
                    f"The {SHOWN_SCREEN} most even of {len(result.screened)} settings at "
                    f"{spec.screen_games:,} games per cell (every setting is in search.csv). "
                    f"The rules as written rank {_rank_of_rules(spec, result)}."])]
    title = f"{load(spec.base.game).title}: a search for a balanced setting"
    (folder / "search.md").write_text(to_markdown(title, sections), encoding="utf-8")
    _write_csv(folder / "search.csv", spec, result.screened, labels)
    return sections


def describe(spec: SearchSpec, balance: Balance) -> str:
    """The switches a setting changes, or "rules as written"."""
    changed = spec.switches.changed(balance.setting)
    return ", ".join(f"{k}={v}" for k, v in changed.items()) or "rules as written"


def _setup(spec: SearchSpec, result: SearchResult) -> Section:
    switches = ", ".join(f"{key} ({'/'.join(values)})" for key, values in spec.switches.values)
    cells = len(spec.base.cells())
    return Section("Setup", [
        f"{len(result.screened)} settings: every combination of {switches}"
        + "".join(f"; {switch} only where {option}={value}"
                  for switch, option, value in spec.switches.requires) + ".",
        f"Each setting is played over {cells} cells ({', '.join(k for k, _ in spec.base.grid)})"
        f" by {', '.join(spec.base.bots)}; options shared by all: "
        + (", ".join(f"{k}={v}" for k, v in spec.base.options.items()) or "none") + ".",
        f"Screen: {spec.screen_games:,} games per cell; confirmation: the best {spec.keep} at "
        f"{spec.base.games:,} games per cell.",
        f"Command: {command_line(replace(spec.base, grid=()))} --search --screen-games "
        f"{spec.screen_games} --keep {spec.keep}"
        + "".join(f" --vary '{key}={';'.join(values)}'" for key, values in spec.switches.values
                  if not spec.switches.requires),
    ])


def _verdict(spec: SearchSpec, result: SearchResult) -> Section:
    low, high = BALANCED
    balanced = [b for b in result.confirmed if b.balanced]
    screened = sum(b.balanced for b in result.screened)
    best = result.confirmed[0]
    if balanced:
        answer = (f"{len(balanced)} setting(s) bring every cell within {low:.0%}–{high:.0%} "
                  "at the confirmation: " + "; ".join(describe(spec, b) for b in balanced) + ".")
    else:
        answer = (f"No setting brings every cell within {low:.0%}–{high:.0%}. The most even, "
                  f"{describe(spec, best)}, has {best.within} of {len(best.scores)} cells "
                  f"within; its first seat's average score runs from "
                  f"{min(s.value for s in best.scores):.3f} to "
                  f"{max(s.value for s in best.scores):.3f}.")
    ties = [b for b in balanced or [best] if b.most_ties > TIE_HEAVY]
    warning = [f"{describe(spec, b)} is even partly because games tie: up to {b.most_ties:.0%} "
               "of a cell's games are tied, so its even score says little about who wins."
               for b in ties]
    return Section("Answer", [answer, *warning, RANKING,
                              f"At the screen, {screened} of {len(result.screened)} "
                              f"settings had every cell within {low:.0%}–{high:.0%}."])


def _table(title: str, spec: SearchSpec, balances: list[Balance], labels: list[str],
           text: list[str]) -> Section:
    sides = [side for side, _ in balances[0].sides] if balances else []
    headers = ["setting", "games per cell", "first seat's average score, lowest–highest",
               "first seat's win rate, lowest–highest", "tie rate, highest",
               f"within {BALANCED[0]:.0%}–{BALANCED[1]:.0%}", "of which wholly (95%)",
               "worst cell (95%)", *sides]
    rows = []
    for b in balances:
        worst = max(range(len(b.scores)), key=lambda i: abs(b.scores[i].value - 0.5))
        scores = dict(b.sides)
        rows.append([describe(spec, b), f"{b.games:,}",
                     f"{min(s.value for s in b.scores):.3f}–{max(s.value for s in b.scores):.3f}",
                     f"{min(w.value for w in b.win_rates):.1%}–"
                     f"{max(w.value for w in b.win_rates):.1%}", f"{b.most_ties:.1%}",
                     f"{b.within} of {len(b.scores)}", str(b.surely_within),
                     f"{labels[worst]}: {_estimate(b.scores[worst])}",
                     *(f"{scores[side]:.3f}" for side in sides)])
    return Section(title, text, headers, rows)


def _estimate(e: Estimate) -> str:
    return f"{e.value:.3f} ({e.low:.3f}–{e.high:.3f})"


def _rank_of_rules(spec: SearchSpec, result: SearchResult) -> str:
    for rank, b in enumerate(result.screened, 1):
        if not spec.switches.changed(b.setting):
            return f"{rank} of {len(result.screened)} ({b.within} cells within, worst " \
                   f"{b.worst:.3f} from even, {b.worst_possible:.3f} within 95%)"
    return "nowhere (they are not among the settings)"


def _write_csv(path: Path, spec: SearchSpec, balances: list[Balance], labels: list[str]) -> None:
    keys = [key for key, _ in spec.switches.values]
    sides = [side for side, _ in balances[0].sides] if balances else []
    known = preset_for(spec.base.game)
    word = known.sides.word if known and known.sides else "side"
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["rank", *keys, "games_per_cell", "worst_possible_distance_from_even",
                         "worst_distance_from_even", "within", "most_ties",
                         *(f"seat1_avg_score {label}" for label in labels),
                         *(f"seat1_win_rate {label}" for label in labels),
                         *(f"tie_rate {label}" for label in labels),
                         *(f"{word}_avg_score {side}" for side in sides)])
        for rank, b in enumerate(balances, 1):
            scores = dict(b.sides)
            writer.writerow([rank, *(b.setting[k] for k in keys), b.games,
                             f"{b.worst_possible:.4f}", f"{b.worst:.4f}", b.within,
                             f"{b.most_ties:.4f}", *(f"{s.value:.4f}" for s in b.scores),
                             *(f"{w.value:.4f}" for w in b.win_rates),
                             *(f"{t.value:.4f}" for t in b.tie_rates),
                             *(f"{scores[side]:.4f}" for side in sides)])
