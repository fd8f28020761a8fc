"""A bot that fails (raises, or answers a move the rules refuse) never stalls its table: the
failure is logged with its error, the random bot plays the seat from then on, every page is
told who plays it now, and a rematch seats the failed bot again."""

from __future__ import annotations

import logging

import pytest

from cardtable.web.rematch import seated_again
from cardtable.web.rooms import build_room
from tests.web.helpers import new_table, play_to_the_end, token

VS_HEURISTIC = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]


class RaisingBot:
    name = "raising"

    def choose(self, decision):
        raise RuntimeError("this bot cannot choose")


class IllegalBot:
    name = "illegal"

    def choose(self, decision):
        return "not a move of any game"


@pytest.mark.parametrize("failing", [RaisingBot(), IllegalBot()], ids=["raises", "illegal"])
def test_a_failing_bot_gives_its_seat_to_the_random_bot_and_the_game_is_played_out(
        client, caplog, failing):
    made = new_table(client, "pillars", VS_HEURISTIC)
    rooms = client.app.state.rooms
    room = rooms.get(made["table"])
    room.bots[1] = room.table.seats[1] = failing  # the seat's bot, as if it had a bug
    room.bot_seconds[1] = 0.0  # decided on the loop, as a quick bot is
    with caplog.at_level(logging.ERROR, logger="cardtable.web.rooms"):
        with client.websocket_connect(f"/ws/{token(made['seats'][0]['url'])}") as ws:
            last = play_to_the_end(ws)
    assert last["view"]["result"] is not None  # played to its end, never stalled
    seat = last["seats"][1]
    assert (seat["bot"], seat["took_over"], seat["failed"]) == ("random", "failure", "heuristic")
    assert (seat["label"], seat["failed_label"]) == ("Random bot", "Heuristic bot")
    stored = rooms.storage.table(made["table"])
    assert stored.seats[1] == {"kind": "bot", "bot": "random", "took_over": "failure",
                               "failed": "heuristic"}
    failures = [record for record in caplog.records if "failed" in record.getMessage()]
    assert len(failures) == 1 and failures[0].exc_info is not None  # logged once, with why
    assert f"table {made['table']}: the bot 'heuristic' of seat 2 failed" in failures[0].message
    moves = rooms.storage.moves(made["table"])
    rebuilt = build_room(stored, moves, room.game)  # the stored game replays move for move
    assert rebuilt.state.is_over() and len(moves) == last["moves"]
    assert seated_again(stored.seats[1]) == {"kind": "bot", "bot": "heuristic"}


def test_a_persons_seat_whose_stand_in_bot_fails_is_still_theirs_at_a_rematch():
    """A bot that took over a person's seat (their time ran out) and then failed: the random
    bot plays on, and at a rematch the person sits down again."""
    seat = {"kind": "bot", "bot": "random", "took_over": "time", "failed": "heuristic",
            "name": "Ann"}
    assert seated_again(seat) == {"kind": "person", "name": "Ann"}
