"""The wire: every message between a table page and the server, as a declared model.

The server validates each client message against ``ClientMessage`` (a union told apart by its
``type``) and builds each of its own from a ``ServerMessage`` model, so what the page may send
and what it is told are written down once, here; ``docs/web/protocol.md`` holds their JSON
schema, made from these classes (``python -m cardtable.web.protocol`` writes it again).

A move names the move number it answers (``moves``: the count every snapshot carries), so a
move sent twice, or sent on a table that has moved on, is refused and changes nothing.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_CHAT = 300
"""Characters in one line of chat."""


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- from the page -------------------------------------------------------------------------


class Move(Message):
    """A move in notation, answering the table at move number ``moves``."""

    type: Literal["move"]
    move: str = Field(min_length=1, max_length=2000)
    moves: int = Field(ge=0, strict=True,
                       description="the move count of the snapshot this move answers")


class Sync(Message):
    """Ask for the whole table again (the answer is a ``state``)."""

    type: Literal["sync"]


class Hint(Message):
    """Ask for a hint on this seat's choice now (the answer is a ``hint``, to this seat)."""

    type: Literal["hint"]


class Name(Message):
    """Give this seat a name, shown to everyone at the table."""

    type: Literal["name"]
    name: str = Field(max_length=200)


class Rematch(Message):
    """Offer a rematch, or accept the one offered (``want`` true); decline or withdraw it
    (``want`` false), which ends the offer until someone offers again. Only a seated player
    may send it, once the game is over; bots always want a rematch. Every page is told the
    offer as it stands (``offer``). A rematch starts when every seat wants it: a new table with
    the same game, options and names, the seats moved round one place (seat i plays seat
    (i + 1) mod n, so the one who played first plays second), each person's new link already
    theirs; every page is then sent its own new link (``rematch_start``), spectators the new
    spectators' link."""

    type: Literal["rematch"]
    want: bool = True


class Chat(Message):
    """One line of chat from a seated person (spectators may not speak). Line breaks become
    spaces, other control characters are removed, the ends stripped; at most ``MAX_CHAT``
    characters, and five lines per seat in ten seconds (a faster line is refused with how long
    to wait). The line is stored with the game."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class Mute(Message):
    """Stop (or start again) seeing the chat of one seat, on this seat's link (stored). The
    muted seat is not told; the answer is a ``chat`` message with the whole chat now seen."""

    type: Literal["mute"]
    seat: int = Field(ge=0, lt=16, strict=True)
    muted: bool = True


class Activate(Message):
    """Play this seat from this page, when the seat is open in another page too."""

    type: Literal["activate"]


ClientMessage = Annotated[Move | Sync | Hint | Name | Rematch | Chat | Mute | Activate,
                          Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def read_client_message(data: object) -> Message:
    """The client message ``data`` (already read from JSON) declares, or ``ValueError``
    saying in one line what is wrong with it."""
    try:
        return CLIENT_MESSAGE.validate_python(data)  # type: ignore[no-any-return]
    except ValidationError as error:
        raise ValueError(_first_problem(error, data)) from None


def _first_problem(error: ValidationError, data: object) -> str:
    kinds = "move, sync, hint, name, rematch, chat, mute or activate"
    if not isinstance(data, dict):
        return "a message must be a JSON object with a type"
    if data.get("type") is None:
        return f"a message needs a type ({kinds})"
    problem = error.errors()[0]
    if problem["type"] == "union_tag_invalid":
        return f"unknown message type {data.get('type')!r} ({kinds})"
    where = ".".join(str(part) for part in problem["loc"][1:]) or "the message"
    if where == "moves" and problem["type"] == "missing":
        return ("a move names the move number it answers: {\"type\": \"move\", \"move\": "
                "\"...\", \"moves\": N}, with N the move count of the table you see")
    return f"{data.get('type')} message: {where}: {problem['msg']}"


# --- from the server -----------------------------------------------------------------------


class SeatInfo(BaseModel):
    """One seat: a person (with the name they gave) or a bot (with its spec and label)."""

    model_config = ConfigDict(extra="allow")
    kind: Literal["person", "bot"]
    name: str | None = None
    bot: str | None = None
    label: str | None = None
    took_over: Literal["time", "absence", "failure"] | None = Field(
        default=None, description="why this bot plays the seat: the person's clock ran out, or "
                                  "they were away too long (with their name kept); or the "
                                  "seat's own bot failed")
    failed: str | None = Field(
        default=None, description="the spec of a bot that failed at this seat (it raised, or "
                                  "answered an illegal move): the random bot plays it since")


class Clock(BaseModel):
    """The table's clock: each seat's time left, and when the seat to act runs out."""

    kind: Literal["game", "move"]
    limit: float = Field(description="seconds per game, or per move")
    left: list[float | None] = Field(description="seconds left per seat (None: a bot's seat)")
    running: int | None = Field(description="the seat whose time runs now (in a simultaneous "
                                            "choice, the one whose time runs out first)")
    deadline: float | None = Field(description="when it runs out (seconds since the epoch)")
    on_timeout: str = Field(description="'forfeit', or the bot that takes the seat")


class Snapshot(BaseModel):
    """The table as one connection may see it: ``state`` on connecting and on ``sync``,
    ``update`` after each move (its ``log`` then holds only the new entries), ``replay`` in
    the replay viewer."""

    model_config = ConfigDict(extra="allow")
    type: Literal["state", "update", "replay"]
    table: str
    seat: int | None = Field(description="the seat this connection plays (None: spectator)")
    seats: list[SeatInfo]
    watch: str | None = Field(description="the spectators' link, to pass on")
    moves: int = Field(description="moves played: the number a move message answers")
    view: Any = Field(description="the game's view for this seat, hidden cards removed")
    explain: str
    legal: list[str]
    legal_total: int
    log: list[dict[str, Any]]
    words: list[str] | None = None
    presence: list[str] | None = Field(
        default=None, description="per seat: 'here', 'away' or 'bot'")
    active: bool | None = Field(
        default=None, description="whether this page plays its seat (another page may)")
    clock: Clock | None = None
    ended: dict[str, Any] | None = Field(
        default=None, description="how the game ended outside its rules (time, absence)")
    offer: dict[str, Any] | None = Field(default=None, description="the rematch offer")


class HintReply(BaseModel):
    type: Literal["hint"] = "hint"
    moves: int
    move: str | None
    words: str | None
    adviser: str | None
    adviser_label: str
    analysis: Any


class RematchStart(BaseModel):
    """The rematch begins: ``url`` is this connection's own link at the new table (a seat's
    link for a seated page, the spectators' link for a spectator)."""

    type: Literal["rematch_start"] = "rematch_start"
    table: str
    url: str | None


