"""The ``cardtable`` command: list games, read rules, play in the terminal, simulate, replay, solve.

The CLI speaks only the core protocol: every game is drawn by its own ``describe(view)`` and
driven through ``to_act`` / ``legal_actions`` / ``parse_action`` / ``apply``.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, NoReturn, Protocol, runtime_checkable

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cardtable.bots import bot_names
from cardtable.cli.hint import Analyses, analysis
from cardtable.cli.rules_pages import rules_page
from cardtable.cli.run_options import EngineOption
from cardtable.cli.seats import HUMAN, every_bot_name, play_seats, simulation_bots
from cardtable.cli.serve import serve_command
from cardtable.cli.tables import summary_table, sweep_table
from cardtable.cli.terminal_game import TerminalGame
from cardtable.core import (
    CardtableError,
    Game,
    OptionError,
    Record,
    State,
    game_class,
    game_names,
    load,
    replay,
)
from cardtable.core.options import option_choices, option_help, parse_option_text
from cardtable.core.protocol import describe
from cardtable.core.record import read_json
from cardtable.sim import SimulationSpec, Summary, simulate, summarize

app = typer.Typer(
    add_completion=False,
    help="Five original card games: play them, watch bots play them, study them.",
)
console = Console()
errors = Console(stderr=True)
INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it; Typer
turns a KeyboardInterrupt inside any command into it."""
INTERNAL_ERROR = 1
"""The exit status of a command that failed on a bug of its own (never on bad input: that is 2)."""
BOTS = ", ".join(every_bot_name())
"""The bots some game offers, named in the help of play and simulate."""
MAX_WORKERS = os.cpu_count() or 1
"""More worker processes than cores only adds overhead: ``--workers`` is capped here."""

OptionArg = typer.Option(None, "--option", "-o", help="A game option as key=value (repeatable); "
                         "any game option may also be given as --key value.")
GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Commands that take a game's options also accept them as flags: ``--variant matriarch``."""


def _options(pairs: list[str] | None, extra: list[str] | None = None) -> dict[str, str]:
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


@app.callback(invoke_without_command=True)
def overview(ctx: typer.Context) -> None:
    """Without a command, show the help (and exit 0: asking for it is not an error)."""
    if ctx.invoked_subcommand is None:
        console.print(ctx.get_help())


@app.command("games")
def games_command() -> None:
    """List the games: their players, their bots and every option with its default and help."""
    for name in game_names():
        cls = game_class(name)
        players = (str(cls.min_players) if cls.min_players == cls.max_players
                   else f"{cls.min_players}-{cls.max_players}")
        console.print(f"[bold]{name}[/bold]: {escape(cls.title)}; {players} players; "
                      f"bots: {', '.join(bot_names(cls()))}")
        options = Table.grid(padding=(0, 2))
        options.add_column(overflow="fold")
        options.add_column(overflow="fold")
        helped = option_help(cls.Options)
        for option, described in option_choices(cls.Options).items():
            options.add_row(f"  {option}", escape(described))
            told = helped[option]
            if told.help:  # its plain name, what it does and the rule it changes
                rule = f" ({told.rule})" if told.rule else ""
                options.add_row("", f"[dim]{escape(f'{told.label}: {told.help}{rule}')}[/dim]")
        console.print(options)


@app.command("rules")
def rules_command(
    game: str = typer.Argument(..., help="The game's name (see `cardtable games`)."),
) -> None:
    """Show a game's rules page."""
    cls = game_class(game)
    console.print(Markdown(rules_page(cls.name)))


@app.command("play", context_settings=GAME_OPTIONS)
def play_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game's name."),
    vs: str = typer.Option("heuristic", "--vs",
                           help=f"Who plays the seats --seat leaves open: a bot ({BOTS}; "
                                f"`cardtable games` lists each game's) or {HUMAN} (hot-seat: "
                                "every seat a person at this keyboard)."),
    seed: int | None = typer.Option(None, "--seed", help="The deal's seed (random if omitted)."),
    seat: list[str] | None = typer.Option(None, "--seat",
                                          help=f"Who plays seat N, as N=WHO (WHO: {HUMAN} "
                                               "or a bot; repeatable), or just N: you play seat N. "
                                               "Without it you play seat 0."),
    option: list[str] | None = OptionArg,
    save: str | None = typer.Option(None, "--save", help="Keep the game record in this file, "
                                                         "updated after every move."),
) -> None:
    """Play a game in the terminal: you against bots, people at one keyboard, or any mix."""
    # bytes that are not UTF-8 become "not a move", not a crash
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    chosen_seed = seed if seed is not None else int(time.time() * 1000) % 1_000_000
    loaded = load(game, **_options(option, ctx.args))
    seats = play_seats(loaded, seat or [], vs, chosen_seed)
    session = TerminalGame(loaded, seats, seed=chosen_seed, save=save, console=console)
    session.run()  # Ctrl-C: the session keeps the record, then Typer exits with status 130


