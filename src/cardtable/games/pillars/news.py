"""What each action did and why, in the words a player uses: the texts of Pillars' events.

The effects module carries an action out and calls these only when somebody watches (a list
of events is given), so searches that throw events away never pay for the words. Every text is
made from public facts unless its event names an audience: the cards drawn by Harvest are told
to the drawer alone, the cards a Queen takes to the two players alone.

A player is named by their seat as people count seats, from 1 ("Seat 1", never the engine's
index 0), capitalised wherever it stands; a page may add a person's name after it ("Seat 1
(you)"), so the texts name a seat in the third person and never put a possessive after it ("the
hand of Seat 2", not "Seat 2's hand").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.core import Card, Event, Result
from cardtable.games.pillars.board import Board
from cardtable.games.pillars.rules import limit
from cardtable.games.pillars.values import FACES, PILES, ZONES, side_value

PILE_WORDS = {**{suit: suit for suit in ZONES}, FACES: "faces"}


def seat(player: int) -> str:
    """A player as every text of the engine names them: "Seat 1" for the engine's player 0."""
    return f"Seat {player + 1}"


def listing(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def cards_words(cards: Iterable[Card | str]) -> str:
    return listing([str(card) for card in cards])


def count_words(count: int, what: str = "card", plural: str = "") -> str:
    """``1 card``, ``2 cards`` (never ``1 cards``)."""
    return f"{count} {what}" if count == 1 else f"{count} {plural or what + 's'}"


def play_text(board: Board, player: int, verb: str, suit: str,
              cards: Sequence[Card]) -> str:
    """An Attack, Defend or Crawl just made: the cards, the battle's count of cards now, and
    the side's worth against the player's limit (at or over it, only a Crawl adds more)."""
    sides = board.zones[suit]
    mine, theirs = len(sides[player]), len(sides[1 - player])
    worth = side_value(sides[player], board.options.face_only_value)
    cap = limit(board, player)
    if verb == "crawl":
        head = f"{seat(player)} crawls {cards_words(cards)} into the {suit} battle (no limit)"
    else:
        head = f"{seat(player)} {verb}s {suit} with {cards_words(cards)}"
    if mine > theirs:
        standing = f"they lead the {suit} battle {count_words(mine)} to {theirs}"
    elif mine == theirs:
        standing = f"the {suit} battle is level at {count_words(mine)} each"
    else:
        standing = f"they trail the {suit} battle {count_words(mine)} to {theirs}"
    text = f"{head}: {standing}. Their side is worth {worth} of their limit {cap}"
    if worth > cap:
        return f"{text}, over it, so only a Crawl can add to it."
    if worth == cap and board.options.limit_scope == "pile":
        return f"{text}: the limit is reached, so only a Crawl can add to it."
    return f"{text}."


def score_text(board: Board, player: int, won: Sequence[str]) -> str:
    """A Score: the battles won (strictly more cards) and those left standing, with counts."""
    zones = board.zones
    other = 1 - player

    def counts(suit: str) -> str:
        return f"{suit} ({len(zones[suit][player])} to {len(zones[suit][other])})"

    if won:
        text = (f"{seat(player)} scores and wins {listing([counts(s) for s in won])}, having "
                f"more cards there: they keep one card of each, the rest is discarded.")
    else:
        text = f"{seat(player)} scores but wins no battle: they have more cards in none."
    standing = [counts(suit) for suit in ZONES
                if suit not in won and (zones[suit][0] or zones[suit][1])]
    if standing:
        text += f" Left as they are: {listing(standing)}."
    return text


def take_text(player: int, card: Card, suit: str, pile: str, discarded: int) -> str:
    where = "the faces pile" if pile == FACES else f"their {pile} pile"
    rest = f"; the other {count_words(discarded)} of it are discarded" if discarded else ""
    return f"{seat(player)} keeps {card} from the {suit} battle in {where}{rest}."


def harvest_text(player: int, clubs: int, drawn: int) -> str:
    if not clubs:
        return f"{seat(player)} harvests but draws nothing: they have no scored ♣."
    short = "" if drawn == clubs else f" (the deck had only {drawn})"
    return (f"{seat(player)} harvests: {count_words(drawn)} drawn, one per scored ♣"
            f"{short}.")


def pile_magic_text(board: Board, player: int, card: Card, bonus: int) -> str:
    if bonus:
        return (f"{seat(player)} discards {card} from their ♥ pile by Magic: two more actions "
                f"this turn ({count_words(board.actions_left, 'action')} left).")
    return f"{seat(player)} discards {card} from their {card.suit} pile by Magic: no effect."


def jack_text(player: int, face: Card, target: Card | None) -> str:
    if target is None:
        return (f"{seat(player)} discards their scored {face} by Magic: {seat(1 - player)} has "
                "scored nothing, so nothing else is discarded.")
    return (f"{seat(player)} discards their scored {face} by Magic to discard the scored "
            f"{target} of {seat(1 - player)}.")


def queen_texts(player: int, face: Card, taken: Sequence[Card]) -> list[Event]:
    """The Queen's public event (how many cards) and the two private ones (which)."""
    victim = 1 - player
    public = (f"{seat(player)} discards their scored {face} by Magic and takes "
              f"{count_words(len(taken))} at random from the hand of {seat(victim)}.")
    if not taken:
        public = (f"{seat(player)} discards their scored {face} by Magic, but the hand of "
                  f"{seat(victim)} is empty: nothing is taken.")
    events = [Event("magic", public,
                    {"player": player, "card": str(face), "count": len(taken)})]
    if taken:
        texts = [str(card) for card in taken]
        events.append(Event("steal", f"You take {cards_words(taken)} from the hand of "
                            f"{seat(victim)}.",
                            {"player": player, "cards": texts}, (player,)))
        events.append(Event("steal", f"{seat(player)} takes your {cards_words(taken)}.",
                            {"player": player, "cards": texts}, (victim,)))
    return events


def king_text(player: int, face: Card, suit: str | None, cleared: int) -> str:
    if suit is None:
        return f"{seat(player)} discards their scored {face} by Magic: no battle to clear."
    return (f"{seat(player)} discards their scored {face} by Magic and clears the {suit} "
            f"battle: {count_words(cleared)} discarded.")


def end_text(player: int, given_up: int) -> str:
    return (f"{seat(player)} ends the turn early, giving up "
            f"{count_words(given_up, 'action')}.")


def turn_end_text(player: int, deck_left: int, ends: bool) -> str:
    if ends:
        return f"{seat(player)} draws the last card of the deck: the game is over."
    return (f"{seat(player)} draws a card and ends the turn; {seat(1 - player)} to play "
            f"({count_words(deck_left)} left in the deck).")


def pile_counts(table: list[dict[str, int]], piles: Iterable[str], first: int) -> str:
    """Piles with their points, ``first``'s count first: "♥ (3 to 1)", or "♠ (2 each)"."""
    def points(pile: str) -> str:
        mine, theirs = table[first][pile], table[1 - first][pile]
        return f"{mine} each" if mine == theirs else f"{mine} to {theirs}"
    return listing([f"{PILE_WORDS[pile]} ({points(pile)})" for pile in piles])


def result_summary(table: list[dict[str, int]], held: list[list[str]],
                   winner: int | None) -> str:
    """Why the game ended as it did: the majorities each player holds, pile by pile (the
    holder's count first), the tied piles, and ♦ when it broke the tie."""
    counts = (len(held[0]), len(held[1]))
    each = count_words(counts[0], "majority", "majorities")
    if winner is None:
        head = f"A draw: {each} each, and ♦ is tied."
    elif counts[0] != counts[1]:
        most = count_words(max(counts), "majority", "majorities")
        head = f"{seat(winner)} wins with {most} to {min(counts)}."
    else:
        head = (f"{seat(winner)} wins: {each} each, and they hold ♦, which breaks "
                "the tie.")
    parts = [head]
    for player in (0, 1):
        if held[player]:
            parts.append(f"{seat(player)} holds {pile_counts(table, held[player], player)}.")
    tied = [pile for pile in PILES if pile not in held[0] and pile not in held[1]]
    if tied:
        parts.append(f"Tied, for nobody: {pile_counts(table, tied, 0)}.")
    return " ".join(parts)


def end_event(result: Result) -> Event:
    return Event("end", f"Game over. {result.summary}", dict(result.to_dict()))
