"""Measure one slice of work and answer in JSON: the unit the benchmark interleaves.

Run as a long-lived worker (``python slices.py`` reading one JSON request a line on standard
input) so that the benchmark can alternate slices of two code bases (this checkout and another
commit, each in its own process) or of an engine and its reference, on the same machine at the
same moments. Times are CPU seconds of this process, so other programs on a busy machine slow the
wall clock but not the figures.

Only the oldest, stable part of the protocol is used here (``load``, ``new_state``, ``to_act``,
``legal_actions``, ``apply_unchecked``, ``Decision``, ``IsmctsBot`` or the event-free ``advance``
where it exists, ``clone``, ``play_game``, ``make_bot``), so the same file can measure an earlier
commit.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from baseline import bare_tricks

Measure = Callable[[dict[str, Any], float], dict[str, float]]


def random_playouts(request: dict[str, Any], budget: float) -> dict[str, float]:
    """Uniform random play from fresh deals (seeds from ``request["seed"]`` on)."""
    import cardtable
    from cardtable.core import Rng

    game = cardtable.load(request["game"], **request.get("options", {}))
    rng = Rng(request["seed"])
    seed = request["seed"]
    actions = steps = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        state = game.new_state(seed)
        seed += 1
        advance = getattr(state, "advance", state.apply_unchecked)  # older commits lack it
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            advance(player, legal[rng.below(len(legal))])
        actions += state.moves
        steps += state.step_count
    return {"cpu": time.process_time() - started, "actions": actions, "steps": steps,
            "games": seed - request["seed"]}


def bot_games(request: dict[str, Any], budget: float) -> dict[str, float]:
    """Decisions of a bot playing itself, engine included (``request["bot"]`` names it)."""
    import cardtable
    from cardtable.bots import make_bot
    from cardtable.core import play_game

    game = cardtable.load(request["game"], **request.get("options", {}))
    seed = request["seed"]
    decisions = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        seats = game.new_state(seed).num_players
        bots = [make_bot(game, request["bot"], seed * 7 + seat) for seat in range(seats)]
        decisions += play_game(game, bots, seed, keep_record=False).length
        seed += 1
    return {"cpu": time.process_time() - started, "actions": decisions, "steps": decisions,
            "games": seed - request["seed"]}


def clones(request: dict[str, Any], budget: float) -> dict[str, float]:
    """Clones of mid-game states (15 random moves into each deal)."""
    import cardtable
    from cardtable.core import Rng

    game = cardtable.load(request["game"], **request.get("options", {}))
    rng = Rng(2)
    states = []
    for seed in range(request["seed"], request["seed"] + 20):
        state = game.new_state(seed)
        for _ in range(15):
            if state.is_over():
                break
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
        states.append(state)
    count = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        for state in states:
            state.clone()
        count += len(states)
    return {"cpu": time.process_time() - started, "actions": count, "steps": count, "games": 0}


def searches(request: dict[str, Any], budget: float) -> dict[str, float]:
    """ISMCTS iterations (``request["iterations"]`` a decision) from mid-game positions: a fresh
    search each time, so that a kept tree does not make later decisions cheaper."""
    import cardtable
    from cardtable.bots import IsmctsBot

    game = cardtable.load(request["game"], **request.get("options", {}))
    decisions = [decision for decision in _mid_game(game, request["seed"], 6)
                 if len(decision.legal) > 1]
    iterations = count = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        decision = decisions[count % len(decisions)]
        IsmctsBot(game, count, iterations=request["iterations"]).choose(decision)
        iterations += request["iterations"]
        count += 1
    return {"cpu": time.process_time() - started, "actions": iterations, "steps": iterations,
            "games": 0}


def _mid_game(game: Any, seed: int, count: int) -> list[Any]:
    """Decisions 15 random moves into ``count`` deals (seeds from ``seed`` on)."""
    from cardtable.core import Decision, Rng

    rng = Rng(2)
    found = []
    for deal in range(seed, seed + count):
        state = game.new_state(deal)
        for _ in range(15):
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
            if state.is_over():
                state = game.new_state(deal + 1000)
        player = state.to_act()[0]
        found.append(Decision(game, state, player, state.legal_actions(player)))
    return found


def bare_loop(request: dict[str, Any], budget: float) -> dict[str, float]:
    """The machine's reference: a bare trick loop in plain Python."""
    started = time.process_time()
    tricks = 0
    while time.process_time() - started < budget:
        tricks += bare_tricks(request["seed"], 200)
    return {"cpu": time.process_time() - started, "actions": tricks, "steps": tricks, "games": 0}


MEASURES: dict[str, Measure] = {"random": random_playouts, "bot": bot_games, "clone": clones,
                                "search": searches, "bare": bare_loop}


def serve() -> None:
    """Answer one request a line until standard input closes."""
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = MEASURES[request["kind"]](request, request["seconds"])
        except Exception as error:  # an older commit may lack a game or a bot: say so, go on
            answer = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    serve()
