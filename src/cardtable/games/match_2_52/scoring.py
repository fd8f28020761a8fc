"""The final scoring said in words: why the winner won, and what each catch zone holds.

A player's score is simply the number of cards in their catch zone, so the summary itemises
each zone by where its cards can come from: pairs caught, 6s (a turned-up 6 goes to the
opponent of whoever turned it), and single cards (taken with Aces, or left behind when an Ace
took their twin). A King swap may have moved any of them from one zone to the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.core import Card
from cardtable.games.match_2_52.words import cards_count, rank_plural, who

WIN_AT = 12
SIX = 6


def itemised(zone: Sequence[Card]) -> str:
    """One catch zone in words: "7♣ 7♦ · 9♠ 9♥ (2 pairs: 7s, 9s); 6♥ (a 6 ...); 4♣ (...)"."""
    if not zone:
        return "nothing"
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(zone, key=lambda card: (card.rank, card.suit)):
        by_rank.setdefault(card.rank, []).append(card)
    sixes = by_rank.pop(SIX, [])
    groups, names, singles = [], [], []
    for rank, cards in by_rank.items():
        if len(cards) % 2:
            singles.append(cards.pop())
        if cards:
            groups.append(" ".join(map(str, cards)))
            names.append(rank_plural(rank))
    pairs = sum(len(group.split()) // 2 for group in groups)
    parts = []
    if groups:
        parts.append(f"{' · '.join(groups)} ({pairs} pair{'s' * (pairs != 1)}: "
                     f"{', '.join(names)})")
    if sixes:
        parts.append(f"{' '.join(map(str, sixes))} ({'a 6' if len(sixes) == 1 else '6s'} "
                     "given when turned up)")
    if singles:
        one = len(singles) == 1
        parts.append(f"{' '.join(map(str, singles))} ({'a single card' if one else 'single cards'}"
                     ", taken with Aces or left when Aces took a twin)")
    return "; ".join(parts)


def _zone_words(seat: str, zone: Sequence[Card]) -> str:
    """One seat's catch zone at the end: "Seat 1 has in their catch zone (3 cards): ..."."""
    if not zone:
        return f"{seat} has nothing in their catch zone (0 cards)."
    return f"{seat} has in their catch zone ({cards_count(len(zone))}): {itemised(zone)}."


def summary(catch: Sequence[Sequence[Card]], winner: int | None, max_turns: int) -> str:
    """Why the game ended as it did, with both catch zones itemised."""
    sizes = [len(zone) for zone in catch]
    if winner is not None and sizes[winner] >= WIN_AT:
        why = (f"{who(winner)} caught {sizes[winner]} cards, and the first to catch {WIN_AT} "
               f"wins; {who(1 - winner)} had {cards_count(sizes[1 - winner])}.")
    elif winner is not None:
        why = (f"Nobody caught {WIN_AT} cards within the turn limit of {max_turns} turns; "
               f"{who(winner)} had more caught cards, {sizes[winner]} to "
               f"{sizes[1 - winner]}, and wins.")
    else:
        why = (f"Nobody caught {WIN_AT} cards within the turn limit of {max_turns} turns, and "
               f"the catch zones are equal, {cards_count(sizes[0])} each: a draw.")
    zones = " ".join(_zone_words(who(player), catch[player]) for player in (0, 1))
    return f"{why} {zones}"
