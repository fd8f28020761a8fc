"""What each action does to the table, what it costs of the turn, and the end of the turn and
of the game. Each function carries out one whole action already known to be legal, the end of
the turn included, and tells its events into the list it is given, or makes none when given
None (searches and simulations that nobody watches throw them away).

An action costs one of the turn's actions, except a ``take`` (part of the Score that paid) and
``end`` (which gives up what is left). When nothing is left and no Score waits for its takes,
the turn ends: the player draws a card if the deck has one, and the game may end (ruling 13).
"""

from __future__ import annotations

from cardtable.core import Card, Event
from cardtable.games.pillars import news
from cardtable.games.pillars.actions import Attack, Crawl, Defend
from cardtable.games.pillars.board import Board, set_pile
from cardtable.games.pillars.scoring import final_result
from cardtable.games.pillars.values import FACES, ZONES, pile_of

Events = list[Event] | None
"""Where an action tells its events: a list, or None for none to be made."""
_VERBS = {Attack: "attack", Defend: "defend", Crawl: "crawl"}


def spend(board: Board) -> None:
    """One of the turn's actions is used."""
    board.acted = True
    board.actions_left -= 1


def play(board: Board, player: int, action: Attack | Defend | Crawl, suit: str,
         cards: tuple[Card, ...], events: Events) -> None:
    """Attack, Defend or Crawl: the cards go from the hand to the player's side of ``suit``."""
    hand = board.hands[player]
    known = board.known[1 - player]
    for card in cards:
        hand.remove(card)
    if known:
        known[:] = [card for card in known if card not in cards]
    board.zones[suit][player].extend(cards)
    board.acted = True  # spend(board), written out on the hottest path
    board.actions_left -= 1
    if events is not None:
        verb = _VERBS[type(action)]
        events.append(Event(verb, news.play_text(board, player, verb, suit, cards),
                            {"player": player, "suit": suit,
                             "cards": [card._text for card in cards]}))
    if board.actions_left <= 0:  # ``closed`` written out: no Score waits during a play
        _end_turn(board, player, events)


def score(board: Board, player: int, events: Events) -> None:
    """Win every battle where the player's side holds strictly more cards (ruling 7); each then
    waits for its ``take``."""
    zones = board.zones
    won = [suit for suit in ZONES if len(zones[suit][player]) > len(zones[suit][1 - player])]
    board.pending = won
    spend(board)
    if events is not None:  # pending empties as taken: the event keeps its own list
        events.append(Event("score", news.score_text(board, player, won),
                            {"player": player, "won": list(won)}))
    closed(board, player, events)


def take(board: Board, player: int, card: Card, events: Events) -> None:
    """Keep ``card`` of a won battle in its scoring pile and discard the rest of that battle."""
    suit = next(suit for suit in board.pending
                if card in board.zones[suit][0] or card in board.zones[suit][1])
    board.pending.remove(suit)
    pile = pile_of(card)
    set_pile(board, player, pile, (*board.scored[player][pile], card))
    discarded = 0
    for side in board.zones[suit]:
        board.discard.extend(c for c in side if c is not card)
        discarded += len(side)
        side.clear()
    if events is not None:
        events.append(Event("take", news.take_text(player, card, suit, pile, discarded - 1),
                            {"player": player, "card": str(card), "suit": suit}))
    closed(board, player, events)


def harvest(board: Board, player: int, events: Events) -> None:
    """Draw one card per scored ♣, as far as the deck goes (ruling 8)."""
    count = min(len(board.scored[player]["♣"]), len(board.deck))
    drawn = [board.deck.pop() for _ in range(count)]
    board.hands[player].extend(drawn)
    spend(board)
    if events is not None:
        clubs = len(board.scored[player]["♣"])
        events.append(Event("harvest", news.harvest_text(player, clubs, count),
                            {"player": player, "count": count}))
        if drawn:
            events.append(Event("drawn", f"You draw {news.cards_words(drawn)}.",
                                {"cards": [str(c) for c in drawn]}, (player,)))
    closed(board, player, events)


