"""Every rule of Match 2-52: the deal, the legal actions, what each action does, matches and
special matches, the 6, the end of a turn, the win and the result.

The functions work on a ``Board`` (the fields of a state), note the public facts of the action
in ``Board.last`` and tell what happened into ``events``, or make no event when it is None
(simulations and searches, where nobody listens). A turn may stop between regular actions in
a follow-up phase that waits for the active player's choice (a pair partner, the order of
specials, the Aces' card, the Jacks' or Queens' slot); a choice with a single option is made
here without asking (ruling 15).
"""

from __future__ import annotations

from itertools import product

from cardtable.core import Card, Event, Result, Rng, standard_deck
from cardtable.core.cards import ACE, JACK, KING, RANK_LABELS
from cardtable.games.match_2_52 import scoring, specials
from cardtable.games.match_2_52.actions import (
    CONSULTS,
    MOVES_FROM,
    REPLACES,
    RETURNS,
    SPECIAL_RANKS,
    SPECIALS,
    TURNS,
    Consult,
    Match252Action,
    Move,
    Pair,
    Replace,
    Return,
    Special,
    Take,
    Turn,
)
from cardtable.games.match_2_52.board import (
    ACTION,
    CONSULT,
    OVER,
    PAIR,
    PUBLIC,
    SPECIAL,
    TAKE,
    TURN,
    Board,
    Phase,
)
from cardtable.games.match_2_52.grid import (
    SIZE,
    SLOT_NAMES,
    Edge,
    add_pairs_touching,
    conflicted,
    same_line,
)
from cardtable.games.match_2_52.words import cards_count, rank_plural, who

GRID_CARDS = 16
WIN_AT = 12
SIX = 6
ACTIONS_PER_TURN = 2


def deal(rng: Rng) -> tuple[list[Card], list[Card]]:
    """The shuffled deck's first 16 cards for the grid (face down) and the other 36, top first."""
    cards = standard_deck()
    rng.shuffle(cards)
    return cards[:GRID_CARDS], cards[GRID_CARDS:]


# ----- legal actions ---------------------------------------------------------------------------

HALF = 2 * SIZE
"""Slots in half the grid (two rows): a face pattern is looked up half by half."""
HalfActions = tuple[tuple[Return, ...], tuple[Move, ...], tuple[Replace, ...]]


def _half_actions(first: int, faces: tuple[bool, ...]) -> HalfActions:
    slots = range(first, first + HALF)
    return (tuple(RETURNS[s] for s, up in zip(slots, faces, strict=True) if not up),
            tuple(move for s, up in zip(slots, faces, strict=True) if up for move in MOVES_FROM[s]),
            tuple(REPLACES[s] for s, up in zip(slots, faces, strict=True) if up))


_TOP, _BOTTOM = (
    {faces: _half_actions(first, faces) for faces in product((False, True), repeat=HALF)}
    for first in (0, HALF))
"""For each half of the grid and each face pattern of its eight slots: its Returns, its Moves
(to any partner) and its Replaces, in slot order. The regular actions of any grid are then two
look-ups away: ``legal_actions`` is the engine's hottest path, and random play meets tens of
thousands of face patterns, too many to keep a list for each."""


def legal_actions(b: Board, player: int) -> list[Match252Action]:
    if player != b.current or b.phase is OVER:
        return []
    phase = b.phase
    if phase is ACTION:
        # Return a face-down card; Move a face-up card along its row or column (ruling 5: to a
        # face-down partner too, unless move_partner_face_up); Replace a face-up card.
        up = b.up
        top, bottom = _TOP[tuple(up[:HALF])], _BOTTOM[tuple(up[HALF:])]
        if b.options.move_partner_face_up:
            moves = [move for move in (*top[1], *bottom[1]) if up[move.other]]
            return [*top[0], *bottom[0], *moves, *top[2], *bottom[2]]
        return [*top[0], *bottom[0], *top[1], *bottom[1], *top[2], *bottom[2]]
    if phase is PAIR:
        return [Pair(a, c) for a, c in conflicted(b.edges)]
    if phase is SPECIAL:
        return [SPECIALS[rank] for rank in SPECIAL_RANKS if rank in b.specials]
    if phase is TAKE:
        return [Take(card) for card in specials.cards_to_take(b)]
    table = CONSULTS if phase is CONSULT else TURNS
    return [table[s] for s in specials.face_down(b)]


