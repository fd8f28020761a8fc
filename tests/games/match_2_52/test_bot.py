"""The heuristic bot: it plays from its view alone, uses what it has seen, and beats random."""

from __future__ import annotations

from types import SimpleNamespace

from tests.support.matches import wins_against_random

import cardtable
from cardtable.core import Rng
from cardtable.games.match_2_52.bot import PROGRESS, Belief, HeuristicBot
from cardtable.games.match_2_52.grid import NEIGHBOURS

from .scripted import play, position, table

GAME = cardtable.load("match-2-52")


def choose(state, seed=0):
    """The bot's choice from a decision that carries the view's body (taken from the whole
    view) and nothing of the state."""
    player = state.to_act()[0]
    decision = SimpleNamespace(body=state.view(player)["body"],
                               legal=state.legal_actions(player), player=player)
    return str(HeuristicBot(GAME, seed).choose(decision))


def test_it_makes_a_pair_with_a_move_when_one_is_there():
    for seed in range(5):
        state = table(up={"A1": "8♣", "C2": "8♦"})
        play(state, choose(state, seed))
        assert sorted(map(str, state.catch[0])) == ["8♣", "8♦"]


def test_it_returns_the_card_it_consulted_beside_its_twin():
    state = table(up={"D3": "9♠"}, down={"D4": "9♦"}, known_by=[["D4"], []])
    assert choose(state) == "return D4"


def test_it_does_not_return_where_a_six_is_likely():
    """Only D3 and D4 are unknown and the unseen cards are mostly the four 6s."""
    data = position(up={"A1": "9♣"}, deck_top=("6♠", "6♥", "6♦", "6♣"))
    data["public"] = [s for s in ("B1", "C1", "D1", "A2", "B2", "C2", "D2", "A3", "B3", "C3",
                                  "A4", "B4", "C4")]
    data["deck_known"] = len(data["deck"]) - 4
    for seed in range(10):
        state = GAME.from_position(data)
        assert choose(state, seed) not in ("return D3", "return D4")


def test_it_looks_with_the_jack_beside_face_up_cards():
    state = table(up={"A1": "J♣", "B3": "9♠", "C2": "10♠"}, down={"A2": "J♦"})
    play(state, "return A2")
    assert choose(state) in ("consult B2", "consult C3")


def test_it_swaps_zones_with_the_king_before_taking_with_the_ace():
    state = table(up={"A1": "K♠", "B1": "A♠", "A2": "A♥", "B2": "K♥"},
                  catch=(["2♠"], ["3♠", "3♥", "9♥"]))
    play(state, "move A1 B1")
    assert choose(state) == "special K"


def test_a_king_pair_is_worth_little_when_ahead_and_much_when_behind():
    ahead = Belief(table(catch=(8, 0)).view_body(0), 0)
    behind = Belief(table(catch=(0, 8)).view_body(0), 0)
    assert ahead.value(13) < 0 < ahead.value(7) < behind.value(13)


def test_the_chance_of_a_six_counts_only_unseen_cards():
    state = table(up={"A1": "9♣"}, catch=([], ["6♠", "6♥"]))
    belief = Belief(state.view_body(0), 0)
    assert abs(belief.chance[6] - 2 / belief.unseen) < 1e-9 and belief.unseen == 52 - 3


def test_it_beats_random_clearly():
    games = 40
    wins = wins_against_random(GAME, HeuristicBot, games)
    assert wins >= 0.8 * games


def _reveal_value_in_full(belief, slot, after):
    """``reveal_value`` without its shortcut: the outlook worked out for every outcome."""
    known = belief.rank[slot]
    total = 0.0
    for r, chance in [(known, 1.0)] if known else list(belief.chance.items()):
        if r == 6:
            total += chance * belief.six_value(after)
            continue
        rank, up = belief.rank[:], belief.up[:]
        rank[slot], up[slot] = r, True
        if any(up[u] and rank[u] == r for u in NEIGHBOURS[slot]):
            total += chance * (belief.value(r) + belief.outlook(belief.rank, belief.up, after))
        else:
            total += chance * (belief.outlook(rank, up, after) + PROGRESS)
    return total


def test_the_reveal_shortcut_gives_the_full_value_on_real_tables():
    """Outcomes of a rank found nowhere else share one outlook; held to the full sum on every
    fifth table of four random games."""
    rng = Rng(3)
    checked = 0
    for seed in range(4):
        state = GAME.new_state(seed)
        while not state.is_over():
            player = state.to_act()[0]
            if state.moves % 5 == 0:
                belief = Belief(state.view_body(player), player)
                for slot in (s for s in range(16) if not belief.up[s]):
                    for after in (0, 1):
                        assert belief.reveal_value(slot, after) == _reveal_value_in_full(
                            belief, slot, after)
                        checked += 1
            legal = state.legal_actions(player)
            state.apply(player, legal[rng.below(len(legal))])
    assert checked >= 1000
