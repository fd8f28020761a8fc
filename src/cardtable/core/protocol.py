"""The game and state protocol that every engine implements and everything else relies on.

One shape serves all five games:

* **Who acts.** ``state.to_act()`` is the tuple of players who must act now. Usually one player;
  two for a simultaneous commit (The Queen's Mercy: each commits a card, in either order, and the
  trick resolves when the second arrives); the player who is *not* on turn when a decision is
  theirs (a handed-off card in Matriarchy, the Joker♠ choice); the same player several times in a
  row for multi-step turns (draw then route; two actions; Hearts magic). Empty when the game is
  over. Every action names its player: ``state.apply(player, action)``.
* **Chance.** Shuffles and random picks come only from the state's own ``Rng``, seeded by
  ``game.new_state(seed)``. A seed and the list of moves replay a game exactly, in any process.
* **Apply style.** ``apply`` changes the state *in place* (like python-chess's ``push``) after
  checking legality; an illegal action raises ``IllegalActionError`` naming the rule and leaves
  the state untouched. ``apply_unchecked`` is the one named fast path for callers that took the
  action from ``legal_actions`` (bots, simulations). ``advance`` is the same move without its
  events, for callers that would throw them away (simulations nobody watches, search rollouts):
  it must leave exactly the state ``apply_unchecked`` leaves. Use ``clone()`` to keep an
  earlier state.
* **Legality in one place.** ``legal_actions(player)`` is the only generator of legal moves;
  ``is_legal(player, action)`` answers for one action (by default: membership in that list, a
  game may answer faster), and ``apply`` and ``Game.parse_action`` both check through it. A move
  is checked once: a typed move is read and checked by ``parse_action`` and then applied
  unchecked (``State.play_text``, as python-chess's ``push_uci``), an action taken from
  ``legal_actions`` is applied unchecked, and ``apply`` checks any other.
* **Typed.** ``State`` and ``Game`` are generic over the game's action type: each game has one
  union of frozen action classes and dispatches on them with ``match``.
* **Hidden information.** ``view(player)`` is a JSON-ready ``View`` holding exactly what that
  player may know (``view(None)`` is the spectator's). Its envelope is the same for every game and
  is built here: ``game`` (the registry name), ``viewer``, ``to_act``, ``phase``, ``result``, and
  the game's own part under ``body`` (``view_body``). ``sample_hidden(player, rng)`` deals a full
  state consistent with that view, for search bots. ``secrets(player)`` names the texts (cards)
  that must never appear in that player's view; the conformance suite scans the serialized view.
* **Positions.** ``position()`` writes the whole state, hidden cards, deck order and generator
  included, as JSON-ready data; ``game.from_position`` reads it back, refusing impossible ones.
* **Notation.** Actions are frozen, hashable values; ``str(action)`` is the canonical notation
  and ``game.parse_action(state, player, text)`` reads it back (``str(parse(x)) == x``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypedDict, TypeVar, runtime_checkable

from cardtable.core.errors import (
    AmbiguousActionError,
    GameOverError,
    IllegalActionError,
    InvalidPositionError,
    NotationError,
    NotYourTurnError,
)
from cardtable.core.options import build_options, options_to_dict
from cardtable.core.positions import shown
from cardtable.core.rng import Rng

Action = Hashable
"""An action is any frozen, hashable value whose ``str`` is its canonical notation."""

A = TypeVar("A", bound=Hashable)
"""A game's action type: the union of its frozen action classes."""

SPECTATOR = None


class ResultDict(TypedDict):
    scores: list[float]
    winner: int | None
    summary: str