_ASKED = {
    PAIR: "choose which two cards form the pair (pair XY XY)",
    SPECIAL: "choose which special match to carry out first (special A/J/Q/K)",
    TAKE: "the Aces: choose a card to take from the opponent's catch zone (take <card>)",
    CONSULT: "the Jacks: choose a face-down card to look at (consult <slot>)",
    TURN: "the Queens: choose a face-down card to turn face up (turn <slot>)",
}
_PHASE_OF: dict[type, Phase] = {Pair: PAIR, Special: SPECIAL, Take: TAKE, Consult: CONSULT,
                              Turn: TURN}


def explain_illegal(b: Board, action: object) -> str:
    """Why ``action`` is not legal now, naming the rule it breaks."""
    phase = b.phase
    expected = _PHASE_OF.get(type(action), ACTION)
    if expected != phase:
        if phase is ACTION:
            return (f"{action} answers a choice during a match, but none is pending: play "
                    "return, move or replace")
        return f"a match is being resolved: first {_ASKED[phase]}"
    match action:
        case Return(slot) | Consult(slot) | Turn(slot) if b.up[slot]:
            what = {Return: "Return", Consult: "the Jacks' consult", Turn: "the Queens' turn"}
            return (f"{what[type(action)]} needs a face-down card, and {SLOT_NAMES[slot]} is "
                    "face up")
        case Move(slot) | Replace(slot) if not b.up[slot]:
            verb = "moved" if isinstance(action, Move) else "replaced"
            return f"only a face-up card can be {verb}, and {SLOT_NAMES[slot]} is face down"
        case Move(slot, other) if not same_line(slot, other):
            return (f"a Move swaps two cards of the same row or column; {SLOT_NAMES[slot]} and "
                    f"{SLOT_NAMES[other]} share neither")
        case Move(_, other) if b.options.move_partner_face_up and not b.up[other]:
            return (f"with move_partner_face_up the card swapped with must be face up, and "
                    f"{SLOT_NAMES[other]} is face down")
        case Pair(slot, other):
            return (f"{SLOT_NAMES[slot]} and {SLOT_NAMES[other]} are not one of the pairs to "
                    "choose from: two face-up cards of equal rank side by side")
        case Special(rank):
            return f"no {RANK_LABELS.get(rank, rank)} special match is pending"
        case Take(card):
            return (f"the Aces take a card from the opponent's catch zone, and {card} is not "
                    "there")
    return f"{action} is not a legal action now"


# ----- the regular actions ---------------------------------------------------------------------

_DOING = tuple(tuple(f"{who(player)}, in action {ACTIONS_PER_TURN - left} of "
                     f"{ACTIONS_PER_TURN}," for left in range(ACTIONS_PER_TURN))
               for player in (0, 1))
"""The start of an action's text, by player and actions left after it: who acts, and which of
the turn's two actions it is, set off by commas so that a page may name the person after the
seat (made once: texts are made on every action of every search)."""

_TURN_ENDS = tuple(Event("turn", f"{who(player)} has made both actions: the turn passes "
                         f"to {who(1 - player)}.", {"player": player}) for player in (0, 1))
"""The end of each player's turn, said once and shared (events are frozen)."""


def _doing(b: Board) -> str:
    return _DOING[b.current][b.actions_left]


def return_card(b: Board, slot: int, events: list[Event] | None) -> None:
    b.actions_left -= 1
    _reveal(b, slot, events, "" if events is None else f"{_doing(b)} turns up")


