"""``cardtable ladder``: a round robin between bots with win rates and Elo ratings."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from cardtable.bots import parse_bot_list
from cardtable.cli.progress import progress_bar
from cardtable.cli.run_options import (
    AddressOption,
    BackendOption,
    EngineOption,
    GameOptionOption,
    WorkersOption,
)
from cardtable.core.options import parse_option_text
from cardtable.sim.backends import make_backend
from cardtable.sim.ladder import Ladder, run_ladder
from cardtable.sim.stats import wilson_interval

console = Console()


def ladder_command(
    game: str = typer.Argument(..., help="The game's name."),
    bots: str = typer.Option("random,heuristic,ismcts", "--bots", help="Bot specs separated by "
                             "commas; a bot's settings follow a colon, e.g. "
                             "random,heuristic,ismcts:iterations=200,rollout=heuristic."),
    n_games: int = typer.Option(100, "--games", "-n", min=1, help="Games per pair of bots."),
    seed: int = typer.Option(0, "--seed", help="The ladder's seed."),
    workers: int | None = WorkersOption,
    backend: str = BackendOption,
    address: str | None = AddressOption,
    option: list[str] | None = GameOptionOption,
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    engine: str = EngineOption,
) -> None:
    """Play every pair of bots (seats alternating) and rank them: win rates with 95% Wilson
    intervals and Elo ratings with 95% intervals (Bradley-Terry fit)."""
    entrants = parse_bot_list(bots)
    pairs = len(entrants) * (len(entrants) - 1) // 2
    with make_backend(backend, workers, address) as runner, \
            progress_bar(console, f"{game} ladder", pairs * n_games, quiet=as_json) as advance:
        ladder = run_ladder(game, entrants, n_games, runner, seed,
                            parse_option_text(option or []), advance, engine)
    if as_json:
        print(json.dumps(ladder.to_dict(), indent=1, ensure_ascii=False))
    else:
        console.print(standings_table(ladder))
        console.print(pairings_table(ladder))


def standings_table(ladder: Ladder) -> Table:
    table = Table(title=f"{ladder.game}: {ladder.games_per_pair} games per pair, seats "
                        f"alternating, seed {ladder.seed}")
    for column in ("bot", "Elo (95%)", "games", "W-D-L", "win rate (95%)"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in ladder.standings:
        table.add_row(s.bot, f"{s.rating.elo:+.0f} ({s.rating.low:+.0f} to {s.rating.high:+.0f})",
                      str(s.games), f"{s.wins}-{s.draws}-{s.losses}",
                      f"{s.win_rate:.1%} ({s.win_low:.1%}–{s.win_high:.1%})")
    table.caption = "Elo centred on the mean of these bots; a draw counts half a win"
    return table


def pairings_table(ladder: Ladder) -> Table:
    table = Table(title="head to head")
    for column in ("bot", "against", "W-D-L", "win rate (95%)"):
        table.add_column(column, justify="left" if column in ("bot", "against") else "right")
    for p in ladder.pairings:
        low, high = wilson_interval(p.first_wins, p.games)
        table.add_row(ladder.bots[p.first], ladder.bots[p.second],
                      f"{p.first_wins}-{p.draws}-{p.second_wins}",
                      f"{p.first_wins / p.games:.1%} ({low:.1%}–{high:.1%})")
    return table
