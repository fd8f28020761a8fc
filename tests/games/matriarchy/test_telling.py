"""What the table tells after each move, and at the end: every event says what happened and why,
in a player's words; the result itemises both score sheets; nothing of the deck is ever named."""

from __future__ import annotations

import random
import re

import pytest

import cardtable
from cardtable.games.matriarchy.actions import BANK, BURN, DISCARD, DRAW_DECK, DRAW_PILE, PLACE

from .conftest import build, play

GAME = cardtable.load("matriarchy")


def texts(events):
    return [(event.kind, event.text) for event in events]


@pytest.mark.parametrize("setup, moves, kind, words", [
    (dict(deck="7H", rest="deck"), [(0, "draw deck")], "draw",
     "Red draws 7♥ from the deck."),
    (dict(deck="7H"), [(0, "draw deck")], "draw",
     "It was the deck's last card: from now on each turn takes the communal pile's top card."),
    (dict(pile="5H", deck="7H", rest="deck"), [(0, "draw pile")], "draw",
     "Red takes 5♥ from the communal pile."),
    (dict(pile="5H"), [(0, "draw pile")], "draw",
     "Red takes 5♥ from the communal pile (the deck is empty)."),
    (dict(deck="7H", rest="deck"), [(0, "draw deck"), (0, "place 3")], "place",
     "Red starts tower 3 with 7♥."),
    (dict(towers0=["3S 5D"], deck="7H", rest="deck"), [(0, "draw deck"), (0, "place 1")],
     "place", "Red puts 7♥ on tower 1, which is now 3♠ 5♦ 7♥."),
    (dict(towers0=["4D 9S"], deck="JH", rest="deck"), [(0, "draw deck"), (0, "place 1")],
     "freeze", "the tower is frozen. Only a Queen, King or Ace may go on it now; if it is still "
     "open at the end it costs 1 (half its 3 cards)."),
    (dict(towers0=["3S 5D 8C"], deck="QH", rest="deck", scores=(5, 0), closed0="2S 3H 4D 6C QD"),
     [(0, "draw deck"), (0, "place 1")], "close",
     "Red closes tower 1 with Q♥: a Queen on a clean tower scores its count, 4 cards "
     "(3♠ 5♦ 8♣ Q♥), so +4. Red has banked 9."),
    (dict(towers0=["4D 9S JC"], deck="QH", rest="deck"), [(0, "draw deck"), (0, "place 1")],
     "close", "Red closes frozen tower 1 with Q♥: a Queen over a Jack scores half the count, "
     "4 cards (4♦ 9♠ J♣ Q♥), so +2."),
    (dict(towers0=["7D JC"], deck="AS", rest="deck"), [(0, "draw deck"), (0, "place 1")],
     "close", "an Ace scores half the count, and rescues a frozen tower, 3 cards"),
    (dict(towers0=["2S 7C"], moat0="3C 8D", deck="KH", rest="deck"),
     [(0, "draw deck"), (0, "place 1")], "sweep",
     "Red sweeps tower 1 with K♥: 2♠ 7♣ leave the game for no points. 3♣, the lowest card of "
     "Red's Moat, deploys there as the base of a new tower. Red Kings played: 1 of 2"),
    (dict(towers0=["2S 7C"], moat0="8D", kings=(1, 0), deck="KH", rest="deck"),
     [(0, "draw deck"), (0, "place 1")], "sweep",
     "That is both Red Kings: Red's Moat is sealed, no more banking."),
    (dict(towers0=["2S 7C", "5S"], moat0="3C 8D", kings=(1, 0), deck="KH", rest="deck"),
     [(0, "draw deck"), (0, "place 2")], "sweep",
     "8♦ can no longer deploy and will cost 8 at the end."),
    (dict(deck="4D", rest="deck"), [(0, "draw deck"), (0, "bank")], "bank",
     "Red banks 4♦ in the Moat: a Red King's sweep will deploy it as the base of a new tower; "
     "if it is still there at the end it costs 4."),
    (dict(towers0=["9S", "9H", "9D", "9C"], moat0="2S 3S", deck="5H", rest="deck"),
     [(0, "draw deck"), (0, "discard")], "discard",
     "Red discards 5♥ to the communal pile, as every one of Red's towers is topped by a higher "
     "card or a Jack and the Moat is full."),
    (dict(deck="AS", rest="deck"), [(0, "draw deck"), (0, "burn")], "burn",
     "Red burns A♠ (out of the game), as an Ace cannot start a tower and Red has no open tower."),
    (dict(deck="KH", rest="deck"), [(0, "draw deck"), (0, "burn")], "burn",
     "It still counts as a King played. Red Kings played: 1 of 2"),
    (dict(towers0=["9S JS", "9H", "9D", "9C"], moat0="2S 3S", pile="5H"),
     [(0, "draw pile"), (0, "burn")], "burn",
     "a communal card taken from an empty deck does not go back"),
    (dict(turn=1, towers0=["4S"], deck="QH", rest="deck"), [(1, "draw deck")], "handoff",
     "Black draws Q♥ from the deck: Jacks, Queens and Kings belong to the player of their "
     "colour, so it goes to Red, who must place it now. Red's next turn is skipped for it."),
    (dict(turn=1, towers0=["4S"], deck="QH", rest="deck"), [(1, "draw deck"), (0, "place 1")],
     "skip", "Red's turn is skipped, the price of receiving a handoff: Black plays again."),
    (dict(turn=1, towers0=["4S"], deck="QH", rest="deck", handoff_mode="redraw"),
     [(1, "draw deck"), (0, "place 1")], "redraw", "Black draws again after the handoff."),
    (dict(towers0=["2S 5H JC"], deck="7C"), [(0, "draw deck"), (0, "place 2")], "end",
     "The deck and the communal pile are both empty: the game is over. Open towers and Moats "
     "are scored: Red −1, Black 0."),
], ids=["draw", "last deck card", "take", "take from an empty deck", "start", "build", "freeze",
        "queen", "queen over jack", "ace rescues", "king deploys", "king seals",
        "sealed moat costs", "bank", "discard", "burn ace", "burn king", "burn dead communal",
        "handoff", "skip", "redraw", "end"])
