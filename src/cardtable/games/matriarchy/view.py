"""Who knows what: the view body, the secrets, and a sample of what nobody can see.

Everything in Matriarchy is public except the deck: towers, Moats, the communal pile, scores,
the card just drawn and every card out of play. The view holds no deck card and nothing of the
deck's order, only its size, so a spectator and both players see the same body.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from cardtable.core import Card, Rng
from cardtable.games.matriarchy.actions import Draw
from cardtable.games.matriarchy.board import DRAW, Board
from cardtable.games.matriarchy.rules import (
    colour_of,
    final_scores,
    legal_actions,
    player_score_lines,
    to_act,
)
from cardtable.games.matriarchy.scoring import ScoreLine
from cardtable.games.matriarchy.telling import move_words


class SeatBody(TypedDict):
    """One player's side of the table."""

    seat: int
    colour: str
    """"red" (hearts and diamonds) or "black" (spades and clubs)."""
    towers: list[list[str]]
    """The four slots, each bottom card first ([] for an empty slot)."""
    moat: list[str]
    """Banked cards, the one that deploys next first."""
    moat_sealed: bool
    kings_resolved: int
    score: int
    """Points banked by closing towers."""
    final_if_ended_now: int
    """The score with the frozen-tower and Moat penalties the end would add now."""
    closed: list[str]
    """Cards of the towers this player closed."""
    scoring: list[ScoreLine]
    """The score line by line: each closed tower's points, then what each frozen tower and
    Moat card would cost if the game ended now; the points add up to ``final_if_ended_now``."""


class LastBody(TypedDict):
    """The latest move, for the table to mark: who made it, its notation and the card it moved
    (a card drawn is public from the moment it is drawn)."""

    player: int
    move: str
    card: str


class MatriarchyBody(TypedDict):
    """The game's part of every view (the same for both players and spectators)."""

    turn: int
    """The player on turn: the drawer, also while a handed-off card waits for its receiver."""
    deck_size: int
    communal: list[str]
    """The communal pile, top card first."""
    draws: list[str]
    """Where the player on turn may draw from now ("deck", "pile"); empty outside a draw."""
    drawn: str | None
    drawn_from: str | None
    out: list[str]
    """Cards out of play that scored nothing (swept, burned), in the order they left."""
    players: list[SeatBody]
    choices: dict[str, str]
    """Each legal move of the player to act now (notation) and what it would do, in words."""
    last: LastBody | None
    """The latest move; None before the first (and in a position read back)."""


def texts(cards: Iterable[Card]) -> list[str]:
    return [card._text for card in cards]


def view_body(board: Board) -> MatriarchyBody:
    """The public table: every viewer gets the same body."""
    final = final_scores(board)
    drawn = board.drawn
    acting = to_act(board)
    last = board.last
    return {
        "turn": board.current,
        "deck_size": len(board.deck),
        "communal": texts(reversed(board.pile)),
        "draws": [action.source for action in legal_actions(board, board.current)
                  if isinstance(action, Draw)] if board.phase is DRAW else [],
        "drawn": None if drawn is None else drawn._text,
        "drawn_from": board.drawn_from,
        "out": texts(board.gone),
        "players": [
            {
                "seat": p,
                "colour": colour_of(board.options, p),
                "towers": [texts(tower) for tower in board.towers[p]],
                "moat": texts(board.moats[p]),
                "moat_sealed": board.sealed[p],
                "kings_resolved": board.kings[p],
                "score": board.score[p],
                "final_if_ended_now": final[p],
                "closed": texts(board.closed[p]),
                "scoring": player_score_lines(board, p),
            }
            for p in range(2)
        ],
        "choices": {str(action): move_words(board, acting[0], action)
                    for action in legal_actions(board, acting[0])} if acting else {},
        "last": None if last is None else {
            "player": last[0], "move": str(last[1]), "card": last[2]._text},
    }


def secrets(board: Board) -> set[str]:
    """The deck's cards: nobody may see them (nor their order) until drawn."""
    return set(texts(board.deck))


def hide(sample: Board, rng: Rng) -> None:
    """Turn a copy of the state into one sample of what a player may believe: the unseen deck
    reshuffled, and a fresh generator (its future draws are unknown too)."""
    sample.deck.sort()  # from the view's knowledge only: the same view and seed, the same sample
    rng.shuffle(sample.deck)
    sample.rng = Rng(rng.next_u64())
