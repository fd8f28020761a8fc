"""Which actions are legal and which rule an illegal one breaks (rules module): the acceptance
cases of the rulings, the value limit, Crawl, Magic and the turn's own steps."""

import json

import pytest

import cardtable
from cardtable.core import Card, IllegalActionError, Rng, standard_deck
from cardtable.games.pillars import PillarsGame
from cardtable.games.pillars.actions import (
    END,
    HARVEST,
    QUEEN_MAGIC,
    SCORE,
    Attack,
    Crawl,
    Defend,
    JackMagic,
    KingMagic,
    PileMagic,
    Take,
)
from cardtable.games.pillars.values import ZONES, sort_cards


def legal_texts(state, player=None):
    return [str(a) for a in state.legal_actions(state.turn if player is None else player)]


def assert_illegal(state, text, *words):
    """The action is refused naming the rule, and the state is unchanged."""
    before = json.dumps(state.position(), sort_keys=True)
    action = state.game.action_from_text(text)
    with pytest.raises(IllegalActionError) as error:
        state.apply(state.turn, action)
    for word in words:
        assert word in str(error.value), str(error.value)
    assert json.dumps(state.position(), sort_keys=True) == before


# -- the acceptance cases of the rulings ------------------------------------------------------

def test_two_scored_spades_make_a_limit_of_17(table):
    state = table(hands=(["7♦", "10♦", "A♦"], []), scored=({"♠": ["2♠", "3♠"]}, {}))
    legal = legal_texts(state)
    assert "attack ♦ 7♦ 10♦" in legal                   # 17 is legal
    assert "attack ♦ A♦ 7♦ 10♦" not in legal            # 18 is not
    assert_illegal(state, "attack ♦ A♦ 7♦ 10♦", "worth 18", "limit of 17", "2 scored ♠")


def test_queen_two_six_is_worth_14_and_legal_without_spades(table):
    state = table(hands=(["Q♦", "2♦", "6♦", "3♦"], []))
    legal = legal_texts(state)
    assert "attack ♦ 2♦ 6♦ Q♦" in legal                  # 6 + 6 + 2 = 14
    assert "attack ♦ 2♦ 3♦ 6♦ Q♦" not in legal           # 2 + 3 + 6 + 6 = 17
    state.apply(0, state.game.action_from_text("attack ♦ 2♦ 6♦ Q♦"))
    assert state.view(None)["body"]["zone_values"]["♦"] == [14, 0]


def test_score_takes_one_card_of_a_won_zone_and_discards_the_rest(table):
    state = table(zones={"♣": (["2♣", "3♣", "4♣"], ["5♣", "6♣"]),
                         "♦": (["2♦", "3♦"], ["4♦", "5♦"])})
    state.apply(0, state.game.action_from_text("score"))
    assert state.pending == ["♣"]                        # the 2-2 ♦ zone is not won
    assert legal_texts(state) == ["take 2♣", "take 3♣", "take 4♣", "take 5♣", "take 6♣"]
    state.apply(0, state.game.action_from_text("take 6♣"))  # a card of the opponent's side
    assert [str(c) for c in state.scored[0]["♣"]] == ["6♣"]
    assert state.zones["♣"] == [[], []]
    assert sorted(map(str, state.discard)) == ["2♣", "3♣", "4♣", "5♣"]
    assert [len(side) for side in state.zones["♦"]] == [2, 2]  # untouched


# -- attack, defend and crawl ------------------------------------------------------------

@pytest.mark.parametrize("zones, text, words", [
    ({"♦": (["2♦"], [])}, "attack ♦ 7♦", ["already engaged"]),
    ({}, "defend ♦ 7♦", ["empty", "Attack"]),
    ({}, "crawl ♦ 7♦", ["empty", "Attack"]),
    ({}, "attack ♦ 9♦", ["do not hold 9♦"]),
    ({}, "attack ♦ 7♦ K♣", ["must be a ♦", "face cards too"]),
    ({"♦": ([], ["2♦"])}, "defend ♦ 7♦ 10♦ 8♦", ["worth 25", "limit of 15", "Crawl"]),
])
def test_illegal_plays_name_their_rule_and_change_nothing(table, zones, text, words):
    state = table(hands=(["7♦", "10♦", "8♦", "K♣"], []), zones=zones)
    assert_illegal(state, text, *words)


def test_the_attacker_may_defend_its_own_battle(table):
    state = table(hands=(["2♦", "3♦"], []), zones={"♦": (["4♦"], [])})
    assert "defend ♦ 2♦ 3♦" in legal_texts(state)


