"""A Pillars board: a copy shares nothing that can change, a scoring pile is replaced and never
changed in place (so copies may share the piles), and a battle is engaged by a card on either
side."""

import cardtable
from cardtable.core import Card
from cardtable.games.pillars.board import Board


def a_board() -> Board:
    state = cardtable.load("pillars").new_state(3)
    state.set_pile(0, "♥", (Card.parse("5♥"),))
    return state


def test_a_copy_changes_apart_from_its_original():
    board = a_board()
    copy = board.copy()
    assert type(copy) is type(board) and copy.hands == board.hands and copy.deck == board.deck
    copy.hands[0].pop()
    copy.deck.pop()
    copy.zones["♠"][1].append(Card.parse("2♠"))
    copy.known[0].append(Card.parse("3♠"))
    copy.pending.append("♠")
    copy.rng.next_u64()
    assert len(board.hands[0]) == len(copy.hands[0]) + 1 and len(board.deck) == len(copy.deck) + 1
    assert board.zones["♠"][1] == [] and board.known[0] == [] and board.pending == []
    assert board.rng.state != copy.rng.state


def test_a_pile_is_replaced_whole_so_a_copy_keeps_the_old_one():
    board = a_board()
    copy = board.copy()
    assert copy.scored[0] is board.scored[0]  # shared until one of them changes
    copy.set_pile(0, "♥", (Card.parse("5♥"), Card.parse("9♥")))
    assert board.scored[0]["♥"] == (Card.parse("5♥"),)
    assert len(copy.scored[0]["♥"]) == 2 and copy.scored[1] is board.scored[1]


def test_a_battle_is_engaged_by_a_card_on_either_side():
    board = a_board()
    board.zones["♦"] = [[], []]
    assert not board.engaged("♦")
    board.zones["♦"][1].append(Card.parse("4♦"))
    assert board.engaged("♦")
