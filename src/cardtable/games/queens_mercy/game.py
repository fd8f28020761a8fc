"""The Queen's Mercy as a ``Game``: its options and the tables they fix, the factory of states,
positions, notation, text, and its bot."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import cardtable.games.queens_mercy.encoding  # noqa: F401  (registers the learning encoding)
from cardtable.core import Decision, Game, Rng, State, View
from cardtable.core.protocol import MixedStrategy
from cardtable.games.queens_mercy import measures, rules, text
from cardtable.games.queens_mercy.actions import QueensMercyAction, parse_action, plain_plays
from cardtable.games.queens_mercy.book import cut_choice
from cardtable.games.queens_mercy.bot import HeuristicBot
from cardtable.games.queens_mercy.cards import beats_table, deck_style, face_ranks
from cardtable.games.queens_mercy.exact_bot import ExactBot
from cardtable.games.queens_mercy.match import Tables
from cardtable.games.queens_mercy.narrate import powers_view
from cardtable.games.queens_mercy.options import Options
from cardtable.games.queens_mercy.position import read_position
from cardtable.games.queens_mercy.powers import point_powers, special_cards
from cardtable.games.queens_mercy.state import QueensMercyState
from cardtable.games.queens_mercy.study import STUDY_PRESET


class QueensMercyGame(Game[QueensMercyAction]):
    """Brian Levin's two-player trick duel: one suit each, simultaneous commits, house powers."""

    name = "queens-mercy"
    title = "The Queen's Mercy"
    version = 1
    step_unit = "trick"
    Options = Options
    study_preset = STUDY_PRESET
    """The study this game is known for, read by ``cardtable study`` (``cardtable.sim.presets``)."""
    notation_help = (
        "Commit a card: Q♠ or QS (or its name in the deck style: Dame♠, Beast♠). With house "
        "rules: 7♠ privilege, or for Diamonds 7♦ privilege odd|even|face.\n"
        "Market Chaos: chaos (or, with chaos_pick=foe_open_choice, the foe's card you pick).\n"
        "Queen's Cut: shape | claim, then 'shape ♠ ♥' and 'claim ♥'. "
        "Joker♠ Ultimatum: foe+1 | me-1."
    )
    showcase_options: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"house_rules": True, "deck_style": "chevalier"},
        {"qs_mode": "table", "ks_mode": "table", "xs_requires_win": False,
         "round_end": "14_only", "lock_duration": "round", "chaos_pick": "foe_open_choice",
         "deck_style": "heckadeck"},
        {"suits": ("♦", "♠"), "rounds_to_win": 1, "max_rounds": 1,
         "tie_def": "no_one_reached_cap", "house_rules": True},
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.options
        powers = point_powers(opts.qs_mode)
        style = deck_style(opts.deck_style, opts.heckadeck_joker)
        self.style = style
        self.tables = Tables(opts, style, beats_table(opts.ace_is_face),
                             face_ranks(opts.ace_is_face), powers, special_cards(powers),
                             plain_plays(style), powers_view(opts))

    def new_state(self, seed: int | str = 0) -> QueensMercyState:
        state = QueensMercyState(self, self.tables)
        state.rng = Rng(seed)
        rules.start(state)
        return state

    def from_position(self, position: Mapping[str, Any]) -> QueensMercyState:
        state = QueensMercyState(self, self.tables)
        read_position(state, self, position)
        return state

    def action_from_text(self, text: str) -> QueensMercyAction:
        return parse_action(text, self.style)

    def action_words(self, action: QueensMercyAction) -> str:
        """A move in a player's words, for screen readers and the log: "play the Dame of
        Spades, the Queen", "claim Hearts"."""
        return text.action_words(action, self.style)

    def describe(self, view: View) -> str:
        return text.describe(view)

    def explain_choice(self, view: View) -> str:
        return text.explain_choice(view)

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HeuristicBot, "exact": ExactBot}

    def analyse(self, state: State[QueensMercyAction], player: int) -> str | None:
        """From trick 10 (decks of two cards): the equilibrium mix and the round's value. A
        hint may take a few seconds at trick 10, where a bot's move may not (see
        ``solved_policy``)."""
        assert isinstance(state, QueensMercyState)
        from cardtable.games.queens_mercy import imperfect  # the solvers load when first used

        analysis = imperfect.exact_analysis(state, player, imperfect.HINT_DECK)
        return None if analysis is None else analysis.text()

    def book_move(self, decision: Decision[QueensMercyAction]) -> QueensMercyAction | None:
        """The Queen's Cut by the houses' measured strength (``book.py``); None elsewhere."""
        return cut_choice(decision.legal)

    def solved_policy(self, decision: Decision[QueensMercyAction]
                      ) -> MixedStrategy[QueensMercyAction] | None:
        """From trick 11 (decks of one card): the equilibrium mix, solved within a second."""
        known = decision.sample(Rng(0))
        assert isinstance(known, QueensMercyState)
        from cardtable.games.queens_mercy import imperfect  # the solvers load when first used

        analysis = imperfect.exact_analysis(known, decision.player)
        return None if analysis is None else list(zip(analysis.actions, analysis.mix,
                                                      strict=True))

    standing_margins: ClassVar[tuple[float, float]] = measures.MARGINS
    """The design metrics' margins (``cardtable.sim.metrics``): a comeback's and a close
    finish's, in the standing's unit."""
    standing = staticmethod(measures.standing)
    move_kind = staticmethod(measures.move_kind)
