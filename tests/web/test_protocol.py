"""The wire's models: the documented schema is the code's, and each message is read strictly."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.web import protocol

DOC = Path(__file__).resolve().parents[2] / "docs" / "web" / "protocol.md"


def test_the_protocol_page_is_made_from_the_models():
    assert DOC.read_text(encoding="utf-8") == protocol.schema_markdown(), (
        "docs/web/protocol.md is out of date: python -m cardtable.web.protocol > "
        "docs/web/protocol.md")


def test_a_move_must_name_the_move_number_it_answers():
    message = protocol.read_client_message({"type": "move", "move": "Q♠", "moves": 4})
    assert isinstance(message, protocol.Move) and message.moves == 4
    with pytest.raises(ValueError, match="names the move number"):
        protocol.read_client_message({"type": "move", "move": "Q♠"})


@pytest.mark.parametrize("data, words", [
    ([], "JSON object"),
    ({}, "needs a type"),
    ({"type": "fly"}, "unknown message type 'fly'"),
    ({"type": "sync", "also": 1}, "Extra inputs"),
    ({"type": "chat", "text": "x" * (protocol.MAX_CHAT + 1)}, "at most"),
    ({"type": "mute", "seat": -1}, "greater than or equal"),
    ({"type": "move", "move": "", "moves": 0}, "at least 1"),
    ({"type": "move", "move": "Q♠", "moves": True}, "moves"),
])
def test_bad_messages_are_refused_in_one_line(data, words):
    with pytest.raises(ValueError, match=words):
        protocol.read_client_message(data)
