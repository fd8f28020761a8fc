"""Every game as a PettingZoo environment: ``env(name, **options)`` (AEC, one agent acting at a
time) and ``parallel_env(name, **options)`` (every agent who must act submits at once, which is
how The Queen's Mercy's tricks are played: both commit a card, then it is revealed).

Agents are ``player_0`` .. ``player_{n-1}``, the game's seats. An observation is
``{"observation": vector, "action_mask": mask}`` from the game's encoding (``docs/rl.md``); the
mask is all zero for an agent who need not act. Rewards come at the end, zero-sum: +1 and -1 for
a two-player win and loss, 0 for a draw. An action outside the mask raises the engine's error
and changes nothing. ``render()`` is the spectator's table in the game's own words.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from cardtable.rl.episode import Episode, agent_name
from cardtable.rl.spaces import action_space, masked_space

RENDER_MODES = ["ansi", "human"]


class _Seats:
    """What the AEC and parallel environments share: the episode, agents, spaces and text."""

    episode: Episode
    render_mode: str | None

    def _start(self, name: str, render_mode: str | None, options: dict[str, Any]) -> None:
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        self.episode = Episode(name, **options)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(self.episode.players)]
        self.agents: list[str] = []
        self.metadata = {"name": f"cardtable_{name.replace('-', '_')}_v0",
                         "render_modes": RENDER_MODES, "is_parallelizable": False}

    @cached_property
    def _observation_spaces(self) -> dict[str, spaces.Dict]:
        return {agent: masked_space(self.episode.encoding) for agent in self.possible_agents}

    @cached_property
    def _action_spaces(self) -> dict[str, spaces.Discrete]:
        return {agent: action_space(self.episode.encoding) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def render(self) -> str | None:
        return self.episode.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


class CardtableAEC(_Seats, AECEnv):  # type: ignore[misc]
    """A game as an AEC environment: ``agent_selection`` is the first seat that must act."""

    def __init__(self, name: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self._start(name, render_mode, options)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.episode.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.episode.to_act()[0])

    def observe(self, agent: str) -> dict[str, Any]:
        return self.episode.observation(self.seat(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        self.episode.play(self.seat(agent), int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.possible_agents, self.episode.rewards(), strict=True))
        if self.episode.is_over():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = agent_name(self.episode.to_act()[0])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class CardtableParallel(_Seats, ParallelEnv):  # type: ignore[misc]
    """A game as a parallel environment: each step takes the actions of every seat that must
    act now (both seats at a simultaneous commit, one seat otherwise); the actions of seats
    that need not act are ignored."""

    def __init__(self, name: str, render_mode: str | None = None, **options: Any) -> None:
        self._start(name, render_mode, options)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.episode.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, Any]:
        return {agent: self.episode.observation(self.seat(agent)) for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        episode = self.episode
        acting = [agent_name(seat) for seat in episode.to_act()]
        missing = [agent for agent in acting if agent not in actions]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act now")
        illegal = [agent for agent in acting
                   if not episode.is_legal(self.seat(agent), int(actions[agent]))]
        if illegal:  # checked first, so that a refused step changes nothing
            raise ValueError(f"not a legal action now for {', '.join(illegal)} (see the mask)")
        for agent in acting:
            episode.play(self.seat(agent), int(actions[agent]))
        observations = self._observations()
        rewards = dict(zip(self.possible_agents, episode.rewards(), strict=True))
        over = episode.is_over()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def env(name: str, render_mode: str | None = None, **options: Any) -> CardtableAEC:
    """The game registered as ``name`` with its options, as a PettingZoo AEC environment."""
    return CardtableAEC(name, render_mode, **options)


def parallel_env(name: str, render_mode: str | None = None, **options: Any) -> CardtableParallel:
    """The game as a PettingZoo parallel environment (for simultaneous commits)."""
    return CardtableParallel(name, render_mode, **options)
