"""A Pillars board: the fields of ``Board`` held by every state, a clone shares nothing that can
change, a scoring pile is replaced and never changed in place (so clones may share the piles),
a battle is engaged by a card on either side, and the phases in order."""

import typing

import cardtable
from cardtable.core import Card
from cardtable.games.pillars import board as fields
from cardtable.games.pillars.board import Board, is_engaged, set_pile
from cardtable.games.pillars.state import PillarsState


def a_board() -> PillarsState:
    state = cardtable.load("pillars").new_state(3)
    set_pile(state, 0, "♥", (Card.parse("5♥"),))
    return state


def test_the_phases_are_an_enum_named_by_their_values_in_order():
    assert [phase.value for phase in fields.Phase] == ["play", "take", "over"]


def test_a_new_state_holds_every_field_of_the_board_and_no_other():
    state = cardtable.load("pillars").new_state(5)
    hints = typing.get_type_hints(Board)
    for field in hints:
        assert hasattr(state, field), field
    assert set(PillarsState.__slots__) == set(hints)


def test_a_clone_changes_apart_from_its_original():
    board = a_board()
    copy = board.clone()
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


def test_a_pile_is_replaced_whole_so_a_clone_keeps_the_old_one():
    board = a_board()
    copy = board.clone()
    assert copy.scored[0] is board.scored[0]  # shared until one of them changes
    set_pile(copy, 0, "♥", (Card.parse("5♥"), Card.parse("9♥")))
    assert board.scored[0]["♥"] == (Card.parse("5♥"),)
    assert len(copy.scored[0]["♥"]) == 2 and copy.scored[1] is board.scored[1]


def test_a_battle_is_engaged_by_a_card_on_either_side():
    board = a_board()
    board.zones["♦"] = [[], []]
    assert not is_engaged(board, "♦")
    board.zones["♦"][1].append(Card.parse("4♦"))
    assert is_engaged(board, "♦")
