"""The conformance suite: invariants every registered game must keep, checked by seeded random
playouts. A new game gets all of it by registering; nothing here names a game."""

from __future__ import annotations

import json
import multiprocessing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.support.playouts import final_position_json as _final_position_json
from tests.support.playouts import final_state, playout

import cardtable
from cardtable.bots import RandomBot
from cardtable.bots.ismcts import Evaluates
from cardtable.bots.own import own_bots
from cardtable.core import (
    CardtableError,
    IllegalActionError,
    InvalidPositionError,
    NotYourTurnError,
    Record,
    Rng,
    play_game,
    replay,
    view_json,
)
from cardtable.sim.runner import showcase_options


def _case_id(name: str, options: dict[str, object]) -> str:
    """The game's name, then its showcased options as ``-key=value`` (none for the defaults)."""
    return name + "".join(f"-{key}={value}" for key, value in options.items())


CASES = [
    pytest.param(name, options, id=_case_id(name, options))
    for name in cardtable.game_names()
    for options in showcase_options(cardtable.core.game_class(name))
]
SEEDS = [1, 2, 3]


def players_and_spectator(state):
    return [*range(state.num_players), None]


@pytest.mark.parametrize("name, options", CASES)
def test_the_game_counts_the_seats_its_states_have_without_dealing(name, options):
    game = cardtable.load(name, **options)
    assert game.num_players == game.new_state(1).num_players
    assert game.min_players <= game.num_players <= game.max_players


