"""Environment steps per second for every encoded game, single and vectorised.

    python benchmarks/rl.py                        # every game, about 1 s a figure
    python benchmarks/rl.py matriarchy --seconds 3

Each game is measured four ways, with actions drawn at random from the mask: the PettingZoo AEC
environment (every seat's actions count as steps), the Gymnasium environment (the learner's
steps; a random bot plays the other seats), and Gymnasium's vector API with eight copies in this
process ("sync") and with two worker processes ("async"); with the openspiel extra, also the
OpenSpiel game's random playouts (every player's numbers count as steps; no information state
is asked for, as in an MCTS rollout). Every figure is printed with its ratio
to the bare engine (random playouts through the core protocol, measured in the same run), which
holds on a busy machine when the absolute figures do not. In-process figures are per CPU-second;
the async figure is per wall-clock second (its work is in other processes). The machine's load is
printed before and after.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

import cardtable  # noqa: E402
from cardtable.core import Rng  # noqa: E402
from cardtable.core.encoding import encoded_game_names  # noqa: E402
from cardtable.rl.gym import make, make_vec  # noqa: E402
from cardtable.rl.pettingzoo import env  # noqa: E402

VECTOR_COPIES = 8
ASYNC_WORKERS = 2


def rate(run: Callable[[], int], seconds: float, clock: Callable[[], float]) -> float:
    """Steps per second of ``run`` (which returns the steps it took), repeated for ``seconds``."""
    steps, start = 0, clock()
    while clock() - start < seconds:
        steps += run()
    return steps / (clock() - start)


def engine_playouts(name: str) -> Callable[[], int]:
    game, seeds = cardtable.load(name), Rng(1)
    def run() -> int:
        state, rng = game.new_state(seeds.next_u64()), Rng(seeds.next_u64())
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            state.apply_unchecked(player, legal[rng.below(len(legal))])
        return state.moves
    return run


def aec_games(name: str) -> Callable[[], int]:
    aec, rng = env(name), np.random.default_rng(1)
    aec.reset(seed=1)
    def run() -> int:
        aec.reset()
        steps = 0
        for _ in aec.agent_iter():
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps
    return run


def gym_games(name: str) -> Callable[[], int]:
    single, rng = make(name, opponent="random"), np.random.default_rng(1)
    single.reset(seed=1)
    def run() -> int:
        _, info = single.reset()
        steps, done = 0, False
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            _, _, done, _, info = single.step(action)
            steps += 1
        return steps
    return run


def spiel_games(name: str) -> Callable[[], int]:
    from cardtable.rl.openspiel import load as load_spiel

    game, rng = load_spiel(name), np.random.default_rng(1)
    def run() -> int:
        state, steps = game.new_initial_state(), 0
        state.apply_action(int(rng.integers(game.max_chance_outcomes())))
        while not state.is_terminal():
            if state.is_simultaneous_node():
                state.apply_actions([int(rng.choice(state.legal_actions(player)))
                                     for player in range(game.num_players())])
                steps += game.num_players()
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                steps += 1
        return steps
    return run


def has_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def vector_steps(name: str, mode: str, copies: int) -> tuple[Callable[[], int], Callable[[], None]]:
    """A batch of 50 vector steps (copies restart by themselves at their ends), and a closer."""
    envs = make_vec(name, copies, mode, opponent="random")
    rng = np.random.default_rng(1)
    _, infos = envs.reset(seed=1)
    state = {"masks": infos["action_mask"]}
    def run() -> int:
        for _ in range(50):
            actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0
                                for mask in state["masks"]])
            _, _, _, _, infos = envs.step(actions)
            state["masks"] = infos["action_mask"]
        return 50 * copies
    return run, envs.close


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=encoded_game_names())
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"before: {load()}, {os.cpu_count()} cores")
    cpu = time.process_time
    for name in args.games:
        reference = rate(engine_playouts(name), args.seconds, cpu)
        print(f"{name}: bare engine {reference:,.0f} steps/CPU-s")
        figures = [("PettingZoo AEC", rate(aec_games(name), args.seconds, cpu), "CPU-s"),
                   ("Gymnasium single", rate(gym_games(name), args.seconds, cpu), "CPU-s")]
        for mode, copies, clock, unit in (("sync", VECTOR_COPIES, cpu, "CPU-s"),
                                          ("async", ASYNC_WORKERS, time.perf_counter, "s")):
            run, close = vector_steps(name, mode, copies)
            figures.append((f"Gymnasium vector {mode} x{copies}",
                            rate(run, args.seconds, clock), unit))
            close()
        if has_openspiel():
            figures.append(("OpenSpiel", rate(spiel_games(name), args.seconds, cpu), "CPU-s"))
        for label, figure, unit in figures:
            print(f"  {label}: {figure:,.0f} steps/{unit} "
                  f"({figure / reference:.3f}x the bare engine)")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
