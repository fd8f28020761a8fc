"""The native ``sample_hidden`` deals what a player cannot see exactly as the Python one does: at
several steps of random games, a sample for each seat with the same seed in both engines plays on
by the same random moves with the same seats to act, the same legal actions and the same outcome
(so the same hidden cards, in the same order, and the same fresh generator)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.native import test_match_2_52, test_matriarchy, test_pillars, test_queens_mercy
from tests.native.differential import assert_same_walk, need_native

import cardtable
from cardtable.core import Rng
from cardtable.native import engine

need_native()


def first_seat(state: Any) -> int:
    return int(state.to_act()[0])


def seats(state: Any) -> list[int]:
    return list(state.to_act())


TELLING = {"pillars": ("magic Q",), "match-2-52": ("consult", "special J")}
"""Rare moves that tell a player something of the hidden cards (so change what a sample may
deal): the walks play them whenever they may, and sample right after them."""
SEEDS = {"pillars": range(8, 12), "match-2-52": range(5, 9)}
"""Games in which the walk plays those moves (a Queen's Magic, a Jack's consult), where the first
four have none."""

CASES: list[tuple[str, dict[str, Any], Callable[[Any], tuple[int, ...]], Callable[[Any], Any]]] = [
    ("matriarchy", {}, test_matriarchy.outcome_of, first_seat),
    ("matriarchy", {"allow_voluntary_discard": True, "ace_owner": "color"},
     test_matriarchy.outcome_of, first_seat),
    ("pillars", {}, test_pillars.outcome_of, first_seat),
    ("match-2-52", {}, test_match_2_52.outcome_of, first_seat),
    ("match-2-52", {"move_partner_face_up": True}, test_match_2_52.outcome_of, first_seat),
    ("queens-mercy", {}, test_queens_mercy.outcome_of, seats),
    ("queens-mercy", {"house_rules": True}, test_queens_mercy.outcome_of, seats),
    ("queens-mercy", {"chaos_pick": "foe_open_choice", "house_rules": True},
     test_queens_mercy.outcome_of, seats),
]


@pytest.mark.parametrize(("name", "options", "outcome_of", "seats_to_act"), CASES)
def test_a_sample_deals_the_same_hidden_cards_in_both_engines(name, options, outcome_of,
                                                              seats_to_act):
    native = engine(name)
    game = cardtable.load(name, **options)
    chooser = Rng(11)
    telling = TELLING.get(name, ())
    samples = told = 0
    for seed in SEEDS.get(name, range(4)):
        state, twin = game.new_state(seed), native.State(seed, options)
        step, text = 0, ""
        while not state.is_over():
            if step % 12 == 3 or text.startswith(telling) or text.startswith("replace"):
                for seat in (0, 1):
                    sample_seed = 1000 * seed + 10 * step + seat
                    sample = state.sample_hidden(seat, Rng(sample_seed))
                    twin_sample = twin.sample_hidden(seat, sample_seed)
                    assert_same_walk(game, sample, twin_sample, Rng(sample_seed), outcome_of,
                                     seats_to_act)
                    samples += 1
            player = state.to_act()[0]
            texts = [str(a) for a in state.legal_actions(player)]
            text = chooser.choice([t for t in texts if t.startswith(telling)] or texts)
            told += text.startswith(telling) if telling else 0
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
            step += 1
    assert samples >= 8 and (told or not telling)  # the telling moves were played


def test_a_sample_changes_what_the_player_cannot_see_only():
    """A sample is no copy: the same seed deals the same, another seed deals otherwise, and the
    real state is left as it was."""
    native = engine("pillars")
    twin = native.State(3)
    before = twin.legal(twin.to_act())
    outcomes = set()
    for seed in range(6):
        sample = twin.sample_hidden(twin.to_act(), seed)
        assert sample.legal(sample.to_act()) == before  # the player's own hand is kept
        chooser = Rng(5)
        while not sample.over():
            seat = sample.to_act()
            sample.apply(seat, chooser.choice(sample.legal(seat)))
        outcomes.add(tuple(sample.outcome()) + (sample.moves,))
    assert len(outcomes) > 1
    assert twin.legal(twin.to_act()) == before and twin.moves == 0
