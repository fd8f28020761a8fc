"""Positions: the whole Matriarchy state as JSON-ready data, and reading it back with checks.

Lists are written bottom first, like the state holds them, except ``deck``, which is written
top first (the order the cards will be drawn). Reading refuses anything the rules cannot reach:
a card twice or missing, a Queen left on a tower, an oversized Moat, a score no closed tower
could have earned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cardtable.core import Card, InvalidPositionError, Rng, standard_deck
from cardtable.core.cards import ACE, JACK, KING
from cardtable.core.positions import check_each_card_once, read_bool, read_cards, read_int, reading

from cardtable.games.matriarchy.state import HANDOFF, MOAT_SIZE, OVER, PHASES, MatriarchyState
from cardtable.games.matriarchy.view import cards

if TYPE_CHECKING:
    from cardtable.games.matriarchy.game import Matriarchy

KEYS = ("deck", "communal", "players", "out", "turn", "phase", "drawn", "drawn_from", "rng",
        "move_count")
PLAYER_KEYS = ("towers", "moat", "moat_sealed", "kings_resolved", "score", "skip_next", "closed")


def write_position(state: MatriarchyState) -> dict[str, Any]:
    return {
        "game": "matriarchy",
        "deck": cards(reversed(state.deck)),
        "communal": cards(state.pile),
        "players": [
            {
                "towers": [cards(tower) for tower in state.towers[p]],
                "moat": cards(state.moats[p]),
                "moat_sealed": state.sealed[p],
                "kings_resolved": state.kings[p],
                "score": state.score[p],
                "skip_next": state.skip[p],
                "closed": cards(state.closed[p]),
            }
            for p in range(2)
        ],
        "out": cards(state.gone),
        "turn": state.current,
        "phase": state.phase,
        "drawn": None if state.drawn is None else str(state.drawn),
        "drawn_from": state.drawn_from,
        "rng": state.rng.state,
        "move_count": state.moves,
    }


def read_position(game: "Matriarchy", data: Mapping[str, Any]) -> MatriarchyState:
    """A state from ``write_position`` data; ``InvalidPositionError`` names the first problem."""
    game.check_position_keys(data, KEYS)
    with reading("Matriarchy"):
        state = _build(game, data)
    _check_cards(state)
    _check_players(state)
    _check_phase(state)
    return state


def _build(game: "Matriarchy", data: Mapping[str, Any]) -> MatriarchyState:
    state = MatriarchyState(game)
    state.deck = read_cards(data["deck"], "deck")[::-1]
    state.pile = read_cards(data["communal"], "communal")
    state.gone = read_cards(data["out"], "out")
    players = data["players"]
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidPositionError("players must list the 2 players")
    for p, seat in enumerate(players):
        missing = [key for key in PLAYER_KEYS if key not in seat]
        if missing:
            raise InvalidPositionError(f"player {p} lacks {', '.join(missing)}")
        towers = seat["towers"]
        if not isinstance(towers, list) or len(towers) != 4:
            raise InvalidPositionError(f"player {p} must have 4 tower slots")
        state.towers[p] = [read_cards(t, f"player {p}'s tower") for t in towers]
        state.moats[p] = read_cards(seat["moat"], f"player {p}'s moat")
        state.closed[p] = read_cards(seat["closed"], f"player {p}'s closed cards")
        state.sealed[p] = read_bool(seat["moat_sealed"], "moat_sealed")
        state.skip[p] = read_bool(seat["skip_next"], "skip_next")
        state.kings[p] = read_int(seat["kings_resolved"], "kings_resolved", 0, 2)
        state.score[p] = read_int(seat["score"], "score", 0, 52)
    state.current = read_int(data["turn"], "turn", 0, 1)
    if data["phase"] not in PHASES:
        raise InvalidPositionError(f"phase must be one of {', '.join(PHASES)}")
    state.phase = next(phase for phase in PHASES if phase == data["phase"])  # the interned str
    state.drawn = None if data["drawn"] is None else Card.parse(data["drawn"])
    if data["drawn_from"] not in (None, "deck", "pile"):
        raise InvalidPositionError("drawn_from must be deck, pile or null")
    state.drawn_from = data["drawn_from"]
    state.rng = Rng(0)
    state.rng.state = read_int(data["rng"], "rng", 0, 2**64 - 1)
    state.moves = read_int(data["move_count"], "move_count", 0, 10**9)
    return state


def _check_cards(state: MatriarchyState) -> None:
    every = [*state.deck, *state.pile, *state.gone]
    for p in range(2):
        every += [card for tower in state.towers[p] for card in tower]
        every += state.moats[p] + state.closed[p]
    if state.drawn is not None:
        every.append(state.drawn)
    jokers = [str(card) for card in every if card.is_joker]
    if jokers:
        raise InvalidPositionError(f"{jokers[0]}: Matriarchy uses no Jokers")
    check_each_card_once(every, standard_deck())
    if any(card.rank > 10 for card in state.pile):
        raise InvalidPositionError("only number cards enter the communal pile")


def _check_players(state: MatriarchyState) -> None:
    may_start = state.game.options.face_cards_may_start
    for p in range(2):
        for tower in state.towers[p]:
            _check_tower(tower, may_start, p)
        moat = state.moats[p]
        if len(moat) > MOAT_SIZE or any(card.rank > 10 for card in moat):
            raise InvalidPositionError(f"player {p}'s Moat holds at most 2 number cards")
        if moat != sorted(moat, key=lambda card: (card.rank, card.suit)):
            raise InvalidPositionError(f"player {p}'s Moat must be listed lowest first")
        if state.sealed[p] != (state.kings[p] == 2):
            raise InvalidPositionError(f"player {p}'s Moat is sealed exactly when 2 Kings resolved")
        own_kings_out = sum(1 for card in state.gone
                            if card.rank == KING and state.game.owner[card] == p)
        if state.kings[p] > own_kings_out:
            raise InvalidPositionError(f"player {p} cannot have resolved {state.kings[p]} Kings")
        if state.score[p] > len(state.closed[p]):
            raise InvalidPositionError(
                f"player {p}'s score {state.score[p]} exceeds the {len(state.closed[p])} cards "
                "of the towers they closed")


def _check_tower(tower: list[Card], may_start: bool, p: int) -> None:
    for below, card in zip([None, *tower], tower):
        if card.rank in (KING, ACE) or card.rank > JACK:
            raise InvalidPositionError(f"{card} resolves a tower at once; it cannot stand in one")
        if below is None:
            if card.rank == JACK and not may_start:
                raise InvalidPositionError(f"player {p} has a tower starting with a Jack")
        elif below.rank == JACK or (card.rank <= 10 and card.rank < below.rank):
            raise InvalidPositionError(f"player {p}'s tower has {card} on {below}")


def _check_phase(state: MatriarchyState) -> None:
    active = state.phase not in (OVER, "draw")
    if active != (state.drawn is not None) or active != (state.drawn_from is not None):
        raise InvalidPositionError("a drawn card (and its source) exists exactly while routing")
    if state.drawn is not None:
        to_other = state.game.owner[state.drawn] == 1 - state.current
        if state.phase is HANDOFF and not to_other:
            raise InvalidPositionError("only a card of the other player's colour is handed off")
        if state.phase == "route" and to_other:
            raise InvalidPositionError("a card of the other player's colour must be handed off")
    ended = not state.deck and not state.pile and state.drawn is None
    if ended != (state.phase is OVER):
        raise InvalidPositionError("the game is over exactly when deck and pile are both empty")
    if state.skip[state.current] and state.phase is not OVER:
        raise InvalidPositionError("the player on turn cannot have a skipped turn pending")
