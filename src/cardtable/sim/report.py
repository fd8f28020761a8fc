"""A study's report: Markdown, a self-contained HTML page (figures inlined), the raw results as
CSV and Parquet for a notebook, and the figures as PNG files.

The report holds no timing, so the same study gives the same report byte for byte whatever
the workers, the backend or the interruptions.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.core import load
from cardtable.sim import plots
from cardtable.sim.effects import option_effects, seat_and_side, side_scores
from cardtable.sim.metrics import SAMPLE_GAMES, Measured, sample_metrics
from cardtable.sim.presets import Preset, Published, Sides, preset_for
from cardtable.sim.raw import write_raw
from cardtable.sim.runner import GameOutcome, SimulationSpec, step_unit
from cardtable.sim.seat_stats import CellStats, Estimate, cell_stats
from cardtable.sim.study import StudySpec

BALANCED = (0.45, 0.55)
FEW_GAMES = 200
"""Games a setting below which the report warns that its intervals are too wide to compare
settings (at 200 games a 50% rate's 95% interval is still about ±7 points)."""
DEFINITIONS = [
    "win %: games the seat won; tie %: games nobody won, by the game's own rule.",
    "average score: a win 1, a tie ½, a loss 0, averaged over the games; the seats' "
    "average scores add up to 1.",
    "first-seat advantage: seat 1's win rate minus seat 2's.",
    "intervals are 95%: Wilson's for rates; for average scores, Wilson's widened to the "
    "variance the tie rate allows (never zero-width when games tie); the normal approximation "
    "for differences. A published figure is 'outside' when it falls outside our interval.",
]


@dataclass
class Section:
    title: str
    text: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    figures: list[tuple[str, str]] = field(default_factory=list)
    """(PNG file name in plots/, caption)."""
    bullets: bool = False
    """Show ``text`` as a list rather than as paragraphs."""
    shown: bool = False
    """One of the findings a terminal shows (the rest stays in the report's files)."""


def write_report(folder: Path, spec: StudySpec, outcomes: Sequence[Sequence[GameOutcome]],
                 preset: Preset | None = None,
                 metric_games: int = SAMPLE_GAMES) -> list[Section]:
    """Write report.md, report.html, plots/*.png and the raw results (``cardtable.sim.raw``)
    into ``folder``; return the report's sections (for a terminal to show). The design
    metrics (``cardtable.sim.metrics``) trace the first ``metric_games`` games of each cell
    (none with 0, or when the game names no standing)."""
    cells = spec.cells()
    labels = [cell_label(cell) for cell in cells]
    stats = [cell_stats(cell_outcomes) for cell_outcomes in outcomes]
    everything = [o for cell_outcomes in outcomes for o in cell_outcomes]
    figures = _draw(folder / "plots", spec, labels, stats, outcomes, everything)
    sections = [_setup(spec), Section("Definitions", definitions(preset_for(spec.game)),
                                      bullets=True),
                _results(spec, cells, stats), _balance(labels, stats)]
    keys = [key for key, _ in spec.grid]
    sides = preset.sides if preset is not None else None
    if sides is not None and sides.key not in keys:
        sides = None
    if sides is not None:
        sections.append(_sides(cells, stats, sides))
        sections += [s for s in [_seat_and_side(cells, stats, sides)] if s is not None]
    sections += [_option_effect(spec, cells, stats, key) for key, values in spec.grid
                 if len(values) > 1 and (sides is None or key != sides.key)]
    if preset is not None and preset.published and _is_preset_grid(spec, preset):
        if preset.sides is not None:
            sections.append(_seed_layout(cells, stats, preset, preset.sides))
        sections.append(_published(cells, stats, preset))
    sections += design_sections(spec, cells, metric_games)
    sections.append(Section("Figures", figures=figures))
    title = f"{load(spec.game).title}: a study of {spec.games:,} games per setting"
    (folder / "report.md").write_text(to_markdown(title, sections), encoding="utf-8")
    (folder / "report.html").write_text(to_html(title, sections, folder / "plots"),
                                        encoding="utf-8")
    write_raw(folder, spec, cells, outcomes)
    return sections


def definitions(known: Preset | None) -> list[str]:
    """The report's definitions, with how the game's known study counts a tie."""
    if known is None or not known.tie_note:
        return DEFINITIONS
    return [DEFINITIONS[0].removesuffix(".") + f" ({known.tie_note}).", *DEFINITIONS[1:]]


def cell_label(cell: Mapping[str, str]) -> str:
    if not cell:
        return "all games"
    if len(cell) == 1:
        return next(iter(cell.values()))
    return " ".join(f"{k}={v}" for k, v in cell.items())


def command_line(spec: StudySpec) -> str:
    """The command that runs this study."""
    words = ["cardtable", "study", spec.game, "--bots", ",".join(spec.bots), "--games",
             str(spec.games), "--seed", str(spec.seed)]
    for key, value in spec.options.items():
        words += ["-o", f"{key}={value}"]
    for key, values in spec.grid:
        words += ["--vary", f"'{key}={';'.join(values)}'"]
    return " ".join(words)


def _pct(e: Estimate) -> str:
    return f"{e.value:.1%} ({e.low:.1%}–{e.high:.1%})"


def _score(e: Estimate) -> str:
    return f"{e.value:.3f} ({e.low:.3f}–{e.high:.3f})"


def _setup(spec: StudySpec) -> Section:
    seats = ", ".join(f"seat {i + 1}: {bot}" for i, bot in enumerate(spec.bots))
    options = ", ".join(f"{k}={v}" for k, v in spec.options.items()) or "the defaults"
    grid = "; ".join(f"{k} over {len(v)} values" for k, v in spec.grid) or "none"
    return Section("Setup", [
        f"Bots in fixed seats ({seats}); {spec.games:,} games per setting, seed {spec.seed}.",
        f"Game options: {options}. Varied: {grid}.",
        f"Command: {command_line(spec)}",
    ])


def _results(spec: StudySpec, cells: list[dict[str, str]], stats: list[CellStats]) -> Section:
    keys = [key for key, _ in spec.grid]
    unit = step_unit(load(spec.game))
    rounds = any(s.mean_rounds for s in stats)
    headers = [*keys, "seat 1 win %", "seat 2 win %", "tie %", "seat 1 avg score",
               "first-seat advantage", f"mean {unit}s", *(["mean rounds"] if rounds else [])]
    rows = []
    for cell, s in zip(cells, stats, strict=True):
        rows.append([*(cell[k] for k in keys), _pct(s.win_rates[0]), _pct(s.win_rates[1]),
                     _pct(s.draw_rate), _score(s.average_scores[0]),
                     f"{s.first_seat_advantage.value:+.1%} ({s.first_seat_advantage.low:+.1%}"
                     f" to {s.first_seat_advantage.high:+.1%})", f"{s.mean_steps:.2f}",
                     *([f"{s.mean_rounds:.2f}"] if rounds else [])])
    fewest = min(s.games for s in stats)
    warning = ([f"Only {fewest:,} games a setting: below {FEW_GAMES} the intervals are wide and "
                "a difference between settings is seldom more than chance. Read these rows as "
                "a screen, and confirm any finding with more games on another seed."]
               if fewest < FEW_GAMES else [])
    return Section("Results by setting", warning, headers=headers, rows=rows, shown=True)


def _balance(labels: Sequence[str], stats: Sequence[CellStats]) -> Section:
    low, high = BALANCED
    outside = [(label, s) for label, s in zip(labels, stats, strict=True)
               if not low <= s.average_scores[0].value <= high]
    surely = [label for label, s in outside
              if s.average_scores[0].high < low or s.average_scores[0].low > high]
    scores = [s.average_scores[0].value for s in stats]
    text = [f"Seat 1's average score ranges from {min(scores):.3f} to {max(scores):.3f} over "
            f"{len(stats)} setting(s). {len(stats) - len(outside)} of {len(stats)} lie within "
            f"{low:.0%}–{high:.0%}."]
    if outside:
        text.append("Outside " + f"{low:.0%}–{high:.0%}: "
                    + ", ".join(f"{label} ({s.average_scores[0].value:.3f})"
                                for label, s in outside)
                    + f"; of these, {len(surely)} lie outside with their whole 95% interval.")
    return Section("Balance", text, shown=True)


def _is_preset_grid(spec: StudySpec, preset: Preset) -> bool:
    return spec.grid == preset.grid


def _sides(cells: list[dict[str, str]], stats: list[CellStats], sides: Sides) -> Section:
    rows = [[*([context] if context else []), side, f"{games:,}", _score(score)]
            for context, side, games, score in side_scores(cells, stats, sides)]
    others = any(row[0] for row in side_scores(cells, stats, sides))
    return Section(sides.title, [
        f"Each {sides.word}'s average score over every game it played, in either seat, against "
        f"every other {sides.word} (0.500 is even), with its 95% score interval"
        + (", within each setting of the other dimensions." if others else ".")],
        [*(["setting"] if others else []), sides.word, "games", "average score (95%)"],
        rows, shown=True)


def _seat_and_side(cells: list[dict[str, str]], stats: list[CellStats],
                   sides: Sides) -> Section | None:
    rows = [[*([context] if context else []), f"{a} v {b}", _signed(seat), _signed(edge)]
            for context, a, b, seat, edge in seat_and_side(cells, stats, sides)]
    if not rows:
        return None
    others = len(rows[0]) == 4
    return Section("Seat and " + sides.word, [
        f"From each pairing played both ways, (A, B) and (B, A): the seat effect is seat 1's "
        f"average score over the two orders minus 0.500 (what sitting first is worth, whichever "
        f"{sides.word} it plays); A's edge is half the difference of seat 1's score between the "
        f"orders (what playing A rather than B is worth, in either seat). 95% intervals."],
        [*(["setting"] if others else []), f"{sides.word}s (A v B)", "seat effect",
         "A's edge"], rows, shown=True)


def _option_effect(spec: StudySpec, cells: list[dict[str, str]], stats: list[CellStats],
                   key: str) -> Section:
    first = dict(spec.grid)[key][0]
    rows = [[*([context] if context else []), value, _points(win), _points(tie), _signed(score)]
            for context, value, win, tie, score in option_effects(cells, stats, key, first)]
    others = bool(rows) and len(rows[0]) == 5
    return Section(f"Effect of {key}", [
        f"Each value of {key} against {first}, with the other dimensions held: the change in "
        "seat 1's win rate and in the tie rate (percentage points) and in seat 1's average "
        "score, with Newcombe's 95% interval for a difference of two independent rates."],
        [*(["setting"] if others else []), key, "seat 1 win rate", "tie rate",
         "seat 1 average score"], rows, shown=True)


def _signed(e: Estimate) -> str:
    return f"{e.value:+.3f} ({e.low:+.3f} to {e.high:+.3f})"


def _points(e: Estimate) -> str:
    return f"{e.value * 100:+.1f} ({e.low * 100:+.1f} to {e.high * 100:+.1f})"


def _seed_layout(cells: list[dict[str, str]], stats: list[CellStats], preset: Preset,
                 sides: Sides) -> Section:
    """The published table's own layout, over every cell played."""
    rows = []
    for cell, s in zip(cells, stats, strict=True):
        rows.append([*sides.of(cell[sides.key]), f"{s.win_rates[0].value * 100:.1f}",
                     f"{s.win_rates[1].value * 100:.1f}", f"{s.draw_rate.value * 100:.1f}",
                     f"{s.average_scores[0].value:.3f}", f"{s.average_scores[1].value:.3f}"])
    return Section(preset.layout_title, [
        f"The layout of {preset.source}, measured here (no intervals; see the results above)."],
        [f"P1 {sides.column}", f"P2 {sides.column}", "P1 Win %", "P2 Win %", "Tie %",
         "P1 Avg Score", "P2 Avg Score"], rows, shown=True)


def _published(cells: list[dict[str, str]], stats: list[CellStats], preset: Preset) -> Section:
    key = preset.grid[0][0]
    sides = preset.sides
    rows = []
    outside_count = 0
    for cell, s in zip(cells, stats, strict=True):
        published = preset.published.get(cell[key])
        if published is None:
            continue
        for name, figure, estimate, scale in _measures(published, s):
            outside = not estimate.contains(figure / scale)
            outside_count += outside
            shown: Callable[[float], str] = ((lambda v: f"{v * 100:.1f}") if scale == 100
                                             else (lambda v: f"{v:.3f}"))
            rows.append([" v ".join(sides.of(cell[key])) if sides else cell[key], name,
                         f"{figure:.1f}" if scale == 100 else f"{figure:.3f}",
                         f"{shown(estimate.value)} ({shown(estimate.low)}–{shown(estimate.high)})",
                         f"{(estimate.value - figure / scale) * scale:+.1f}" if scale == 100
                         else f"{estimate.value - figure:+.3f}",
                         "yes" if outside else "no"])
    return Section("Against the published figures", [
        f"Published: {preset.source}. It prints {len(preset.published)} of the pairings; "
        f"{outside_count} of {len(rows)} published figures lie outside our 95% interval."],
        ["pairing" if sides else key, "figure", "published", "measured (95%)", "difference",
         "outside?"], rows, shown=True)


def _measures(published: Published, s: CellStats) -> list[tuple[str, float, Estimate, float]]:
    measures = [("P1 win %", published.p1_win, s.win_rates[0], 100.0),
                ("P2 win %", published.p2_win, s.win_rates[1], 100.0),
                ("tie %", published.tie, s.draw_rate, 100.0)]
    if published.p1_avg is not None:
        measures.append(("P1 avg score", published.p1_avg, s.average_scores[0], 1.0))
    if published.p2_avg is not None:
        measures.append(("P2 avg score", published.p2_avg, s.average_scores[1], 1.0))
    return measures


def design_sections(spec: StudySpec, cells: list[dict[str, str]], games: int) -> list[Section]:
    """The design metrics of each cell, from its first ``games`` games replayed, and each kind
    of move's use."""
    return metric_sections([spec.simulation(cell) for cell in cells], cells,
                           [key for key, _ in spec.grid], games)


def metric_sections(simulations: Sequence[SimulationSpec], cells: Sequence[Mapping[str, str]],
                    keys: Sequence[str], games: int) -> list[Section]:
    """The design metrics of each simulation (a cell, named by its values of ``keys``), from
    its first ``games`` games replayed, and each kind of move's use; none for a game without
    a standing."""
    game = load(simulations[0].game)
    if games <= 0 or not isinstance(game, Measured):
        return []
    measured = [sample_metrics(simulation, games) for simulation in simulations]
    metrics = [m for m in measured if m is not None]
    unit = step_unit(game)
    steps = unit != "action"  # else the same as moves
    rounds = any(m.rounds.value for m in metrics)
    rows = [[*(cell[k] for k in keys), f"{m.games:,}", _mean(m.moves),
             *([_mean(m.steps)] if steps else []), *([_mean(m.rounds)] if rounds else []),
             _mean(m.lead_changes), _mean(m.decided_at), _pct(m.comebacks), _pct(m.close),
             _pct(m.ties)] for cell, m in zip(cells, metrics, strict=True)]
    comeback, close = game.standing_margins
    design = Section("Design metrics", [
        f"From the first {min(games, simulations[0].games):,} games of each setting, replayed "
        "move by move in the Python engine (docs/metrics.md defines each metric and each game's "
        f"standing). Comeback margin {comeback:g}, close margin {close:g}, in the standing's "
        "unit. Means with their 95% normal interval, rates with Wilson's.",
        "The leader is the seat with strictly the highest standing; lead changes: how often "
        "the leader becomes another seat. Decided at: in a won game, the share of its moves "
        "after which the winner leads for good. Comebacks: won games whose winner trailed by "
        "the comeback margin or more at some point; close finishes: won games won by the close "
        "margin or less (both of won games). Tie %: of the games traced."],
        [*keys, "games traced", "moves", *([f"{unit}s"] if steps else []),
         *(["rounds"] if rounds else []), "lead changes", "decided at", "comebacks",
         "close finishes", "tie %"], rows, shown=True)
    kinds = [[*(cell[k] for k in keys), k.kind, f"{k.share:.1%}", f"{k.per_game:.2f}",
              _pct(k.winner_used), _pct(k.loser_used), _pct(k.clinched)]
             for cell, m in zip(cells, metrics, strict=True) for k in m.kinds]
    return [design, Section("Kinds of move", [
        "Each kind of move's share of all moves and uses per game; in won games, how often "
        "the winner and a loser used it at least once, and how often it was the clinching "
        "move (the one after which the winner led for good)."],
        [*keys, "kind", "share of moves", "per game", "winner used", "loser used",
         "clinched"], kinds)]


def _mean(e: Estimate) -> str:
    return f"{e.value:.2f} ({e.low:.2f}–{e.high:.2f})"


def _draw(folder: Path, spec: StudySpec, labels: list[str], stats: list[CellStats],
          outcomes: Sequence[Sequence[GameOutcome]],
          everything: list[GameOutcome]) -> list[tuple[str, str]]:
    folder.mkdir(parents=True, exist_ok=True)
    unit = step_unit(load(spec.game))
    plots.rates_plot(folder / "rates.png", labels, stats)
    plots.advantage_plot(folder / "advantage.png", labels, stats)
    plots.scores_plot(folder / "scores.png", everything)
    plots.lengths_plot(folder / "lengths.png", labels, outcomes, unit)
    figures = [("rates.png", "Win and tie rates by setting, with 95% Wilson intervals"),
               ("advantage.png", "First-seat advantage by setting, with 95% intervals"),
               ("scores.png", "Distribution of scores per seat"),
               ("lengths.png", f"Game length in {unit}s by setting")]
    if len({o.rounds for o in everything}) > 1:  # one round each says nothing worth a plot
        plots.rounds_plot(folder / "rounds.png", everything)
        figures.append(("rounds.png", "Rounds per match"))
    return figures


def to_markdown(title: str, sections: Sequence[Section]) -> str:
    lines = [f"# {title}", ""]
    for section in sections:
        lines += [f"## {section.title}", ""]
        if section.bullets:
            lines += [f"- {paragraph}" for paragraph in section.text] + [""]
        else:
            for paragraph in section.text:
                lines += [paragraph, ""]
        if section.headers:
            lines.append("| " + " | ".join(section.headers) + " |")
            lines.append("|" + "|".join("---" for _ in section.headers) + "|")
            lines += ["| " + " | ".join(row) + " |" for row in section.rows]
            lines.append("")
        for name, caption in section.figures:
            lines += [f"![{caption}](plots/{name})", ""]
    return "\n".join(lines)


STYLE = ("body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
         "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
         "padding:.2em .5em;text-align:right}th{background:#f4f4f4}img{max-width:100%}")


def to_html(title: str, sections: Sequence[Section], plots_folder: Path) -> str:
    """One page with everything inside it: the figures are embedded as data URIs."""
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
             f"</title><style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    for section in sections:
        parts.append(f"<h2>{html.escape(section.title)}</h2>")
        items = [html.escape(paragraph) for paragraph in section.text]
        if section.bullets:
            parts.append("<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>")
        else:
            parts += [f"<p>{item}</p>" for item in items]
        if section.headers:
            head = "".join(f"<th>{html.escape(h)}</th>" for h in section.headers)
            body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                           for row in section.rows)
            parts.append(f"<table><tr>{head}</tr>{body}</table>")
        for name, caption in section.figures:
            data = base64.b64encode((plots_folder / name).read_bytes()).decode("ascii")
            parts.append(f"<figure><img alt='{html.escape(caption)}' "
                         f"src='data:image/png;base64,{data}'><figcaption>"
                         f"{html.escape(caption)}</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
