"""Bot-versus-random matches shared by the games' bot tests."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.bots import RandomBot
from cardtable.core import Game, Seat, play_game


def wins_against_random(game: Game, make_bot: Callable[[Game, int], Seat], games: int,
                        first_seed: int = 0) -> int:
    """How many of ``games`` two-player games the bot wins against random play, taking seat 0
    and seat 1 in turn (game i is dealt from seed ``first_seed + i``)."""
    wins = 0
    for i in range(games):
        seed = first_seed + i
        seat = i % 2
        bots: list[Seat] = [RandomBot(game, seed), RandomBot(game, seed + 1)]
        bots[seat] = make_bot(game, seed)
        wins += play_game(game, bots, seed, keep_record=False).state.result().winner == seat
    return wins