class Offer(BaseModel):
    """The rematch offer as it stands, sent to every page when it changes: the seats that want
    it, and a seat that declined (which ended the offer). A page that connects later finds the
    stored offer in its snapshot's ``offer``."""

    type: Literal["offer"] = "offer"
    want: list[int]
    declined: int | None = None


class Presence(BaseModel):
    type: Literal["presence"] = "presence"
    presence: list[str]


class ChatLines(BaseModel):
    """Chat lines this connection may see: on connecting (when there is chat or a mute) and in
    answer to ``mute`` all of them (``whole``: replace what is shown), then each new line. Each
    line is ``{"n", "seat", "text", "at"}``; its ``text`` is plain text as typed, never markup:
    a page must show it as text (``textContent``), not as HTML. Seated pages see every seat's
    lines but those they muted; spectators see the chat only at a table made with ``"chat":
    "everyone"``."""

    type: Literal["chat"] = "chat"
    lines: list[dict[str, Any]]
    muted: list[int] = Field(default=[], description="the seats this page muted")
    whole: bool = Field(default=False, description="true: all the lines this page may see")


class Elsewhere(BaseModel):
    """This seat is open in another page too: ``active`` says whether this page plays it."""

    type: Literal["elsewhere"] = "elsewhere"
    active: bool


class Error(BaseModel):
    """A refused message: nothing changed. ``moves``: the table's move count now."""

    type: Literal["error"] = "error"
    message: str
    moves: int | None = None


SERVER_MESSAGES: list[type[BaseModel]] = [Snapshot, HintReply, RematchStart, Offer, Presence,
                                           ChatLines, Elsewhere, Error]
CLIENT_MESSAGES: list[type[BaseModel]] = [Move, Sync, Hint, Name, Rematch, Chat, Mute, Activate]


def schema_markdown() -> str:
    """``docs/web/protocol.md``: each message's purpose and JSON schema, from these classes."""
    parts = [
        "# The table's wire protocol\n",
        "Made from `cardtable/web/protocol.py` by `python -m cardtable.web.protocol`; a test "
        "fails when the two differ.\n",
        "A page opens one WebSocket per seat it plays, at `/ws/<token>` (its link's token). "
        "Every message is one JSON object with a `type`. A refused message is answered with an "
        "`error` and changes nothing.\n",
    ]
    for heading, models in (("From the page", CLIENT_MESSAGES),
                            ("From the server", SERVER_MESSAGES)):
        parts.append(f"## {heading}\n")
        for model in models:
            doc = " ".join((model.__doc__ or "").split())
            schema = json.dumps(model.model_json_schema(), indent=2, sort_keys=True)
            parts.append(f"### {model.__name__}\n\n{doc}\n\n```json\n{schema}\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    sys.stdout.write(schema_markdown())
