"""Which engine plays a simulation's games: the Python reference, or the native engine
(``cardtable.native``), which gives the same games move for move, many games in one call.

``engine="auto"`` (the default) plays natively when the game, its options and every seat's bot
are native, else in Python; ``"native"`` refuses by name what is not native; ``"python"`` plays
the reference. The choice is made once, before any game is played (``resolve_engine``), so every
worker plays the engine chosen. Seeds are derived as ``run_games`` derives them, here, and handed
to the native engine: both engines give the same ``GameOutcome`` for the same spec.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from types import ModuleType
from typing import Any

from cardtable.bots import bot_names
from cardtable.bots.native_search import Entrant, native_entrant
from cardtable.core import Record, derive_seed, load
from cardtable.native import NativeUnavailableError, check_engine, engine
from cardtable.sim.runner import GameOutcome, OutcomeColumns, SimulationSpec, run_games, seating

NativeSeat = tuple[str, int, dict[str, str]]
"""One seat as the native engine takes it: the bot's name, its seed and its other settings."""


def native_options(spec: SimulationSpec) -> dict[str, Any]:
    """The spec's options as the native engine reads them: every option, typed, as the Python
    game holds it after reading the spec's (text) options."""
    return load(spec.game, **spec.options).options_dict()


def native_engine(spec: SimulationSpec) -> tuple[ModuleType, dict[str, Any]]:
    """The native module that plays ``spec`` and the options it reads, or
    ``NativeUnavailableError`` naming what is not native yet (the game, an option or a bot) or
    that the engine was not built."""
    module = engine(spec.game)
    if not hasattr(module, "play_games"):
        raise NativeUnavailableError(f"the native {spec.game} plays no simulations yet")
    options = native_options(spec)
    try:
        module.seat_refusal("random", {}, options)
    except ValueError as error:  # an option the native game does not know yet
        raise NativeUnavailableError(str(error)) from None
    for bot in dict.fromkeys(spec.bots):
        name, _, settings = native_entrant(spec.game, bot)
        reason = module.seat_refusal(name, settings, options)
        if reason:
            raise NativeUnavailableError(
                f"the native engine cannot seat {bot} in {spec.game}: {reason}")
    return module, options


def native_refusal(spec: SimulationSpec) -> str | None:
    """Why ``spec`` cannot be played natively, or None if it can."""
    try:
        native_engine(spec)
    except NativeUnavailableError as error:
        return str(error)
    return None


def resolve_engine(spec: SimulationSpec) -> SimulationSpec:
    """The spec with the engine that will play it ("native" or "python"): ``auto`` chooses the
    native engine when it can play the spec; ``native`` refuses, naming why, when it cannot."""
    if check_engine(spec.engine) == "python":
        return spec
    reason = native_refusal(spec)
    if reason is None:
        return replace(spec, engine="native")
    if spec.engine == "native":
        raise NativeUnavailableError(f"--engine native: {reason}")
    return replace(spec, engine="python")


def native_bots(game: str, options: dict[str, Any] | None = None) -> list[str]:
    """The bots of ``game`` that the native engine plays (asked of the engine; empty where the
    game or the engine is not native)."""
    spec = SimulationSpec(game, (), 0, options=dict(options or {}))
    try:
        module = engine(spec.game)
    except NativeUnavailableError:
        return []
    if not hasattr(module, "bots"):
        return []
    return list(module.bots(bot_names(load(game)), native_options(spec)))


def game_seats(spec: SimulationSpec, index: int) -> tuple[int, tuple[int, ...], list[NativeSeat]]:
    """Game ``index``'s deal seed, seating and native seats, derived as ``run_games`` derives
    them: each bot seeded from the game's seed and its seat unless its spec sets a seed."""
    seed = derive_seed(spec.seed, index)
    entrants = seating(spec, index)
    seats = []
    for seat, entrant in enumerate(entrants):
        name, own, settings = native_entrant(spec.game, spec.bots[entrant])
        seats.append((name, derive_seed(seed, "bot", seat) if own is None else own, settings))
    return seed, entrants, seats


def run_native_games(spec: SimulationSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Play the games with these indices in the native engine, in one call: the same outcomes as
    ``run_games`` gives."""
    module, options = native_engine(spec)
    games = [game_seats(spec, index) for index in indices]
    finished = module.play_games([seed for seed, _, _ in games], [seats for _, _, seats in games],
                                 options)
    return [GameOutcome(index, None if winner < 0 else winner, tuple(scores), length, entrants,
                        steps, rounds, tuple(round_scores))
            for index, (_, entrants, _), (winner, scores, length, steps, rounds, round_scores)
            in zip(indices, games, finished, strict=True)]


@cache
def range_engine(game: str, options: tuple[tuple[str, Any], ...], bots: tuple[str, ...],
                 ) -> tuple[ModuleType, dict[str, Any], list[Entrant]]:
    """``native_engine`` of a spec's game, options and bots, with the entrants as the native
    engine takes them: checked once per worker, not once per chunk (reading the options costs
    milliseconds). The dictionaries are shared, never changed."""
    module, read = native_engine(SimulationSpec(game, bots, 0, options=dict(options)))
    return module, read, [native_entrant(game, bot) for bot in bots]


def run_native_range(spec: SimulationSpec, start: int, stop: int) -> OutcomeColumns:
    """Play games ``start`` to ``stop - 1`` in the native engine, in one call that also derives
    their seeds and seats as ``run_games`` does: the same outcomes, held in columns."""
    key = spec.game, tuple(spec.options.items()), spec.bots
    try:
        hash(key)
    except TypeError:  # an option's value that cannot be hashed: checked for this chunk alone
        module, options = native_engine(spec)
        entrants = [native_entrant(spec.game, bot) for bot in spec.bots]
    else:
        module, options, entrants = range_engine(*key)
    winners, lengths, steps, rounds, seats, scores, points_held, points = module.play_range(
        str(spec.seed), start, stop, entrants, spec.alternate_seats, options)
    return OutcomeColumns(start, len(spec.bots), [None if w < 0 else w for w in winners],
                          lengths, steps, rounds, seats, scores, points_held, points)


def run_in_engine(spec: SimulationSpec, start: int, stop: int) -> Sequence[GameOutcome]:
    """Play games ``start`` to ``stop - 1`` in the engine ``spec`` names (``auto`` is resolved
    here, in the worker, when the caller left it so)."""
    spec = resolve_engine(spec) if spec.engine == "auto" else spec
    if spec.engine == "native":
        return run_native_range(spec, start, stop)
    return run_games(spec, range(start, stop))


def native_record(spec: SimulationSpec, index: int) -> Record:
    """Game ``index`` of ``spec`` played in the native engine, as a record the Python engine
    replays (``cardtable.replay``). The record holds no result: the native engine writes no
    summaries, and the replay makes the result."""
    module, options = native_engine(spec)
    game = load(spec.game, **spec.options)
    seed, entrants, seats = game_seats(spec, index)
    moves, _ = module.play_game(seed, seats, options)
    record = Record.start(game, seed, [spec.bots[entrant] for entrant in entrants])
    record.moves = [(player, text) for player, text in moves]
    return record