def test_defend_counts_the_whole_side_against_the_limit(table):
    state = table(hands=(["5♦", "6♦"], []), zones={"♦": (["10♦"], ["2♦"])})
    legal = legal_texts(state)
    assert "defend ♦ 5♦" in legal           # 10 + 5 = 15
    assert "defend ♦ 6♦" not in legal       # 10 + 6 = 16
    assert "crawl ♦ 6♦" in legal            # Crawl ignores the limit


def test_a_face_already_on_the_side_is_repriced_by_a_new_high_card(table):
    state = table(hands=(["9♦", "3♦"], []), zones={"♦": (["K♦", "2♦"], [])})
    assert state.view(None)["body"]["zone_values"]["♦"] == [4, 0]   # 2 + K at 2
    legal = legal_texts(state)
    assert "defend ♦ 3♦" in legal           # 2 + 3 + K at 3 = 8
    assert "defend ♦ 9♦" not in legal       # 2 + 9 + K at 9 = 20
    assert "crawl ♦ 9♦" in legal
    assert_illegal(state, "defend ♦ 9♦", "worth 20", "limit of 15")
    after = state.clone()
    after.apply(0, after.game.action_from_text("defend ♦ 3♦"))
    assert after.view(None)["body"]["zone_values"]["♦"] == [8, 0]


def test_a_side_over_the_limit_grows_only_by_crawl(table):
    state = table(hands=(["A♦"], []), zones={"♦": (["10♦", "9♦"], [])})
    legal = legal_texts(state)
    assert "defend ♦ A♦" not in legal
    assert "crawl ♦ A♦" in legal


def test_limit_scope_action_counts_only_the_cards_played(table):
    hands = (["5♦", "6♦"], [])
    zones = {"♦": (["10♦"], ["2♦"])}
    assert "defend ♦ 5♦ 6♦" in legal_texts(table(hands=hands, zones=zones,
                                                  options={"limit_scope": "action"}))
    assert "defend ♦ 5♦ 6♦" not in legal_texts(table(hands=hands, zones=zones))
    assert_illegal(table(hands=hands, zones=zones), "defend ♦ 5♦ 6♦", "worth 21")


def test_faces_any_suit_lets_any_face_join(table):
    hands = (["Q♠", "7♦"], [])
    assert "attack ♦ 7♦ Q♠" in legal_texts(table(hands=hands, options={"faces_any_suit": True}))
    assert "attack ♦ 7♦ Q♠" not in legal_texts(table(hands=hands))


def test_face_only_value_prices_a_side_without_numbers(table):
    hands = (["J♦", "Q♦", "K♦"], [])
    state = table(hands=hands)
    assert "attack ♦ J♦ Q♦ K♦" in legal_texts(state)
    state.apply(0, state.game.action_from_text("attack ♦ J♦ Q♦ K♦"))
    assert state.view(None)["body"]["zone_values"]["♦"] == [0, 0]
    capped = legal_texts(table(hands=hands, options={"face_only_value": 10}))
    assert "attack ♦ J♦ Q♦ K♦" not in capped and "attack ♦ J♦" in capped
    assert_illegal(table(hands=hands, options={"face_only_value": 10}), "attack ♦ J♦ Q♦ K♦",
                   "worth 30")


# -- score, harvest, magic and end ----------------------------------------------------------

def test_score_and_harvest_are_always_legal_and_end_only_after_an_action(table):
    state = table(hands=([], []))
    assert legal_texts(state) == ["score", "harvest"]
    assert_illegal(state, "end", "at least one action")
    state = table(hands=([], []), actions_left=2, acted=True)
    assert legal_texts(state) == ["score", "harvest", "end"]


def test_during_a_score_only_takes_are_legal(table):
    state = table(hands=(["2♥"], []), zones={"♦": (["2♦"], [])}, pending=["♦"], actions_left=0,
                  acted=True)
    assert legal_texts(state) == ["take 2♦"]
    assert_illegal(state, "harvest", "finish the Score", "♦")
    assert_illegal(state, "take 3♦", "not in a battle you just won")


def test_take_outside_a_score_is_refused(table):
    assert_illegal(table(), "take 2♦", "only used during a Score")


def test_magic_lists(table):
    state = table(
        zones={"♣": (["2♣"], [])},
        scored=({"♥": ["4♥"], "♦": ["3♦"], "faces": ["J♠", "J♦", "Q♥", "K♣"]},
                {"♠": ["9♠"], "faces": ["K♦"]}),
    )
    magic = [t for t in legal_texts(state) if t.startswith("magic")]
    assert magic == ["magic ♥ 4♥", "magic J 9♠", "magic J K♦", "magic Q", "magic K ♣"]


