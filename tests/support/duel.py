"""A small test double: a three-trick simultaneous duel, to test the core, simulator and CLI
without depending on a real game's rules. Each player gets 3 of the six ♠ cards 2-7; both commit
a card at once; the higher card scores a point."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from cardtable.core import (
    Card,
    Event,
    Game,
    InvalidPositionError,
    NotationError,
    Result,
    Rng,
    State,
    View,
)

CARDS = [Card(rank, "♠") for rank in range(2, 8)]


@dataclass(frozen=True)
class DuelOptions:
    tricks: Literal[1, 2, 3] = 3


class DuelState(State[Card]):
    def __init__(self, game: Duel, hands: list[list[Card]], committed: list[Card | None],
                 scores: list[int], moves: int, rng: Rng) -> None:
        self.game, self.hands, self.committed, self.scores, self.moves, self.rng = (
            game, hands, committed, scores, moves, rng)

    def tricks_played(self) -> int:
        return 3 - min(len(h) for h in self.hands)

    def is_over(self) -> bool:
        return self.tricks_played() >= self.game.options.tricks and self.committed == [None, None]

    def to_act(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(p for p in (0, 1) if self.committed[p] is None)

    def legal_actions(self, player: int) -> list[Card]:
        return list(self.hands[player]) if player in self.to_act() else []

    def apply_unchecked(self, player: int, action: Card) -> list[Event]:
        self.moves += 1
        self.committed[player] = action
        self.hands[player].remove(action)
        if None in self.committed:
            return [Event("commit", f"player {player} committed a card")]
        a, b = self.committed
        winner = 0 if a.rank > b.rank else 1
        self.scores[winner] += 1
        self.committed = [None, None]
        return [Event("trick", f"{a} against {b}: player {winner} scores")]

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        s = self.scores
        winner = None if s[0] == s[1] else (0 if s[0] > s[1] else 1)
        return Result(tuple(s), winner, f"{s[0]}-{s[1]}")

    def view_body(self, player: int | None) -> dict[str, Any]:
        return {"scores": list(self.scores),
                "hand": [str(c) for c in self.hands[player]] if player is not None else None,
                "committed": [c is not None for c in self.committed]}

    def secrets(self, player: int | None) -> set[str]:
        hidden = set()
        for p in (0, 1):
            if p != player:
                hidden |= {str(c) for c in self.hands[p]}
                if self.committed[p] is not None:
                    hidden.add(str(self.committed[p]))
        return hidden

    def sample_hidden(self, player: int, rng: Rng) -> DuelState:
        other = 1 - player
        pool = self.hands[other] + ([self.committed[other]] if self.committed[other] else [])
        rng.shuffle(pool)
        clone = self.clone()
        if clone.committed[other] is not None:
            clone.committed[other] = pool.pop()
        clone.hands[other] = pool
        clone.rng = Rng(rng.next_u64())
        return clone

    def clone(self) -> DuelState:
        return DuelState(self.game, [list(h) for h in self.hands], list(self.committed),
                         list(self.scores), self.moves, self.rng.copy())

    def position(self) -> dict[str, Any]:
        return {"game": self.game.name, "hands": [[str(c) for c in h] for h in self.hands],
                "committed": [str(c) if c else None for c in self.committed],
                "scores": list(self.scores), "moves": self.moves, "rng": self.rng.state}


class Duel(Game[Card]):
    name = "duel"
    title = "Duel (test double)"
    Options = DuelOptions

    def new_state(self, seed: int | str = 0) -> DuelState:
        rng = Rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        return DuelState(self, [deck[:3], deck[3:]], [None, None], [0, 0], 0, rng)

    def from_position(self, position: Mapping[str, Any]) -> DuelState:
        self.check_position_keys(position, ["hands", "committed", "scores", "moves", "rng"])
        try:
            hands = [[Card.parse(t) for t in h] for h in position["hands"]]
            committed = [Card.parse(t) if t else None for t in position["committed"]]
        except NotationError as error:
            raise InvalidPositionError(str(error)) from None
        rng = Rng()
        rng.state = position["rng"]
        return DuelState(self, hands, committed, list(position["scores"]), position["moves"], rng)

    def action_from_text(self, text: str) -> Card:
        return Card.parse(text)

    def action_words(self, action: Card) -> str:
        return f"play {action}"

    def describe(self, view: View) -> str:
        body = view["body"]
        return f"scores {body['scores']} hand {body['hand']}"


class ScoredDuel(Duel):
    """The Duel with an evaluation (the tricks won so far, as a share), noting every state it
    is asked about."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.asked: list[DuelState] = []

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        assert isinstance(state, DuelState)
        self.asked.append(state.clone())
        lead = (state.scores[0] - state.scores[1]) / 6
        return 0.5 + lead, 0.5 - lead


def duel_with(**methods: Any) -> type[Duel]:
    """A Duel class of its own that offers more (``bots``, ``solve``), for a test to register
    as "duel": the Duel itself stays a game that offers nothing beyond the slim ``Game`` (and
    ``describe``)."""
    return type("DuelWith", (Duel,), methods)