@pytest.mark.parametrize("name, options", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_with_a_result(name, options, seed):
    game = cardtable.load(name, **options)
    state = final_state(game, seed)
    assert state.is_over()
    assert state.to_act() == ()
    result = state.result()
    assert result is not None
    assert len(result.scores) == state.num_players
    assert result.winner is None or 0 <= result.winner < state.num_players


@pytest.mark.parametrize("name, options", CASES)
def test_every_player_to_act_has_legal_actions_and_every_one_applies(name, options):
    game = cardtable.load(name, **options)
    for step, (state, player, _) in enumerate(playout(game, 11)):
        if player is None:
            assert all(state.legal_actions(p) == [] for p in range(state.num_players))
            break
        for actor in state.to_act():
            legal = state.legal_actions(actor)
            assert legal, f"player {actor} must act but has no legal action"
            assert len(set(legal)) == len(legal), "legal actions repeat"
            if step % 3 == 0:
                for action in legal[:40]:
                    state.clone().apply(actor, action)


@pytest.mark.parametrize("name, options", CASES)
def test_illegal_actions_raise_and_change_nothing(name, options):
    game = cardtable.load(name, **options)
    seen = []
    checked = 0
    for state, player, action in playout(game, 5):
        if player is None:
            with pytest.raises(IllegalActionError):
                state.apply(0, seen[0])
            break
        seen.append(action)
        before = json.dumps(state.position(), sort_keys=True)
        legal = state.legal_actions(player)
        foreign = next((a for a in reversed(seen) if a not in legal), None)
        if foreign is not None:
            with pytest.raises(IllegalActionError):
                state.apply(player, foreign)
            checked += 1
        idle = [p for p in range(state.num_players) if p not in state.to_act()]
        if idle:
            with pytest.raises(NotYourTurnError):
                state.apply(idle[0], action)
        assert json.dumps(state.position(), sort_keys=True) == before
    assert checked > 0, "no illegal action was tried"


@pytest.mark.parametrize("name, options", CASES)
def test_same_seed_and_moves_give_the_same_game(name, options):
    game = cardtable.load(name, **options)
    first = final_state(game, 21).position()
    second = final_state(game, 21).position()
    assert first == second
    assert final_state(game, 22).position() != first


@pytest.mark.parametrize("name, options", CASES)
def test_advance_leaves_the_same_state_as_apply_unchecked(name, options):
    """The event-free path of simulations and search changes the state exactly as the path
    that makes events: the same positions after every move of many seeded random games."""
    game = cardtable.load(name, **options)
    for seed in range(40):
        told, quiet = game.new_state(seed), game.new_state(seed)
        rng = Rng(seed)
        while not told.is_over():
            player = told.to_act()[0]
            legal = told.legal_actions(player)
            action = legal[rng.below(len(legal))]
            told.apply_unchecked(player, action)
            quiet.advance(player, action)
            assert quiet.position() == told.position(), f"seed {seed}, move {told.moves}"
        assert quiet.is_over() and quiet.result() == told.result()


@pytest.mark.parametrize("name, options", CASES)
def test_same_seed_gives_the_same_game_in_another_process(name, options):
    here = _final_position_json(name, options, 31)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        there = pool.apply(_final_position_json, (name, options, 31))
    assert here == there


@pytest.mark.parametrize("name, options", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_records_round_trip_and_replay_to_the_same_state(name, options, seed):
    game = cardtable.load(name, **options)
    bots = [RandomBot(game, seed + p) for p in range(game.new_state(seed).num_players)]
    played = play_game(game, bots, seed)
    text = played.record.dumps()
    again = Record.loads(text)
    assert again.to_dict() == played.record.to_dict()
    state = replay(again)
    assert state.position() == played.state.position()
    assert state.result() == played.state.result()


@pytest.mark.parametrize("name, options", CASES)
def test_a_tampered_record_names_its_first_bad_move(name, options):
    game = cardtable.load(name, **options)
    bots = [RandomBot(game, p) for p in range(game.new_state(4).num_players)]
    record = play_game(game, bots, 4).record
    bad = len(record.moves) // 2
    player, _ = record.moves[bad]
    record.moves[bad] = (player, "no-such-move 99")
    with pytest.raises(cardtable.core.RecordError, match=f"move {bad + 1} "):
        replay(record)


@pytest.mark.parametrize("name, options", CASES)
def test_notation_round_trips_for_every_legal_action(name, options):
    game = cardtable.load(name, **options)
    for state, player, _ in playout(game, 8):
        if player is None:
            break
        for action in state.legal_actions(player):
            text = str(action)
            parsed = game.parse_action(state, player, text)
            assert parsed == action
            assert str(parsed) == text


@pytest.mark.parametrize("name, options", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_views_never_show_a_secret(name, options, seed):
    game = cardtable.load(name, **options)
    for state, _, _ in playout(game, seed):
        for viewer in players_and_spectator(state):
            text = view_json(state.view(viewer))
            leaked = [secret for secret in state.secrets(viewer) if secret in text]
            assert not leaked, f"view of {viewer} shows {leaked}"


@pytest.mark.parametrize("name, options", CASES)
def test_sample_hidden_agrees_with_the_view_and_is_a_valid_position(name, options):
    game = cardtable.load(name, **options)
    rng = Rng(99)
    for step, (state, _, _) in enumerate(playout(game, 13)):
        if step % 4:
            continue
        for player in range(state.num_players):
            sample = state.sample_hidden(player, rng)
            assert sample.view(player) == state.view(player)
            assert sample.to_act() == state.to_act()
            game.from_position(sample.position())


ENVELOPE = {"game", "viewer", "to_act", "phase", "result", "body"}


@pytest.mark.parametrize("name, options", CASES)
def test_every_view_is_the_common_envelope_around_the_games_body(name, options):
    """Front ends read the same top keys in every game; only ``body`` is the game's own."""
    game = cardtable.load(name, **options)
    for step, (state, _, _) in enumerate(playout(game, 23)):
        if step % 6 and not state.is_over():
            continue
        for viewer in players_and_spectator(state):
            view = state.view(viewer)
            assert set(view) == ENVELOPE
            assert view["game"] == name and view["viewer"] == viewer
            assert view["to_act"] == list(state.to_act())
            assert isinstance(view["phase"], str) and view["phase"]
            result = state.result()
            assert view["result"] == (None if result is None else result.to_dict())
            assert not ENVELOPE & set(view["body"]), "the body repeats envelope keys"
            assert "you" not in view["body"]
    assert state.is_over() and view["phase"] == "over"


@pytest.mark.parametrize("name, options", CASES)
def test_sample_hidden_depends_on_the_view_only(name, options):
    """Two states that look the same to a player sample alike from the same seed: what a search
    bot believes comes from what it may know, never from the order of hidden cards."""
    game = cardtable.load(name, **options)
    for step, (state, _, _) in enumerate(playout(game, 19)):
        if step % 5:
            continue
        for player in range(state.num_players):
            lookalike = state.sample_hidden(player, Rng(step))
            assert lookalike.view(player) == state.view(player)
            assert (state.sample_hidden(player, Rng(7)).position()
                    == lookalike.sample_hidden(player, Rng(7)).position())


@pytest.mark.parametrize("name, options", CASES)
def test_positions_round_trip_and_play_on_identically(name, options):
    game = cardtable.load(name, **options)
    states = [state.clone() for state, _, _ in playout(game, 17)]
    for state in states[:: max(1, len(states) // 12)] + [states[-1]]:
        position = state.position()
        restored = game.from_position(json.loads(json.dumps(position)))
        assert restored.position() == position
        assert restored.view(None) == state.view(None)


@pytest.mark.parametrize("name, options", CASES)
def test_positions_for_another_game_or_lacking_fields_are_refused(name, options):
    game = cardtable.load(name, **options)
    position = game.new_state(1).position()
    with pytest.raises(InvalidPositionError):
        game.from_position({**position, "game": "not-a-game"})
    for key in [k for k in position if k != "game"][:6]:
        broken = {k: v for k, v in position.items() if k != key}
        with pytest.raises(InvalidPositionError):
            game.from_position(broken)


@pytest.mark.parametrize("name, options", CASES)
def test_clone_is_independent(name, options):
    game = cardtable.load(name, **options)
    state = game.new_state(3)
    before = state.position()
    copy = state.clone()
    player = copy.to_act()[0]
    copy.apply(player, copy.legal_actions(player)[0])
    assert state.position() == before
    assert copy.position() != before


@pytest.mark.parametrize("name, options", CASES)
def test_describe_renders_every_view(name, options):
    game = cardtable.load(name, **options)
    for step, (state, _, _) in enumerate(playout(game, 2)):
        if step % 5 == 0:
            for viewer in players_and_spectator(state):
                assert game.describe(state.view(viewer)).strip()


@pytest.mark.parametrize("name", cardtable.game_names())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_any_seed_plays_to_an_end_with_views_that_survive_resampling(name, seed):
    game = cardtable.load(name)
    rng = Rng(seed)
    for state, player, _ in playout(game, seed):
        if player is not None and state.moves % 7 == 0:
            sample = state.sample_hidden(player, rng)
            assert sample.view(player) == state.view(player)
    assert state.result() is not None


@pytest.mark.parametrize("name", cardtable.game_names())
def test_own_bots_play_full_games(name):
    game = cardtable.load(name)
    for bot_name, factory in own_bots(game).items():
        seats = game.new_state(0).num_players
        bots = [factory(game, seat) for seat in range(seats)]
        played = play_game(game, bots, 5, keep_record=True)
        assert played.state.is_over(), bot_name
        replay(played.record)


def test_bad_option_is_refused_for_every_game():
    for name in cardtable.game_names():
        with pytest.raises(CardtableError):
            cardtable.load(name, no_such_option=1)


@pytest.mark.parametrize("name, options", CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_events_never_tell_a_player_a_secret(name, options, seed):
    """An event may reveal what the move makes known, never what stays hidden after it. (A move
    that hides public cards again, such as a new round's reshuffle, is not checked: its events
    rightly name cards that were public a moment before.)"""
    game = cardtable.load(name, **options)
    state = game.new_state(seed)
    rng = Rng(seed)
    checked = 0
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        hidden_from_all = state.secrets(None)
        events = state.apply(player, legal[rng.below(len(legal))])
        if not state.secrets(None) <= hidden_from_all:
            continue
        checked += 1
        for viewer in players_and_spectator(state):
            told = json.dumps([[e.kind, e.text, e.data] for e in events if e.visible_to(viewer)],
                              ensure_ascii=False, default=str)
            leaked = [secret for secret in state.secrets(viewer) if secret in told]
            assert not leaked, f"events shown to {viewer} tell {leaked}: {told}"
    assert checked > 0


@pytest.mark.parametrize("name, options", CASES)
def test_an_evaluation_where_offered_gives_each_player_a_return_until_the_end(name, options):
    """A game's ``evaluate`` (``Evaluates``): one expected return per player, each within the
    range of ``Result.returns`` and together what those sum to, at every position before the
    end, and None once the game is over (a game that offers none is not asked)."""
    game = cardtable.load(name, **options)
    if not isinstance(game, Evaluates):
        return
    for state, player, _ in playout(game, 7):
        estimate = game.evaluate(state)
        if player is None or estimate is None:
            assert estimate is None
            continue
        assert len(estimate) == state.num_players
        assert all(0.0 <= share <= 1.0 for share in estimate)
        assert sum(estimate) == pytest.approx(1.0)
