"""The ``cardtable`` command: list games, read rules, play in the terminal, simulate, replay, solve.

The CLI speaks only the core protocol: every game is drawn by its own ``describe(view)`` and
driven through ``to_act`` / ``legal_actions`` / ``parse_action`` / ``apply``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                           TimeRemainingColumn)

from cardtable.bots import bot_names
from cardtable.cli.rules_pages import rules_page
from cardtable.cli.tables import summary_table, sweep_table
from cardtable.core import CardtableError, OptionError, Record, game_class, game_names, load, replay
from cardtable.core.options import option_choices, parse_option_text

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Five original card games: play them, watch bots play them, study them.",
)
console = Console()
errors = Console(stderr=True)

OptionArg = typer.Option(None, "--option", "-o", help="A game option as key=value (repeatable); "
                         "any game option may also be given as --key value.")
GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Commands that take a game's options also accept them as flags: ``--variant matriarch``."""


def _options(pairs: Optional[List[str]], extra: Optional[List[str]] = None) -> dict[str, str]:
    """The game options from ``-o key=value`` pairs and from ``--key value`` flags."""
    options = parse_option_text(pairs or [])
    words = list(extra or [])
    while words:
        word = words.pop(0)
        if not word.startswith("--") or len(word) < 3:
            raise OptionError(f"unexpected argument {word!r} (game options are --key value)")
        key, sep, value = word[2:].partition("=")
        if not sep:
            if not words or words[0].startswith("--"):
                raise OptionError(f"the game option --{key} needs a value")
            value = words.pop(0)
        options[key] = value
    return options


@app.command("games")
def games_command() -> None:
    """List the games, their players and their options."""
    from rich.table import Table

    table = Table(title="cardtable games")
    table.add_column("name", style="bold")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options")
    for name in game_names():
        cls = game_class(name)
        players = str(cls.min_players) if cls.min_players == cls.max_players else f"{cls.min_players}-{cls.max_players}"
        options = "\n".join(f"{k}: {v}" for k, v in option_choices(cls.Options).items())
        table.add_row(name, cls.title, players, options)
    console.print(table)


@app.command("rules")
def rules_command(game: str = typer.Argument(..., help="The game's name (see `cardtable games`).")) -> None:
    """Show a game's rules page."""
    cls = game_class(game)
    console.print(Markdown(rules_page(cls.name)))


@app.command("play", context_settings=GAME_OPTIONS)
def play_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game's name."),
    vs: str = typer.Option("heuristic", "--vs", help="The bot to play against, or 'human' for hot-seat."),
    seed: Optional[int] = typer.Option(None, "--seed", help="The deal's seed (random if omitted)."),
    seat: int = typer.Option(0, "--seat", help="Your seat (0 is the first player)."),
    option: Optional[List[str]] = OptionArg,
    save: Optional[Path] = typer.Option(None, "--save", help="Keep the game record in this file, updated after every move."),
) -> None:
    """Play a game in the terminal against a bot, or hot-seat with --vs human."""
    from cardtable.cli.terminal_game import TerminalGame

    chosen_seed = seed if seed is not None else int(time.time() * 1000) % 1_000_000
    session = TerminalGame(load(game, **_options(option, ctx.args)), vs=vs, seed=chosen_seed, seat=seat,
                           save=save, console=console)
    session.run()


