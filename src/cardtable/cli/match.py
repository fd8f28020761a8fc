"""``cardtable match``: is one bot stronger than another? A sequential test on paired deals
(``cardtable.sim.sprt``) that stops as soon as the evidence decides."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from cardtable.cli.progress import progress_bar
from cardtable.cli.run_options import (
    AddressOption,
    BackendOption,
    EngineOption,
    GameOptionOption,
    WorkersOption,
)
from cardtable.cli.seats import simulation_bots
from cardtable.core import load
from cardtable.core.options import parse_option_text
from cardtable.sim.backends import make_backend
from cardtable.sim.sprt import Hypotheses, PairedDeals, SprtResult, run_sprt

console = Console()


def match_command(
    game: str = typer.Argument(..., help="The game's name."),
    a: str = typer.Option(..., "--a", help="The bot tested (A), e.g. ismcts:iterations=300."),
    b: str = typer.Option("heuristic", "--b", help="The bot it is tested against (B)."),
    elo0: float = typer.Option(0.0, "--elo0", help="H0: A is at most this much stronger (Elo)."),
    elo1: float = typer.Option(30.0, "--elo1", help="H1: A is at least this much stronger."),
    alpha: float = typer.Option(0.05, "--alpha", help="The chance of accepting H1 wrongly."),
    beta: float = typer.Option(0.05, "--beta", help="The chance of accepting H0 wrongly."),
    seed: int = typer.Option(..., "--seed", help="The deals' seed, chosen before the run and "
                             "never used to tune either bot."),
    first: int = typer.Option(0, "--first-deal", min=0, help="The first deal's number."),
    max_pairs: int = typer.Option(5000, "--max-pairs", min=1,
                                  help="Pairs of games at most; no verdict if they run out."),
    batch: int = typer.Option(4, "--batch", min=1, help="Deals a worker plays at a time."),
    workers: int | None = WorkersOption,
    backend: str = BackendOption,
    address: str | None = AddressOption,
    option: list[str] | None = GameOptionOption,
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    engine: str = EngineOption,
) -> None:
    """Test whether bot A is stronger than bot B: each deal is played twice with seats swapped,
    and a sequential probability ratio test stops once H1 (A at least ELO1 stronger) or H0 (A
    at most ELO0 stronger) is accepted at the stated error rates."""
    options = parse_option_text(option or [])
    loaded = load(game, **options)
    simulation_bots(loaded, [a, b], seed)  # refuse a bot this game lacks before any worker
    deals = PairedDeals(loaded.name, a, b, seed, first, options, engine)
    hypotheses = Hypotheses(elo0, elo1, alpha, beta)
    with make_backend(backend, workers, address) as runner, \
            progress_bar(console, f"{loaded.name}: A against B", max_pairs,
                         quiet=as_json) as advance:
        result = run_sprt(deals, hypotheses, runner, max_pairs, batch, lambda _: advance(1))
    if as_json:
        print(json.dumps(result.to_dict(), indent=1, ensure_ascii=False))
        return
    console.print(result_table(result))
    console.print(verdict_text(result))


def result_table(result: SprtResult) -> Table:
    deals, h = result.deals, result.hypotheses
    table = Table(title=f"{deals.game}: A = {deals.first}, B = {deals.second}; deals "
                        f"{deals.start}–{deals.start + result.pairs - 1} of seed {deals.seed}, "
                        f"each played twice with seats swapped, in the {deals.engine} engine")
    for column in ("pairs", "A's pair points 0 / ½ / 1 / 1½ / 2", "A's games W-D-L",
                   "Elo of A over B (95%)", "LLR (bounds)"):
        table.add_column(column, justify="right")
    elo, low, high = result.elo()
    table.add_row(str(result.pairs), " / ".join(str(n) for n in result.pentanomial),
                  f"{result.wins}-{result.draws}-{result.losses}",
                  f"{elo:+.0f} ({low:+.0f} to {high:+.0f})",
                  f"{result.llr:+.2f} ({h.lower:+.2f} to {h.upper:+.2f})")
    table.caption = (f"GSPRT, logistic Elo: H0 elo ≤ {h.elo0:g}, H1 elo ≥ {h.elo1:g}, "
                     f"alpha {h.alpha:g}, beta {h.beta:g}")
    return table


def verdict_text(result: SprtResult) -> str:
    h = result.hypotheses
    if result.verdict == "H1":
        return (f"H1 accepted: A is stronger than B by at least {h.elo1:g} Elo "
                f"(false-claim rate {h.alpha:g}).")
    if result.verdict == "H0":
        return (f"H0 accepted: A is not stronger than B by more than {h.elo0:g} Elo "
                f"(missed-gain rate {h.beta:g}).")
    return (f"No verdict after {result.pairs} pairs (the most allowed): the difference lies "
            "between the two hypotheses, or more pairs are needed.")
