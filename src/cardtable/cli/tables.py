"""Rich tables for simulation summaries. Every column folds its text rather than cutting it
with an ellipsis, so a narrow console (80 columns) still shows every figure whole."""

from __future__ import annotations

from rich.table import Table

from cardtable.sim import Summary


def summary_table(summary: Summary, alternate: bool = False) -> Table:
    """Wins, draws, win rate with its 95% Wilson interval, mean score and mean length."""
    seats = "seats rotated" if alternate else "fixed seats"
    table = Table(title=f"{summary.game}: {summary.games} games, {seats}, {summary.seconds:.1f} s")
    for column in ("entrant", "wins", "win rate", "95% interval", "mean score"):
        table.add_column(column, justify="left" if column == "entrant" else "right",
                         overflow="fold")
    for entrant in summary.entrants:
        table.add_row(entrant.label, str(entrant.wins), f"{entrant.win_rate:.1%}",
                      f"{entrant.win_low:.1%} – {entrant.win_high:.1%}",
                      f"{entrant.mean_score:.2f}")
    table.add_row("draws", str(summary.draws), f"{summary.draw_rate:.1%}", "", "", style="dim")
    table.caption = f"mean length {summary.mean_length:.1f} moves"
    return table


def sweep_table(option: str, rows: list[tuple[str, Summary]]) -> Table:
    """One row per value of a swept option: each entrant's win rate with its 95% Wilson interval
    (low–high: the interval is not symmetric around the rate), the draw rate, and each entrant's
    match score (wins plus half the draws, over the games), as in a balance report."""
    first = rows[0][1]
    table = Table(title=f"{first.game}: {first.games} games per {option} value")
    table.add_column(option, overflow="fold")
    for entrant in first.entrants:
        table.add_column(f"{entrant.label} win %", justify="right", overflow="fold")
    table.add_column("draw %", justify="right", overflow="fold")
    for entrant in first.entrants:
        table.add_column(f"{entrant.label} match score", justify="right", overflow="fold")
    for value, summary in rows:
        wins = [f"{e.win_rate:.1%} ({e.win_low:.1%}–{e.win_high:.1%})" for e in summary.entrants]
        shares = [f"{(e.wins + summary.draws / len(summary.entrants)) / summary.games:.3f}"
                  for e in summary.entrants]
        table.add_row(value, *wins, f"{summary.draw_rate:.1%}", *shares)
    return table