@app.command("simulate", context_settings=GAME_OPTIONS)
def simulate_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game's name."),
    n_games: int = typer.Option(1000, "--games", "-n", min=1, help="How many games."),
    p1: str = typer.Option("heuristic", "--p1", help="The first seat's bot."),
    p2: str = typer.Option("random", "--p2", help="The second seat's bot."),
    others: Optional[List[str]] = typer.Option(None, "--bot", help="Bots for seats 3 and on (repeatable)."),
    seed: int = typer.Option(0, "--seed", help="The simulation's seed: game i uses a seed derived from it."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, help="Worker processes (default: all cores)."),
    alternate: bool = typer.Option(False, "--alternate-seats", help="Rotate the bots' seats game by game."),
    sweep: Optional[str] = typer.Option(None, "--sweep", help="Repeat for each value of one option, "
                                        "key=v1;v2;... (e.g. suits=♠♥;♥♠), one table row each."),
    option: Optional[List[str]] = OptionArg,
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Play bots against each other and report wins, draws and scores with 95% intervals."""
    from cardtable.sim import SimulationSpec

    options = _options(option, ctx.args)
    loaded = load(game, **options)
    names = _seat_bots(loaded, [p1, p2, *(others or [])], seed)
    labels = [f"p{i + 1} {name}" for i, name in enumerate(names)]
    if sweep is None:
        spec = SimulationSpec(loaded.name, tuple(names), n_games, seed, options, alternate)
        summary = _simulate(spec, workers, labels, as_json)
        if as_json:
            print(json.dumps(summary.to_dict(), indent=1))
        else:
            console.print(summary_table(summary, alternate))
        return
    key, values = _sweep_values(sweep)
    rows = []
    for value in values:
        swept = {**options, key: value}
        load(game, **swept)  # refuse a bad value before playing any game
        spec = SimulationSpec(loaded.name, tuple(names), n_games, seed, swept, alternate)
        rows.append((value, _simulate(spec, workers, labels, as_json)))
    if as_json:
        print(json.dumps([{"option": key, "value": v, **summary.to_dict()} for v, summary in rows], indent=1))
    else:
        console.print(sweep_table(key, rows))


def _seat_bots(game, names: list[str], seed: int) -> list[str]:
    """One bot name per seat (missing seats get random), each checked for this game."""
    seats = game.new_state(seed).num_players
    if len(names) > seats:
        raise OptionError(f"{game.name} has {seats} seats here, not {len(names)}")
    names = (names + ["random"] * seats)[:seats]
    known = bot_names(game)
    for name in names:
        if name not in known:
            raise typer.BadParameter(f"no bot called {name!r} for {game.name} (known: {', '.join(known)})")
    return names


def _sweep_values(text: str) -> tuple[str, list[str]]:
    key, sep, values = text.partition("=")
    parts = [part.strip() for part in values.replace("|", ";").split(";") if part.strip()]
    if not sep or not key.strip() or not parts:
        raise OptionError(f"--sweep is written key=value1;value2;..., not {text!r}")
    return key.strip(), parts


def _simulate(spec, workers: Optional[int], labels: list[str], quiet: bool):
    """Run one simulation, with a progress bar unless ``quiet``, and summarize it."""
    from cardtable.sim import simulate, summarize

    started = time.perf_counter()
    if quiet:
        outcomes = simulate(spec, workers)
    else:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task(spec.game, total=spec.games)
            outcomes = simulate(spec, workers, progress=lambda n: bar.advance(task, n))
    return summarize(spec.game, labels, outcomes, time.perf_counter() - started)


@app.command("replay")
def replay_command(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    show: bool = typer.Option(False, "--show", help="Draw the table after every move."),
) -> None:
    """Check a game record by replaying it move by move, and print its moves and result."""
    record = Record.load(file)
    game = load(record.game, **record.options)

    def on_move(number, player, action, state):
        console.print(f"{number:>4}. player {player} ({record.players[player] if player < len(record.players) else '?'}): {action}")
        if show:
            console.print(game.describe(state.view(None)))

    state = replay(record, on_move)
    result = state.result()
    console.print(f"[bold]replayed {len(record.moves)} moves of {record.game}[/bold]")
    console.print(result.summary if result else "the game is not over")


@app.command("solve", context_settings=GAME_OPTIONS)
def solve_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game's name."),
    option: Optional[List[str]] = OptionArg,
) -> None:
    """Run a game's exact solver (where the game has one) and print its report."""
    loaded = load(game, **_options(option, ctx.args))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task(f"solving {game}", total=None)

        def progress(done: int, total: int, doing: str = "") -> None:
            bar.update(task, completed=done, total=total, description=f"{game}: {doing}")

        try:
            report = loaded.solve(progress)
        except NotImplementedError as error:
            raise CardtableError(str(error)) from None
    console.print(Markdown(report))


from cardtable.cli.ladder import ladder_command  # noqa: E402  (registered after the core commands)

from cardtable.cli.study import study_command  # noqa: E402

app.command("ladder")(ladder_command)
app.command("study")(study_command)


def main() -> None:
    """Entry point: every error of bad input is one clear line, never a traceback."""
    try:
        app(standalone_mode=False)
    except CardtableError as error:
        errors.print(f"[red]error:[/red] {error}")
        sys.exit(2)
    except typer.Abort:
        errors.print("aborted")
        sys.exit(1)
    except (typer.Exit, SystemExit) as done:
        code = getattr(done, "exit_code", None)
        sys.exit(code if code is not None else getattr(done, "code", 0))
    except Exception as error:  # click usage errors
        import click

        if isinstance(error, click.ClickException):
            error.show()
            sys.exit(error.exit_code)
        raise
