"""The words of every event: what a draw, a placement, a bank, a discard or a burn did, and why,
as a player would say it.

Players are named by their colour ("Red", "Black"): the engine does not know who sits where, and
the table shows each seat's colour beside its name. Everything told here is public (the table
is, but for the deck, whose cards are never named before they are drawn), so every event is for
every audience.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core import Card, Event
from cardtable.core.cards import ACE, JACK, KING, QUEEN
from cardtable.games.matriarchy.actions import Bank, Discard, Draw, MatriarchyAction, Place
from cardtable.games.matriarchy.board import Board
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.scoring import cards_words, count_words, number, signed
from cardtable.games.matriarchy.towers import card_role, close_points


def colour_name(options: Options, player: int) -> str:
    """'Red' or 'Black': how the events and results name a player."""
    return "Red" if player == options.red_player else "Black"


def drew(board: Board, player: int, card: Card, source: str) -> Event:
    """A card drawn for the drawer's own use."""
    who = colour_name(board.options, player)
    if source == "deck":
        text = f"{who} draws {card} from the deck."
        if not board.deck:
            text += (" It was the deck's last card: from now on each turn takes the communal "
                     "pile's top card.")
    elif board.deck:
        text = f"{who} takes {card} from the communal pile."
    else:
        text = f"{who} takes {card} from the communal pile (the deck is empty)."
    if card.rank > 10 and card.rank != ACE:
        text += f" It is {card_role(card.rank)} of {who}'s own colour."
    return Event("draw", text, {"card": str(card), "source": source, "player": player})


def handed_off(board: Board, player: int, card: Card, source: str, receiver: int) -> Event:
    """A card of the other colour, handed to its owner to place at once."""
    options = board.options
    who, other = colour_name(options, player), colour_name(options, receiver)
    where = "from the deck" if source == "deck" else "from the communal pile"
    kinds = "Jacks, Queens, Kings and Aces" if options.ace_owner == "color" else (
        "Jacks, Queens and Kings")
    then = (f" {other}'s next turn is skipped for it." if options.handoff_mode == "skip"
            else f" Then {who} draws again.")
    text = (f"{who} draws {card} {where}: {kinds} belong to the player of their colour, so it "
            f"goes to {other}, who must place it now.{then}")
    return Event("handoff", text,
                 {"card": str(card), "source": source, "player": player, "to": receiver})


def built(board: Board, player: int, card: Card, slot: int) -> Event:
    """A number card or a Jack now standing on tower ``slot`` (0-based)."""
    who = colour_name(board.options, player)
    tower = board.towers[player][slot]
    data = {"card": str(card), "slot": slot + 1, "player": player}
    if len(tower) == 1 and card.rank <= 10:
        return Event("place", f"{who} starts tower {slot + 1} with {card}.", data)
    if card.rank <= 10:
        return Event("place", f"{who} puts {card} on tower {slot + 1}, which is now "
                              f"{cards_words(tower)}.", data)
    penalty = len(tower) // 2
    cost = (f"if it is still open at the end it costs {penalty} (half its "
            f"{count_words(len(tower))})" if penalty
            else "a lone Jack costs nothing at the end")
    return Event("freeze", f"{who} puts {card} on tower {slot + 1} ({cards_words(tower)}): the "
                           f"tower is frozen. Only a Queen, King or Ace may go on it now; {cost}.",
                 data)


def closed(board: Board, player: int, card: Card, slot: int, tower: Sequence[Card],
           points: int) -> Event:
    """A Queen or an Ace closed ``tower`` (without the closer) and banked ``points``."""
    who = colour_name(board.options, player)
    over_jack = bool(tower) and tower[-1].rank == JACK
    count = len(tower) + 1
    if card.rank == QUEEN and not over_jack:
        how = "a Queen on a clean tower scores its count"
    elif card.rank == QUEEN:
        how = "a Queen over a Jack scores half the count"
    elif over_jack:
        how = "an Ace scores half the count, and rescues a frozen tower"
    else:
        how = "an Ace scores half the count"
    frozen = "frozen " if over_jack else ""
    text = (f"{who} closes {frozen}tower {slot + 1} with {card}: {how}, "
            f"{count_words(count)} ({cards_words([*tower, card])}), so {signed(points)}. "
            f"{who} has banked {board.score[player]}.")
    return Event("close", text,
                 {"card": str(card), "slot": slot + 1, "player": player, "points": points})


def swept(board: Board, player: int, card: Card, slot: int, tower: Sequence[Card],
          base: Card | None) -> Event:
    """A King swept ``tower``; ``base`` is the Moat card that deployed into the slot, if any."""
    who = colour_name(board.options, player)
    if tower:
        text = (f"{who} sweeps tower {slot + 1} with {card}: {cards_words(tower)} "
                f"{'leaves' if len(tower) == 1 else 'leave'} the game for no points.")
    else:
        text = f"{who} plays {card} into empty slot {slot + 1}: it sweeps nothing."
    if base is not None:
        text += (f" {base}, the lowest card of {who}'s Moat, deploys there as the base of a "
                 "new tower.")
    else:
        text += f" {who}'s Moat is empty, so the slot stays empty."
    text += kings_words(board, player)
    data: dict[str, object] = {"card": str(card), "slot": slot + 1, "player": player}
    if base is not None:
        data["deployed"] = str(base)
    return Event("sweep", text, data)


