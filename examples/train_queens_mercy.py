"""Train a small agent to play The Queen's Mercy, then measure it against the random and the
heuristic bots: a starting point for research on these games.

    pip install -e ".[train]"     # torch 2.13.0: best its CPU build (see docs/rl.md)
    python examples/train_queens_mercy.py                      # about 100,000 steps, minutes
    python examples/train_queens_mercy.py --steps 500000 --opponent heuristic --save agent.zip

The learner is sb3-contrib's MaskablePPO (PPO that samples only legal actions, through the
environment's ``action_masks()``) with a two-layer MLP, on ``cardtable.rl.gym``'s environment: one
seat, drawn at random each game, against a bot. Rewards: +1 win, -1 loss, 0 draw at the end.
The report gives wins, draws and losses per opponent, and the win rate with its 95% Wilson
interval (draws are not wins).
"""

from __future__ import annotations

import argparse
import sys
import time

try:
    import torch
    from sb3_contrib import MaskablePPO
except ImportError as missing:  # one line saying what to install, not a traceback
    sys.exit(f"this example needs the train extra ({missing.name} is missing): "
             "pip install -e \".[train]\" (torch's CPU build first, see docs/rl.md)")

from cardtable.rl.gym import make
from cardtable.sim.stats import wilson_interval


def train(game: str, opponent: str, steps: int, seed: int) -> MaskablePPO:
    """A masked PPO agent trained for ``steps`` environment steps."""
    env = make(game, opponent=opponent, seat=None)
    env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=min(1024, max(64, steps)), batch_size=64,
                        gamma=1.0, learning_rate=3e-4, seed=seed, verbose=0,
                        policy_kwargs={"net_arch": [128, 128]})
    model.learn(total_timesteps=steps)
    return model


def evaluate(model: MaskablePPO, game: str, opponent: str, games: int, seed: int
             ) -> tuple[int, int, int]:
    """Wins, draws and losses of the agent (greedy, masked) in ``games`` games, seats drawn at
    random."""
    env = make(game, opponent=opponent, seat=None)
    tally = [0, 0, 0]
    for episode in range(games):
        observation, info = env.reset(seed=seed + episode)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=info["action_mask"],
                                      deterministic=True)
            observation, reward, done, _, info = env.step(action)
        tally[0 if reward > 0 else 2 if reward < 0 else 1] += 1
    return tally[0], tally[1], tally[2]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="queens-mercy")
    parser.add_argument("--opponent", default="random", help="the bot it trains against")
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained agent to this file")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # a small network: one core is enough, and leaves the other free
    start = time.perf_counter()
    model = train(args.game, args.opponent, args.steps, args.seed)
    print(f"trained {args.steps:,} steps against {args.opponent} in "
          f"{time.perf_counter() - start:.0f} s")
    if args.save:
        model.save(args.save)
    for opponent in ("random", "heuristic"):
        wins, draws, losses = evaluate(model, args.game, opponent, args.eval_games,
                                       seed=10_000 + args.seed)
        low, high = wilson_interval(wins, args.eval_games)
        print(f"against {opponent}: {wins} wins, {draws} draws, {losses} losses in "
              f"{args.eval_games} games; win rate {wins / args.eval_games:.3f} "
              f"(95% Wilson interval {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main(sys.argv[1:])