def test_each_event_says_what_happened_and_why(setup, moves, kind, words):
    events = play(build(**setup), moves)
    told = [text for k, text in texts(events) if k == kind]
    assert told and words in told[-1], texts(events)
    assert all(event.audience is None for event in events)  # the whole table is public


def test_a_discard_or_burn_by_choice_says_so():
    state = build(towers0=["3S"], deck="7H QH", rest="deck", allow_voluntary_discard=True)
    events = play(state, [(0, "draw deck"), (0, "discard")])
    assert "Red discards 7♥ to the communal pile, by choice: it could have been used" in (
        events[-1].text)


def test_no_event_text_uses_seat_numbers():
    state = build(turn=1, towers0=["4S"], deck="QH", rest="deck")
    for _, text in texts(play(state, [(1, "draw deck"), (0, "place 1")])):
        assert not re.search(r"(player|seat) ?[0-9]", text, re.IGNORECASE), text


def test_the_result_itemises_both_score_sheets():
    """Issue 22: the table showed 'score 9' during play, then 'player 1 wins 11 to 0' with the
    Moat penalty nowhere. The result names each closed tower, frozen tower and Moat card."""
    state = build(towers0=["2S 5H JC", "4D"], moat0="6C", scores=(4, 0),
                  closed0="3S 5D 8C QD", closed1="", deck="7C")
    play(state, [(0, "draw deck"), (0, "place 2")])
    summary = state.result().summary
    assert summary == (
        "Black wins 0 to −3. Red: Q♦ closed 3♠ 5♦ 8♣ Q♦ (4 cards: a Queen scores the count) "
        "+4; tower 1, 2♠ 5♥ J♣, is still frozen (half its 3 cards) −1; 6♣ left in the Moat "
        "−6; total −3. Black: nothing closed and nothing owed; total 0.")
    assert state.result().scores == (-3.0, 0.0)


def test_a_draw_says_so_with_both_sheets():
    state = build(deck="7C")
    play(state, [(0, "draw deck"), (0, "place 1")])
    assert state.result().summary.startswith("A draw at 0 each. Red: nothing closed")


@pytest.mark.parametrize("seed", range(6))
def test_the_score_shown_during_play_is_the_one_the_result_sums(seed):
    """At every move the view's score lines add up to its 'if it ended now' total; at the end
    that total is the result's score, and every line appears in the summary."""
    options = GAME.showcase_options[seed % len(GAME.showcase_options)]
    game = cardtable.load("matriarchy", **options)
    state = game.new_state(seed)
    chooser = random.Random(seed)
    while not state.is_over():
        player = state.to_act()[0]
        state.apply(player, chooser.choice(state.legal_actions(player)))
        for seat in state.view(None)["body"]["players"]:
            assert sum(line["points"] for line in seat["scoring"]) == seat["final_if_ended_now"]
    result = state.result()
    for seat in state.view(None)["body"]["players"]:
        assert result.scores[seat["seat"]] == seat["final_if_ended_now"]
        for line in seat["scoring"]:
            assert line["what"] in result.summary


@pytest.mark.parametrize("options", GAME.showcase_options, ids=str)
def test_no_event_names_a_card_still_in_the_deck(options):
    """The deck is the one secret: no event or choice text may name any of its cards."""
    game = cardtable.load("matriarchy", **options)
    for seed in range(3):
        state = game.new_state(seed)
        chooser = random.Random(seed)
        while not state.is_over():
            player = state.to_act()[0]
            events = state.apply(player, chooser.choice(state.legal_actions(player)))
            secret = {str(card) for card in state.deck}
            body = state.view(None)["body"]
            shown = [event.text for event in events] + list(body["choices"].values())
            for text in shown:
                words = set(text.replace(",", " ").replace("(", " ").replace(")", " ").split())
                assert not words & secret, text


@pytest.mark.parametrize("action, words", [
    (DRAW_DECK, "draw the top card of the deck"),
    (DRAW_PILE, "take the top card of the communal pile"),
    (PLACE[1], "place the card on tower 2"),
    (BANK, "bank the card in the Moat"),
    (DISCARD, "discard the card to the communal pile"),
    (BURN, "burn the card (out of the game)"),
])
def test_action_words_say_every_kind_of_move_plainly(action, words):
    assert GAME.action_words(action) == words
    assert GAME.action_words(str(action)) == words