def move(b: Board, slot: int, to: int, events: list[Event] | None) -> None:
    """Swap two cards of a line, each keeping its face and whatever is known of it."""
    b.actions_left -= 1
    grid, up, know = b.grid, b.up, b.know
    grid[slot], grid[to] = grid[to], grid[slot]
    up[slot], up[to] = up[to], up[slot]
    know[slot], know[to] = know[to], know[slot]
    if events is not None:
        partner = str(grid[slot]) if up[slot] else "the face-down card there"
        events.append(Event("move", f"{_doing(b)} moves {grid[to]} from {SLOT_NAMES[slot]} to "
                            f"{SLOT_NAMES[to]}, swapping it with {partner}.",
                            {"player": b.current, "from": SLOT_NAMES[slot],
                             "to": SLOT_NAMES[to]}))
    last = b.last
    last["player"] = b.current
    last["slots"] += (SLOT_NAMES[slot], SLOT_NAMES[to])
    add_pairs_touching(grid, up, (slot, to), b.edges)
    _settle(b, events)


def replace(b: Board, slot: int, events: list[Event] | None) -> None:
    """The card goes under the deck in everyone's sight; the top card fills the slot face down
    (so no pair can form)."""
    b.actions_left -= 1
    card = b.grid[slot]
    b.deck.append(card)
    b.deck_known += 1
    b.up[slot] = False
    _refill(b, slot)
    name = SLOT_NAMES[slot]
    if events is not None:
        events.append(Event("replace", f"{_doing(b)} puts {card} from {name} under the deck, "
                            f"where both players know it lies; the deck's top card fills "
                            f"{name} face down.",
                            {"player": b.current, "slot": name, "card": str(card)}))
    last = b.last
    last["player"] = b.current
    last["slots"].append(name)
    last["refilled"].append(name)
    _finish_step(b, events)


def _reveal(b: Board, slot: int, events: list[Event] | None, doing: str) -> None:
    """A Return or the Queens' turn: a 6 goes to the opponent and ends the turn (ruling 4);
    any other card may make pairs. ``doing`` starts the event's text ("Seat 1 turns up")."""
    card = b.grid[slot]
    b.up[slot] = True
    b.know[slot] = 0
    mover = b.current
    name = SLOT_NAMES[slot]
    last = b.last
    last["player"] = mover
    last["slots"].append(name)
    if card.rank == SIX:
        opponent = 1 - mover
        b.catch[opponent].append(card)
        _refill(b, slot)
        last["refilled"].append(name)
        last["cards"].append(str(card))
        if events is not None:
            lost = [what for what, left in (("the action left", b.actions_left),
                                            ("the special still to come", len(b.specials)))
                    if left]
            events.append(Event("six", f"{doing} {name}: {card}, a 6. A turned-up 6 is a gift "
                                f"to the opponent: it goes to the catch zone of {who(opponent)} "
                                f"(now {cards_count(len(b.catch[opponent]))}), {name} is "
                                f"refilled face down and the turn of {who(mover)} ends at once"
                                + (f", losing {' and '.join(lost)}." if lost else "."),
                                {"player": mover, "slot": name, "card": str(card)}))
        if not _check_win(b, opponent, events):
            _end_turn(b, events, announce=False)
        return
    if events is not None:
        events.append(Event("return", f"{doing} {name}: {card}.",
                            {"player": mover, "slot": name, "card": str(card)}))
    add_pairs_touching(b.grid, b.up, (slot,), b.edges)
    _settle(b, events)


def _refill(b: Board, slot: int) -> None:
    """Fill a slot face down from the top of the deck (never empty: ruling 1). A card from the
    known bottom of the deck stays known to everybody (ruling 14)."""
    deck = b.deck
    if not deck:
        raise RuntimeError("the deck ran out, which ruling 1 shows cannot happen")
    known = b.deck_known == len(deck)
    if known:
        b.deck_known -= 1
    b.grid[slot] = deck.pop(0)
    b.up[slot] = False
    b.know[slot] = PUBLIC if known else 0