@app.command("simulate", context_settings=GAME_OPTIONS)
def simulate_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game's name."),
    n_games: int = typer.Option(1000, "--games", "-n", min=1, help="How many games."),
    p1: str = typer.Option("heuristic", "--p1", help=f"The first seat's bot ({BOTS})."),
    p2: str = typer.Option("random", "--p2", help="The second seat's bot."),
    others: list[str] | None = typer.Option(None, "--bot",
                                            help="Bots for seats 3 and on (repeatable)."),
    seed: int = typer.Option(0, "--seed",
                             help="The simulation's seed: game i uses a seed derived from it."),
    workers: int | None = typer.Option(None, "--workers", "-w", min=1,
                                       help="Worker processes (default and most: the cores, "
                                            f"{MAX_WORKERS})."),
    alternate: bool = typer.Option(False, "--alternate-seats",
                                   help="Rotate the bots' seats game by game."),
    sweep: str | None = typer.Option(None, "--sweep", help="Repeat for each value of one option, "
                                        "key=v1;v2;... (e.g. suits=♠♥;♥♠), one table row each."),
    option: list[str] | None = OptionArg,
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    metric_games: int = typer.Option(0, "--metrics-games", min=0, help="Also replay the first N "
                                     "games for the design metrics (docs/metrics.md)."),
    engine: str = EngineOption,
) -> None:
    """Play bots against each other and report wins, draws and scores with 95% intervals."""
    options = _options(option, ctx.args)
    loaded = load(game, **options)
    names = simulation_bots(loaded, [p1, p2, *(others or [])], seed)
    workers = min(workers or MAX_WORKERS, MAX_WORKERS)
    labels = [f"seat {i + 1} {name}" for i, name in enumerate(names)]
    if sweep is None:
        spec = SimulationSpec(loaded.name, tuple(names), n_games, seed, options, alternate, engine)
        summary = _simulate(spec, workers, labels, as_json)
        if as_json:
            print(json.dumps(summary.to_dict(), indent=1))
        else:
            console.print(summary_table(summary, alternate))
            show_metrics(spec, metric_games)
        return
    key, values = _sweep_values(sweep)
    rows = []
    for value in values:
        swept = {**options, key: value}
        load(game, **swept)  # refuse a bad value before playing any game
        spec = SimulationSpec(loaded.name, tuple(names), n_games, seed, swept, alternate, engine)
        rows.append((value, _simulate(spec, workers, labels, as_json)))
    if as_json:
        print(json.dumps([{"option": key, "value": v, **summary.to_dict()} for v, summary in rows],
                         indent=1))
    else:
        console.print(sweep_table(key, rows))


def _sweep_values(text: str) -> tuple[str, list[str]]:
    key, sep, values = text.partition("=")
    parts = [part.strip() for part in values.replace("|", ";").split(";") if part.strip()]
    if not sep or not key.strip() or not parts:
        raise OptionError(f"--sweep is written key=value1;value2;..., not {text!r}")
    return key.strip(), parts


def _simulate(spec: SimulationSpec, workers: int | None, labels: list[str], quiet: bool) -> Summary:
    """Run one simulation, with a progress bar unless ``quiet``, and summarize it."""
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

    def on_move(number: int, player: int, action: Any, state: State[Any]) -> None:
        console.print(f"{number:>4}. seat {player + 1} ({escape(record.players[player])}): "
                      f"{escape(str(action))}")
        if show:
            console.print(escape(describe(game, state.view(None))))

    state = replay(record, on_move)
    result = state.result()
    console.print(f"[bold]replayed {len(record.moves)} moves of {escape(record.game)}[/bold]")
    console.print(escape(result.summary) if result else "the game is not over")


@runtime_checkable
class Solves(Protocol):
    """A game small enough to solve whole under its options (``cardtable solve``)."""

    def solve(self, progress: Any = None) -> str:
        """An exact analysis of the game under these options, as a Markdown report.
        ``progress(done, total, doing)`` may be called with the steps done, the number of
        steps and the step starting now."""
        ...


