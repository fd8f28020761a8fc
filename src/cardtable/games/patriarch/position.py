"""Writing a state as JSON-ready data and reading it back, refusing impossible positions.

Grades are not stored: they follow from the secret and the guesses, so a position cannot hold
a grade that contradicts its own secret.
"""

from __future__ import annotations

from typing import Any, Mapping

from cardtable.core import CardtableError, InvalidPositionError, Rng
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import grade

KEYS = ("options", "rng", "moves", "phase", "secret", "turn", "past", "tally", "graded", "queue")
PHASES = ("choose", "guess", "over")


def write_position(state: Any) -> dict[str, Any]:
    text = trees.to_text
    return {
        "game": state.game.name,
        "options": state.game.options_dict(),
        "rng": state.rng.state,
        "moves": state.moves,
        "phase": state.phase,
        "secret": text(state.secret) if state.secret is not None else None,
        "turn": state.turn,
        "past": [[owner, text(secret), winner] for owner, secret, winner in state.past],
        "tally": list(state.tally),
        "graded": [[player, text(family)] for player, family, _ in state.graded],
        "queue": [[player, text(family)] for player, family in state.queue],
    }


def read_position(game: Any, data: Mapping[str, Any]) -> Any:
    """A state from position data; InvalidPositionError names the first problem."""
    game.check_position_keys(data, KEYS)
    if data["options"] != game.options_dict():
        raise InvalidPositionError("the position was made with other options than this game's")
    options = game.options
    players = options.players
    state = game.blank_state(Rng(_whole(data["rng"], "rng", 0)))
    state.moves = _whole(data["moves"], "moves", 0)
    if data["phase"] not in PHASES:
        raise InvalidPositionError(f"phase must be one of {', '.join(PHASES)}")
    state.phase = data["phase"]
    state.secret = None if data["secret"] is None else _family(game, data["secret"], "secret")
    state.past = [(_seat(o, players), _family(game, s, "an earlier secret"), _seat(w, players))
                  for o, s, w in _rows(data["past"], "past", 3)]
    state.tally = [_whole(t, "tally", 0) for t in _list(data["tally"], "tally")]
    if len(state.tally) != players:
        raise InvalidPositionError(f"the tally needs one score per player ({players})")
    won = [sum(1 for _, _, w in state.past if w == p) for p in range(players)]
    if state.tally != won:
        raise InvalidPositionError(f"impossible tally {state.tally}: the games won are {won}")
    for number, (owner, _, _) in enumerate(state.past):
        if owner != number % players:
            raise InvalidPositionError(f"game {number + 1} had the wrong owner {owner}")
    entries = [(_seat(p, players), _family(game, f, "a guess"))
               for p, f in _rows(data["graded"], "graded", 2)]
    state.queue = [(_seat(p, players), _family(game, f, "a guess"))
                   for p, f in _rows(data["queue"], "queue", 2)]
    if state.secret is None and (entries or state.queue):
        raise InvalidPositionError("guesses were made before the secret family was laid out")
    state.graded = [(p, f, grade(state.secret, f)) for p, f in entries]
    _check_game(state, data["turn"])
    return state


def _check_game(state: Any, turn: Any) -> None:
    options = state.options
    games = options.match_games
    if len(state.past) > games:
        raise InvalidPositionError(f"{len(state.past)} games finished in a match of {games}")
    if (state.phase == "over") != (len(state.past) == games):
        raise InvalidPositionError("the match is over exactly when every game is played")
    if state.phase == "choose" and (state.secret is not None or not options.owner_chooses):
        raise InvalidPositionError("the owner chooses no family in this position")
    if state.phase == "guess" and state.secret is None:
        raise InvalidPositionError("guessing needs a secret family")
    if state.phase == "over":
        _check_final_game(state)
    if state.phase != "guess":
        if state.queue or turn is not None or (state.graded and state.phase == "choose"):
            raise InvalidPositionError(f"no guess may be pending in phase {state.phase}")
        return
    owner = state.owner
    if any(result.is_win() for _, _, result in state.graded):
        raise InvalidPositionError("an all-red grade ends the game, yet it goes on")
    for player in range(options.players):
        used = state.guesses_used(player)
        if player == owner and used:
            raise InvalidPositionError(f"the family owner (player {owner}) cannot guess")
        if used > options.max_guesses:
            raise InvalidPositionError(f"player {player} made {used} guesses; the limit is "
                                       f"{options.max_guesses}")
        if state.queued(player) > 2:
            raise InvalidPositionError(f"player {player} has more than 2 guesses in the queue")
    if (isinstance(turn, bool) or not isinstance(turn, int)
            or not 0 <= turn < options.players or not state.eligible(turn)):
        raise InvalidPositionError(f"turn {turn!r} is not a guesser who may lay out a family")
    state.turn = turn


def _check_final_game(state: Any) -> None:
    """After the match the last game's secret and graded guesses stay on the table."""
    owner, secret, winner = state.past[-1]
    if state.secret != secret:
        raise InvalidPositionError("the secret on the table is not the last game's family")
    wins = [k for k, (_, _, result) in enumerate(state.graded) if result.is_win()]
    if wins and (wins != [len(state.graded) - 1] or state.graded[-1][0] != winner):
        raise InvalidPositionError("only the last graded guess may be all red, by the winner")
    if not wins and winner != owner:
        raise InvalidPositionError(f"player {winner} won the last game without an all-red grade")


def _family(game: Any, text: Any, what: str) -> trees.Parents:
    if not isinstance(text, str):
        raise InvalidPositionError(f"{what} must be written in family notation")
    try:
        parents = trees.parse(text, game.options.cards)
    except CardtableError as error:
        raise InvalidPositionError(f"{what} {text!r}: {error}") from None
    if parents not in game.tree_space().index:
        raise InvalidPositionError(f"{what} {text!r} breaks the variant's shape rule")
    return parents


def _whole(value: Any, what: str, low: int, high: int | None = None) -> int:
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        upper = f" and at most {high}" if high is not None else ""
        raise InvalidPositionError(f"{what} must be a whole number of at least {low}{upper}")
    return value


def _seat(value: Any, players: int) -> int:
    return _whole(value, f"a seat ({value!r})", 0, players - 1)


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise InvalidPositionError(f"{what} must be a list")
    return value


def _rows(value: Any, what: str, width: int) -> list:
    rows = _list(value, what)
    for row in rows:
        if not isinstance(row, list) or len(row) != width:
            raise InvalidPositionError(f"each entry of {what} has {width} fields")
    return rows
