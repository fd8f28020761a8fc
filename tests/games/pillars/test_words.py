"""Every kind of action in plain words (words module, ``PillarsGame.action_words``)."""

import pytest

import cardtable


@pytest.mark.parametrize("move, words", [
    ("attack ♥ 2♥ 7♥", "attack hearts with the 2 and 7 of hearts"),
    ("attack ♦ A♦ 10♦ Q♦", "attack diamonds with the ace, 10 and queen of diamonds"),
    ("defend ♦ 3♦ J♠", "defend diamonds with the 3 of diamonds and the jack of spades"),
    ("crawl ♠ K♠", "crawl the king of spades into the spades battle, past the limit"),
    ("score", "score: win every battle where you have more cards"),
    ("take 9♦", "keep the 9 of diamonds"),
    ("harvest", "harvest: draw one card per scored club"),
    ("magic ♥ 4♥", "magic: discard your scored 4 of hearts for two more actions"),
    ("magic ♠ 4♠", "magic: discard your scored 4 of spades, for no effect"),
    ("magic J", "magic: discard a scored jack (the opponent has scored nothing)"),
    ("magic J 9♦", "magic: discard a scored jack to discard the opponent's scored 9 of diamonds"),
    ("magic Q", "magic: discard a scored queen to take three random cards from the opponent's "
                "hand"),
    ("magic K", "magic: discard a scored king (no battle to clear)"),
    ("magic K ♣", "magic: discard a scored king to clear the clubs battle"),
    ("end", "end the turn, giving up the actions left"),
])
def test_each_kind_of_action_in_words(move, words):
    game = cardtable.load("pillars")
    assert game.action_words(move) == words
    assert game.action_words(game.action_from_text(move)) == words


def test_words_never_show_a_suit_symbol_for_a_legal_move_of_a_game():
    game = cardtable.load("pillars")
    state = game.new_state(seed=4)
    for action in state.legal_actions(state.to_act()[0]):
        assert not set(game.action_words(action)) & set("♥♠♦♣"), action
