"""The card plays into a zone are exactly the sets the rules allow: nothing pruned, nothing
extra (plays module, checked against a brute force over every subset of the hand)."""

from itertools import combinations

import pytest

import cardtable
from cardtable.core import Card, Rng
from cardtable.games.pillars.actions import Attack, Crawl, Defend
from cardtable.games.pillars.plays import BIT, ZonePlays, cards_mask
from cardtable.games.pillars.values import ZONES, side_value, sort_cards

OPTION_SETS = [
    {},
    {"limit_scope": "action"},
    {"faces_any_suit": True, "face_only_value": 10},
    {"face_only_value": 4},
]


def brute_force_plays(state, player):
    """Every Attack, Defend and Crawl the rules allow, by trying every subset of the hand."""
    options = state.options
    cap = 15 + len(state.scored[player]["♠"])
    found = set()
    for suit in ZONES:
        sides = state.zones[suit]
        engaged = bool(sides[0] or sides[1])
        cards = [c for c in state.hands[player]
                 if c.suit == suit or (options.faces_any_suit and 10 < c.rank < 14)]
        for size in range(1, len(cards) + 1):
            for chosen in combinations(cards, size):
                counted = chosen if options.limit_scope == "action" else (*sides[player], *chosen)
                if side_value(counted, options.face_only_value) <= cap:
                    kind = Defend if engaged else Attack
                    found.add(kind(suit, sort_cards(chosen)))
        if engaged:
            found.update(Crawl(suit, card) for card in cards)
    return found


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_generated_plays_equal_the_brute_force_in_random_games(options):
    game = cardtable.load("pillars", **options)
    checked = 0
    for seed in range(12):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_over():
            player = state.turn
            legal = state.legal_actions(player)
            if not state.pending:
                plays = {a for a in legal if isinstance(a, (Attack, Defend, Crawl))}
                assert plays == brute_force_plays(state, player)
                checked += 1
            state.apply(player, legal[rng.below(len(legal))])
    assert checked > 200


def test_a_zone_lists_each_set_once_in_rising_cost():
    cards = [Card.parse(t) for t in "A♦ 2♦ 3♦ Q♦".split()]
    plays = ZonePlays("♦", cards_mask(cards))
    found = []
    plays.add_fitting(found, False, 15, 0, 0, 0)
    assert len(found) == len(set(found)) == 15  # every non-empty subset fits under 15
    costs = [side_value(a.cards, 0) for a in found]
    assert costs == sorted(costs)


def test_the_room_left_on_a_side_cuts_the_sets():
    cards = [Card.parse(t) for t in "5♣ 6♣ K♣".split()]
    found = []
    # The side holds 9♣ already (room 15 - 9 = 6, highest 9): K♣ would cost 9 on it.
    ZonePlays("♣", cards_mask(cards)).add_fitting(found, True, 6, 9, 0, 0)
    assert [str(a) for a in found] == ["defend ♣ 5♣", "defend ♣ 6♣", "crawl ♣ 5♣",
                                       "crawl ♣ 6♣", "crawl ♣ K♣"]


def test_card_bits_are_distinct_single_bits_for_all_52_cards():
    assert len(set(BIT.values())) == 52
    assert all(bin(bit).count("1") == 1 for bit in BIT.values())