@app.command("solve", context_settings=GAME_OPTIONS)
def solve_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game's name."),
    option: list[str] | None = OptionArg,
    position: Path | None = typer.Option(
        None, "--position", help="Analyse this saved position (JSON) instead of the game."),
) -> None:
    """Run a game's exact solver (where the game has one) and print its report."""
    if position is not None:
        _solve_position(game, position)
        return
    loaded = load(game, **_options(option, ctx.args))
    if not isinstance(loaded, Solves):
        raise CardtableError(f"{loaded.name} has no solver" + _position_hint(loaded))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task(f"solving {game}", total=None)

        def progress(done: int, total: int, doing: str = "") -> None:
            bar.update(task, completed=done, total=total, description=f"{game}: {doing}")

        report = loaded.solve(progress)
    console.print(Markdown(report))


from cardtable.cli.ladder import ladder_command  # noqa: E402  (registered after the core commands)
from cardtable.cli.match import match_command  # noqa: E402
from cardtable.cli.study import show_metrics, study_command  # noqa: E402

app.command("ladder")(ladder_command)
app.command("match")(match_command)
app.command("study")(study_command)
app.command("serve")(serve_command)


def _position_hint(game: Game[Any]) -> str:
    """Where a game without a whole-game solver solves positions exactly, say how to ask."""
    if not isinstance(game, Analyses):
        return ""
    return (f"; it solves positions exactly: cardtable solve {game.name} --position FILE "
            "(a position saved as JSON, e.g. by State.position())")


POSITION_DEPTH = 16
"""Levels of nesting in a saved position at most (the games' positions use five)."""


def _solve_position(game: str, path: Path) -> None:
    """Print the exact analysis of every decision pending in a saved position."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise CardtableError(f"cannot read the position {path}: {error.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CardtableError(f"the position {path} is not UTF-8 text "
                             f"(byte {error.start})") from None
    data = read_json(text, f"the position {path}", POSITION_DEPTH)
    if not isinstance(data, dict) or not isinstance(data.get("options", {}), dict):
        raise CardtableError(f"{path} is not a position: a JSON object with its options")
    loaded = load(game, **data.get("options", {}))
    state = loaded.from_position(data)
    for player in state.to_act():
        shown = (analysis(loaded, state, player)
                 or "not solved exactly here (the game cannot from this point)")
        console.print(f"seat {player + 1}: {escape(shown)}")
    if not state.to_act():
        console.print("nobody is to act in this position")


def main() -> None:
    """Entry point: bad input of every kind is one clear line and status 2, never a traceback;
    an interrupted command says so and exits with status 130."""
    _watch_interrupts()
    try:
        status = app(standalone_mode=False)
    except CardtableError as error:
        _fail(str(error), 2)
    except typer.TyperException as error:  # Typer's usage errors (it ships its own Click)
        context = getattr(error, "ctx", None)
        more = f" (see: {context.command_path} --help)" if context is not None else ""
        _fail(error.format_message() + more, error.exit_code)
    except typer.Abort:  # end of input at a Typer prompt (or Ctrl-C inside Click)
        _fail("aborted", 1)
    except Exception as error:  # a bug: one line for the person, the traceback on request
        if os.environ.get("CARDTABLE_TRACEBACK"):
            raise
        _fail(f"cardtable failed ({type(error).__name__}: {error}). This is a bug in cardtable: "
              "please report it with the command you ran (CARDTABLE_TRACEBACK=1 shows where it "
              "failed)", INTERNAL_ERROR)
    if INTERRUPTS:  # wherever Ctrl-C landed, even where the command then ended its own way
        status = INTERRUPTED
    if status == INTERRUPTED:
        errors.print("interrupted")
    sys.exit(status if isinstance(status, int) else 0)


INTERRUPTS: list[int] = []
"""The Ctrl-C signals this process received (see ``_watch_interrupts``)."""


def _watch_interrupts() -> None:
    """Note every Ctrl-C, then raise ``KeyboardInterrupt`` as Python does. The note makes the
    answer (status 130) independent of where the signal lands: while a bot thinks, at a prompt,
    or just as the end of input stops a game."""
    def interrupted(signum: int, frame: Any) -> None:
        INTERRUPTS.append(signum)
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, interrupted)


def _fail(message: str, status: int) -> NoReturn:
    """Print one line (the message's whitespace folded) on stderr and exit with ``status``;
    after a Ctrl-C, whatever failed on the way out, say that it was interrupted (130)."""
    if INTERRUPTS:
        errors.print("interrupted")
        sys.exit(INTERRUPTED)
    printable = message.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
    errors.print(f"[red]error:[/red] {escape(' '.join(printable.split()))}", soft_wrap=True)
    sys.exit(status)