# ----- matches ---------------------------------------------------------------------------------

def choose_pair(b: Board, edge: Edge, events: list[Event] | None) -> None:
    """The player picks one of the pairs sharing a card; its rivals are dropped (ruling 3)."""
    a, c = edge
    b.chosen.append(edge)
    b.edges = [e for e in b.edges if a not in e and c not in e]
    _settle(b, events)


def _settle(b: Board, events: list[Event] | None) -> None:
    """Ask for a partner while a card could pair two ways; then catch every chosen pair, check
    the win after each catch (ruling 6), refill, and go on to the specials (ruling 3)."""
    if b.edges:
        if conflicted(b.edges):
            b.phase = PAIR
            return
        b.chosen += b.edges
        b.edges = []
    if not b.chosen:
        _next_special(b, events)  # nothing caught: go on with any pending special
        return
    zone = b.catch[b.current]
    caught = b.chosen
    b.chosen = []
    won = False
    emptied: list[int] = []
    last = b.last
    last["player"] = b.current
    for a, c in caught:
        card_a, card_c = b.grid[a], b.grid[c]
        zone.append(card_a)
        zone.append(card_c)
        emptied += (a, c)
        last["refilled"] += (SLOT_NAMES[a], SLOT_NAMES[c])
        last["cards"] += (str(card_a), str(card_c))
        if events is not None:
            events.append(_catch_event(b, card_a, card_c, (a, c)))
        if card_a.rank in SPECIAL_RANKS:
            b.specials.append(card_a.rank)
        if len(zone) >= WIN_AT:
            won = True  # ruling 13: a second pair made at the same time stays on the grid
            break
    for slot in emptied:
        _refill(b, slot)
    if won:
        _check_win(b, b.current, events)
        return
    _next_special(b, events)


def _catch_event(b: Board, card_a: Card, card_c: Card, edge: Edge) -> Event:
    """A catch said with its reason, its count towards 12 and the special it brings."""
    mover = b.current
    count = len(b.catch[mover])
    a, c = SLOT_NAMES[edge[0]], SLOT_NAMES[edge[1]]
    text = (f"{who(mover)} catches {card_a} and {card_c}: two {rank_plural(card_a.rank)} "
            f"face up side by side at {a} and {c}. {who(mover)} has {cards_count(count)} now"
            + (f", {WIN_AT - count} to go to win" if count < WIN_AT else "")
            + f"; {a} and {c} are refilled face down from the deck.")
    special = specials.ANNOUNCED.get(card_a.rank)
    if special and count < WIN_AT:
        text += (f" A pair of {rank_plural(card_a.rank)} is a special match: "
                 + special.format(mover=who(mover), opponent=who(1 - mover)) + ".")
    return Event("catch", text, {"player": mover, "cards": [str(card_a), str(card_c)],
                                 "slots": [a, c]})


# ----- special matches (their effects: ``specials``) -------------------------------------------

def choose_special(b: Board, rank: int, events: list[Event] | None) -> None:
    b.specials.remove(rank)
    _start_special(b, rank, events)


def _next_special(b: Board, events: list[Event] | None) -> None:
    specials = b.specials
    if not specials:
        _finish_step(b, events)
    elif len(set(specials)) > 1:
        b.phase = SPECIAL
    else:
        _start_special(b, specials.pop(), events)


