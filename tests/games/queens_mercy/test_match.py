"""A match's fields: what a new match holds, the option flags it reads once, the game's shared
look-up tables, and the match scoring the rules page states (round tokens, first to
``rounds_to_win``), checked over whole seeded matches."""

import dataclasses
import typing

import pytest

import cardtable
from cardtable.core import Card, Rng
from cardtable.games.queens_mercy import match as fields
from cardtable.games.queens_mercy.match import Match
from cardtable.games.queens_mercy.state import QueensMercyState


def new_match(**options) -> QueensMercyState:
    """A match of a game with ``options`` as its state starts it, before the cut is dealt."""
    game = cardtable.load("queens-mercy", **options)
    return QueensMercyState(game, game.tables)


def test_the_phases_are_an_enum_in_order_named_by_their_values():
    members = (fields.ROYAL, fields.SHAPE, fields.CLAIM, fields.TRICK, fields.ULTIMATUM,
               fields.OVER)
    assert members == tuple(fields.Phase)
    assert [phase.value for phase in members] == list(fields.PHASES) == [
        "royal", "shape", "claim", "trick", "ultimatum", "over"]
    assert fields.CUT == (fields.ROYAL, fields.SHAPE, fields.CLAIM)
    assert set(fields.DECIDING) == {fields.ROYAL, fields.SHAPE, fields.CLAIM, fields.ULTIMATUM}


def test_a_new_state_holds_every_field_of_the_match():
    state = cardtable.load("queens-mercy").new_state(5)
    hints = typing.get_type_hints(Match)
    for name in hints:
        assert hasattr(state, name), name
    assert set(vars(state)) == set(hints) | {"game"}
    assert isinstance(state.phase, fields.Phase)


def test_a_new_match_starts_level_unlocked_in_its_first_round():
    m = new_match()
    assert (m.phase, m.round_no, m.trick, m.moves, m.tricks_done) == (fields.ROYAL, 1, 1, 0, 0)
    assert m.scores == m.tokens == [0, 0] and m.locked == [False, False]
    assert (m.history, m.winner, m.trace, m.last, m.chaos) == ([], None, None, None, False)


def test_two_matches_of_one_game_share_its_tables_but_not_their_fields():
    game = cardtable.load("queens-mercy")
    a, b = QueensMercyState(game, game.tables), QueensMercyState(game, game.tables)
    assert a.beats is b.beats is game.tables.beats and a.powers is game.tables.powers
    a.scores[0] += 1
    a.hands[0].append(Card.parse("2♠"))
    assert b.scores == [0, 0] and b.hands == [[], []]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.tables.beats = []


@pytest.mark.parametrize("options, flags", [
    ({}, (True, True, False, True, 10, True)),
    ({"ks_mode": "table", "qs_mode": "table", "chaos_pick": "foe_open_choice",
      "lock_duration": "round", "cap": 12, "round_end": "14_only"},
     (False, False, True, False, 12, False)),
])
def test_the_option_flags_are_read_once_from_the_options(options, flags):
    m = new_match(**options)
    assert (m.ks_prose, m.qs_prose, m.open_chaos, m.lock_trick, m.cap, m.cap_ends) == flags


def played_out(seed: int, **options):
    """A whole match of random legal moves from ``seed``."""
    game = cardtable.load("queens-mercy", **options)
    state, rng = game.new_state(seed), Rng(seed)
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("options", [
    {}, {"rounds_to_win": 3}, {"max_rounds": 2}, {"round_end": "14_only"},
    {"tie_def": "no_one_reached_cap", "rounds_to_win": 1, "max_rounds": 1},
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rounds_give_tokens_to_the_higher_score_and_the_first_to_enough_tokens_wins(options,
                                                                                    seed):
    m = played_out(seed, **options)
    opts = m.opts
    for s0, s1, won in m.history:
        if s0 == s1 or (opts.tie_def == "no_one_reached_cap" and max(s0, s1) < opts.cap):
            assert won is None
        else:
            assert won == (0 if s0 > s1 else 1)
    assert m.tokens == [sum(1 for *_, won in m.history if won == seat) for seat in (0, 1)]
    stopped = opts.max_rounds is not None and len(m.history) == opts.max_rounds
    assert max(m.tokens) == opts.rounds_to_win or (stopped and max(m.tokens) < opts.rounds_to_win)
    t0, t1 = m.tokens
    assert m.winner == (None if t0 == t1 else 0 if t0 > t1 else 1)
    assert m.phase == fields.OVER and list(m.result().scores) == m.tokens
