"""Every rule of a turn: who acts, what is legal, what each action does, the end, the scores.

A turn is a draw, then a route of the drawn card, and each step is one player's decision, so
exactly one player acts at any moment:

* ``draw``: the player on turn takes the deck top or the communal top;
* ``route``: the same player places, banks, discards or burns the card drawn;
* ``handoff``: the drawn card is a J/Q/K of the other colour (or an Ace, under
  ``ace_owner="color"``), so the *receiver* acts now, in the middle of the drawer's turn, and
  places it on their own towers (or burns it if it fits none).

A skipped turn needs no decision: when a handoff is settled the drawer simply plays the next
turn too (an event says the receiver's turn was skipped).

The rules read and change the table through ``board.Board``, the fields of the state; the
state itself only holds them and dispatches each action here.
"""

from __future__ import annotations

from cardtable.core import Card, Event, Result, standard_deck
from cardtable.core.cards import ACE, JACK, KING
from cardtable.games.matriarchy import telling
from cardtable.games.matriarchy.actions import (
    BANK,
    BURN,
    DISCARD,
    DRAW_DECK,
    DRAW_PILE,
    PLACE,
    Bank,
    Burn,
    Discard,
    Draw,
    MatriarchyAction,
    Place,
)
from cardtable.games.matriarchy.board import DRAW, HANDOFF, OVER, ROUTE, Board
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.scoring import ScoreLine, lines_words, number, score_lines
from cardtable.games.matriarchy.towers import (
    MOAT_SIZE,
    SLOTS,
    can_place,
    card_role,
    close_points,
    moat_end_points,
    moat_order,
    placement_problem,
    tower_end_points,
)

SOURCES = ("deck", "pile")
_NOBODY: tuple[int, ...] = ()
_SEAT = ((0,), (1,))


def owners(options: Options) -> dict[Card, int]:
    """The seat each card is routed to when drawn: J/Q/K (and Aces under ``ace_owner="color"``)
    to the player of their colour; -1 for number cards and Aces, which stay with the drawer."""
    red = options.red_player

    def owner(card: Card) -> int:
        if card.is_number or (card.rank == ACE and options.ace_owner == "drawer"):
            return -1
        return red if card.is_red else 1 - red

    return {card: owner(card) for card in standard_deck()}


def colour_of(options: Options, player: int) -> str:
    return "red" if player == options.red_player else "black"


# --- who acts and what is legal ------------------------------------------------------------------

def to_act(board: Board) -> tuple[int, ...]:
    phase = board.phase
    if phase is HANDOFF:
        return _SEAT[1 - board.current]
    if phase is OVER:
        return _NOBODY
    return _SEAT[board.current]


def legal_actions(board: Board, player: int) -> list[MatriarchyAction]:
    """Every legal action of ``player`` now, in a fixed order (draw deck before draw pile;
    place 1 to 4, then bank, then discard or burn). The hot path of every search and playout,
    so each step is written out here."""
    phase = board.phase
    if phase is DRAW:
        if player != board.current:
            return []
        # Never the communal pile while it is empty. While the deck lasts, its top only if it
        # can be used; once the deck is empty it is forced (the game ends when both are empty).
        deck, pile = board.deck, board.pile
        actions: list[MatriarchyAction] = [DRAW_DECK] if deck else []
        if pile and (not deck or not board.options.communal_take_requires_use
                     or usable(board, player, pile[-1])):
            actions.append(DRAW_PILE)
        return actions
    if phase is ROUTE:
        if player != board.current:
            return []
        # Placing is compulsory: the card goes on a tower or (a number card) into the Moat if
        # it can; only otherwise (or under ``allow_voluntary_discard``) is it discarded or burned.
        rank = board.drawn.rank  # type: ignore[union-attr]
        options = board.options
        actions = place_actions(rank, board.towers[player], options)
        if rank <= 10 and may_bank(board, player):
            actions.append(BANK)
        if not actions or options.allow_voluntary_discard:
            actions.append(dead_end(board))
        return actions
    if phase is HANDOFF and player != board.current:
        rank = board.drawn.rank  # type: ignore[union-attr]
        return place_actions(rank, board.towers[player], board.options) or [BURN]
    return []


def place_actions(rank: int, towers: list[list[Card]], options: Options) -> list[MatriarchyAction]:
    """``place N`` for every tower slot a card of ``rank`` may go to."""
    may_start = options.face_cards_may_start
    return [PLACE[i] for i in range(SLOTS) if can_place(rank, towers[i], may_start)]


def may_bank(board: Board, player: int) -> bool:
    """Whether ``player``'s Moat takes a number card now: not sealed and not full."""
    return not board.sealed[player] and len(board.moats[player]) < MOAT_SIZE


