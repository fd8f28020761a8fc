"""The turn machine and every rule, as scripted hands: a table, typed moves, expected results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.core import IllegalActionError, NotYourTurnError, parse_cards
from cardtable.games.matriarchy.actions import PLACE
from cardtable.games.matriarchy.board import Phase
from cardtable.games.matriarchy.options import Options
from cardtable.games.matriarchy.rules import place_actions

from .conftest import build, card_texts, play

DRAW = (0, "draw deck")
BLOCKED = ["9S", "9H", "9D", "9C"]
"""Four towers topped by 9s: most number cards fit none of them."""


def tower_texts(state, player):
    return [" ".join(map(str, tower)) for tower in state.towers[player]]


def check(state, expected):
    """Compare the state with the expected fields of a table row."""
    for key, value in expected.items():
        if key == "score":
            assert tuple(state.score) == value
        elif key == "final":
            assert state.final_scores() == value
        elif key.startswith("towers"):
            got = tower_texts(state, int(key[-1]))
            assert got[: len(value)] == [" ".join(card_texts(t)) for t in value]
        elif key.startswith("moat"):
            assert [str(c) for c in state.moats[int(key[-1])]] == card_texts(value)
        elif key == "to_act":
            assert state.to_act() == value
        elif key == "phase":
            assert state.phase is Phase(value)
        elif key.startswith("legal"):
            player = int(key[-1])
            assert [str(a) for a in state.legal_actions(player)] == value
        elif key == "kings":
            assert tuple(state.kings) == value
        elif key == "sealed":
            assert tuple(state.sealed) == value
        elif key == "pile":
            assert " ".join(map(str, state.pile)) == value
        elif key == "over":
            assert state.is_over() == value
        elif key == "winner":
            assert state.result().winner == value
        else:
            raise KeyError(key)


# --- the acceptance cases of the rulings -----------------------------------------------------

ACCEPTANCE = [
    pytest.param(dict(towers0=["3S 5H 8C"], deck="QH", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(4, 0), towers0=[""]), id="[3,5,8]+Q clean is +4 and frees the slot"),
    pytest.param(dict(towers0=["4S 9H JC"], deck="QD", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(2, 0), towers0=[""]), id="[4,9,J]+Q is +2"),
    pytest.param(dict(towers0=["4S 9H JC"], deck="AS", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(2, 0), towers0=[""]), id="[4,9,J]+A is +2"),
    pytest.param(dict(towers0=["3S 5H"], deck="AS", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(1, 0)), id="[3,5]+A is +1"),
    pytest.param(dict(towers0=["7S JC"], deck="AD", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(1, 0)), id="[7,J]+A rescues a frozen tower for +1"),
    pytest.param(dict(towers0=["2S 5H JC", "2D 5D"], moat0="6S", kings=(2, 0), deck="7C"),
                 [DRAW, (0, "place 3")],
                 dict(over=True, final=(-7, 0), winner=1),
                 id="end: [2,5,J] -1, [2,5] 0, Moat 6 -6"),
    pytest.param(dict(towers0=["9S"], deck="9H", rest="deck"), [DRAW, (0, "place 1")],
                 dict(towers0=["9S 9H"]), id="[9]+9 is legal (equal rank)"),
    pytest.param(dict(towers0=["5S JC"], deck="JH", rest="deck"), [DRAW],
                 dict(legal0=["burn"]), id="[5,J]+J is illegal"),
    pytest.param(dict(turn=1, towers0=["4S", "6S 8C"], deck="QH", rest="deck"),
                 [(1, "draw deck")],
                 dict(to_act=(0,), phase="handoff", legal0=["place 1", "place 2"]),
                 id="Black draws Q♥: Red must close one of its towers now"),
    pytest.param(dict(turn=1, towers0=["4S", "6S 8C"], deck="QH", rest="deck"),
                 [(1, "draw deck"), (0, "place 2")],
                 dict(score=(3, 0), towers0=["4S", ""], to_act=(1,), phase="draw"),
                 id="Red closes [6,8,Q] for +3, its turn is skipped, Black plays next"),
    pytest.param(dict(moat0="3S 8S", towers0=["2C 7C"], deck="KH", rest="deck"),
                 [DRAW, (0, "place 1")],
                 dict(score=(0, 0), towers0=["3S"], moat0="8S", kings=(1, 0)),
                 id="King sweeps [2,7]: the Moat's 3 becomes the new base"),
]


def test_jack_on_a_frozen_tower_is_refused_naming_the_rule_and_changes_nothing():
    state = build(towers0=["5S JC"], deck="JH", rest="deck")
    play(state, [DRAW])
    before = json.dumps(state.position())
    with pytest.raises(IllegalActionError, match="another Jack"):
        state.apply(0, state.game.action_from_text("place 1"))
    assert json.dumps(state.position()) == before


# --- scripted hands, one or more per rule ------------------------------------------------------

RULES = [
    pytest.param(dict(deck="7H", rest="deck"), [DRAW, (0, "place 2")],
                 dict(towers0=["", "7H"]), id="a number card starts a tower in an empty slot"),
    pytest.param(dict(towers0=["8S"], deck="5H", rest="deck"), [DRAW],
                 dict(legal0=["place 2", "place 3", "place 4", "bank"]),
                 id="a lower number cannot go on a higher top"),
    pytest.param(dict(deck="AS", rest="deck"), [DRAW], dict(legal0=["burn"]),
                 id="an Ace cannot start a tower: it is burned"),
    pytest.param(dict(deck="QH", rest="deck"), [DRAW], dict(legal0=["burn"]),
                 id="by default face cards cannot start a tower"),
    pytest.param(dict(deck="JH", rest="deck", face_cards_may_start=True), [DRAW, (0, "place 1")],
                 dict(towers0=["JH"], final=(0, 0)),
                 id="face_cards_may_start: a lone Jack is a frozen tower costing 0"),
    pytest.param(dict(deck="QH", rest="deck", face_cards_may_start=True), [DRAW, (0, "place 1")],
                 dict(score=(1, 0), towers0=[""]), id="face_cards_may_start: a lone Queen is +1"),
    pytest.param(dict(deck="KH", moat0="4S", rest="deck", face_cards_may_start=True),
                 [DRAW, (0, "place 1")], dict(towers0=["4S"], moat0="", kings=(1, 0)),
                 id="face_cards_may_start: a King on an empty slot deploys the Moat"),
    pytest.param(dict(deck="AS", rest="deck", face_cards_may_start=True), [DRAW],
                 dict(legal0=["burn"]), id="face_cards_may_start: an Ace still cannot start"),
    pytest.param(dict(towers0=["3S JH"], deck="5S", rest="deck"), [DRAW],
                 dict(legal0=["place 2", "place 3", "place 4", "bank"]),
                 id="a Jack freezes: no number may follow it"),
    pytest.param(dict(towers0=["3S JH", "4S"], deck="JD", rest="deck"), [DRAW],
                 dict(legal0=["place 2"]), id="a Jack goes on any tower not topped by a Jack"),
    pytest.param(dict(towers0=["3S 4S 5S 6S 7S"], deck="QH", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(6, 0)), id="a Queen's count includes the Queen"),
    pytest.param(dict(towers0=["3S 4S 5S JH"], deck="QH", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(2, 0)), id="a Queen over a Jack scores half the count, rounded down"),
    pytest.param(dict(towers0=["3S 4S 5S 6S"], deck="AS", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(2, 0)), id="an Ace scores half the count including the Ace"),
    pytest.param(dict(towers0=["3S JH"], deck="KD", rest="deck"), [DRAW, (0, "place 1")],
                 dict(score=(0, 0), towers0=[""], final=(0, 0), kings=(1, 0)),
                 id="a King sweeps a frozen tower for zero"),
    pytest.param(dict(towers0=["3S", "4S"], deck="KH", kings=(1, 0), rest="deck"),
                 [DRAW, (0, "place 2")], dict(sealed=(True, False), kings=(2, 0)),
                 id="the second King of your colour seals your Moat"),
    pytest.param(dict(towers0=["3S", "4S"], moat0="6S", deck="KH", kings=(1, 0), rest="deck"),
                 [DRAW, (0, "place 2")], dict(sealed=(True, False), towers0=["3S", "6S"]),
                 id="the seal comes after that King's deployment"),
    pytest.param(dict(deck="KH", kings=(1, 0), rest="deck"), [DRAW, (0, "burn")],
                 dict(sealed=(True, False), kings=(2, 0)),
                 id="a burned King of your colour counts toward the seal"),
    pytest.param(dict(deck="KH", kings=(1, 0), rest="deck", seal_counts_burned_kings=False),
                 [DRAW, (0, "burn")], dict(sealed=(False, False), kings=(1, 0)),
                 id="seal_counts_burned_kings=False: a burned King does not count"),
    pytest.param(dict(towers0=["2S 3S", "4S"], moat0="5C 9C", deck="KH", rest="deck"),
                 [DRAW, (0, "place 1")], dict(towers0=["5C", "4S"], moat0="9C"),
                 id="deployment moves the lowest Moat card"),
    pytest.param(dict(towers0=["9S", "9H", "9D"], towers1=["2D"], deck="7C 3S 7H 4S KH",
                      rest="deck"),
                 [DRAW, (0, "bank"), (1, "draw deck"), (1, "place 1"), DRAW, (0, "bank")],
                 dict(moat0="7H 7C"), id="equal Moat cards are kept in suit order ♠♥♦♣"),
    pytest.param(dict(towers0=["9S", "9H", "9D"], towers1=["2D"], deck="7C 3S 7H 4S KH",
                      rest="deck"),
                 [DRAW, (0, "bank"), (1, "draw deck"), (1, "place 1"), DRAW, (0, "bank"),
                  (1, "draw deck"), (1, "place 1"), DRAW, (0, "place 1")],
                 dict(towers0=["7H", "9H", "9D"], moat0="7C"),
                 id="of equal Moat cards the first in suit order ♠♥♦♣ deploys"),
    pytest.param(dict(towers0=["2S 3S"], deck="KH", rest="deck"), [DRAW, (0, "place 1")],
                 dict(towers0=[""]), id="with an empty Moat a swept slot stays empty"),
    pytest.param(dict(turn=1, towers0=["2S JH"], moat0="5C", deck="KD", rest="deck"),
                 [(1, "draw deck"), (0, "place 1")],
                 dict(towers0=["5C"], moat0="", kings=(1, 0), to_act=(1,)),
                 id="a handed-off King sweeps the receiver's tower and deploys their Moat"),
    pytest.param(dict(turn=1, deck="QH", rest="deck"), [(1, "draw deck")],
                 dict(to_act=(0,), legal0=["burn"]),
                 id="a handed-off card that fits no tower is burned"),
    pytest.param(dict(turn=1, deck="QH", rest="deck"), [(1, "draw deck"), (0, "burn")],
                 dict(to_act=(1,), phase="draw"), id="the skip applies after a burned handoff"),
    pytest.param(dict(deck="QS KC 5H", towers1=["4D"], rest="deck"),
                 [DRAW, (1, "place 1"), DRAW, (1, "burn"), DRAW, (0, "place 1")],
                 dict(score=(0, 2), kings=(0, 1), towers0=["5H"], to_act=(1,)),
                 id="two handoffs in a row give the drawer three turns in a row"),
    pytest.param(dict(turn=1, towers0=["4S"], deck="QH 3C", rest="deck", handoff_mode="redraw"),
                 [(1, "draw deck"), (0, "place 1")],
                 dict(score=(2, 0), to_act=(1,), phase="draw"),
                 id="handoff_mode=redraw: the drawer draws again at once"),
    pytest.param(dict(turn=1, towers0=["4S"], deck="QH 3C", rest="deck", handoff_mode="redraw"),
                 [(1, "draw deck"), (0, "place 1"), (1, "draw deck"), (1, "place 1")],
                 dict(to_act=(0,)), id="handoff_mode=redraw: the receiver is not skipped"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", deck="5H 6C", rest="out"),
                 [DRAW], dict(legal0=["discard"]), id="an unusable number card is discarded"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", deck="5H 6C", rest="out"),
                 [DRAW, (0, "discard")], dict(pile="5♥", to_act=(1,), legal1=["draw deck",
                                                                              "draw pile"]),
                 id="a discard lands on the communal pile and the opponent may take it"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", pile="5H", deck="6C"),
                 [], dict(legal0=["draw deck"]),
                 id="the communal top may be taken only if it can be placed or banked"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", pile="5H", deck="6C",
                      communal_take_requires_use=False), [(0, "draw pile")],
                 dict(legal0=["discard"]),
                 id="communal_take_requires_use=False: any communal top may be taken"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", pile="3C 5H"), [],
                 dict(legal0=["draw pile"]), id="with the deck empty the communal top is forced"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", pile="3C 5H"),
                 [(0, "draw pile")], dict(legal0=["burn"]),
                 id="with the deck empty an unusable communal card is burned"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", pile="3C 5H"),
                 [(0, "draw pile"), (0, "burn"), (1, "draw pile"), (1, "place 1")],
                 dict(pile="", over=True, to_act=()),
                 id="the game ends when deck and pile are both exhausted"),
    pytest.param(dict(towers0=BLOCKED, moat0="2S 3S", deck="5H"),
                 [DRAW, (0, "discard")], dict(over=False, pile="5♥", to_act=(1,)),
                 id="an unusable last deck card goes to the pile and play continues"),
    pytest.param(dict(turn=1, towers0=["4S 5S"], deck="QH"), [(1, "draw deck"), (0, "place 1")],
                 dict(over=True, score=(3, 0), winner=0),
                 id="the end check follows the handoff; a pending skip then does nothing"),
    pytest.param(dict(deck="7C"), [DRAW, (0, "place 1")], dict(over=True, winner=None),
                 id="equal totals are a draw"),
    pytest.param(dict(towers0=["3S"], moat0="2S", kings=(0, 0), deck="5H", rest="deck"),
                 [DRAW], dict(legal0=["place 1", "place 2", "place 3", "place 4", "bank"]),
                 id="placement is compulsory: no discard while the card can be used"),
    pytest.param(dict(towers0=["3S"], deck="5H", rest="deck", allow_voluntary_discard=True),
                 [DRAW], dict(legal0=["place 1", "place 2", "place 3", "place 4", "bank",
                                      "discard"]),
                 id="allow_voluntary_discard: a usable number card may be discarded"),
    pytest.param(dict(towers0=["3S"], deck="QH", rest="deck", allow_voluntary_discard=True),
                 [DRAW], dict(legal0=["place 1", "burn"]),
                 id="allow_voluntary_discard: a placeable own face card may be burned"),
    pytest.param(dict(turn=1, towers0=["3S"], deck="QH", rest="deck", allow_voluntary_discard=True),
                 [(1, "draw deck")], dict(legal0=["place 1"]),
                 id="a handed-off card must still be placed when it can be"),
    pytest.param(dict(towers0=["3S"], deck="10H", kings=(2, 0), rest="deck"), [DRAW],
                 dict(legal0=["place 1", "place 2", "place 3", "place 4"]),
                 id="a sealed Moat takes no card"),
    pytest.param(dict(moat0="2S 3S", deck="10H", rest="deck"), [DRAW],
                 dict(legal0=["place 1", "place 2", "place 3", "place 4"]),
                 id="a Moat holds at most two cards"),
    pytest.param(dict(deck="4H", rest="deck"), [DRAW, (0, "bank")], dict(moat0="4H"),
                 id="any number card may be banked even if it could be placed"),
    pytest.param(dict(towers0=["4D"], deck="AS", rest="deck"), [DRAW],
                 dict(to_act=(0,), legal0=["place 1"]), id="by default an Ace is the drawer's"),
    pytest.param(dict(towers1=["4D"], deck="AS", rest="deck", ace_owner="color"),
                 [DRAW, (1, "place 1")], dict(score=(0, 1), to_act=(0,)),
                 id="ace_owner=color: a black Ace goes to Black"),
    pytest.param(dict(turn=1, towers1=["4D"], deck="QH", rest="deck", red_player=1),
                 [(1, "draw deck")], dict(to_act=(1,), legal1=["place 1"]),
                 id="red_player=1: hearts belong to seat 1"),
]


@pytest.mark.parametrize("setup, moves, expected", [
    *[pytest.param(*case.values, id="acceptance: " + case.id) for case in ACCEPTANCE], *RULES,
])
def test_scripted_hand(setup, moves, expected):
    """The acceptance cases of the rulings, then one or more hands per rule."""
    state = build(**setup)
    play(state, moves)
    check(state, expected)


def test_place_actions_lists_every_fitting_slot():
    towers = [parse_cards("4S"), parse_cards("8S"), [], parse_cards("2S JH")]
    options = Options()
    assert place_actions(6, towers, options) == [PLACE[0], PLACE[2]]
    assert place_actions(11, towers, options) == [PLACE[0], PLACE[1]]
    assert place_actions(12, towers, options) == [PLACE[0], PLACE[1], PLACE[3]]


def worked_examples_on_the_page():
    """The test names in the last column of the rules page's worked-examples table."""
    page = (Path(__file__).parents[3] / "docs" / "rules" / "matriarchy.md").read_text()
    section = page.split("## Worked examples")[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    return [row.rstrip(" |").rsplit("| ", 1)[1].strip("`") for row in rows]


def test_every_worked_example_of_the_rules_page_is_a_scripted_hand_here():
    """Each example on the page names the hand above that checks its figures, and every
    acceptance case of the rulings is on the page."""
    named = worked_examples_on_the_page()
    hands = {case.id for case in [*ACCEPTANCE, *RULES]}
    assert named and not [name for name in named if name not in hands]
    assert {case.id for case in ACCEPTANCE} <= set(named)


# --- illegal actions name their rule and change nothing -----------------------------------------

ILLEGAL = [
    (dict(deck="5H", rest="deck"), [], 0, "place 1", "draw first"),
    (dict(deck="5H", rest="deck"), [DRAW], 0, "draw deck", "already drawn"),
    (dict(towers0=["8S"], deck="5H", rest="deck"), [DRAW], 0, "place 1", "equal or higher"),
    (dict(towers0=["8S JH"], deck="9H", rest="deck"), [DRAW], 0, "place 1", "frozen tower"),
    (dict(deck="AS", rest="deck"), [DRAW], 0, "place 1", "an Ace cannot start a tower"),
    (dict(deck="QH", rest="deck"), [DRAW], 0, "place 1", "only number cards occupy"),
    (dict(deck="QH", rest="deck"), [DRAW], 0, "bank", "only number cards"),
    (dict(deck="QH", rest="deck"), [DRAW], 0, "discard", "only number cards enter"),
    (dict(deck="5H", kings=(2, 0), towers0=BLOCKED, rest="deck"), [DRAW], 0, "bank",
     "sealed"),
    (dict(deck="5H", moat0="2S 3S", rest="deck"), [DRAW], 0, "bank", "already holds 2"),
    (dict(deck="5H", rest="deck"), [DRAW], 0, "discard", "placement is compulsory"),
    (dict(deck="5H", rest="deck"), [DRAW], 0, "burn", "placement is compulsory"),
    (dict(towers0=BLOCKED, moat0="2S 3S", pile="5H", deck="6C"), [], 0, "draw pile",
     "only to use it"),
    (dict(pile="5H"), [], 0, "draw deck", "the deck is empty"),
    (dict(deck="5H", rest="deck"), [], 0, "draw pile", "communal pile is empty"),
    (dict(towers0=BLOCKED, moat0="2S 3S", pile="3C 5H"), [(0, "draw pile")], 0, "discard",
     "burned, not put back"),
    (dict(towers0=BLOCKED, moat0="2S 3S", deck="5H"), [DRAW], 0, "burn", "not burned"),
    (dict(turn=1, towers0=["3S"], deck="QH", rest="deck"), [(1, "draw deck")], 0, "burn",
     "handed-off card must be placed"),
]


@pytest.mark.parametrize("setup, moves, player, text, rule", ILLEGAL,
                         ids=[f"{row[3]}: {row[4]}" for row in ILLEGAL])
def test_illegal_action_names_the_rule_and_changes_nothing(setup, moves, player, text, rule):
    state = build(**setup)
    play(state, moves)
    before = json.dumps(state.position(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=rule):
        state.apply(player, state.game.action_from_text(text))
    with pytest.raises(IllegalActionError, match=rule):
        state.game.parse_action(state, player, text)
    assert json.dumps(state.position(), sort_keys=True) == before


def test_the_player_not_to_act_is_refused():
    """During a handoff the drawer waits: only the receiver may act."""
    state = build(turn=1, towers0=["3S"], deck="QH", rest="deck")
    play(state, [(1, "draw deck")])
    with pytest.raises(NotYourTurnError):
        state.apply(1, state.game.action_from_text("place 1"))
    assert state.legal_actions(1) == []


def test_a_finished_game_refuses_every_action():
    state = build(deck="7C")
    play(state, [DRAW, (0, "place 1")])
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(0, state.game.action_from_text("draw deck"))


def test_events_tell_the_story_of_a_handoff_and_skip():
    state = build(turn=1, towers0=["4S", "6S 8C"], deck="QH", rest="deck")
    events = play(state, [(1, "draw deck"), (0, "place 2")])
    assert [e.kind for e in events] == ["handoff", "close", "skip"]
    assert all(e.audience is None for e in events)


@pytest.mark.parametrize("mode, kinds", [
    ("skip", ["handoff", "close", "skip"]),
    ("redraw", ["handoff", "close", "redraw"]),
])
def test_handoff_modes_differ_in_whether_a_turn_is_skipped(mode, kinds):
    """Both modes give the drawer the next draw; only skip mode passes over a turn to do so."""
    state = build(turn=1, towers0=["4S"], deck="QH 3C 4C", rest="deck", handoff_mode=mode)
    events = play(state, [(1, "draw deck"), (0, "place 1")])
    assert [e.kind for e in events] == kinds
    assert state.to_act() == (1,)
    play(state, [(1, "draw deck"), (1, "place 1")])
    assert state.to_act() == (0,), "no skip is left pending once the drawer has played on"
