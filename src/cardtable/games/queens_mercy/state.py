"""A match as a ``State`` of the core protocol: the fields of ``Match``, a cheap clone, and the
dispatch of each action to the rule that applies it. No rule is written here."""

from __future__ import annotations

from typing import Any

from cardtable.core import Card, Event, EventsOnRequest, Game, Rng
from cardtable.games.queens_mercy import rules
from cardtable.games.queens_mercy.actions import (
    Chaos,
    Claim,
    Play,
    QueensMercyAction,
    Royal,
    Shape,
    Ultimatum,
)
from cardtable.games.queens_mercy.match import OVER, ROYAL, CutView, LastTrick, Tables, TraceStep
from cardtable.games.queens_mercy.position import write_position
from cardtable.games.queens_mercy.rules import (
    answer_ultimatum,
    choose_royal,
    claim,
    commit,
    commit_by_chaos,
    shape,
)
from cardtable.games.queens_mercy.view import deal_hidden, secrets, view_body


class QueensMercyState(EventsOnRequest[QueensMercyAction]):
    """One match: the fields of ``match.Match`` (see there what each holds) and its game.
    ``apply`` is in place; ``clone`` copies the few lists."""

    def __init__(self, game: Game[QueensMercyAction], tables: Tables) -> None:
        self.game = game
        options = tables.options
        self.opts = options
        self.style = tables.style
        self.beats = tables.beats
        self.faces = tables.faces
        self.powers = tables.powers
        self.special = tables.special
        self.plays = tables.plays
        self.powers_view = tables.powers_view
        self.ks_prose = options.ks_mode == "prose"
        self.qs_prose = options.qs_mode == "prose"
        self.open_chaos = options.chaos_pick == "foe_open_choice"
        self.lock_trick = options.lock_duration == "trick"
        self.cap = options.cap
        self.cap_ends = options.round_end == "cap10_or_14"
        self.house_rules = options.house_rules
        # the match
        self.rng = Rng(0)
        self.moves = 0
        self.tricks_done = 0
        self.phase = ROYAL
        self.actor = 0
        self.cut: list[int] | None = None
        self.cut_view: CutView | None = None
        self.royal: str | None = None
        self.shaper = 0
        self.field: tuple[str, str] | None = None
        self.suits: list[str] = []
        self.round_no = 1
        self.trick = 1
        self.lead = 0
        self.scores = [0, 0]
        self.tokens = [0, 0]
        self.locked = [False, False]
        self.chaos = False
        self.priv_used = [False, False]
        self.hands: list[list[Card]] = [[], []]
        self.decks: list[list[Card]] = [[], []]
        self.discards: list[list[Card]] = [[], []]
        self.discard_codes: list[list[str]] = [[], []]
        self.committed: list[Play | None] = [None, None]
        self.seen: list[list[Card]] = [[], []]
        # the trick being resolved
        self.pre = [0, 0]
        self.res = (0, 0)
        self.null = [False, False]
        self.pending_index = 0
        self.trace: list[TraceStep] | None = None
        self.last: LastTrick | None = None
        self.history: list[list[Any]] = []
        self.winner: int | None = None

    # ---- the protocol, each answered by the module that owns the rule ----------------------

    @property
    def step_count(self) -> int:
        """Tricks resolved since the start of the match (the game's natural unit)."""
        return self.tricks_done

    to_act = rules.to_act
    legal_actions = rules.legal_actions
    explain_illegal = rules.explain_illegal
    result = rules.result
    view_body = view_body  # the view module's function itself: a bot asks for it every move

    def act(self, player: int, action: QueensMercyAction, events: list[Event] | None) -> None:
        self.moves += 1
        match action:
            case Play():
                commit(self, player, action, events)
            case Chaos():
                commit_by_chaos(self, player, events)
            case Ultimatum():
                answer_ultimatum(self, player, action, events)
            case Royal():
                choose_royal(self, player, action, events)
            case Shape():
                shape(self, player, action, events)
            case Claim():
                claim(self, player, action, events)
            case _:
                raise TypeError(f"not a Queen's Mercy action: {action!r}")

    def is_over(self) -> bool:
        return self.phase is OVER

    def phase_name(self) -> str:
        return self.phase._value_  # the value, read without the property's cost

    def secrets(self, player: int | None) -> set[str]:
        return secrets(self, player)

    def sample_hidden(self, player: int, rng: Rng) -> QueensMercyState:
        sample = self.clone()
        deal_hidden(sample, player, rng)
        return sample

    def position(self) -> dict[str, Any]:
        return write_position(self, self.game.position_header(self))

    def clone(self) -> QueensMercyState:
        """Copies the lists that rules change in place; shares the rest (the game's tables,
        ``pre``, ``res`` and ``null``, which each reveal replaces, and the finished rounds)."""
        copy = object.__new__(QueensMercyState)
        copy.__dict__.update(self.__dict__)
        copy.rng = self.rng.copy()
        copy.scores = self.scores[:]
        copy.tokens = self.tokens[:]
        copy.locked = self.locked[:]
        copy.priv_used = self.priv_used[:]
        copy.hands = [self.hands[0][:], self.hands[1][:]]
        copy.decks = [self.decks[0][:], self.decks[1][:]]
        copy.discards = [self.discards[0][:], self.discards[1][:]]
        copy.discard_codes = [self.discard_codes[0][:], self.discard_codes[1][:]]
        copy.committed = self.committed[:]
        copy.seen = [self.seen[0][:], self.seen[1][:]]
        copy.history = self.history[:]
        return copy
