"""A trick told in a player's words: the winner and why, every power that fired (or why it did
nothing), locks, steals, privileges, Market Chaos and the Ultimatum; and never a hidden card."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.games.queens_mercy.cards import DECK_STYLES


def told(events) -> list[str]:
    return [event.text for event in events]


def test_the_rule_texts_example_is_told_step_by_step(build, trick):
    state = build("Q♠", "A♥", suits="♠♥", scores=(4, 5), trick=5, lead=0)
    lines = told(trick(state, "Q♠", "A♥"))
    assert lines[0] == "Spades commits a card face down."
    assert lines[1] == ("Trick 5: Spades plays Q♠; Hearts plays A♥. A♥ beats Q♠: Hearts wins "
                        "the trick.")
    assert "A♥ Second Wind" in lines[2] and "no effect, it needs a loss and Hearts won" in lines[2]
    assert lines[3] == "Base point for winning the trick: Hearts +1 (5 to 6)."
    assert lines[4] == "Q♠ Queen's Mercy after scoring: no effect, Spades is not ahead."
    assert lines[5] == "Score: Spades 4, Hearts 6."


def test_a_lock_blocks_the_steal_and_the_base_point_and_says_so(build, trick):
    state = build("Q♥", "K♦", suits="♥♦", scores=(3, 3))
    lines = told(trick(state, "Q♥", "K♦"))
    assert "Q♥ Shield of Compassion: Hearts lost, so Diamonds' score is locked" in lines[2]
    assert "K♦ Hostile Takeover" in lines[3] and "no change, Diamonds' score is locked" in lines[3]
    assert lines[4] == "Base point: no change, Diamonds' score is locked."
    assert lines[-1] == "Score: Hearts 3, Diamonds 3."


def test_a_steal_and_a_nullify_are_named(build, trick):
    state = build("K♥", "A♠", suits="♥♠", scores=(1, 2))
    lines = told(trick(state, "K♥", "A♠"))
    assert any("Hearts steals 1 point from Spades (Hearts 2, Spades 1)" in line for line in lines)
    state = build("J♣", "K♠", suits="♣♠", scores=(2, 2))
    lines = told(trick(state, "J♣", "K♠"))
    assert "J♣ Counterpoise cancels K♠ Heavy Is the Crown: it does nothing this trick." in lines
    assert not any(line.startswith("K♠ Heavy Is the Crown after") for line in lines)
    assert lines[-1] == "Score: Clubs 2, Spades 3."


def test_the_ultimatum_asks_then_tells_the_answer(build, trick):
    state = build("X♠", "J♥", suits="♠♥", scores=(2, 4))
    lines = told(trick(state, "X♠", "J♥"))
    assert lines[-1] == ("Joker♠ Ultimatum: Spades won, so Hearts must choose: "
                         "Spades +1, or Hearts -1.")
    answer = told(state.apply(1, state.game.parse_action(state, 1, "me-1")))
    assert answer[0] == "Hearts answers the Ultimatum by losing 1 point: Hearts -1 (4 to 3)."
    assert answer[1] == "Base point for winning the trick: Spades +1 (2 to 3)."
    assert answer[-1] == "Score: Spades 3, Hearts 3."


def test_privileges_and_market_chaos_are_told(build, trick):
    state = build("7♦ X♦", "6♥ 9♥", suits="♦♥", scores=(1, 1), house_rules=True)
    lines = told(trick(state, "7♦ privilege even", "6♥ privilege"))
    assert ("Diamonds plays 7♦ and declares Speculative Wager, predicting an even card; Hearts "
            "plays 6♥ and declares Steadfast Heart") in lines[1]
    assert "Steadfast Heart (Hearts): Hearts +1 (1 to 2)." in lines
    assert "Speculative Wager: Diamonds predicted even; 6♥ is even: Diamonds +2 (2 to 4)." in lines
    lines = told(trick(state, "X♦", "9♥"))
    assert any("Joker♦ Market Chaos: next trick, each card is picked at random" in line
               for line in lines)
    assert told(state.apply(0, state.game.parse_action(state, 0, "chaos"))) == [
        "Market Chaos picks Diamonds' card at random, face down."]


def test_the_round_and_the_match_say_why_they_were_won(build, trick):
    state = build("7♠", "5♥", suits="♠♥", scores=(9, 3), trick=4, tokens=(1, 0), round_no=2)
    lines = told(trick(state, "7♠", "5♥"))
    assert ("Round 2 went to Spades (Spades 10, Hearts 3: Spades reached 10 points). Rounds won: "
            "Spades 2, Hearts 0 (first to 2 wins the match).") in lines
    summary = state.result().summary
    assert summary.startswith("Spades wins the match, 2 rounds to 0. Round 1 ")
    assert "round 2 went to Spades (Spades 10, Hearts 3: Spades reached 10 points)." in summary


@pytest.mark.parametrize("options", [
    {}, {"house_rules": True, "deck_style": "chevalier"},
    {"chaos_pick": "foe_open_choice", "deck_style": "heckadeck", "suits": ("♦", "♠")},
])
def test_no_event_names_a_card_its_audience_may_not_see(options):
    """Whole matches: every event a seat is shown names no card that seat cannot see, in codes
    or in the deck style's names, at the moment it is told."""
    game = cardtable.load("queens-mercy", **options)
    names = DECK_STYLES[game.style.key].names
    for seed in range(3):
        state = game.new_state(seed)
        chooser = random.Random(seed)
        while not state.is_over():
            player = state.to_act()[0]
            round_before = state.round_no
            events = state.apply(player, chooser.choice(state.legal_actions(player)))
            if state.round_no != round_before or state.is_over():
                continue  # a new deal hides the cards the last trick rightly named
            for viewer in (0, 1, None):
                hidden = {names[code] for code in state.secrets(viewer)} | state.secrets(viewer)
                for event in events:
                    if event.visible_to(viewer):
                        assert not [card for card in hidden if card in event.text.split()
                                    or f" {card}" in event.text], event.text


