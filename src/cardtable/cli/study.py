"""``cardtable study``: bot-versus-bot games over a grid of settings, with a report folder."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from cardtable.bots import parse_bot_list
from cardtable.cli.progress import progress_bar
from cardtable.cli.run_options import AddressOption, BackendOption, EngineOption, WorkersOption
from cardtable.core import OptionError, load
from cardtable.core.options import parse_option_text
from cardtable.sim.backends import Backend, make_backend
from cardtable.sim.chunks import CHUNK_GAMES
from cardtable.sim.metrics import SAMPLE_GAMES
from cardtable.sim.presets import Switches, preset_for
from cardtable.sim.report import Section, metric_sections, write_report
from cardtable.sim.runner import SimulationSpec
from cardtable.sim.search import SearchSpec, games_to_play, search
from cardtable.sim.search_report import write_search_report
from cardtable.sim.store import StudyStore, games_saved
from cardtable.sim.study import StudySpec, run_study

console = Console()


def study_command(
    game: str = typer.Argument(..., help="The game's name."),
    bots: str | None = typer.Option(None, "--bots", help="One bot spec per seat, separated by "
                                       "commas (default: the game's heuristic in every seat)."),
    n_games: int = typer.Option(1000, "--games", "-n", min=1, help="Games per setting."),
    vary: list[str] | None = typer.Option(None, "--vary", help="A grid dimension, "
                                             "key=v1;v2;... (repeatable): a game option, or "
                                             "seats=as-given;swapped."),
    option: list[str] | None = typer.Option(None, "--option", "-o",
                                               help="A game option for every setting, key=value."),
    preset: bool = typer.Option(True, "--preset/--no-preset", help="Start from the game's "
                                "known study (The Queen's Mercy: the rule text's balance report)."),
    seed: int = typer.Option(0, "--seed", help="The study's seed."),
    out: Path | None = typer.Option(None, "--out", help="The report folder "
                                       "(default: study-GAME)."),
    resume: bool = typer.Option(False, "--resume", help="Continue the study in --out, playing "
                                "only the chunks not yet finished."),
    workers: int | None = WorkersOption,
    backend: str = BackendOption,
    address: str | None = AddressOption,
    chunk_games: int = typer.Option(CHUNK_GAMES, "--chunk-games", min=1,
                                    help="Games per chunk (the unit of work and of resuming)."),
    search_mode: bool = typer.Option(False, "--search", help="Search for a balanced setting: "
                                     "play every combination of the game's rule switches (or "
                                     "of the --vary dimensions) over the preset's grid, then "
                                     "confirm the most even with --games games per cell."),
    screen_games: int = typer.Option(300, "--screen-games", min=1,
                                     help="With --search: games per cell in the screen."),
    keep: int = typer.Option(4, "--keep", min=1,
                             help="With --search: how many settings to confirm."),
    metric_games: int = typer.Option(SAMPLE_GAMES, "--metrics-games", min=0,
                                     help="Games of each setting replayed for the design "
                                     "metrics (the first ones; 0: none)."),
    engine: str = EngineOption,
) -> None:
    """Play bots against each other over a grid of settings and write a report folder:
    Markdown, a self-contained HTML page with plots, and the raw results as CSV and Parquet."""
    name = load(game).name
    known = preset_for(name) if preset else None
    grid = dict(known.grid) if known else {}
    varied = _grid(vary or [])
    if not search_mode:
        grid.update(varied)
    options = {**(known.options if known else {}), **parse_option_text(option or [])}
    seats = parse_bot_list(bots) if bots else list(known.bots if known else ("heuristic",) * 2)
    spec = StudySpec(name, tuple(seats), n_games, seed, options, tuple(grid.items()),
                     chunk_games, engine).check()
    started = time.perf_counter()
    if search_mode:
        switches = Switches(tuple(varied.items())) if varied else known and known.switches
        if not switches:
            raise OptionError(f"{name} has no known switches to search: name them with --vary")
        _search(SearchSpec(spec, switches, screen_games, keep).check(),
                out or Path(f"search-{name}"), resume, lambda: make_backend(backend, workers,
                                                                           address))
        console.print(f"done in {time.perf_counter() - started:.1f} s")
        return
    folder = out or Path(f"study-{name}")
    store = StudyStore.open(folder, spec.to_dict(), resume)
    total = n_games * len(spec.cells())
    done = games_saved(folder)
    with _stopped_note(folder, total), \
            make_backend(backend, workers, address) as runner, \
            progress_bar(console, f"{name} study", total, done) as advance:
        outcomes = run_study(spec, store, runner, advance)
    sections = write_report(folder, spec, outcomes, known, metric_games)
    for section in sections:
        if section.shown:
            _show(section)
    raw = " and ".join(p.name for p in (folder / "results.csv", folder / "results.parquet")
                       if p.exists())
    console.print(f"{total - done:,} games played in {time.perf_counter() - started:.1f} s; "
                  f"report in {folder}/report.md and report.html, raw results in "
                  f"{folder}/{raw}")


def _search(spec: SearchSpec, folder: Path, resume: bool,
            backend: Callable[[], Backend]) -> None:
    total = games_to_play(spec)
    with _stopped_note(folder, total), backend() as runner, \
            progress_bar(console, f"{spec.base.game} search", total,
                         games_saved(folder) if resume else 0) as advance:
        result = search(spec, folder, runner, resume, advance)
    for section in write_search_report(folder, spec, result):
        if section.title in ("Answer", "Confirmed"):
            _show(section)
    console.print(f"the search's report is in {folder}/search.md, every setting in "
                  f"{folder}/search.csv, each confirmed setting's study in {folder}/confirm/")


@contextmanager
def _stopped_note(folder: Path, total: int) -> Iterator[None]:
    """On Ctrl-C, say what is saved and how to go on."""
    try:
        yield
    except KeyboardInterrupt:
        console.print(f"stopped: {games_saved(folder):,} of {total:,} games are saved in {folder}; "
                      "the same command with --resume continues from there")
        raise


def _grid(pairs: list[str]) -> dict[str, tuple[str, ...]]:
    grid = {}
    for text in pairs:
        key, sep, values = text.partition("=")
        parts = tuple(p.strip() for p in values.replace("|", ";").split(";") if p.strip())
        if not sep or not key.strip() or not parts:
            raise OptionError(f"--vary is written key=value1;value2;..., not {text!r}")
        grid[key.strip().replace("-", "_")] = parts
    return grid


def show_metrics(spec: SimulationSpec, games: int) -> None:
    """Show the design metrics of a simulation's first ``games`` games (nothing for 0)."""
    for section in metric_sections([spec], [{}], [], games):
        _show(section)


def _show(section: Section) -> None:
    for paragraph in section.text:
        console.print(paragraph)
    if section.headers:
        table = Table(title=section.title)
        for header in section.headers:
            table.add_column(header)
        for row in section.rows:
            table.add_row(*row)
        console.print(table)
