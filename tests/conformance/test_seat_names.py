"""No text a person reads names a seat by the engine's index ("player 0"), in any game: the
events (whatever their audience), each view's choice and table, the moves in words and the
result, over whole seeded random games of every showcase option set. The games that name
seats by number say "Seat 1", "Seat 2", never with a possessive after it, since the web page
writes who sits there right after the label ("Seat 2 (Random bot)")."""

from __future__ import annotations

import re

import pytest

import cardtable
from cardtable.core import Rng, game_class
from cardtable.sim.runner import showcase_options

ENGINE_INDEX = re.compile(r"\b[Pp]layer \d")
POSSESSIVE = re.compile(r"\bSeat \d+'s\b")
SEAT = re.compile(r"\bSeat (\d+)\b")

CASES = [(name, options) for name in cardtable.game_names()
         for options in showcase_options(game_class(name))]


def said_in_a_game(name: str, options: dict[str, object], seed: int) -> tuple[str, int]:
    """Everything said over one seeded random game, and how many seats it had."""
    game = cardtable.load(name, **options)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    viewers = [None, *range(state.num_players)]
    texts: list[str] = []
    while not state.is_over():
        for viewer in viewers:
            view = state.view(viewer)
            texts += [game.describe(view), game.explain_choice(view)]
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        action = legal[rng.below(len(legal))]
        if hasattr(game, "action_words"):
            texts.append(game.action_words(action))
        texts += [event.text for event in state.apply(player, action)]
    result = state.result()
    assert result is not None
    texts.append(result.summary)
    return "\n".join(texts), state.num_players


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{name}-{i}" for i, (name, _) in enumerate(CASES)])
def test_no_text_names_a_seat_by_the_engines_index(name, options):
    for seed in range(2):
        said, seats = said_in_a_game(name, options, seed)
        assert not ENGINE_INDEX.search(said), ENGINE_INDEX.search(said)
        assert not POSSESSIVE.search(said), POSSESSIVE.search(said)
        named = {int(number) for number in SEAT.findall(said)}
        assert named <= set(range(1, seats + 1)), named  # counted from 1, as people count
