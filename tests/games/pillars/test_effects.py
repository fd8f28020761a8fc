"""What each Pillars action does to the table: cards moved, the turn's actions spent, battles
won and taken, Magic paid for, and the end of the turn (a draw) and of the game."""

import pytest

import cardtable
from cardtable.core import Card
from cardtable.games.pillars import effects
from cardtable.games.pillars.actions import Attack
from cardtable.games.pillars.board import set_pile


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


@pytest.fixture
def board():
    """Seat 0 on turn with one action, a known hand, a known deck and empty battles."""
    made = cardtable.load("pillars").new_state(2)
    made.turn, made.actions_left, made.acted, made.pending = 0, 1, False, []
    made.hands = [cards("7♥ 8♥ 2♠"), cards("3♦ 4♦")]
    made.deck = cards("9♣ 10♣ 5♠")  # the top card is the last
    made.zones = {suit: [[], []] for suit in made.zones}
    made.known = [[], []]
    made.discard = []
    return made


def test_a_play_moves_the_cards_and_its_last_action_ends_the_turn_with_a_draw(board):
    events = []
    board.known[1] = cards("8♥ 2♠")
    effects.play(board, 0, Attack("♥", tuple(cards("7♥ 8♥"))), "♥", tuple(cards("7♥ 8♥")),
                 events)
    assert board.zones["♥"][0] == cards("7♥ 8♥") and board.known[1] == cards("2♠")
    assert board.hands[0] == cards("2♠ 5♠") and board.deck == cards("9♣ 10♣")
    assert (board.turn, board.actions_left, board.acted) == (1, 1, False)
    assert [event.kind for event in events] == ["attack", "draw"]


def test_a_score_wins_the_battles_of_strictly_more_cards_and_waits_for_the_takes(board):
    board.zones["♥"] = [cards("7♥ 8♥"), cards("9♥")]
    board.zones["♠"] = [cards("2♠"), cards("3♠")]
    board.zones["♦"] = [cards("4♦"), []]
    effects.score(board, 0, None)
    assert board.pending == ["♥", "♦"] and board.turn == 0  # the takes are still to come
    effects.take(board, 0, Card.parse("9♥"), None)
    assert board.scored[0]["♥"] == (Card.parse("9♥"),) and board.zones["♥"] == [[], []]
    assert sorted(map(str, board.discard)) == ["7♥", "8♥"] and board.turn == 0
    effects.take(board, 0, Card.parse("4♦"), None)
    assert board.pending == [] and board.turn == 1 and board.zones["♠"] != [[], []]


def test_a_scored_face_card_goes_to_the_faces_pile(board):
    board.zones["♣"] = [cards("K♣"), []]
    effects.score(board, 0, None)
    effects.take(board, 0, Card.parse("K♣"), None)
    assert board.scored[0]["faces"] == (Card.parse("K♣"),)


def test_a_harvest_draws_one_card_per_scored_club_as_far_as_the_deck_goes(board):
    set_pile(board, 0, "♣", tuple(cards("2♣ 3♣")))
    board.actions_left = 2
    effects.harvest(board, 0, None)
    assert board.hands[0][-2:] == cards("5♠ 10♣") and board.actions_left == 1


def test_hearts_magic_gives_two_more_actions_for_the_one_it_costs(board):
    set_pile(board, 0, "♥", tuple(cards("2♥ 3♥")))
    effects.pile_magic(board, 0, Card.parse("3♥"), None)
    assert board.actions_left == 2 and board.scored[0]["♥"] == (Card.parse("2♥"),)
    assert board.discard == cards("3♥") and board.turn == 0
    effects.end(board, 0, None)
    assert board.turn == 1 and board.hands[0][-1] == Card.parse("5♠")


def test_king_magic_clears_a_battle_and_discards_the_king(board):
    set_pile(board, 0, "faces", tuple(cards("K♠")))
    board.zones["♦"] = [cards("4♦"), cards("5♦ 6♦")]
    effects.king_magic(board, 0, "♦", None)
    assert board.zones["♦"] == [[], []] and board.scored[0]["faces"] == ()
    assert sorted(map(str, board.discard)) == ["4♦", "5♦", "6♦", "K♠"]


def test_the_game_ends_when_the_last_card_is_drawn(board):
    board.deck = cards("5♠")
    events = []
    effects.end(board, 0, events)
    assert board.over and board.deck == [] and events[-1].kind != "draw"
