"""Every text a person reads names a seat as people count seats, "Seat 1" and "Seat 2", never
by the engine's index ("player 0"): the events, the result, the choice explained to each view,
the text table and the moves in words, over whole seeded games."""

from __future__ import annotations

import re

import pytest

import cardtable
from cardtable.core import Rng

ENGINE_INDEX = re.compile(r"[Pp]layer \d")
SEAT = re.compile(r"\bSeat (\d+)\b")
POSSESSIVE = re.compile(r"\bSeat \d+'s\b")
"""A page names the person after the seat ("Seat 2 (Random bot)"), so no text may put a
possessive right after it."""

GAME = cardtable.load("match-2-52")


def texts_of_a_game(options: dict[str, object], seed: int) -> list[str]:
    """Everything the engine says to people over a random game: each event (whatever its
    audience), each view's choice and table before every move, the moves in words, the result."""
    game = cardtable.load("match-2-52", **options)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    texts: list[str] = []
    while not state.is_over():
        for viewer in (None, 0, 1):
            view = state.view(viewer)
            texts += [game.describe(view), game.explain_choice(view)]
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        action = legal[rng.below(len(legal))]
        texts.append(game.action_words(action))
        texts += [event.text for event in state.apply(player, action)]
    result = state.result()
    assert result is not None
    texts.append(result.summary)
    texts += [game.describe(state.view(viewer)) for viewer in (None, 0, 1)]
    return texts


@pytest.mark.parametrize("options", GAME.showcase_options)
def test_no_text_of_whole_games_names_a_seat_by_the_engines_index(options):
    for seed in range(3):
        texts = texts_of_a_game(options, seed)
        said = " ".join(texts)
        assert not ENGINE_INDEX.search(said), ENGINE_INDEX.search(said)
        assert not POSSESSIVE.search(said), POSSESSIVE.search(said)
        seats = {int(number) for number in SEAT.findall(said)}
        assert seats == {1, 2}, seats


def test_the_seat_that_acts_is_named_from_one():
    state = GAME.new_state(seed=1)
    events = state.apply(0, state.legal_actions(0)[0])
    assert events[0].text.startswith("Seat 1, in action 1 of 2, ")
