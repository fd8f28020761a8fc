"""The HTTP side: the pages (the lobby, the table, the replay viewer, each game's rules page),
the lobby's JSON (games, new tables, open tables, joining, rematch, a game's how-to-play) and
replays. Live play goes over the WebSocket (``live``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse
from pydantic import BaseModel, Field

from cardtable.core import CardtableError, Record, load
from cardtable.web import clock, pages
from cardtable.web.clock import DEFAULT_ABSENCE_MINUTES
from cardtable.web.names import person_name
from cardtable.web.replays import replay_view
from cardtable.web.rooms import Rooms
from cardtable.web.storage import Link
from cardtable.web.tokens import Forbidden, check

PAGES = Path(__file__).parent / "static"


class SeatChoice(BaseModel):
    kind: str = Field(pattern="^(person|bot)$")
    bot: str | None = Field(default=None, max_length=100)
    name: str | None = None
    """A person's name for their seat (checked by ``names.person_name``: a bad one is a 400)."""


class NewTable(BaseModel):
    game: str = Field(max_length=100)
    options: dict[str, str | int | float | bool | None | list[Any]] = {}
    seats: list[SeatChoice] = Field(max_length=16)
    public: bool = False
    mine: list[int] | None = Field(default=None, max_length=16)
    """The seats whose links the creator keeps (given at once: joining never hands them out).
    Default: the first person's seat; hot-seat keeps every person's seat; [] keeps none."""
    chat: Literal["players", "everyone"] = "players"
    """Who reads the table's chat: its seated people, or its spectators too."""
    clock: dict[str, str | int] | None = None
    """``{"kind": "game", "minutes": M}`` or ``{"kind": "move", "seconds": S}`` (``clock``)."""
    on_timeout: str | None = Field(default=None, max_length=100)
    """"forfeit", or the bot that takes the seat of a person out of time or away too long."""
    absence_minutes: int | None = DEFAULT_ABSENCE_MINUTES
    """Minutes a person may be away while the table waits on them; null: wait for ever."""


class SeatsQuestion(BaseModel):
    game: str = Field(max_length=100)
    options: dict[str, str | int | float | bool | None | list[Any]] = {}


class JoinBody(BaseModel):
    name: str | None = None


class RematchBody(BaseModel):
    token: str = Field(max_length=100)
    want: bool = True


class ReplayQuestion(BaseModel):
    record: dict[str, Any]
    step: int = Field(ge=0)
    viewer: int | None = None


def seat_url(link: Link) -> str:
    return f"/t/{link.token}"


