"""No seat is ever told another's secrets: whole games of every registered game played through
the server, every message to every seat and to a spectator scanned for the texts of the cards
that viewer may not know at that moment (``state.secrets``): the view, the engine's explanation
of the choice, the log with its words, and the hints the acting seat asks for."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack

import pytest

import cardtable
from tests.web.helpers import new_table, receive, token

ENVELOPE = {"game", "viewer", "to_act", "phase", "result", "body"}
TABLES = [(name, {}) for name in cardtable.game_names()] + [("patriarch", {"players": "3"})]


def told(message: dict, with_log: bool) -> str:
    """What a message tells its reader about the table now: the view, and the log entries of
    this move unless the move hid public cards again (a new round's reshuffle: its events
    rightly name cards that were public a moment before). The legal moves are left out: a
    Patriarch guesser may lay out any family, the secret one among them. So is the explanation's
    example of the notation ("e.g. 3(A(5) 4(2))"), the same at every deal: one deal in 60 has
    that very family as its secret."""
    explain = re.sub(r"e\.g\. \S+( \S+\))*", "e.g. …", message["explain"])
    return json.dumps([message["view"], explain, message["log"] if with_log else []],
                      ensure_ascii=False)


HINT_EVERY = 8
"""Moves between two hints asked (a hint runs the game's hint bot, and some think a while)."""


@pytest.mark.parametrize("game, options", TABLES, ids=[f"{g}-{o}" if o else g for g, o in TABLES])
def test_no_message_tells_a_seat_what_it_may_not_know(client, game, options):
    players = client.post("/api/seats", json={"game": game, "options": options}).json()["players"]
    made = new_table(client, game, [{"kind": "person"}] * players, **options)
    room = client.app.state.rooms.get(made["table"])
    chooser = random.Random(f"leak {game}")
    viewers: list[int | None] = [*range(players), None]
    urls = [seat["url"] for seat in made["seats"]] + [made["spectator"]]
    scanned = hints = 0
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/{token(url)}"))
                   for url in urls]
        latest = [receive(ws) for ws in sockets]
        hidden_before: set[str] = set()
        while True:
            with_log = room.state.secrets(None) <= hidden_before
            for viewer, message in zip(viewers, latest, strict=True):
                assert set(message["view"]) == ENVELOPE and message["view"]["viewer"] == viewer
                text = told(message, with_log)
                leaked = [s for s in room.state.secrets(viewer) if s in text]
                assert leaked == [], f"{game}: seat {viewer} was told {leaked}: {text}"
                scanned += 1
            if room.state.is_over():
                break
            hidden_before = room.state.secrets(None)
            player = room.state.to_act()[0]
            if len(room.log) % HINT_EVERY == 0:
                sockets[player].send_json({"type": "hint"})
                hint = receive(sockets[player])
                assert hint["type"] == "hint" and hint["move"] in latest[player]["legal"] + [None]
                text = json.dumps([hint["words"], hint["analysis"]], ensure_ascii=False)
                leaked = [s for s in room.state.secrets(player) if s in text]
                assert leaked == [], f"{game}: the hint told seat {player} {leaked}: {text}"
                hints += 1
            sockets[player].send_json({"type": "move",
                                       "move": chooser.choice(latest[player]["legal"]),
                                       "moves": latest[player]["moves"]})
            latest = [receive(ws) for ws in sockets]
            assert {message["type"] for message in latest} == {"update"}
            assert len(room.log) < 5000
    assert scanned >= 3 * len(viewers)  # a whole game, several moves long
    assert hints >= 1
