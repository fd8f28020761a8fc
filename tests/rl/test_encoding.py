"""Every game's encoding: actions round-trip through their numbers, the mask is the legal set,
the observation comes from the view alone, and docs/rl.md is the page the code writes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import cardtable
from cardtable.core import Rng
from cardtable.core.encoding import EncodingError, FlatEncoding, card_slot, encoding_for
from cardtable.rl.docs import page
from tests.rl.cases import CASE_IDS, CASES
from tests.support.playouts import playout

ROOT = Path(__file__).resolve().parents[2]


def spelled_out(encoding, legal, action):
    """The action reached by choosing ``action``'s numbers one by one, each from the
    continuations the encoding offers (None if a number is not offered)."""
    chosen, completed = [], None
    for number in encoding.spell(action):
        offered = encoding.continuations(legal, chosen)
        if number not in offered or completed is not None:
            return None
        completed = offered[number]
        chosen.append(number)
    return completed


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
def test_actions_mask_and_observation_along_a_playout(name, options):
    game = cardtable.load(name, **options)
    encoding = encoding_for(game)
    rng = Rng(7)
    for state, player, _ in playout(game, 3):
        if player is None:
            break
        legal = state.legal_actions(player)
        for action in legal:
            assert spelled_out(encoding, legal, action) == action
        mask = encoding.action_mask(state, player)
        assert mask.shape == (encoding.num_actions,)
        assert set(np.flatnonzero(mask)) == {encoding.spell(a)[0] for a in legal}
        if isinstance(encoding, FlatEncoding):
            assert all(encoding.action_at(encoding.action_index(a)) == a for a in legal)
        view = state.view(player)
        observed = encoding.observe(view)
        assert observed.shape == encoding.observation_shape
        assert observed.dtype == np.float32 and np.isfinite(observed).all()
        twin = state.sample_hidden(player, rng)
        assert twin.view(player) == view
        assert np.array_equal(encoding.observe(twin.view(player)), observed)
        assert encoding.observe(state.view(None)).shape == encoding.observation_shape


@pytest.mark.parametrize("name, options", CASES, ids=CASE_IDS)
def test_different_views_of_a_playout_give_different_vectors(name, options):
    """The vector changes as play goes on: it is not blind to the view."""
    game = cardtable.load(name, **options)
    encoding = encoding_for(game)
    seen = set()
    for state, player, _ in playout(game, 5):
        if player is not None:
            seen.add(encoding.observe(state.view(player)).tobytes())
    assert len(seen) > 2


def test_numbers_outside_the_encoding_are_refused():
    encoding = encoding_for(cardtable.load("matriarchy"))
    with pytest.raises(EncodingError, match="0 to 8"):
        encoding.action_at(9)
    with pytest.raises(EncodingError, match="no number"):
        encoding.action_index("place 9")


def test_card_slots_cover_every_card_once():
    slots = {card_slot(str(card)) for card in cardtable.core.cards.iter_all_cards()}
    assert slots == set(range(56))


def test_the_page_is_the_generated_one():
    assert (ROOT / "docs" / "rl.md").read_text(encoding="utf-8") == page(), (
        "docs/rl.md is out of date: python -m cardtable.rl.docs docs/rl.md")
