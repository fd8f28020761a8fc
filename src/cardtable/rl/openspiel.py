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
string the view as JSON. The information state is the player's distinct views so far with the
numbers they chose at each (``cardtable.rl.recall``): as a string it is all of it, as a tensor
the last ``recall`` views (a game parameter, 16 by default). ``resample(state, player)`` deals a
full state the player cannot tell from this one, for OpenSpiel's ISMCTS
(``bot.set_resampler(resample)``).

Starting from a position: the parameter ``position`` (``State.position()`` as JSON text, empty
by default) makes every game start there, under the options the position names; the chance
node then has one outcome. Small settings for tabular algorithms come from this (e.g. the last
tricks of a round of The Queen's Mercy, for CFR).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from cardtable.core import Rng, State, game_class
from cardtable.core.encoding import encoded_game_names, encoding_for
from cardtable.core.errors import CardtableError
from cardtable.rl.episode import Episode
from cardtable.rl.recall import RECALL, Play, fill_tensor, recall_layout, view_text

DEALS = 1024
"""Equally likely deals at the chance node, by default (a game parameter)."""
UNBOUNDED_LENGTH = 100_000
"""The length OpenSpiel is told for a game whose rules set no bound (random play stays far
below it; see each game's ``max_moves``)."""


def spiel_name(name: str) -> str:
    return "cardtable_" + name.replace("-", "_")


def parameters(name: str) -> dict[str, Any]:
    """A game's options that OpenSpiel can carry as parameters, at their defaults, and the
    adapter's own: ``deals``, ``recall`` and ``position``."""
    return {**simple_options(game_class(name)().options_dict()),
            "deals": DEALS, "recall": RECALL, "position": ""}


def simple_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options OpenSpiel can carry: those of type int, float, str or bool."""
    return {k: v for k, v in options.items() if type(v) in (int, float, str, bool)}


def game_type(name: str, players: tuple[int, int], simultaneous: bool) -> pyspiel.GameType:
    kind = pyspiel.GameType
    return kind(
        short_name=spiel_name(name), long_name=f"cardtable {game_class(name).title}",
        dynamics=kind.Dynamics.SIMULTANEOUS if simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM, reward_model=kind.RewardModel.TERMINAL,
        max_num_players=players[1], min_num_players=players[0],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters(name))


class CardtableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One cardtable game under fixed options, for OpenSpiel. Each game has its subclass
    naming it (``spiel_game_class``), which is what OpenSpiel's registry calls."""

    cardtable_name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.cardtable_name
        chosen = {**parameters(name), **(params or {})}
        deals, recall = int(chosen.pop("deals")), int(chosen.pop("recall"))
        text = str(chosen.pop("position"))
        if recall < 1:
            raise ValueError(f"recall is the views the tensor holds, at least 1, not {recall}")
        position = read_position(name, text, chosen) if text else None
        episode = Episode(name, **(chosen if position is None else position["options"]))
        start = None if position is None else episode.game.from_position(position)
        outcomes = deals if start is None else 1
        encoding, players = episode.encoding, episode.players
        length = UNBOUNDED_LENGTH if encoding.max_moves is None else encoding.max_moves + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions, max_chance_outcomes=outcomes,
            num_players=players, min_utility=-1.0, max_utility=players - 1.0,
            utility_sum=0.0, max_game_length=length)
        cls = game_class(name)
        kind = game_type(name, (cls.min_players, cls.max_players), encoding.simultaneous)
        played = chosen if position is None else simple_options(position["options"])
        super().__init__(kind, info, {**played, "deals": deals, "recall": recall,
                                      "position": text})
        self.recall, self.episode, self.encoding = recall, episode, encoding
        self.start: State[Any] | None = start
        """The state every game starts from, when a position is given."""
        self.outcomes = outcomes
        """The chance node's outcomes: the deals, or the one position."""

    def new_initial_state(self) -> CardtableSpielState:
        return CardtableSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return HistoryObserver(self.encoding, self.recall)
        return VectorObserver(self.encoding)


def read_position(name: str, text: str, options: dict[str, Any]) -> dict[str, Any]:
    """The position given as the parameter ``position``: JSON of ``State.position()`` for this
    game. Its options rule; an option parameter set away from its default must agree."""
    try:
        position = json.loads(text)
    except json.JSONDecodeError as error:
        raise CardtableError(f"the parameter position is not JSON: {error}") from None
    if not isinstance(position, dict) or position.get("game") != name \
            or not isinstance(position.get("options"), dict):
        raise CardtableError(f"the parameter position must be a position of {name} "
                             "(State.position() as JSON, with its options)")
    defaults = simple_options(game_class(name)().options_dict())
    for key, value in options.items():
        if value != defaults.get(key) and value != position["options"].get(key):
            raise CardtableError(f"the option {key}={value!r} disagrees with the position's "
                                 f"{key}={position['options'].get(key)!r}")
    return position


class Shared:
    """A reference that survives OpenSpiel's copy of a state (it deep-copies the attributes):
    every copy keeps the same game."""

    def __init__(self, game: CardtableSpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


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
        outcomes = self.shared.game.outcomes
        return [(seed, 1.0 / outcomes) for seed in range(outcomes)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.episode is None:
            return []
        return sorted(self.episode.continuations(player))

    def _apply_action(self, action: int) -> None:
        game = self.shared.game
        if self.play.episode is None:
            episode = game.episode.copy()
            if game.start is None:
                episode.deal(int(action))
            else:
                episode.resume(game.start.clone())
            self.play.start(episode)
        else:
            self.play.step([(self.play.episode.to_act()[0], action)])

    def _apply_actions(self, actions: list[int]) -> None:
        episode = self.play.episode
        assert episode is not None
        self.play.step([(player, actions[player]) for player in episode.to_act()])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "the position" if self.shared.game.start is not None else f"deal {action}"
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
        episode = state.episode
        if episode is None:
            return ""
        return view_text(episode.state.view(player), episode.chosen[player])


class HistoryObserver:
    """The information state: the player's history as a tensor of the last ``recall`` views
    (its ranges as ``dict``) and in full as a string."""

    def __init__(self, encoding: Any, recall: int) -> None:
        self.encoding, self.recall = encoding, recall
        self.layout = recall_layout(encoding, recall)
        self.tensor = self.layout.zeros()
        self.dict = {segment.name: self.tensor[segment.start:segment.stop]
                     for segment in self.layout.segments}

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        fill_tensor(self.tensor, self.layout, state.play.histories()[player], self.encoding,
                    self.recall)

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        return state.play.histories()[player].text


def resample(state: CardtableSpielState, player: int) -> CardtableSpielState:
    """A state ``player`` cannot tell from ``state``: what they cannot see dealt afresh (the
    other players' histories are copied, an approximation ISMCTS tolerates)."""
    sample: CardtableSpielState = state.clone()
    assert state.state is not None
    sample.play.replace_state(state.state.sample_hidden(player, Rng(np.random.randint(1 << 62))))
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
            simultaneous = encoding_for(cls()).simultaneous
            pyspiel.register_game(game_type(name, (cls.min_players, cls.max_players),
                                            simultaneous), spiel_game_class(name))