def kings_words(board: Board, player: int) -> str:
    """What a King of ``player``'s colour just did to their Moat's seal (after it counted)."""
    who = colour_name(board.options, player)
    if not board.sealed[player]:
        return f" {who} Kings played: {board.kings[player]} of 2 (the second seals the Moat)."
    left = board.moats[player]
    text = f" That is both {who} Kings: {who}'s Moat is sealed, no more banking."
    if left:
        cost = sum(card.rank for card in left)
        text += (f" {cards_words(left)} can no longer deploy and will cost {cost} at the "
                 "end.")
    return text


def banked(board: Board, player: int, card: Card) -> Event:
    who = colour_name(board.options, player)
    text = (f"{who} banks {card} in the Moat: a {who} King's sweep will deploy it as the base "
            f"of a new tower; if it is still there at the end it costs {card.rank}.")
    return Event("bank", text, {"card": str(card), "player": player})


def discarded(board: Board, player: int, card: Card, usable: bool) -> Event:
    """A number card put on the communal pile: ``usable`` if it could have been placed or
    banked (a discard by choice, which only ``allow_voluntary_discard`` allows)."""
    who = colour_name(board.options, player)
    why = ("by choice: it could have been used, and this table allows that" if usable
           else unusable_words(board, player, card))
    return Event("discard", f"{who} discards {card} to the communal pile, {why}.",
                 {"card": str(card), "player": player})


def burned(board: Board, player: int, card: Card, usable: bool) -> Event:
    """A card removed from the game, and why; a King burned may still count toward the seal."""
    who = colour_name(board.options, player)
    if usable:
        why = "by choice: it could have been used, and this table allows that"
    elif card.rank <= 10:
        why = (unusable_words(board, player, card) + ", and a communal card taken from an "
               "empty deck does not go back")
    else:
        why = unusable_words(board, player, card)
    text = f"{who} burns {card} (out of the game), {why}."
    if card.rank == KING and board.options.seal_counts_burned_kings:
        text += " It still counts as a King played." + kings_words(board, player)
    return Event("burn", text, {"card": str(card), "player": player})


def unusable_words(board: Board, player: int, card: Card) -> str:
    """Why ``card`` fits none of ``player``'s towers (and, a number card, not the Moat)."""
    who = colour_name(board.options, player)
    towers = board.towers[player]
    open_towers = [tower for tower in towers if tower]
    rank = card.rank
    if rank <= 10:
        moat = ("sealed" if board.sealed[player] else "full")
        return (f"as every one of {who}'s towers is topped by a higher card or a Jack and the "
                f"Moat is {moat}")
    if not open_towers and rank == ACE:
        return f"as an Ace cannot start a tower and {who} has no open tower"
    if not open_towers:
        verb = {QUEEN: "to close", KING: "to sweep", JACK: "to freeze"}[rank]
        return f"as {card_role(rank)} needs an open tower {verb} and {who} has none"
    return f"as a Jack may not go on a Jack and every open tower of {who}'s is frozen"


def turn_passes_over(board: Board, drawer: int) -> Event:
    """After a handoff: the receiver's turn is skipped (or, in redraw mode, not even owed)."""
    options = board.options
    who, other = colour_name(options, drawer), colour_name(options, 1 - drawer)
    if options.handoff_mode == "skip":
        return Event("skip", f"{other}'s turn is skipped, the price of receiving a handoff: "
                             f"{who} plays again.", {"player": 1 - drawer})
    return Event("redraw", f"{who} draws again after the handoff.", {"player": drawer})


def ended(board: Board, totals: Sequence[int]) -> Event:
    """The deck and the pile are both empty: the end's scoring is in the result."""
    names = [colour_name(board.options, p) for p in range(2)]
    return Event("end", "The deck and the communal pile are both empty: the game is over. "
                        "Open towers and Moats are scored: "
                        f"{names[0]} {number(totals[0])}, {names[1]} {number(totals[1])}.",
                 {"scores": list(totals)})


def move_words(board: Board, player: int, action: MatriarchyAction) -> str:
    """What a legal ``action`` of ``player`` would do now, in words: 'close tower 2 with Q♥
    for +4'. Only public facts: the deck is named by its size alone."""
    if isinstance(action, Draw):
        if action.source == "deck":
            return f"draw the deck's top card ({count_words(len(board.deck))} left, unseen)"
        return f"take {board.pile[-1]} from the communal pile"
    card: Card = board.drawn  # type: ignore[assignment]
    if isinstance(action, Bank):
        return f"bank {card} in the Moat (it costs {card.rank} if still there at the end)"
    if isinstance(action, Discard):
        return f"discard {card} to the communal pile"
    if not isinstance(action, Place):
        return f"burn {card} (out of the game)"
    slot = action.slot
    tower = board.towers[player][slot - 1]
    rank = card.rank
    if rank <= 10:
        return f"put {card} on tower {slot}" if tower else f"start tower {slot} with {card}"
    if rank == JACK:
        return f"freeze tower {slot} with {card}"
    if rank == KING:
        moat = board.moats[player]
        deploy = f"; {moat[0]} from the Moat starts a new tower there" if moat else ""
        return f"sweep tower {slot} with {card} (no points){deploy}"
    return f"close tower {slot} with {card} for {signed(close_points(rank, tower))}"