def test_the_queens_cut_is_told_without_seat_numbers():
    game = cardtable.load("queens-mercy")
    state = game.new_state(1)
    lines = []
    for text in ("claim", "shape ♥ ♦", "claim ♦"):
        player = state.to_act()[0]
        lines += told(state.apply(player, game.parse_action(state, player, text)))
    assert lines == [
        "The winner of the Queen's Cut chooses to claim a house: the other player names two "
        "houses, and they take one.",
        "The shaper names the two houses: Hearts ♥ and Diamonds ♦; the other player claims one "
        "of them.",
        "The claimer takes Diamonds ♦; the shaper plays Hearts ♥ and leads the first trick. Each "
        "shuffles their fourteen cards and draws three."]


def test_a_commit_tells_nothing_of_the_card(build):
    state = build("Q♠", "A♥", suits="♠♥", house_rules=True)
    events = state.apply(0, state.game.parse_action(state, 0, "Q♠"))
    assert told(events) == ["Spades commits a card face down."] and events[0].audience is None


def test_every_move_has_plain_words():
    game = cardtable.load("queens-mercy", deck_style="chevalier")
    words = {text: game.action_words(game.action_from_text(text)) for text in (
        "Dame♠", "7♦ privilege odd", "7♠ privilege", "chaos", "shape", "claim", "shape ♠ ♥",
        "claim ♥", "foe+1", "me-1", "Chevalier♥")}
    assert words == {
        "Dame♠": "play the Dame of Spades, the Queen",
        "7♦ privilege odd": "play the 7 of Diamonds and declare Speculative Wager, predicting "
                            "an odd card",
        "7♠ privilege": "play the 7 of Spades and declare Press the Attack",
        "chaos": "let Market Chaos pick your card at random",
        "shape": "shape the field: you name the two houses, your foe takes one",
        "claim": "claim a house: your foe names two houses, you take one of them",
        "shape ♠ ♥": "shape the field with Spades and Hearts",
        "claim ♥": "claim Hearts",
        "foe+1": "answer the Ultimatum: the Joker's owner gains 1 point",
        "me-1": "answer the Ultimatum: lose 1 point yourself",
        "Chevalier♥": "play the Chevalier of Hearts, the Joker",
    }


@pytest.mark.parametrize("style, joker", [
    ("standard", "Beast"), ("heckadeck", "Beast"), ("heckadeck", "0"), ("chevalier", "Beast")])
def test_the_views_label_table_names_each_card_as_its_move(style, joker, build):
    """A page draws a card as ``ranks[i].name + suit``: that is exactly its move."""
    state = build("X♠ J♠ A♠", "5♥", suits="♠♥", deck_style=style, heckadeck_joker=joker)
    body = state.view(0)["body"]
    table = {entry["code"]: entry for entry in body["ranks"]}
    assert len(table) == 14 and all(entry["name"] and entry["words"] for entry in table.values())
    drawn = {table[code[:-1]]["name"] + code[-1] for code in body["hand"]}
    assert drawn == {str(action) for action in state.legal_actions(0)}
    assert body["powers"]["♠"]["X"][0] == "Ultimatum"
    assert body["powers"]["♣"]["privilege"][0] == "Judicious Measure"
    assert body["rounds_to_win"] == 2
