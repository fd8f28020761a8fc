"""The card plays into a zone are exactly the sets the rules allow: nothing pruned, nothing
extra (plays module, the fast path, checked against the rules' value-limit predicate over
every subset of the hand, in random games and on random tables)."""

from itertools import combinations

import pytest

import cardtable
from cardtable.core import Card, Rng, standard_deck
from cardtable.games.pillars.actions import Attack, Crawl, Defend
from cardtable.games.pillars.board import is_engaged, set_pile
from cardtable.games.pillars.plays import BIT, ZonePlays, cards_mask
from cardtable.games.pillars.rules import may_join, within_limit
from cardtable.games.pillars.values import ZONES, pile_of, side_value, sort_cards

OPTION_SETS = [
    {},
    {"limit_scope": "action"},
    {"faces_any_suit": True, "face_only_value": 10},
    {"face_only_value": 4},
]


def brute_force_plays(state, player):
    """Every Attack, Defend and Crawl the rules allow, by trying every subset of the hand
    against the one value-limit predicate of the rules."""
    found = set()
    for suit in ZONES:
        engaged = is_engaged(state, suit)
        cards = [c for c in state.hands[player] if may_join(state.options, suit, c)]
        for size in range(1, len(cards) + 1):
            for chosen in combinations(cards, size):
                play = sort_cards(chosen)
                if within_limit(state, player, suit, play):
                    found.add((Defend if engaged else Attack)(suit, play))
        if engaged:
            found.update(Crawl(suit, card) for card in cards)
    return found


def random_table(game, rng):
    """A random table for the value limit: a hand (often heavy in one suit), cards already on
    both sides of some battles, and up to ten scored ♠ for the player on turn."""
    state = game.new_state(rng.below(1 << 30))
    deck = list(standard_deck())
    rng.shuffle(deck)
    heavy = rng.choice(ZONES)
    size = rng.below(9)
    hand = ([c for c in deck if c.suit == heavy][:size] if rng.below(2) else deck[:size])
    rest = [c for c in deck if c not in hand]
    spades = [c for c in rest if pile_of(c) == "♠"]
    scored = spades[:rng.below(11)]
    rest = [c for c in rest if c not in scored]
    player = state.turn
    state.hands[player] = hand
    state.hands[1 - player] = []
    set_pile(state, player, "♠", tuple(scored))
    for suit in ZONES:
        state.zones[suit] = [[], []]
        for side in (0, 1):
            if rng.below(3) == 0:
                fits = [c for c in rest if may_join(state.options, suit, c)]
                chosen = fits[:rng.below(4)]
                state.zones[suit][side] = chosen
                rest = [c for c in rest if c not in chosen]
    state.deck = rest
    return state, player


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


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_the_fast_path_lists_exactly_the_plays_within_the_limit_on_random_tables(options):
    """The cached, bit-based plays against the rules' predicate, over a thousand random tables
    per option set: every subset of the hand is tried."""
    game = cardtable.load("pillars", **options)
    rng = Rng(len(options))
    plays_seen = 0
    for _ in range(1000):
        state, player = random_table(game, rng)
        listed = [a for a in state.legal_actions(player) if isinstance(a, (Attack, Defend, Crawl))]
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_plays(state, player)
        plays_seen += len(listed)
    assert plays_seen > 5000


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
