"""Every path that plays a move checks its legality once: record replay, the table driver (typed
moves and seats' choices), the terminal, and the web server (a person's typed move, a bot's
move, and a table rebuilt from its stored moves), in every game.

A check is a call of ``is_legal`` or ``legal_actions`` on a state, made from outside the game's
own package (a game's rules may ask themselves what they like) and not from inside another
check (``is_legal`` by default asks ``legal_actions``)."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    Record,
    Table,
    replay,
)

MOVES = 40
"""Moves played on each path: enough for every kind of decision near a game's start."""

CASES = [pytest.param(name, id=name) for name in cardtable.game_names()]


class Checks:
    """Counts the legality checks made on the states of one game (see the module docstring)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, state_class: type) -> None:
        self.count = 0
        self._depth = 0
        for name in ("is_legal", "legal_actions"):
            monkeypatch.setattr(state_class, name, self._counted(getattr(state_class, name)))

    def _counted(self, check: Callable[..., Any]) -> Callable[..., Any]:
        def counted(state: Any, *args: Any) -> Any:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if self._depth == 0 and not caller.startswith("cardtable.games."):
                self.count += 1
            self._depth += 1
            try:
                return check(state, *args)
            finally:
                self._depth -= 1
        return counted

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The test's own look at the legal moves, not counted."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def per_move(self, play: Callable[[], object]) -> int:
        """The checks ``play`` makes."""
        before = self.count
        play()
        return self.count - before


def recorded_game(name: str, seed: int = 5) -> Record:
    """The first ``MOVES`` moves of a game between random bots, as a record."""
    game = cardtable.load(name)
    table = Table(game, [RandomBot(game, seat) for seat in range(game.num_players)], seed)
    while not table.state.is_over() and table.length < MOVES:
        table.step()
    assert table.record is not None
    return table.record


def counter(monkeypatch: pytest.MonkeyPatch, name: str) -> Checks:
    return Checks(monkeypatch, type(cardtable.load(name).new_state(0)))


@pytest.mark.parametrize("name", CASES)
def test_replaying_a_record_checks_each_move_once(monkeypatch, name):
    record = recorded_game(name)
    checks = counter(monkeypatch, name)
    replay(record)
    assert checks.count == len(record.moves)


@pytest.mark.parametrize("name", CASES)
def test_a_typed_move_played_at_the_table_is_checked_once(monkeypatch, name):
    record = recorded_game(name)
    game = cardtable.load(name)
    table = Table(game, [RandomBot(game, seat) for seat in range(game.num_players)], 5)
    checks = counter(monkeypatch, name)
    for player, text in record.moves:
        assert checks.per_move(lambda p=player, t=text: table.play_text(p, t)) == 1, text
    assert table.record is not None and table.record.moves == record.moves


@pytest.mark.parametrize("name", CASES)
def test_a_seats_choice_is_checked_once_by_the_list_it_was_offered(monkeypatch, name):
    game = cardtable.load(name)
    table = Table(game, [RandomBot(game, seat) for seat in range(game.num_players)], 5)
    checks = counter(monkeypatch, name)
    while not table.state.is_over() and table.length < MOVES:
        assert checks.per_move(table.step) == 1


@pytest.mark.parametrize("name", CASES)
def test_a_move_typed_at_the_terminal_is_checked_once(monkeypatch, name):
    rich = pytest.importorskip("rich.console")
    from cardtable.cli.terminal_game import TerminalGame

    record = recorded_game(name)
    game = cardtable.load(name)
    console = rich.Console(file=io.StringIO(), width=100)
    moves = iter(record.moves)
    typed: list[int] = []

    handovers: list[str] = []

    def answer(prompt: str = "") -> str:
        if not prompt.startswith("seat"):
            handovers.append(prompt)  # the hot-seat hand-over; endless if the prompt changed
            assert len(handovers) <= 2 * len(record.moves) + 2, f"an unexpected prompt: {prompt!r}"
            return ""
        typed.append(checks.count)
        player, text = next(moves, (None, "quit"))
        assert player is None or prompt.startswith(f"seat {player + 1}>")
        return text

    console.input = answer
    session = TerminalGame(game, ["human"] * game.num_players, seed=5, console=console)
    checks = counter(monkeypatch, name)
    session.run()
    over = session.table.state.is_over()
    assert len(typed) == len(record.moves) + (not over) and typed[0] == 1  # the first list
    assert [after - before for before, after in zip(typed, typed[1:], strict=False)] \
        == [1] * (len(typed) - 1)
    assert session.table.record is not None and session.table.record.moves == record.moves


BAD_MOVES = [  # The Queen's Mercy, seed 5: player 1 chooses how to cut
    (1, "xx", NotationError, "not a card"),
    (0, "shape", NotYourTurnError, "may not act now"),
    (7, "shape", NotYourTurnError, "there is no player 7"),
    (1, "Q♠", IllegalActionError, None),
]


@pytest.mark.parametrize("player, text, error, words", BAD_MOVES)
def test_bad_typed_moves_keep_their_errors_and_change_nothing(player, text, error, words):
    game = cardtable.load("queens-mercy")
    table = Table(game, [RandomBot(game, 0), RandomBot(game, 1)], 5)
    before = table.state.position()
    for play in (table.play_text, table.state.play_text):
        with pytest.raises(error, match=words):
            play(player, text)
    assert table.state.position() == before and table.length == 0
    assert table.record is not None and table.record.moves == []


def test_a_move_typed_after_the_end_is_refused():
    game = cardtable.load("queens-mercy")
    table = Table(game, [RandomBot(game, 0), RandomBot(game, 1)], 5)
    table.run()
    with pytest.raises(GameOverError):
        table.play_text(0, "shape")


@pytest.mark.parametrize("name", CASES)
def test_the_web_checks_each_move_once(monkeypatch, tmp_path, name):
    """A person's typed move, a bot's answer, and the table rebuilt from its stored moves."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from cardtable.web import create_app
    from cardtable.web.room import build_room

    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * (
        cardtable.load(name).num_players - 1)
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_pace=0)) as client:
        made = client.post("/api/tables", json={"game": name, "seats": seats}).json()
        rooms = client.app.state.rooms
        room = rooms.get(made["table"])
        checks = counter(monkeypatch, name)

        async def arrive() -> None:
            rooms.person_arrived(room)

        client.portal.call(arrive)
        while True:
            deadline = time.monotonic() + 10
            while not room.over and any(seat in room.bots for seat in room.state.to_act()):
                assert time.monotonic() < deadline, "the bots did not answer"
                time.sleep(0.001)  # the bots move on the server's own thread
            if room.over or len(room.log) >= MOVES:
                break
            with checks.paused():
                move = str(room.state.legal_actions(0)[0])

            async def person(move: str = move) -> None:
                await rooms.play(room, 0, move, len(room.log))

            before = checks.count
            client.portal.call(person)
            assert checks.count > before
        assert checks.count == len(room.log)  # a person's move or a bot's: one check each
        stored = rooms.storage.table(made["table"])
        moves = rooms.storage.moves(made["table"])
        checks.count = 0
        assert len(build_room(stored, moves).log) == len(moves) == checks.count