def usable(board: Board, player: int, card: Card) -> bool:
    """Whether ``player`` could place or bank ``card`` (may they take the communal top?)."""
    if may_bank(board, player):
        return True
    may_start = board.options.face_cards_may_start
    return any(can_place(card.rank, tower, may_start) for tower in board.towers[player])


def dead_end(board: Board) -> MatriarchyAction:
    """Where the drawn card goes if it is not used: number cards to the communal pile, except a
    communal card taken from an empty deck, which is burned like a face card."""
    drawn: Card = board.drawn  # type: ignore[assignment]
    if drawn.rank > 10 or (board.drawn_from == "pile" and not board.deck):
        return BURN
    return DISCARD


# --- what each action does ------------------------------------------------------------------
# Each takes ``events``, the list the move's events are told into, or None when nobody will read
# them (``State.advance``: playouts and search): the board changes the same either way, only the
# texts are skipped.

def draw(board: Board, player: int, source: str, events: list[Event] | None) -> None:
    """Take a card; a card of the other player's colour is handed to them at once."""
    card = board.deck.pop() if source == "deck" else board.pile.pop()
    board.drawn = card
    board.drawn_from = source
    owner = board.owner[card]
    if owner < 0 or owner == player:
        board.phase = ROUTE
        if events is not None:
            events.append(telling.drew(board, player, card, source))
        return
    board.phase = HANDOFF
    if events is not None:
        events.append(telling.handed_off(board, player, card, source, owner))


def place(board: Board, player: int, slot: int, events: list[Event] | None) -> None:
    """Put the drawn card on tower ``slot`` (0-based): a number or Jack builds, a Queen or Ace
    closes and scores, a King sweeps and deploys the Moat's lowest card."""
    card: Card = board.drawn  # type: ignore[assignment]
    towers = board.towers[player]
    tower = towers[slot]
    rank = card.rank
    if rank <= 10 or rank == JACK:
        tower.append(card)
        if events is not None:
            events.append(telling.built(board, player, card, slot))
        return
    towers[slot] = []
    if rank == KING:
        board.gone.extend(tower)
        board.gone.append(card)
        moat = board.moats[player]
        base = moat.pop(0) if moat else None
        if base is not None:
            towers[slot] = [base]
        king_resolved(board, player)
        if events is not None:
            events.append(telling.swept(board, player, card, slot, tower, base))
        return
    points = close_points(rank, tower)
    board.score[player] += points
    closed = board.closed[player]
    closed.extend(tower)
    closed.append(card)
    if events is not None:
        events.append(telling.closed(board, player, card, slot, tower, points))


def bank(board: Board, player: int, events: list[Event] | None) -> None:
    card: Card = board.drawn  # type: ignore[assignment]
    moat = board.moats[player]
    moat.append(card)
    moat.sort(key=moat_order)
    if events is not None:
        events.append(telling.banked(board, player, card))


def discard(board: Board, player: int, events: list[Event] | None) -> None:
    card: Card = board.drawn  # type: ignore[assignment]
    if events is not None:  # told before the card leaves: could it have been used?
        events.append(telling.discarded(board, player, card, could_use(board, player, card)))
    board.pile.append(card)


def burn(board: Board, player: int, events: list[Event] | None) -> None:
    card: Card = board.drawn  # type: ignore[assignment]
    usable = events is not None and could_use(board, player, card)
    board.gone.append(card)
    if card.rank == KING and board.options.seal_counts_burned_kings:
        king_resolved(board, player)
    if events is not None:
        events.append(telling.burned(board, player, card, usable))


def could_use(board: Board, player: int, card: Card) -> bool:
    """Whether ``player`` could have placed ``card`` (or banked it, a number card they route):
    a discard or burn of such a card was a choice, which only ``allow_voluntary_discard``
    allows."""
    if place_actions(card.rank, board.towers[player], board.options):
        return True
    return card.rank <= 10 and board.phase is ROUTE and may_bank(board, player)


def king_resolved(board: Board, player: int) -> None:
    """A King of ``player``'s colour was resolved to them; the second seals their Moat."""
    board.kings[player] += 1
    if board.kings[player] >= 2:
        board.sealed[player] = True


def end_route(board: Board, events: list[Event] | None) -> None:
    """The drawn card is settled: the game ends once deck and pile are both empty; otherwise
    the turn passes, except after a handoff, when the drawer plays on (the receiver's next turn
    is skipped, or, under ``handoff_mode="redraw"``, the drawer draws again at once)."""
    handoff = board.phase is HANDOFF
    board.drawn = None
    board.drawn_from = None
    board.phase = DRAW
    if not board.deck and not board.pile:
        board.phase = OVER
        if events is not None:
            events.append(telling.ended(board, final_scores(board)))
    elif not handoff:
        board.current = 1 - board.current
    elif events is not None:
        events.append(telling.turn_passes_over(board, board.current))


