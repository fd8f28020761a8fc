"""The search bot played in the native engine, for a table: the ``ismcts`` bot of the same spec
and seed (the same settings, the same choices for a budget of iterations), searching many times
faster, so that the web table's and the terminal's search bots play strong.

``table_bot(game, spec, seed)`` is ``make_bot`` for a table: an ``ismcts`` spec becomes a
``NativeSearchBot`` when the native engine plays the game, its options and the spec's settings
(``engine="auto"``, the default); otherwise, and for every other bot, the Python bot.
``engine="native"`` refuses by name what is not native; ``engine="python"`` keeps the reference.

``endgame=exact`` is played as Python plays it: the game's exact mix (``SolvesPolicy``: The
Queen's Mercy's solved endgame, The Patriarch's proven strategies) is worked out by the game's
solvers in Python, which stay the reference, and drawn from the native search's own generator
(``Search.draw_solved``), so the choices stay the Python bot's.

The bot rebuilds the game natively from the decision's record (``Decision.record``: the seed and
the moves), applying only the moves it has not seen yet, and the native search reads that state
as the Python search reads any: only through deals consistent with its player's view
(``sample_hidden``). It searches without the interpreter's lock (``releases_gil``), so a server
runs it in a thread while its other tables go on.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

from cardtable.bots.ismcts import IsmctsBot, book_move, solved_policy
from cardtable.bots.lookup import bot_settings, make_bot
from cardtable.bots.settings import parse_bot_spec
from cardtable.core import Decision, Game, Seat, load
from cardtable.core.rng import seed_to_int
from cardtable.native import NativeUnavailableError, check_engine, engine

SEARCH = "ismcts"
"""The bot a table plays natively: the search, the one bot whose strength grows with speed."""

Entrant = tuple[str, int | None, dict[str, str]]
"""A bot spec as the native engine takes it: the bot's name, the seed its spec sets (None: the
seed it is given) and its other settings as text."""


@cache
def native_entrant(game: str, spec: str) -> Entrant:
    """A bot spec's name, the seed it sets itself (None if it sets none) and its other settings
    as text: read once per spec, the dictionary shared, never changed."""
    parsed = parse_bot_spec(spec)
    settings = dict(parsed.settings)
    seed = None
    if "seed" in settings:
        declared = bot_settings(load(game), parsed.name)
        if "seed" in declared:
            seed = seed_to_int(declared["seed"].convert(settings.pop("seed")))
    return parsed.name, seed, settings


class NativeSearchBot:
    """The ``ismcts`` bot, searching in the native engine (see the module)."""

    name = SEARCH
    releases_gil = True
    """It decides in native code without the interpreter's lock: a thread, not a process."""

    def __init__(self, module: ModuleType, options: dict[str, Any], seed: int,
                 settings: dict[str, str], exact: bool = False, book: bool = True) -> None:
        self._module = module
        self._options = options
        self._search = module.Search(seed, settings, options)
        self._exact = exact
        """``endgame=exact``: the game's exact mix where it has one (``settings`` leave it out:
        the native search has no solvers)."""
        self._book = book
        self._state: Any = None
        self._seed: int | str | None = None
        self._moves: list[tuple[int, str]] = []
        self.last_iterations = 0
        """Deals searched for the last decision (as ``IsmctsBot.last_iterations``)."""

    def choose(self, decision: Decision[Any]) -> Any:
        record = decision.record
        if record is None or len(record.moves) < decision.moves:
            raise NativeUnavailableError(
                "the native search plays only at a table that keeps the game's record from its "
                "deal (the seed and every move); this decision has none")
        state = self._synced(record.seed, record.moves[:decision.moves])
        if self._exact and len(decision.legal) > 1:
            solved = self._solved(decision)
            if solved is not None:
                return solved
        text, self.last_iterations = self._search.choose(state, decision.player)
        for action in decision.legal:
            if str(action) == text:
                return action
        raise RuntimeError(f"the native search chose {text!r}, which the game does not offer "
                           "here: the engines disagree")

    def _solved(self, decision: Decision[Any]) -> Any | None:
        """The move drawn from the game's exact mix, where it has one and the book (which the
        Python search asks first) does not answer; else None."""
        if self._book and book_move(decision) is not None:
            return None  # the native search plays the book's answer
        mix = solved_policy(decision)
        if mix is None:
            return None
        return mix[self._search.draw_solved([share for _, share in mix])][0]

    def _synced(self, seed: int | str, moves: list[tuple[int, str]]) -> Any:
        """The native state after ``moves``: the one kept, with the moves made since the last
        decision applied, or the game dealt again from its seed if it is another game."""
        known = len(self._moves)
        if self._state is None or seed != self._seed or moves[:known] != self._moves:
            self._state = self._module.State(seed_to_int(seed), self._options)
            self._seed, self._moves, known = seed, [], 0
        for player, text in moves[known:]:
            self._state.apply(player, text)
            self._moves.append((player, text))
        return self._state


def table_bot(game: Game[Any], spec: str, seed: int = 0, engine: str = "auto") -> Seat[Any]:
    """The bot ``spec`` for a table that keeps its record: the search in the native engine
    where the engine plays it (see the module), else ``make_bot``'s. Any bad spec is refused
    as ``make_bot`` refuses it."""
    check_engine(engine)
    python_bot = make_bot(game, spec, seed)  # checks the spec in the reference's words
    if engine == "python" or not isinstance(python_bot, IsmctsBot):
        return python_bot
    _, own_seed, settings = native_entrant(game.name, spec)
    settings = {key: text for key, text in settings.items() if key != "endgame"}
    try:
        module, options = _native_search(game, settings)
    except NativeUnavailableError as error:
        if engine == "native":
            raise NativeUnavailableError(f"engine native: {error}") from None
        return python_bot
    return NativeSearchBot(module, options, seed_to_int(seed if own_seed is None else own_seed),
                           settings, exact=python_bot.endgame == "exact", book=python_bot.book)


def _native_search(game: Game[Any], settings: dict[str, str]) -> tuple[ModuleType, dict[str, Any]]:
    """The native module and options that search ``game`` with ``settings``, or
    ``NativeUnavailableError`` naming what is not native (the game, an option, a setting, or
    the engine not built)."""
    module = engine(game.name)
    if not hasattr(module, "Search"):
        raise NativeUnavailableError(f"the native {game.name} has no search")
    options = game.options_dict()
    try:
        reason = module.seat_refusal(SEARCH, settings, options)
    except ValueError as error:  # an option the native game does not know yet
        raise NativeUnavailableError(str(error)) from None
    if reason:
        raise NativeUnavailableError(f"the native engine cannot seat {SEARCH} in {game.name}: "
                                     f"{reason}")
    return module, options