def pile_magic(board: Board, player: int, card: Card, events: Events) -> None:
    """Discard a scored number card: from ♥, two more actions (ruling 9); from the other piles
    (only with ``allow_null_magic``), nothing."""
    _remove_scored(board, player, card.suit, card)
    bonus = 2 if card.suit == "♥" else 0
    board.actions_left += bonus
    spend(board)
    if events is not None:
        events.append(Event("magic", news.pile_magic_text(board, player, card, bonus),
                            {"player": player, "card": str(card)}))
    closed(board, player, events)


def _discard_face(board: Board, player: int, rank: int) -> Card:
    """Pay for a face Magic: the earliest scored face card of ``rank`` is discarded."""
    face = next(card for card in board.scored[player][FACES] if card.rank == rank)
    _remove_scored(board, player, FACES, face)
    spend(board)
    return face


def _remove_scored(board: Board, player: int, pile: str, card: Card) -> None:
    """Discard ``card`` from the player's scoring ``pile``."""
    cards = list(board.scored[player][pile])
    cards.remove(card)
    set_pile(board, player, pile, tuple(cards))
    board.discard.append(card)


def jack_magic(board: Board, player: int, target: Card | None, events: Events) -> None:
    """Discard a scored Jack, and ``target`` from the opponent's scoring piles."""
    face = _discard_face(board, player, 11)
    if target is not None:
        _remove_scored(board, 1 - player, pile_of(target), target)
    if events is not None:
        events.append(Event("magic", news.jack_text(player, face, target),
                            {"player": player, "card": str(face),
                             "target": None if target is None else str(target)}))
    closed(board, player, events)


def queen_magic(board: Board, player: int, events: Events) -> None:
    """Discard a scored Queen, and take three cards (or all, if fewer) at random from the
    opponent's hand: both players see which, nobody else does."""
    face = _discard_face(board, player, 12)
    victim = 1 - player
    hand = board.hands[victim]
    taken = [hand.pop(board.rng.below(len(hand))) for _ in range(min(3, len(hand)))]
    board.hands[player].extend(taken)
    mine = board.known[player]
    for card in taken:
        if card in mine:
            mine.remove(card)
    board.known[victim].extend(taken)
    if events is not None:
        events.extend(news.queen_texts(player, face, taken))
    closed(board, player, events)


def king_magic(board: Board, player: int, suit: str | None, events: Events) -> None:
    """Discard a scored King, and every card of the battle of ``suit``."""
    face = _discard_face(board, player, 13)
    cleared = 0
    if suit is not None:
        for side in board.zones[suit]:
            board.discard.extend(side)
            cleared += len(side)
            side.clear()
    if events is not None:
        events.append(Event("magic", news.king_text(player, face, suit, cleared),
                            {"player": player, "card": str(face), "suit": suit}))
    closed(board, player, events)


def end(board: Board, player: int, events: Events) -> None:
    """Give up the actions left of ♥ Magic."""
    given_up = board.actions_left
    board.actions_left = 0
    if events is not None:
        events.append(Event("end", news.end_text(player, given_up), {"player": player}))
    closed(board, player, events)


def closed(board: Board, player: int, events: Events) -> None:
    """End the turn if nothing is left of it and no Score waits for its takes (every action
    but a play ends this way)."""
    if board.actions_left <= 0 and not board.pending:
        _end_turn(board, player, events)


def _end_turn(board: Board, player: int, events: Events) -> None:
    """The end-of-turn draw, then the end of the game or the other player's turn."""
    drew = bool(board.deck)
    if drew:
        board.hands[player].append(board.deck.pop())
        ends = not board.deck and board.options.end_trigger == "deck_empty_after_draw"
    else:
        ends = True
    if events is not None:
        if drew:
            events.append(Event("draw", news.turn_end_text(player, len(board.deck), ends),
                                {"player": player}))
        elif ends:
            events.append(Event("draw", f"{news.seat(player)} cannot draw: the deck is empty.",
                                {"player": player}))
    board.actions_left = 0
    if ends:
        board.over = True
        if events is not None:
            events.append(news.end_event(final_result(board)))
        return
    board.turn = 1 - player
    board.actions_left = 1
    board.acted = False
