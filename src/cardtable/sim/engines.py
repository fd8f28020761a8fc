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
from types import ModuleType
from typing import Any

from cardtable.bots import bot_names, bot_settings, parse_bot_spec
from cardtable.core import OptionError, Record, derive_seed, load
from cardtable.core.rng import seed_to_int
from cardtable.native import NativeUnavailableError, engine
from cardtable.sim.runner import GameOutcome, SimulationSpec, seating

ENGINES = ("auto", "native", "python")
"""The engines a simulation may ask for."""

NativeSeat = tuple[str, int, dict[str, str]]
"""One seat as the native engine takes it: the bot's name, its seed and its other settings."""


def check_engine(name: str) -> str:
    """``name`` if it names an engine; anything else is refused."""
    if name not in ENGINES:
        raise OptionError(f"no engine called {name!r} (known: {', '.join(ENGINES)})")
    return name


def native_options(spec: SimulationSpec) -> dict[str, Any]:
    """The spec's options as the native engine reads them: every option, typed, as the Python
    game holds it after reading the spec's (text) options."""
    return load(spec.game, **spec.options).options_dict()


def native_refusal(spec: SimulationSpec) -> str | None:
    """Why ``spec`` cannot be played natively (the game, an option or a bot that is not native
    yet, or an engine that was not built), or None if it can."""
    try:
        module = engine(spec.game)
    except NativeUnavailableError as error:
        return str(error)
    if not hasattr(module, "play_games"):
        return f"the native {spec.game} plays no simulations yet"
    options = native_options(spec)
    try:
        module.seat_refusal("random", {}, options)
    except ValueError as error:  # an option the native game does not know yet
        return str(error)
    for bot in dict.fromkeys(spec.bots):
        name, _, settings = native_seat(spec.game, bot, 0)
        reason = module.seat_refusal(name, settings, options)
        if reason:
            return f"the native engine cannot seat {bot} in {spec.game}: {reason}"
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


def native_seat(game: str, bot: str, seed: int) -> NativeSeat:
    """The seat a bot spec makes, as the native engine takes it: seeded with ``seed`` unless the
    spec sets ``seed`` itself (as ``make_bot`` seeds it), its other settings as text."""
    parsed = parse_bot_spec(bot)
    settings = dict(parsed.settings)
    if "seed" in settings:
        declared = bot_settings(load(game), parsed.name)
        seed = declared["seed"].convert(settings.pop("seed")) if "seed" in declared else seed
    return parsed.name, seed_to_int(seed), settings


def game_seats(spec: SimulationSpec, index: int) -> tuple[int, tuple[int, ...], list[NativeSeat]]:
    """Game ``index``'s deal seed, seating and native seats, derived as ``run_games`` derives
    them."""
    seed = derive_seed(spec.seed, index)
    entrants = seating(spec, index)
    seats = [native_seat(spec.game, spec.bots[entrant], derive_seed(seed, "bot", seat))
             for seat, entrant in enumerate(entrants)]
    return seed, entrants, seats


def native_engine(spec: SimulationSpec) -> ModuleType:
    """The native module that plays ``spec``, or ``NativeUnavailableError`` naming why not."""
    reason = native_refusal(spec)
    if reason is not None:
        raise NativeUnavailableError(reason)
    return engine(spec.game)


def run_native_games(spec: SimulationSpec, indices: Sequence[int]) -> list[GameOutcome]:
    """Play the games with these indices in the native engine, in one call: the same outcomes as
    ``run_games`` gives."""
    module = native_engine(spec)
    games = [game_seats(spec, index) for index in indices]
    finished = module.play_games([seed for seed, _, _ in games], [seats for _, _, seats in games],
                                 native_options(spec))
    return [GameOutcome(index, None if winner < 0 else winner, tuple(scores), length, entrants,
                        steps, rounds, tuple(round_scores))
            for index, (_, entrants, _), (winner, scores, length, steps, rounds, round_scores)
            in zip(indices, games, finished, strict=True)]


def native_record(spec: SimulationSpec, index: int) -> Record:
    """Game ``index`` of ``spec`` played in the native engine, as a record the Python engine
    replays (``cardtable.replay``). The record holds no result: the native engine writes no
    summaries, and the replay makes the result."""
    module = native_engine(spec)
    game = load(spec.game, **spec.options)
    seed, entrants, seats = game_seats(spec, index)
    moves, _ = module.play_game(seed, seats, native_options(spec))
    record = Record.start(game, seed, [spec.bots[entrant] for entrant in entrants])
    record.moves = [(player, text) for player, text in moves]
    return record
