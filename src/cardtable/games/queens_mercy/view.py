"""Who knows what: each player's view of the table, the secrets that must stay out of it, and
the re-deal of everything a player cannot see (for search bots).

Views are built on every bot decision, so they hold plain lists of card codes ("X♠"), copied
flat; the deck style's names are for the text (``labels`` says how to show each code).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from cardtable.core import Rng
from cardtable.core.cards import RANK_LABELS
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.match import (
    CUT,
    OVER,
    ROYAL,
    TRICK,
    ULTIMATUM,
    CutView,
    LastTrick,
    Match,
)
from cardtable.games.queens_mercy.rules import cut_winner, legal_actions


class UltimatumView(TypedDict):
    """A Joker♠ Ultimatum waiting for its answer."""

    chooser: int
    joker_owner: int
    cards: list[str]
    before: list[int]


class QueensMercyBody(TypedDict):
    """The Queen's Mercy's part of a view. Seats' values are pairs (seat 0's, seat 1's)."""

    suits: list[str] | None
    round: int
    trick: int
    lead: int
    scores: list[int]
    tokens: list[int]
    locked: list[bool]
    chaos: bool
    house_rules: bool
    rounds_to_win: int
    privilege_used: list[bool]
    hand_sizes: list[int]
    deck_sizes: list[int]
    discards: list[list[str]]
    committed: list[bool]
    last_trick: LastTrick | None
    rounds: list[list[Any]]
    deck_style: str
    labels: Mapping[str, str]
    ranks: list[dict[str, str]]
    powers: Mapping[str, Mapping[str, list[str]]]
    cut: CutView | None
    hand: NotRequired[list[str]]
    foe_known: NotRequired[list[str]]
    my_commit: NotRequired[str | None]
    my_pick: NotRequired[str | None]
    ultimatum: NotRequired[UltimatumView]


def view_body(m: Match, player: int | None) -> QueensMercyBody:
    """The view of ``player`` (None: a spectator). Hidden: the foe's hand and both decks, and a
    committed card until the reveal (except to whoever knows it)."""
    committed = m.committed
    hands, decks = m.hands, m.decks
    cut = m.cut_view
    if cut is None and m.cut is not None:
        cut = _cut(m)
        if m.phase not in CUT:  # the cut is settled: keep its (read-only) summary
            m.cut_view = cut
    body: QueensMercyBody = {
        "suits": m.suits[:] if m.suits else None,
        "round": m.round_no,
        "trick": m.trick,
        "lead": m.lead,
        "scores": m.scores[:],
        "tokens": m.tokens[:],
        "locked": m.locked[:],
        "chaos": m.chaos,
        "house_rules": m.house_rules,
        "rounds_to_win": m.opts.rounds_to_win,
        "privilege_used": m.priv_used[:],
        "hand_sizes": [len(hands[0]), len(hands[1])],
        "deck_sizes": [len(decks[0]), len(decks[1])],
        "discards": [m.discard_codes[0][:], m.discard_codes[1][:]],
        "committed": [committed[0] is not None, committed[1] is not None],
        "last_trick": m.last,  # never changed once made, like "labels" and a settled "cut"
        "rounds": [row[:] for row in m.history] if m.history else [],
        "deck_style": m.opts.deck_style,
        "labels": m.style.labels,
        "ranks": m.style.ranks,  # the label table: faces, moves and events name cards by it
        "powers": m.powers_view,  # every house's powers in words, under the options in force
        "cut": cut,
    }
    if player is not None:
        body["hand"] = [card._text for card in hands[player]]
        body["foe_known"] = [card._text for card in m.seen[player]] if m.seen[player] else []
        if m.chaos and m.open_chaos and m.phase is TRICK:
            mine = committed[1 - player]  # the card this player picked for the foe
            body["my_pick"] = None if mine is None else mine.code
        else:
            mine = committed[player]
            body["my_commit"] = None if mine is None else mine.code
    if m.phase is ULTIMATUM:
        a0, a1 = committed
        assert a0 is not None and a1 is not None
        body["ultimatum"] = {"chooser": m.actor, "joker_owner": 1 - m.actor,
                             "cards": [a0.card._text, a1.card._text], "before": m.pre[:]}
    return body


def _cut(m: Match) -> CutView:
    assert m.cut is not None
    return {"ranks": [RANK_LABELS[r] for r in m.cut], "winner": cut_winner(m),
            "royal": m.royal, "shaper": m.shaper, "field": list(m.field) if m.field else None}


def secrets(m: Match, player: int | None) -> set[str]:
    """Cards this viewer cannot know: the foe's unseen hand cards and decks."""
    hidden: set[str] = set()
    seen = m.seen[player] if player is not None else []
    for p in (0, 1):
        if p != player:
            hidden.update(card._text for card in m.hands[p] if card not in seen)
            hidden.update(card._text for card in m.decks[p])
    return hidden


def deal_hidden(sample: Match, player: int, rng: Rng) -> None:
    """Re-deal, in a copy of the state, what ``player`` cannot see: their own deck's order, the
    foe's unseen hand cards and deck, and the foe's face-down commitment; reseed the game."""
    sample.rng = Rng(rng.next_u64())
    if sample.phase in (ROYAL, OVER) or not sample.suits:
        return
    foe = 1 - player
    # Start from the view's knowledge only (sorted cards), so the same view and seed give the
    # same sample whatever the hidden order.
    sample.decks[player].sort()
    rng.shuffle(sample.decks[player])
    known = sample.seen[player]
    unknown = sorted([card for card in sample.hands[foe] if card not in known] + sample.decks[foe])
    rng.shuffle(unknown)
    take = len(sample.hands[foe]) - len(known)
    sample.hands[foe] = list(known) + unknown[:take]
    sample.decks[foe] = unknown[take:]
    if sample.phase is not TRICK:
        return
    if sample.chaos and sample.open_chaos:
        if sample.committed[player] is not None:  # picked for this player by the foe, unseen
            hand = sample.hands[player]
            sample.committed[player] = sample.plays[hand[rng.below(len(hand))]._text]
    elif sample.committed[foe] is not None:
        sample.committed[foe] = None
        options = legal_actions(sample, foe)
        chosen = options[rng.below(len(options))]
        if not isinstance(chosen, Play):  # a chaos trick: the pick is a card of the hand
            hand = sample.hands[foe]
            chosen = sample.plays[hand[rng.below(len(hand))]._text]
        sample.committed[foe] = chosen