class View(TypedDict):
    """What one seat (or a spectator, ``viewer`` None) may know, the same envelope in every game.

    Front ends read the envelope without knowing the game; only a game's drawing reads ``body``.
    """

    game: str
    viewer: int | None
    to_act: list[int]
    phase: str
    result: ResultDict | None
    body: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for logs and UIs. ``audience`` None means everybody may see it;
    otherwise only the listed players (a private Jack consult, a stolen card)."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        return self.audience is None or (player is not None and player in self.audience)


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended.

    ``scores`` are the game's own final figures per player (points, tokens, majorities).
    ``winner`` is the winning player, or None for a draw. ``summary`` says it in words.
    A game played in rounds also says how many it took (``rounds``) and the points of the
    last one (``round_scores``), so a study can read them from the result without watching
    the game's events (and so without the engine making them).
    """

    scores: tuple[float, ...]
    winner: int | None
    summary: str = ""
    rounds: int = 0
    round_scores: tuple[float, ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def returns(self) -> tuple[float, ...]:
        """Per-player outcome for statistics and learning: 1 win, 0 loss, 1/n each on a draw."""
        n = len(self.scores)
        if self.winner is None:
            return tuple(1.0 / n for _ in range(n))
        return tuple(1.0 if p == self.winner else 0.0 for p in range(n))

    def to_dict(self) -> ResultDict:
        return {"scores": list(self.scores), "winner": self.winner, "summary": self.summary}


class State(ABC, Generic[A]):
    """One moment of one game. See the module docstring for the contract.

    Every state counts the actions applied since the start in ``moves``.
    """

    __slots__ = ()
    """No instance dictionary from here: a game whose state names its fields in ``__slots__``
    gets a state without one, cheaper to make, to clone and to read."""

    game: Game[A]
    moves: int = 0

    @property
    def num_players(self) -> int:
        """Seats at the table: two, unless the game says otherwise."""
        return 2

    def play_text(self, player: int, text: str) -> tuple[A, list[Event]]:
        """Read ``text`` as ``player``'s move and apply it in place: the action read and its
        events. The reading (``Game.parse_action``) is the one legality check; the move is then
        applied unchecked, as python-chess's ``push_uci`` reads with ``parse_uci`` and plays
        with ``push``. Bad text raises what ``parse_action`` raises (``NotationError``,
        ``IllegalActionError`` naming the rule, ``AmbiguousActionError``, ``NotYourTurnError``,
        ``GameOverError``) and leaves the state unchanged."""
        action = self.game.parse_action(self, player, text)
        return action, self.apply_unchecked(player, action)

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The players who must act now, in seat order; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[A]:
        """Every legal action of ``player`` now, in a stable order; empty if they need not act."""

    def is_legal(self, player: int, action: object) -> bool:
        """Whether ``player`` may take ``action`` now. By default, membership in
        ``legal_actions``; a game whose lists are long may answer faster, but never otherwise."""
        return action in self.legal_actions(player)

    @abstractmethod
    def apply_unchecked(self, player: int, action: A) -> list[Event]:
        """Apply an action known to be legal (taken from ``legal_actions``). The fast path."""

    def advance(self, player: int, action: A) -> None:
        """Apply an action known to be legal, like ``apply_unchecked``, but without making the
        events nobody will read. By default it drops them (a game that does not define
        ``advance`` gets its ``apply_unchecked`` itself as ``advance``, see
        ``__init_subclass__``); a game whose events cost (texts made for every trick) overrides
        it, and the conformance suite holds both paths to the same positions."""
        self.apply_unchecked(player, action)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Where ``advance`` is still the default, make it the class's ``apply_unchecked``
        itself, so that the event-free path costs no extra call on the hottest loop."""
        super().__init_subclass__(**kwargs)
        owner = next(klass for klass in cls.__mro__ if "advance" in vars(klass))
        inherited = getattr(owner, "apply_unchecked")  # noqa: B009 (mypy: no such attribute)
        if owner is State or vars(owner)["advance"] is inherited:
            setattr(cls, "advance", cls.apply_unchecked)  # noqa: B010 (mypy refuses a method)

    def apply(self, player: int, action: A) -> list[Event]:
        """Check the action with ``is_legal`` and apply it in place.

        Raises ``GameOverError``, ``NotYourTurnError`` or ``IllegalActionError`` (naming the rule
        broken, from ``explain_illegal``); the state is unchanged when it raises.
        """
        self.check_turn(player)
        if not self.is_legal(player, action):
            raise IllegalActionError(self.explain_illegal(player, action))
        return self.apply_unchecked(player, action)

    def check_turn(self, player: int) -> None:
        """Refuse any action once the game is over, or from a player who need not act now."""
        if self.is_over():
            raise GameOverError("the game is over: no more actions", rule="end of game")
        if player not in self.to_act():
            raise NotYourTurnError(
                f"player {player} may not act now (waiting for {self._waiting_for()})",
                rule="turn order",
            )

    def explain_illegal(self, player: int, action: object) -> str:
        """Why ``action`` is not legal for ``player`` now. Games override this to name the rule."""
        return f"{action} is not a legal action now"

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, otherwise None."""

    def view(self, player: int | None) -> View:
        """Exactly what ``player`` may know (None: a spectator), in the common envelope."""
        result = self.result()
        return {
            "game": self.game.name,
            "viewer": player,
            "to_act": list(self.to_act()),
            "phase": self.phase_name(),
            "result": None if result is None else result.to_dict(),
            "body": self.view_body(player),
        }

    @abstractmethod
    def view_body(self, player: int | None) -> Mapping[str, Any]:
        """The game's own part of ``view(player)``: JSON-ready, holding nothing that player may
        not know (the conformance suite scans it for ``secrets``)."""

    def phase_name(self) -> str:
        """The name of the stage of play now ("over" once the game ends); games with several
        stages (a cut, a draft, an ultimatum) name them."""
        return "over" if self.is_over() else "play"

    @abstractmethod
    def sample_hidden(self, player: int, rng: Rng) -> State[A]:
        """A full state whose view for ``player`` equals this one's, with everything that
        player cannot see dealt at random from ``rng`` (including the state's own generator)."""

    def secrets(self, player: int | None) -> set[str]:
        """Texts that must not appear in ``view(player)`` (hidden cards' canonical forms)."""
        return set()

    @abstractmethod
    def clone(self) -> State[A]: ...

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; ``game.from_position`` reads it back."""

    @property
    def step_count(self) -> int:
        """Progress in the game's natural unit (its ``step_unit``, see
        ``cardtable.sim.runner.CountsSteps``), for benchmarks: tricks in The Queen's Mercy,
        actions by default."""
        return self.moves

    def _waiting_for(self) -> str:
        players = self.to_act()
        return ", ".join(f"player {p}" for p in players) or "nobody"

    def __str__(self) -> str:
        return describe(self.game, self.view(SPECTATOR))


class EventsOnRequest(State[A]):
    """A state whose rules tell a move's events into the list they are given, and make none
    when given None: ``apply_unchecked`` and ``advance`` are then one path (``act``), with or
    without the texts, so they cannot drift apart."""

    __slots__ = ()

    @abstractmethod
    def act(self, player: int, action: A, events: list[Event] | None) -> None:
        """Apply a legal action in place, telling its events into ``events`` unless None."""

    def apply_unchecked(self, player: int, action: A) -> list[Event]:
        events: list[Event] = []
        self.act(player, action, events)
        return events

    def advance(self, player: int, action: A) -> None:
        self.act(player, action, None)


class Game(ABC, Generic[A]):
    """A game with its options fixed: the factory of states, the reader of notation and of
    positions; only what every game must have.

    What a game may offer besides is a small protocol of its own, in the module that uses it,
    met by a plain method of the game class (``isinstance(game, Describes)``): the table as
    text (``Describes``, here), its own bots, an evaluation and a solved policy
    (``cardtable.bots``), an encoding for learning agents (``cardtable.core.encoding``), the
    explanation of a choice, the help on its notation, a hint's analysis and a solver
    (``cardtable.cli``), its unit of progress and the option sets it is showcased under
    (``cardtable.sim.runner``).
    """

    name: ClassVar[str]
    """The registry name: lowercase words joined by '-', e.g. "queens-mercy"."""
    title: ClassVar[str]
    version: ClassVar[int] = 1
    """Bump when a rule change makes old records replay differently."""
    Options: ClassVar[type]
    """A frozen dataclass of the game's options with their ruled defaults."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def __init__(self, **options: Any) -> None:
        self.options: Any = build_options(self.Options, options)
        """The game's options dataclass (``Options``), checked on construction."""

    def options_dict(self) -> dict[str, Any]:
        return options_to_dict(self.options)

    @property
    def num_players(self) -> int:
        """Seats at the table, as the options fix them, without dealing a game: the one count a
        game allows, unless the game's options choose it (a game then overrides this)."""
        return self.min_players

    @abstractmethod
    def new_state(self, seed: int | str = 0) -> State[A]:
        """The initial state; all chance in the game flows from ``seed``."""

    @abstractmethod
    def from_position(self, position: Mapping[str, Any]) -> State[A]:
        """A state from ``State.position()`` data; raises ``InvalidPositionError`` if it breaks
        the rules (a card twice, a card missing, an impossible score)."""

    @abstractmethod
    def action_from_text(self, text: str) -> A:
        """Read notation into an action value, without checking legality. Raises NotationError."""

    def parse_action(self, state: State[A], player: int, text: str,
                     legal: Sequence[A] | None = None) -> A:
        """Read a typed action and check it is legal for ``player`` now: this is the move's
        one legality check, so the action it returns is applied unchecked
        (``State.play_text``, ``Table.play_text``).

        ``legal``: ``player``'s legal actions now, where the caller holds them already (a
        ``Decision``'s): they are then the check, and the action returned is the listed one
        itself, so that a ``Table`` knows it as offered and checks nothing again.

        Malformed text raises ``NotationError``; a well-formed but illegal action raises
        ``IllegalActionError`` naming the rule; text matching several legal actions raises
        ``AmbiguousActionError``.
        """
        if isinstance(player, bool) or not 0 <= player < state.num_players:
            raise NotYourTurnError(f"there is no player {player!r} at this table (players 0 "
                                   f"to {state.num_players - 1})", rule="turn order")
        action = self.action_from_text(text)
        if legal is None:
            if state.is_legal(player, action):
                return action
            legal = state.legal_actions(player)
        else:
            for offered in legal:
                if offered == action:
                    return offered
        matches = [a for a in legal if self.matches(a, action)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousActionError(
                f"{text!r} could mean: {', '.join(map(str, matches))}"
            )
        state.check_turn(player)
        raise IllegalActionError(state.explain_illegal(player, action))

    def matches(self, legal: A, typed: A) -> bool:
        """Whether a typed, partial action may stand for a legal one (for abbreviations).
        By default only exact equality counts."""
        return False

    @abstractmethod
    def action_words(self, action: A) -> str:
        """An action in a player's plain words ("play the Dame of Spades"), for screen readers,
        the move list and the log; its notation is ``str(action)``."""

    def position_header(self, state: State[A]) -> dict[str, Any]:
        """The fields every position starts with, in every game: ``game`` (the registry name),
        ``options`` (all of them, so a position says what it was played under) and ``moves``.
        A game adds its own fields after these; whose turn it is goes under ``turn`` and a deck
        is listed top card first."""
        return {"game": self.name, "options": self.options_dict(), "moves": state.moves}

    def read_position_header(self, position: Mapping[str, Any], required: Sequence[str]) -> int:
        """Check a position's common fields and that it has every field in ``required``, and
        return its move counter. A position made under other options is refused: the options
        decide what a position may hold, so it cannot be read under different ones."""
        self.check_position_keys(position, ["options", "moves", *required])
        if position["options"] != self.options_dict():
            raise InvalidPositionError(
                f"this position was made with other options than {self!r}: "
                f"{shown(position['options'])}")
        moves = position["moves"]
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
            raise InvalidPositionError(f"moves must be a whole number from 0, not {shown(moves)}")
        return moves

    def check_position_keys(self, position: Mapping[str, Any], required: Sequence[str]) -> None:
        """Refuse a position that is not for this game or misses a field."""
        if not isinstance(position, Mapping):
            raise InvalidPositionError("a position is a JSON object")
        if position.get("game") != self.name:
            raise InvalidPositionError(
                f"this position is for {position.get('game')!r}, not {self.name!r}"
            )
        missing = [key for key in required if key not in position]
        if missing:
            raise InvalidPositionError(f"the position lacks {', '.join(missing)}")

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options_dict().items()
                   if v != options_to_dict(self.Options()).get(k)}
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"cardtable.load({self.name!r}{args})"


@runtime_checkable
class Describes(Protocol):
    """A game that draws its table as plain text, for the terminal game, logs and
    ``str(state)``."""

    def describe(self, view: View) -> str:
        """The table as plain text from a view."""
        ...


def describe(game: object, view: View) -> str:
    """The table as text: the game's own ``describe``, else the view as JSON."""
    return game.describe(view) if isinstance(game, Describes) else view_json(view)


MixedStrategy = Sequence[tuple[A, float]]
"""A mixed strategy: each action with its probability (the probabilities sum to 1)."""


def draw_mixed(policy: MixedStrategy[A], rng: Rng) -> A:
    """One action drawn from ``policy`` by ``rng``."""
    point = rng.random()
    for action, share in policy:
        point -= share
        if point < 0:
            return action
    return policy[-1][0]  # rounding left the point just past the last share


def view_json(view: Mapping[str, Any]) -> str:
    """A view serialized as the server sends it; also what the leak scan reads."""
    try:
        return json.dumps(view, ensure_ascii=False, sort_keys=True)
    except TypeError as error:
        raise NotationError(f"a view must be JSON-ready: {error}") from error