# --- why an action is illegal ---------------------------------------------------------------

def explain_illegal(board: Board, player: int, action: object) -> str:
    """Name the rule an illegal action breaks (the action is known to be illegal)."""
    if board.phase is OVER:
        return "the game is over: no more actions"
    if player not in to_act(board):
        return f"player {player} may not act now: it is player {to_act(board)[0]}'s move"
    drawn = board.drawn
    if board.phase is DRAW:
        return _explain_draw(board, action)
    if isinstance(action, Draw):
        return (f"{drawn} was already drawn: route it now (place N, bank, discard or burn)"
                " [one draw per turn]")
    if isinstance(action, Place):
        rank = drawn.rank  # type: ignore[union-attr]
        tower = board.towers[player][action.slot - 1]
        if can_place(rank, tower, board.options.face_cards_may_start):
            return f"{action} is not legal now"
        return f"{drawn} cannot go on tower {action.slot}: " + placement_problem(rank, tower)
    legal = ", ".join(map(str, legal_actions(board, player)))
    if board.phase is HANDOFF:
        return (f"a handed-off card must be placed on the receiver's towers, or burned if "
                f"it fits none (legal now: {legal}) [handoff]")
    return _explain_route(board, player, action, legal)


def _explain_draw(board: Board, action: object) -> str:
    if not isinstance(action, Draw):
        return "draw first: a turn starts with draw deck or draw pile [turn order]"
    if action.source == "deck":
        return "the deck is empty: take the communal top with draw pile [deck empty]"
    if not board.pile:
        return "the communal pile is empty: draw from the deck [communal pile]"
    return (f"the communal top {board.pile[-1]} fits none of your towers and your Moat cannot "
            "take it: while the deck lasts you may take it only to use it [communal take]")


def _explain_route(board: Board, player: int, action: object, legal: str) -> str:
    drawn = board.drawn
    rank = drawn.rank  # type: ignore[union-attr]
    if isinstance(action, Bank):
        if rank > 10:
            return f"only number cards (2-10) may enter the Moat, not {card_role(rank)} [Moat]"
        if board.sealed[player]:
            return "your Moat is sealed: both Kings of your colour have been played [Moat seal]"
        return f"your Moat already holds {MOAT_SIZE} cards [Moat]"
    end = dead_end(board)
    if isinstance(action, Discard) and rank > 10:
        return (f"only number cards enter the communal pile: {card_role(rank)} that cannot be "
                "placed is burned [communal pile]")
    if isinstance(action, Discard) and end is BURN:
        return ("with the deck empty, a communal card you cannot use is burned, not put back "
                "(write burn) [deck empty]")
    if isinstance(action, Burn) and end is DISCARD and end in legal_actions(board, player):
        return "a number card you cannot use is discarded to the communal pile, not burned"
    return (f"placement is compulsory: {drawn} can be used (legal now: {legal}) "
            "[compulsory play]")


# --- scores and the result --------------------------------------------------------------------

def final_scores(board: Board) -> tuple[int, int]:
    """Banked points plus what open towers and Moat cards would score if the game ended now
    (every view shows them: written without generators, which cost more than the sums)."""
    return _final_score(board, 0), _final_score(board, 1)


def _final_score(board: Board, player: int) -> int:
    return (board.score[player] + sum(map(tower_end_points, board.towers[player]))
            + moat_end_points(board.moats[player]))


def player_score_lines(board: Board, player: int) -> list[ScoreLine]:
    """``player``'s score line by line, as the view shows it and the result sums it."""
    return score_lines(board.score[player], board.closed[player], board.towers[player],
                       board.moats[player])


def result(board: Board) -> Result:
    """Final scores (banked points, frozen-tower and Moat penalties); equal totals draw. The
    summary names the winner and gives both score sheets, line by line."""
    scores = final_scores(board)
    names = [telling.colour_name(board.options, p) for p in range(2)]
    sheets = " ".join(f"{names[p]}: {lines_words(player_score_lines(board, p))}; "
                      f"total {number(scores[p])}." for p in range(2))
    values = (float(scores[0]), float(scores[1]))
    if scores[0] == scores[1]:
        return Result(values, None, f"A draw at {number(scores[0])} each. {sheets}")
    winner = 0 if scores[0] > scores[1] else 1
    loser = 1 - winner
    return Result(values, winner,
                  f"{names[winner]} wins {number(scores[winner])} to {number(scores[loser])}. "
                  f"{sheets}")
