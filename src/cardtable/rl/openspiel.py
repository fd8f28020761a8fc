"""Every game as an OpenSpiel Python game: ``load(name, **options)`` gives a ``pyspiel.Game``;
``register()`` makes each known to ``pyspiel.load_game("cardtable_<name>")`` (``-`` becomes
``_``) with its options as game parameters (those of type int, float, str or bool).

The game type: imperfect information (every game hides a deck, hands or a secret); explicit
chance with a single chance node at the start, the deal, choosing one of ``deals`` equally
likely seeds (all later chance flows from it, so the node stands for every shuffle of the
game); simultaneous-move when the game's encoding says players may act at once (a node where
several must act is then a simultaneous node, other nodes name their one player); zero-sum
terminal rewards (+1 and -1 for a two-player win and loss, 0 for a draw).

Observations: the observation tensor is the encoding's vector (``docs/rl.md``), the observation
string the view as JSON. The information state string is the player's views so far (each view
that differs from the one before), so it has perfect recall; no information-state tensor is
offered. ``resample(state, player)`` deals a full state the player cannot tell from this one,
for OpenSpiel's ISMCTS (``bot.set_resampler(resample)``).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from cardtable.core import Rng, game_class, view_json
from cardtable.core.encoding import encoded_game_names
from cardtable.core.protocol import State
from cardtable.rl.episode import Episode

DEALS = 1024
"""Equally likely deals at the chance node, by default (a game parameter)."""
UNBOUNDED_LENGTH = 100_000
"""The length OpenSpiel is told for a game whose rules set no bound (random play stays far
below it; see each game's ``max_moves``)."""


def spiel_name(name: str) -> str:
    return "cardtable_" + name.replace("-", "_")


def parameters(name: str) -> dict[str, Any]:
    """A game's options that OpenSpiel can carry as parameters, at their defaults, and deals."""
    defaults = game_class(name)().options_dict()
    simple = {k: v for k, v in defaults.items() if type(v) in (int, float, str, bool)}
    return {**simple, "deals": DEALS}


def game_type(name: str, players: tuple[int, int], simultaneous: bool) -> pyspiel.GameType:
    kind = pyspiel.GameType
    return kind(
        short_name=spiel_name(name), long_name=f"cardtable {game_class(name).title}",
        dynamics=kind.Dynamics.SIMULTANEOUS if simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM, reward_model=kind.RewardModel.TERMINAL,
        max_num_players=players[1], min_num_players=players[0],
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters(name))


class CardtableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One cardtable game under fixed options, for OpenSpiel. Each game has its subclass
    naming it (``spiel_game_class``), which is what OpenSpiel's registry calls."""

    cardtable_name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.cardtable_name
        chosen = {**parameters(name), **(params or {})}
        deals = int(chosen.pop("deals"))
        episode = Episode(name, **chosen)
        encoding, players = episode.encoding, episode.players
        length = UNBOUNDED_LENGTH if encoding.max_moves is None else encoding.max_moves + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions, max_chance_outcomes=deals,
            num_players=players, min_utility=-1.0, max_utility=players - 1.0,
            utility_sum=0.0, max_game_length=length)
        cls = game_class(name)
        kind = game_type(name, (cls.min_players, cls.max_players), encoding.simultaneous)
        super().__init__(kind, info, {**chosen, "deals": deals})
        self.deals, self.episode, self.encoding = deals, episode, encoding

    def new_initial_state(self) -> CardtableSpielState:
        return CardtableSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return HistoryObserver()
        return VectorObserver(self.encoding)


