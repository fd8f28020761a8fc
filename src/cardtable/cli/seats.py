"""Who sits where: the seats of ``play`` (people and bots) and of ``simulate`` (bots), checked
against the game before anything is played, each mistake a usage error naming its flag."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer

from cardtable.bots import bot_names, check_bot_spec
from cardtable.core import Game, OptionError, game_class, game_names

HUMAN = "human"


def every_bot_name() -> list[str]:
    """The bots some game offers, for the help texts (each game lists its own in ``games``)."""
    return sorted({name for game in game_names() for name in bot_names(game_class(game)())})


def play_seats(game: Game[Any], specs: Sequence[str], vs: str, seed: int) -> list[str]:
    """Who plays each seat, ``"human"`` or a bot name, from ``--seat`` and ``--vs``.

    ``--seat N=WHO`` puts WHO in seat N, and a bare ``--seat N`` puts you there; seats left open
    go to ``--vs``. With no ``--seat`` at all you sit in seat 0, or every seat is a person's
    with ``--vs human`` (hot-seat).
    """
    players = game.num_players
    chosen: dict[int, str] = {}
    for spec in specs:
        number, sep, who = spec.partition("=")
        seat = _seat_number(number.strip(), players, spec)
        if seat in chosen:
            raise typer.BadParameter(f"seat {seat} is given twice", param_hint="--seat")
        chosen[seat] = who.strip() if sep else HUMAN
    if not specs and vs != HUMAN:
        chosen[0] = HUMAN
    seats = [chosen.get(seat, vs) for seat in range(players)]
    for seat, who in enumerate(seats):
        if who != HUMAN:
            _check_bot(game, who, "--seat" if seat in chosen else "--vs", f"; or {HUMAN}")
    return seats


def simulation_bots(game: Game[Any], names: list[str], seed: int) -> list[str]:
    """One bot name per seat (missing seats get random), each checked for this game."""
    seats = game.num_players
    if len(names) > seats:
        raise typer.BadParameter(f"{game.name} has {seats} seats here, not {len(names)}",
                                 param_hint="--bot")
    names = (names + ["random"] * seats)[:seats]
    for seat, name in enumerate(names):
        _check_bot(game, name, ("--p1", "--p2")[seat] if seat < 2 else "--bot")
    return names


def _check_bot(game: Game[Any], spec: str, flag: str, also: str = "") -> None:
    """Refuse a bot this game does not have, or settings it does not take
    (``ismcts:iterations=500`` is checked against the bot's own settings), naming the flag."""
    try:
        check_bot_spec(game, spec)
    except OptionError as error:
        raise typer.BadParameter(f"{error}{also}", param_hint=flag) from None


def _seat_number(text: str, players: int, spec: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise typer.BadParameter("a seat is written N=WHO (e.g. 0=human, 1=heuristic), "
                                 f"not {spec!r}", param_hint="--seat")
    if int(text) >= players:
        raise typer.BadParameter(f"there are seats 0 to {players - 1} here, not {int(text)}",
                                 param_hint="--seat")
    return int(text)
