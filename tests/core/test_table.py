"""The table driver: seats are asked in turn, each told only what it may see, and a refused move
changes nothing."""

import time

import pytest

from cardtable.bots import RandomBot
from cardtable.core import (
    Event,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Table,
    play_game,
)


class Listener:
    """A seat that plays the first legal card and keeps every event it is told of."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.heard: list[tuple[int | None, list[Event]]] = []

    def choose(self, decision):
        return decision.legal[0]

    def on_events(self, viewer, events):
        self.heard.append((viewer, list(events)))


def test_run_plays_to_the_end_and_records_every_move(duel_registered):
    seats = [RandomBot(duel_registered, 1), RandomBot(duel_registered, 2)]
    played = Table(duel_registered, seats, 5).run()
    assert played.state.is_over()
    assert played.length == len(played.record.moves) == 6
    assert played.record.result == played.state.result().to_dict()


def test_play_game_is_the_table_run_between_bots(duel_registered):
    def seats():
        return [RandomBot(duel_registered, 1), RandomBot(duel_registered, 2)]
    assert (play_game(duel_registered, seats(), 5).record.moves
            == Table(duel_registered, seats(), 5).run().record.moves)


def test_each_seat_hears_only_its_own_events_and_a_watcher_the_spectators(duel_registered):
    seats = [Listener("a"), Listener("b")]
    table = Table(duel_registered, seats, 3)
    watched = []
    table.watch(None, lambda viewer, events: watched.append((viewer, list(events))))
    table.state.apply_unchecked = _with_private_event(table.state.apply_unchecked)
    table.run()
    assert all(viewer == 0 for viewer, _ in seats[0].heard)
    assert all(viewer == 1 for viewer, _ in seats[1].heard)
    heard_by_0 = [e.text for _, events in seats[0].heard for e in events]
    heard_by_1 = [e.text for _, events in seats[1].heard for e in events]
    spectator = [e.text for _, events in watched for e in events]
    assert any(t.startswith("secret for 0") for t in heard_by_0)
    assert not any(t.startswith("secret for 0") for t in heard_by_1 + spectator)
    assert len(seats[0].heard) == len(watched) == 6  # told after every move, even of nothing


def _with_private_event(apply):
    def apply_and_whisper(player, action):
        return [*apply(player, action), Event("note", f"secret for {player}", audience=(player,))]
    return apply_and_whisper


def test_a_refused_move_raises_and_changes_nothing(duel_registered):
    table = Table(duel_registered, [Listener("a"), Listener("b")], 4)
    before = table.state.position()
    with pytest.raises(IllegalActionError):
        table.play(0, table.state.hands[1][0])
    assert table.state.position() == before and table.length == 0
    assert table.record.moves == [] and table.seats[0].heard == []


def test_a_seat_choosing_an_illegal_move_is_refused(duel_registered):
    class Cheat(Listener):
        def choose(self, decision):
            return decision._state.hands[1 - decision.player][0]

    table = Table(duel_registered, [Cheat("a"), Listener("b")], 4)
    with pytest.raises(IllegalActionError):
        table.step()
    assert table.length == 0


def test_simultaneous_seats_act_in_seat_order_and_out_of_turn_is_refused(duel_registered):
    table = Table(duel_registered, [Listener("a"), Listener("b")], 6)
    assert table.waiting() == (0, 1)
    table.step()
    assert table.waiting() == (1,)
    with pytest.raises(NotYourTurnError):
        table.play(0, table.state.hands[0][0])


def test_forced_moves_are_asked_only_when_the_table_says_so(duel_registered):
    asked = []

    class Counting(Listener):
        def choose(self, decision):
            asked.append(len(decision.legal))
            return decision.legal[0]

    Table(duel_registered, [Counting("a"), Counting("b")], 2).run()
    assert 1 not in asked
    asked.clear()
    Table(duel_registered, [Counting("a"), Counting("b")], 2, auto_forced=False).run()
    assert asked.count(1) == 2


def test_a_table_needs_one_seat_per_player(duel_registered):
    with pytest.raises(ValueError, match="needs 2 seats"):
        Table(duel_registered, [Listener("a")], 1)


def test_the_next_decision_is_the_first_waiting_players_and_none_once_over(duel_registered):
    table = Table(duel_registered, [Listener("a"), Listener("b")], 6)
    decision = table.next_decision()
    assert decision is not None and decision.player == 0
    assert decision.legal == table.state.legal_actions(0)
    among = table.next_decision({1})  # a server asks for its bot seats alone
    assert among is not None and among.player == 1
    assert table.next_decision(set()) is None
    table.run()
    assert table.next_decision() is None
    with pytest.raises(GameOverError):
        table.step()


def test_forced_is_a_single_action_where_the_table_plays_those_alone(duel_registered):
    for auto_forced in (True, False):
        table = Table(duel_registered, [Listener("a"), Listener("b")], 2,
                      auto_forced=auto_forced)
        while (decision := table.next_decision()) is not None and len(decision.legal) > 1:
            assert not table.forced(decision)
            table.step()
        assert decision is not None and table.forced(decision) is auto_forced


def test_a_typed_move_is_read_played_recorded_and_told(duel_registered):
    seats = [Listener("a"), Listener("b")]
    table = Table(duel_registered, seats, 4)
    text = str(table.state.hands[0][0])
    action, events = table.play_text(0, text)
    assert str(action) == text and table.length == 1
    assert table.record.moves == [(0, text)] and seats[0].heard == [(0, events)]


def test_the_log_keeps_every_move_with_all_its_events_when_asked(duel_registered):
    table = Table(duel_registered, [Listener("a"), Listener("b")], 3, keep_log=True)
    table.state.apply_unchecked = _with_private_event(table.state.apply_unchecked)
    table.run()
    assert [(move.player, move.notation) for move in table.log] == table.record.moves
    assert [move.number for move in table.log] == list(range(1, table.length + 1))
    assert all(any(event.audience == (move.player,) for event in move.events)
               for move in table.log)
    assert Table(duel_registered, [Listener("a"), Listener("b")], 3).log is None


def test_the_log_keeps_each_moves_action_who_was_to_act_before_it_and_when(duel_registered):
    """A server reads its clocks and its moves' words from the log (it keeps no copy)."""
    table = Table(duel_registered, [Listener("a"), Listener("b")], 3, keep_log=True)
    waiting, started = [], time.time()
    while not table.state.is_over() and len(waiting) < 3:
        waiting.append(table.state.to_act())
        table.step()
    assert [move.waiting for move in table.log] == waiting
    assert all(started <= move.at <= time.time() for move in table.log)
    assert all(str(move.action) == move.notation for move in table.log)
    player = table.state.to_act()[0]
    action = table.state.legal_actions(player)[0]
    table.play(player, action, at=12.5)
    assert table.log[-1][4:] == (action, (player,), 12.5)
    text = str(table.state.legal_actions(table.state.to_act()[0])[0])
    table.play_text(table.state.to_act()[0], text, at=13.0)
    assert table.log[-1].at == 13.0 and table.log[-1].notation == text