def test_face_magic_without_a_target_is_legal_and_does_nothing(table):
    state = table(scored=({"faces": ["J♠", "K♣"]}, {}))
    assert {"magic J", "magic K"} <= set(legal_texts(state))


@pytest.mark.parametrize("scored, text, words", [
    ({"♦": ["3♦"]}, "magic ♦ 3♦", ["only from the ♥ pile", "ruling 10"]),
    ({}, "magic ♥ 4♥", ["not in your scored ♥ pile"]),
    ({}, "magic J 9♠", ["no scored Jack"]),
    ({"faces": ["J♠"]}, "magic J 8♠", ["not among the opponent's scored cards"]),
    ({"faces": ["J♠"]}, "magic J", ["name one of the opponent's scored cards"]),
    ({}, "magic Q", ["no scored Queen"]),
    ({"faces": ["K♠"]}, "magic K ♦", ["battle is empty"]),
    ({"faces": ["K♠"]}, "magic K", ["name the engaged battle"]),
])
def test_illegal_magic_names_its_rule(table, scored, text, words):
    state = table(zones={"♣": (["2♣"], [])}, scored=(scored, {"♠": ["9♠"]}))
    assert_illegal(state, text, *words)


def test_null_magic_option_allows_the_passive_piles(table):
    scored = ({"♠": ["2♠"], "♦": ["3♦"], "♣": ["4♣"]}, {})
    assert not [t for t in legal_texts(table(scored=scored)) if t.startswith("magic")]
    on = legal_texts(table(scored=scored, options={"allow_null_magic": True}))
    assert [t for t in on if t.startswith("magic")] == ["magic ♠ 2♠", "magic ♦ 3♦", "magic ♣ 4♣"]


def test_only_the_player_on_turn_has_actions(table):
    state = table(hands=(["2♦"], ["3♦"]))
    assert state.legal_actions(1) == []
    assert state.to_act() == (0,)


# -- is_legal answers as the list does ----------------------------------------------------------

def candidate_actions(state, player, rng):
    """The legal actions and many near misses: plays of random sets of the hand (some in the
    wrong order, with a card not held, or into the wrong zone), takes, Magic and the rest."""
    legal = state.legal_actions(player)
    cards = list(standard_deck())
    hand = state.hands[player]
    candidates = list(legal) + [SCORE, HARVEST, END, QUEEN_MAGIC, KingMagic(None), JackMagic(None)]
    for _ in range(12):
        suit = rng.choice(ZONES)
        pool = hand + [rng.choice(cards)] if rng.below(4) == 0 else hand
        chosen = rng.sample(pool, min(len(pool), 1 + rng.below(4))) if pool else [rng.choice(cards)]
        play = tuple(chosen) if rng.below(5) == 0 else sort_cards(chosen)
        candidates += [Attack(suit, play), Defend(suit, play), Crawl(suit, chosen[0])]
        card = rng.choice(cards)
        candidates += [Take(card), PileMagic(card), JackMagic(card), KingMagic(suit)]
    return legal, candidates


@pytest.mark.parametrize("options", PillarsGame.showcase_options,
                         ids=lambda o: ",".join(o) or "defaults")
def test_is_legal_agrees_with_the_list_of_legal_actions(options):
    """Thousands of candidate actions, legal and not, at every step of random games, for the
    player on turn and the other one."""
    game = cardtable.load("pillars", **options)
    rng = Rng(7)
    checked = legal_seen = 0
    for seed in range(25):
        state = game.new_state(seed)
        while not state.is_over():
            for player in (0, 1):
                legal, candidates = candidate_actions(state, player, rng)
                listed = set(legal)
                for action in candidates:
                    assert state.is_legal(player, action) == (action in listed), (action, player)
                checked += len(candidates)
                legal_seen += len(listed)
            player = state.turn
            state.apply(player, random_legal(state, player, rng))
    assert checked > 50_000 and legal_seen > 5_000


def random_legal(state, player, rng):
    legal = state.legal_actions(player)
    return legal[rng.below(len(legal))]


def test_is_legal_refuses_what_is_not_a_pillars_action(table):
    state = table(hands=(["2♦"], []))
    assert not state.is_legal(0, "score")
    assert not state.is_legal(0, Attack("♦", [Card.parse("2♦")]))     # a list, not a tuple
    assert not state.is_legal(0, Attack("x", (Card.parse("2♦"),)))
    assert state.is_legal(0, Attack("♦", (Card.parse("2♦"),)))