class Shared:
    """A reference that survives OpenSpiel's copy of a state (it deep-copies the attributes):
    every copy keeps the same game."""

    def __init__(self, game: CardtableSpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


class Play:
    """What changes in play: the game (None before the deal) and each player's distinct views
    so far, as JSON (their information state). Copied by copying the game in play."""

    def __init__(self, players: int) -> None:
        self.episode: Episode | None = None
        self.seen: list[list[str]] = [[] for _ in range(players)]

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        twin = Play(0)
        twin.episode = None if self.episode is None else self.episode.copy()
        twin.seen = [list(history) for history in self.seen]
        return twin

    def remember(self) -> None:
        """Add each player's view to their history when it changed."""
        assert self.episode is not None
        for player, history in enumerate(self.seen):
            text = observation_text(self.episode, player)
            if not history or history[-1] != text:
                history.append(text)


def observation_text(episode: Episode, player: int) -> str:
    """The view of ``player`` as JSON, with the numbers they chose toward their next action."""
    return view_json({"view": episode.state.view(player), "chosen": episode.chosen[player]})


class CardtableSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in play: before the deal, the chance node; then the cardtable game. An action
    spelled with several numbers takes one OpenSpiel action per number."""

    def __init__(self, game: CardtableSpielGame) -> None:
        super().__init__(game)
        self.shared = Shared(game)
        self.play = Play(game.num_players())

    @property
    def episode(self) -> Episode | None:
        return self.play.episode

    @property
    def state(self) -> State[Any] | None:
        """The cardtable state (None before the deal)."""
        return None if self.play.episode is None else self.play.episode.state

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        acting = self.state.to_act()
        if not acting:
            return int(pyspiel.PlayerId.TERMINAL)
        if len(acting) > 1:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return acting[0]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.shared.game.deals
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.episode is None:
            return []
        return sorted(self.episode.continuations(player))

    def _apply_action(self, action: int) -> None:
        if self.play.episode is None:
            self.play.episode = self.shared.game.episode.copy()
            self.play.episode.deal(int(action))
        else:
            self.play.episode.play(self.play.episode.to_act()[0], action)
        self.play.remember()

    def _apply_actions(self, actions: list[int]) -> None:
        episode = self.play.episode
        assert episode is not None
        for player in episode.to_act():
            episode.play(player, actions[player])
        self.play.remember()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.shared.game.encoding.number_name(action)

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.is_over()

    def returns(self) -> list[float]:
        if self.episode is None:
            return [0.0] * self.shared.game.num_players()
        return self.episode.rewards()

    def __str__(self) -> str:
        if self.episode is None:
            return "before the deal"
        return self.episode.text()


class VectorObserver:
    """The observation tensor (the encoding's vector, its ranges as ``dict``) and string."""

    def __init__(self, encoding: Any) -> None:
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_shape, np.float32)
        self.dict = {segment.name: self.tensor[segment.start:segment.stop]
                     for segment in encoding.observation_layout.segments}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        if state.episode is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.episode.vector(player)

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        return "" if state.episode is None else observation_text(state.episode, player)


class HistoryObserver:
    """The information state string: the player's views so far (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        return json.dumps(state.play.seen[player])


def resample(state: CardtableSpielState, player: int) -> CardtableSpielState:
    """A state ``player`` cannot tell from ``state``: what they cannot see dealt afresh (the
    other players' histories are copied, an approximation ISMCTS tolerates)."""
    sample: CardtableSpielState = state.clone()
    assert state.state is not None and sample.play.episode is not None
    sample.play.episode.state = state.state.sample_hidden(player,
                                                          Rng(np.random.randint(1 << 62)))
    return sample


@cache
def spiel_game_class(name: str) -> type[CardtableSpielGame]:
    """The OpenSpiel game class of the cardtable game ``name`` (made once)."""
    title = "".join(word.title() for word in name.split("-"))
    return type(f"{title}SpielGame", (CardtableSpielGame,), {"cardtable_name": name})


def load(name: str, **options: Any) -> CardtableSpielGame:
    """The game registered as ``name`` with its options (and ``deals``), for OpenSpiel."""
    return spiel_game_class(name)(options)


def register() -> None:
    """Make every game loadable by ``pyspiel.load_game("cardtable_<name>", {...})``."""
    known = set(pyspiel.registered_names())
    for name in encoded_game_names():
        if spiel_name(name) not in known:
            cls = game_class(name)
            simultaneous = cls().encoding().simultaneous
            pyspiel.register_game(game_type(name, (cls.min_players, cls.max_players),
                                            simultaneous), spiel_game_class(name))