def make_router(rooms: Rooms, catalog: list[dict[str, Any]]) -> APIRouter:
    router = APIRouter()
    storage = rooms.storage

    def page(name: str) -> FileResponse:
        return FileResponse(PAGES / name, headers={"Cache-Control": "no-store"})

    def link_or_403(token: str) -> Link:
        try:
            return check(storage, token)
        except Forbidden as error:
            raise HTTPException(403, str(error)) from None

    @router.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("lobby.html")

    @router.get("/t/{token}", include_in_schema=False)
    async def table_page(token: str) -> FileResponse:
        link_or_403(token)
        return page("table.html")

    @router.get("/hotseat", include_in_schema=False)
    async def hotseat_page() -> FileResponse:
        return page("table.html")  # the seats' tokens travel in the address's fragment

    @router.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page("replay.html")

    titles = {game["name"]: game["title"] for game in catalog}

    def known_game(name: str) -> str:
        if name not in titles:
            raise HTTPException(404, f"no game called {name!r}")
        return name

    @router.get("/rules/{game}", include_in_schema=False)
    async def rules(game: str) -> HTMLResponse:
        """The game's rules page, from the same text as ``cardtable rules``."""
        try:
            return HTMLResponse(pages.rules_html(known_game(game), titles[game]))
        except CardtableError as error:
            raise HTTPException(404, str(error)) from None

    @router.get("/api/games/{game}/how-to-play")
    async def how_to_play(game: str) -> dict[str, str]:
        """The rules page's "Your first game" section as HTML ("" while a page has none)."""
        try:
            return {"html": pages.first_game_html(known_game(game))}
        except CardtableError:
            return {"html": ""}

    @router.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(PAGES / "favicon.svg", media_type="image/svg+xml")

    @router.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        return catalog

    @router.get("/api/table-rules")
    async def table_rules() -> dict[str, Any]:
        """What a new table may choose for its clock, its timeout and its absence limit (the
        bots that may take a seat are each game's, as ``/api/games`` lists them)."""
        return {"clock": {"game": {"minutes": list(clock.GAME_MINUTES)},
                          "move": {"seconds": list(clock.MOVE_SECONDS)}},
                "on_timeout": {"forfeit": clock.FORFEIT, "default": clock.DEFAULT_ON_TIMEOUT},
                "absence_minutes": {"range": list(clock.ABSENCE_MINUTES),
                                    "default": clock.DEFAULT_ABSENCE_MINUTES, "never": None}}

    @router.post("/api/seats")
    async def count_seats(question: SeatsQuestion) -> dict[str, int]:
        """How many seats the game has under these options (the lobby asks as they change)."""
        try:
            game = load(question.game, **question.options)
        except CardtableError as error:
            raise HTTPException(400, str(error)) from None
        return {"players": game.num_players}

    @router.post("/api/tables")
    async def new_table(request: NewTable) -> dict[str, Any]:
        try:
            stored, links = rooms.create(request.game, request.options,
                                         [seat.model_dump(exclude_none=True)
                                          for seat in request.seats], request.public,
                                         request.mine,
                                         {"chat": request.chat, "clock": request.clock,
                                          "on_timeout": request.on_timeout,
                                          "absence_minutes": request.absence_minutes})
        except CardtableError as error:
            raise HTTPException(400, str(error)) from None
        seats = [{"seat": link.seat, "url": seat_url(link)} for link in links
                 if link.seat is not None]
        spectator = next(seat_url(link) for link in links if link.seat is None)
        hotseat = "/hotseat#" + ",".join(link.token for link in links if link.seat is not None)
        return {"table": stored.id, "seats": seats, "spectator": spectator, "hotseat": hotseat}

    @router.get("/api/open")
    async def open_tables() -> list[dict[str, Any]]:
        return [{"table": stored.id, "game": stored.game, "options": stored.options,
                 "seats": stored.seats} for stored in storage.open_tables()]

    @router.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinBody | None = None) -> dict[str, str]:
        """A free person's seat of an open table: its link, now taken, with the joiner's name
        (if given) stored with the seat and shown to the others."""
        try:
            name = person_name(body.name if body else None)
        except CardtableError as error:
            raise HTTPException(400, str(error)) from None
        stored = storage.table(table_id)
        if stored is None or not stored.public or stored.finished:
            raise HTTPException(404, "no open table by that name")
        given = storage.claim_open_seat(table_id)  # atomic: two joiners never share a seat
        if given is None or given.seat is None:
            raise HTTPException(409, "every seat at this table is taken")
        if name is not None:
            await rooms.name_seat(rooms.get(table_id), given.seat, name)
        return {"url": seat_url(given)}

    @router.post("/api/rematch")
    async def rematch(body: RematchBody) -> dict[str, Any]:
        """A seat's answer to the rematch offer, as over the WebSocket: it never starts a
        rematch on its own. ``url``: the seat's link at the rematch once every seat wants it."""
        link = link_or_403(body.token)
        if link.seat is None:
            raise HTTPException(403, "spectators watch: only a seated player may ask for a rematch")
        room = rooms.get(link.table_id)
        try:
            await rooms.rematches.want(room, link.seat, body.want)
        except CardtableError as error:
            raise HTTPException(409, str(error)) from None
        return {"offer": room.stored.offer, "url": rooms.rematches.url(room, link.seat)}

    @router.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        """A finished game's record (a game in play keeps its hidden cards)."""
        stored = storage.table(table_id)
        if stored is None:
            raise HTTPException(404, "no table by that name")
        if not stored.finished:
            raise HTTPException(409, "the game is not over yet: its record stays closed")
        room = rooms.get(table_id)
        assert room.table.record is not None
        return room.table.record.to_dict()

    @router.post("/api/replay")
    async def replay(question: ReplayQuestion) -> dict[str, Any]:
        try:
            record = Record.from_dict(question.record)
            return replay_view(record, question.step, question.viewer)
        except CardtableError as error:
            raise HTTPException(400, str(error)) from None

    return router