def _start_special(b: Board, rank: int, events: list[Event] | None) -> None:
    """Carry out a special match: ask for the player's choice when there is one, make it when
    there is only one, cancel the special when there is none."""
    if rank == KING:
        specials.swap_zones(b, events)
        _next_special(b, events)
    elif rank == ACE:
        cards = specials.cards_to_take(b)
        if len(cards) > 1:
            b.phase = TAKE
        elif cards:
            take(b, cards[0], events)
        else:
            specials.cancel(b, rank, events)
            _next_special(b, events)
    else:
        hidden = specials.face_down(b)
        if len(hidden) > 1:
            b.phase = CONSULT if rank == JACK else TURN
        elif not hidden:
            specials.cancel(b, rank, events)
            _next_special(b, events)
        elif rank == JACK:
            consult(b, hidden[0], events)
        else:
            turn_up(b, hidden[0], events)


def take(b: Board, card: Card, events: list[Event] | None) -> None:
    """The Aces' card; the take may win the game (ruling 6)."""
    specials.take(b, card, events)
    if not _check_win(b, b.current, events):
        _next_special(b, events)


def consult(b: Board, slot: int, events: list[Event] | None) -> None:
    """The Jacks' look."""
    specials.consult(b, slot, events)
    _next_special(b, events)


def turn_up(b: Board, slot: int, events: list[Event] | None) -> None:
    """The Queens: turn a face-down card up, as a Return that costs no action."""
    _reveal(b, slot, events, "" if events is None else f"Queens: {who(b.current)} turns up")


# ----- the flow of the turn and the end -------------------------------------------------------

def _finish_step(b: Board, events: list[Event] | None) -> None:
    """Everything triggered by the last action is done: the next action or the next turn."""
    if b.actions_left > 0:
        b.phase = ACTION
    else:
        _end_turn(b, events)


def _end_turn(b: Board, events: list[Event] | None, announce: bool = True) -> None:
    """Pending specials are lost (ruling 4); at ``max_turns`` the larger catch zone wins
    (ruling 8). ``announce``: say that the turn is over (a 6's text says it already)."""
    b.specials = []
    b.edges = []
    b.chosen = []
    b.turns_played += 1
    limit = b.options.max_turns
    if b.turns_played >= limit:
        mine, theirs = len(b.catch[0]), len(b.catch[1])
        b.winner = None if mine == theirs else (0 if mine > theirs else 1)
        b.phase = OVER
        if events is not None:
            events.append(Event("limit", _limit_text(b), {"winner": b.winner}))
        return
    if announce:
        b.last["player"] = b.current
        if events is not None:
            events.append(_TURN_ENDS[b.current])
    b.current = 1 - b.current
    b.actions_left = ACTIONS_PER_TURN
    b.phase = ACTION


def _check_win(b: Board, player: int, events: list[Event] | None) -> bool:
    """Twelve caught cards win at once, checked after every change (ruling 6)."""
    if len(b.catch[player]) < WIN_AT:
        return False
    b.winner = player
    b.phase = OVER
    b.specials = []
    b.edges = []
    if events is not None:
        events.append(Event("win", f"{who(player)} has {len(b.catch[player])} caught cards "
                            f"and wins: the first to catch {WIN_AT} cards wins.",
                            {"winner": player}))
    return True


def _limit_text(b: Board) -> str:
    sizes = len(b.catch[0]), len(b.catch[1])
    text = (f"The turn limit of {b.options.max_turns} turns is reached with nobody at "
            f"{WIN_AT} cards: ")
    if b.winner is None:
        return text + f"the catch zones are equal, {sizes[0]} cards each, so the game is a draw."
    return (text + f"{who(b.winner)} has more caught cards, {sizes[b.winner]} to "
            f"{sizes[1 - b.winner]}, and wins.")


def result(b: Board) -> Result | None:
    """The score is the size of each catch zone; the summary says why the winner won and
    itemises both catch zones (``scoring``)."""
    if b.phase is not OVER:
        return None
    sizes = len(b.catch[0]), len(b.catch[1])
    scores = (float(sizes[0]), float(sizes[1]))
    return Result(scores, b.winner, scoring.summary(b.catch, b.winner, b.options.max_turns))
