"""Writing a match as JSON-ready data and reading it back, refusing impossible positions.

Grades are not stored: they follow from the secret and the guesses, so a position cannot hold
a grade that contradicts its own secret. ``docs/positions/patriarch.md`` lists every field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import CardtableError, Game, InvalidPositionError
from cardtable.core.positions import read_int, shown
from cardtable.games.patriarch import rules, trees
from cardtable.games.patriarch.actions import PatriarchAction
from cardtable.games.patriarch.board import (
    CHOOSE,
    GUESS,
    NO_SECRET,
    OVER,
    PHASES,
    Board,
    PastGame,
    Phase,
)
from cardtable.games.patriarch.grading import grade

KEYS = ("rng", "phase", "secret", "turn", "past", "tally", "graded", "queue")
"""The fields after the common header (``game``, ``options``, ``moves``)."""


def write_position(header: dict[str, Any], match: Board) -> dict[str, Any]:
    """``header`` (the game's common fields) followed by this match's own."""
    text = trees.to_text
    return {
        **header,
        "rng": match.rng.state,
        "phase": match.phase.value,
        "secret": text(match.secret) if match.secret else None,
        "turn": match.turn,
        "past": [[owner, text(secret), winner, [[p, text(family)] for p, family in guesses]]
                 for owner, secret, winner, guesses in match.past],
        "tally": list(match.tally),
        "graded": [[player, text(family)] for player, family, _ in match.graded],
        "queue": [[player, text(family)] for player, family in match.queue],
    }


def read_position(game: Game[PatriarchAction], match: Board,
                  data: Mapping[str, Any]) -> None:
    """Fill ``match`` (a new match of ``game``) from position data; InvalidPositionError names
    the first problem."""
    match.moves = game.read_position_header(data, KEYS)
    players = match.options.players
    match.rng.state = read_int(data["rng"], "rng", 0, 2**64 - 1)
    phase = next((phase for phase in Phase if phase.value == data["phase"]), None)
    if phase is None:
        raise InvalidPositionError(f"phase must be one of {', '.join(PHASES)}")
    match.phase = phase
    match.secret = NO_SECRET if data["secret"] is None else _family(match, data["secret"],
                                                                    "secret")
    match.past = [_past_game(match, row) for row in _list(data["past"], "past")]
    games = match.options.match_games
    match.tally = [read_int(t, "a tally entry", 0, games) for t in _list(data["tally"], "tally")]
    if len(match.tally) != players:
        raise InvalidPositionError(f"the tally needs one score per player ({players})")
    won = [sum(1 for _, _, w, _ in match.past if w == p) for p in range(players)]
    if match.tally != won:
        raise InvalidPositionError(f"impossible tally {match.tally}: the games won are {won}")
    for number, (owner, _, _, _) in enumerate(match.past):
        if owner != number % players:
            raise InvalidPositionError(f"game {number + 1} had the wrong owner {owner}")
    entries = [(_seat(p, players), _family(match, f, "a guess"))
               for p, f in _rows(data["graded"], "graded", 2)]
    match.queue = [(_seat(p, players), _family(match, f, "a guess"))
                   for p, f in _rows(data["queue"], "queue", 2)]
    if not match.secret and (entries or match.queue):
        raise InvalidPositionError("guesses were made before the secret family was laid out")
    match.graded = [(p, f, grade(match.secret, f)) for p, f in entries]
    _check_game(match, data["turn"])


def _check_game(match: Board, turn: Any) -> None:
    options = match.options
    games = options.match_games
    if len(match.past) > games:
        raise InvalidPositionError(f"{len(match.past)} games finished in a match of {games}")
    if (match.phase is OVER) != (len(match.past) == games):
        raise InvalidPositionError("the match is over exactly when every game is played")
    if match.phase is CHOOSE and (match.secret or not options.owner_chooses):
        raise InvalidPositionError("the owner chooses no family in this position")
    if match.phase is GUESS and not match.secret:
        raise InvalidPositionError("guessing needs a secret family")
    if match.phase is OVER:
        _check_final_game(match)
    if match.phase is not GUESS:
        if match.queue or turn is not None or (match.graded and match.phase is CHOOSE):
            raise InvalidPositionError(f"no guess may be pending in phase {match.phase.value}")
        return
    owner = rules.owner(match)
    if any(result.is_win() for _, _, result in match.graded):
        raise InvalidPositionError("an all-red grade ends the game, yet it goes on")
    for player in range(options.players):
        used = rules.guesses_used(match, player)
        if player == owner and used:
            raise InvalidPositionError(f"the family owner (player {owner}) cannot guess")
        if used > options.max_guesses:
            raise InvalidPositionError(f"player {player} made {used} guesses; the limit is "
                                       f"{options.max_guesses}")
        if rules.queued(match, player) > rules.QUEUE_LIMIT:
            raise InvalidPositionError(f"player {player} has more than {rules.QUEUE_LIMIT} "
                                       "guesses in the queue")
    if (isinstance(turn, bool) or not isinstance(turn, int)
            or not 0 <= turn < options.players or not rules.eligible(match, turn)):
        raise InvalidPositionError(f"turn {shown(turn)} is not a guesser who may lay out a "
                                   "family")
    match.turn = turn


def _check_final_game(match: Board) -> None:
    """After the match the last game's secret and graded guesses stay on the table."""
    owner, secret, winner, _ = match.past[-1]
    if match.secret != secret:
        raise InvalidPositionError("the secret on the table is not the last game's family")
    wins = [k for k, (_, _, result) in enumerate(match.graded) if result.is_win()]
    if wins and (wins != [len(match.graded) - 1] or match.graded[-1][0] != winner):
        raise InvalidPositionError("only the last graded guess may be all red, by the winner")
    if not wins and winner != owner:
        raise InvalidPositionError(f"player {winner} won the last game without an all-red grade")


def _past_game(match: Board, row: Any) -> PastGame:
    """A finished game: [owner, secret, winner] and, since guesses are kept, its graded
    guesses as [[guesser, family], ...] (a position written before then has none)."""
    if not isinstance(row, list) or len(row) not in (3, 4):
        raise InvalidPositionError("each entry of past has 3 or 4 fields: owner, secret, "
                                   "winner and the graded guesses")
    players = match.options.players
    guesses = tuple((_seat(p, players), _family(match, f, "an earlier guess"))
                    for p, f in _rows(row[3] if len(row) == 4 else [], "a past game's guesses", 2))
    return (_seat(row[0], players), _family(match, row[1], "an earlier secret"),
            _seat(row[2], players), guesses)


def _family(match: Board, text: Any, what: str) -> trees.Parents:
    if not isinstance(text, str):
        raise InvalidPositionError(f"{what} must be written in family notation")
    try:
        parents = trees.parse(text, match.options.cards)
    except CardtableError as error:
        raise InvalidPositionError(f"{what} {shown(text)}: {error}") from None
    if parents not in match.space.index:
        raise InvalidPositionError(f"{what} {shown(text)} breaks the variant's shape rule")
    return parents


def _seat(value: Any, players: int) -> int:
    return read_int(value, "a seat", 0, players - 1)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidPositionError(f"{what} must be a list")
    return value


def _rows(value: Any, what: str, width: int) -> list[Any]:
    rows = _list(value, what)
    for row in rows:
        if not isinstance(row, list) or len(row) != width:
            raise InvalidPositionError(f"each entry of {what} has {width} fields")
    return rows
