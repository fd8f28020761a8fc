"""The generic search bot: legal and reproducible choices, blind to hidden state, decoupled at
simultaneous moves, bounded work, heuristic rollouts, and tree reuse only where sound."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.duel import Duel, DuelState, ScoredDuel

import cardtable
from cardtable.bots import IsmctsBot, make_bot
from cardtable.bots.ismcts import PRUNE_EVERY
from cardtable.core import Decision, Game, OptionError, Result, Rng, State


class FairDuelState(DuelState):
    """The Duel with a sampler that depends on the view alone (the unseen cards are pooled in
    card order before the shuffle), so two states with one view give the same deals."""

    def sample_hidden(self, player: int, rng: Rng) -> FairDuelState:
        other = 1 - player
        unseen = sorted(self.hands[other] + [c for c in [self.committed[other]] if c], key=str)
        clone = self.clone()
        if clone.committed[other] is not None:
            clone.committed[other] = unseen.pop()
        clone.hands[other] = unseen
        return DuelState.sample_hidden(clone, player, rng)  # shuffles the pool in card order

    def clone(self) -> FairDuelState:
        return FairDuelState(self.game, [list(h) for h in self.hands], list(self.committed),
                             list(self.scores), self.moves, self.rng.copy())


def _fair(state: DuelState) -> FairDuelState:
    return FairDuelState(state.game, state.hands, state.committed, state.scores, state.moves,
                         state.rng)


def test_ismcts_chooses_a_legal_action_reproducibly(duel_registered):
    game = duel_registered
    state = game.new_state(5)
    legal = state.legal_actions(0)
    first = IsmctsBot(game, seed=1, iterations=50).choose(Decision(game, state, 0, legal))
    second = IsmctsBot(game, seed=1, iterations=50).choose(Decision(game, state, 0, legal))
    assert first in legal and first == second


def test_ismcts_is_found_by_name_for_every_game(duel_registered):
    assert make_bot(duel_registered, "ismcts", 3).name == "ismcts"


@pytest.mark.parametrize("settings", [{}, {"paired": True}, {"paired": True, "prune": 1},
                                      {"paired": True, "halving": True, "depth": 2}])
@pytest.mark.parametrize("seed", range(6))
def test_the_choice_does_not_depend_on_the_hidden_cards(seed, settings):
    """Scramble what player 0 cannot see (same view): with the same bot seed, the same choice.
    A bot that peeked at the opponent's hand would answer the two states differently."""
    game = ScoredDuel() if "depth" in settings else Duel()
    state = _fair(game.new_state(seed))
    state.apply_unchecked(1, state.hands[1][seed % 3])  # the opponent has committed, unseen
    scrambled = _fair(state.sample_hidden(0, Rng(seed + 100)))
    assert scrambled.view(0) == state.view(0)
    assert scrambled.position() != state.position() or seed == 0
    choices = [IsmctsBot(game, seed=7, iterations=60, **settings).choose(
        Decision(game, s, 0, s.legal_actions(0))) for s in (state, scrambled)]
    assert choices[0] == choices[1]


def test_a_simultaneous_move_is_searched_decoupled():
    """At the opening commit both players act at once: the root holds statistics for both, and
    its children are joint moves, so player 1's pick is not conditioned on player 0's."""
    game = Duel()
    state = game.new_state(2)
    bot = IsmctsBot(game, seed=3, iterations=80)
    bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    root = bot.last_root
    assert {player for player, _ in root.edges} == {0, 1}
    assert all(len(move) == 2 for move in root.children)
    for player in (0, 1):
        visits = sum(e.visits for (p, _), e in root.edges.items() if p == player)
        assert visits == bot.last_iterations


@pytest.mark.parametrize("paired", ["false", "true"])
def test_the_work_per_move_is_bounded_by_max_steps(duel_registered, paired):
    game = duel_registered
    state = game.new_state(1)
    bot = make_bot(game, f"ismcts:iterations=100000,max_steps=40,paired={paired}", 1)
    bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    assert 1 <= bot.last_iterations <= 40


def test_a_paired_decision_among_thousands_of_actions_stops_at_max_steps_mid_sweep():
    """As owner in Advanced Matriarch (46,249 families to choose from), one sweep over every
    family would take minutes: the search stops within its step budget, compares actions only
    on deals they share, and keeps its policy's pick where nothing was compared."""
    game = cardtable.load("patriarch", variant="advanced-matriarch")
    state = game.new_state(4)
    owner = state.to_act()[0]
    legal = state.legal_actions(owner)
    assert len(legal) > 40_000
    bot = make_bot(game, "ismcts:iterations=2000,rollout=heuristic,paired=true,halving=true,"
                         "max_steps=3000", 5)
    choice = bot.choose(Decision(game, state, owner, legal))
    assert choice in legal
    assert bot.last_iterations < len(legal)
    assert bot.last_steps < 3000 + 400  # the budget, and at most one rollout past it
    assert len(set(bot.last_deals.values()) - {0}) <= 1  # every action tried on the same deals


def test_every_root_action_gets_its_deals_before_ucb_chooses():
    game = Duel()
    state = game.new_state(3)
    bot = IsmctsBot(game, seed=2, iterations=9, root_visits=3)
    bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    assert [e.visits for (p, _), e in bot.last_root.edges.items() if p == 0] == [3, 3, 3]


def test_a_node_is_searched_only_once_expand_deals_reached_it():
    """Below the root, a node reached fewer than ``expand`` times is left to the rollout."""
    game = Duel()
    state = game.new_state(3)
    for expand, searched in ((1000, False), (1, True)):
        bot = IsmctsBot(game, seed=2, iterations=60, expand=expand)
        bot.choose(Decision(game, state, 0, state.legal_actions(0)))
        assert any(child.edges for child in bot.last_root.children.values()) is searched


class PolicyDuel(Duel):
    """The Duel with a 'heuristic' bot that always commits its lowest card, or its highest."""

    def __init__(self, highest: bool, **options: Any) -> None:
        super().__init__(**options)
        self.highest = highest

    def bots(self) -> dict[str, Any]:
        return {"heuristic": lambda game, seed: PickOne(self.highest)}


class PickOne:
    name = "pick-one"

    def __init__(self, highest: bool) -> None:
        self.highest = highest

    def choose(self, decision: Decision) -> Any:
        return (max if self.highest else min)(decision.legal, key=lambda card: card.rank)


@pytest.mark.parametrize("halving", [False, True])
@pytest.mark.parametrize("highest", [False, True])
def test_paired_search_leaves_the_policy_only_for_a_better_action(highest, halving):
    """One trick, both sides playing out by the policy: against a lowest-card policy a higher
    card is plainly better, and the search takes it; the highest card cannot be bettered, and
    the search keeps it."""
    game = PolicyDuel(highest, tricks=1)
    state = game.new_state(2)  # player 0 holds 2, 4 and 7; player 1 holds 3, 5 and 6
    legal = state.legal_actions(0)
    bot = IsmctsBot(game, seed=1, iterations=60, rollout="heuristic", paired=True,
                    halving=halving)
    choice = bot.choose(Decision(game, state, 0, legal))
    policy_pick = PickOne(highest).choose(Decision(game, state, 0, legal))
    assert (choice == policy_pick) is highest
    assert bot.last_iterations == 60


def test_pruning_drops_plainly_worse_actions_and_ends_the_search_early():
    """Against the highest-card policy, player 0's 2 and 4 lose on every deal where the pick, 7,
    wins: both are dropped at the first look, and the search stops there, 20 deals each."""
    game = PolicyDuel(True, tricks=1)
    state = game.new_state(2)  # player 0 holds 2, 4 and 7; player 1 holds 3, 5 and 6
    bot = IsmctsBot(game, seed=1, iterations=300, rollout="heuristic", paired=True, prune=2)
    choice = bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    assert choice.rank == 7
    assert sorted(bot.last_deals.values()) == [PRUNE_EVERY] * 3
    assert bot.last_iterations == 3 * PRUNE_EVERY


def test_pruning_keeps_actions_as_good_as_the_pick_or_better():
    """Against the lowest-card policy (player 1 plays its 3) the pick, 2, loses on every deal and
    the 4 and the 7 win on every deal: neither is dropped, every deal is spent, and the first of
    the two equal winners is chosen."""
    game = PolicyDuel(False, tricks=1)
    state = game.new_state(2)
    bot = IsmctsBot(game, seed=1, iterations=300, rollout="heuristic", paired=True, prune=2)
    choice = bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    assert choice.rank == 4
    assert sorted(bot.last_deals.values()) == [100] * 3


@pytest.mark.parametrize("spec, message", [("ismcts:prune=2", "prune needs paired=true"),
                                           ("ismcts:paired=true,prune=0", "more than 0")])
def test_bad_prune_settings_are_refused(duel_registered, spec, message):
    with pytest.raises(OptionError, match=message):
        make_bot(duel_registered, spec, 1)


@pytest.mark.parametrize("setting", ["root_visits=0", "expand=0"])
def test_search_settings_below_one_are_refused(duel_registered, setting):
    with pytest.raises(OptionError, match="at least 1"):
        make_bot(duel_registered, f"ismcts:{setting}", 1)


def test_heuristic_rollouts_play_legal_reproducible_moves():
    game = cardtable.load("queens-mercy")
    state = game.new_state(4)
    player = state.to_act()[0]
    legal = state.legal_actions(player)
    picks = [make_bot(game, "ismcts:iterations=15,rollout=heuristic", 2).choose(
        Decision(game, state, player, legal)) for _ in range(2)]
    assert picks[0] in legal and picks[0] == picks[1]


class TwoStepState(State[str]):
    """Player 0 moves twice in a row ("l" or "r"), revealing nothing, then player 1 guesses a
    hidden coin's side (or, with ``peek``, player 0's first move is shown and the coin is
    flipped in view of player 0). Player 0 wins on "r", "r"."""

    def __init__(self, game: Game, moves: list[str], coin: int, peek: bool) -> None:
        self.game, self.played, self.coin, self.peek = game, moves, coin, peek
        self.moves = len(moves)

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else ((0,) if len(self.played) < 2 else (1,))

    def legal_actions(self, player: int) -> list[str]:
        return ["l", "r"] if player in self.to_act() else []

    def apply_unchecked(self, player: int, action: str) -> list:
        self.played.append(action)
        self.moves += 1
        return []

    def is_over(self) -> bool:
        return len(self.played) == 3

    def result(self) -> Result | None:
        if not self.is_over():
            return None
        return Result((1.0, 0.0), 0 if self.played[:2] == ["r", "r"] else 1)

    def view_body(self, player: int | None) -> dict[str, Any]:
        shown = self.coin if self.peek and self.played else None
        return {"played": list(self.played), "coin": shown if player == 0 else None}

    def sample_hidden(self, player: int, rng: Rng) -> TwoStepState:
        return TwoStepState(self.game, list(self.played), rng.below(2), self.peek)

    def clone(self) -> TwoStepState:
        return TwoStepState(self.game, list(self.played), self.coin, self.peek)

    def position(self) -> dict[str, Any]:
        return {"played": list(self.played), "coin": self.coin}


@pytest.mark.parametrize("peek, reused", [(False, True), (True, False)])
def test_the_tree_is_kept_between_moves_only_when_the_move_revealed_nothing(peek, reused):
    game = Duel()
    state = TwoStepState(game, [], 1, peek)
    bot = IsmctsBot(game, seed=1, iterations=40)
    first = bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    subtree = bot.last_root.children[((0, first),)]
    kept_visits = sum(e.visits for e in subtree.edges.values())
    state.apply_unchecked(0, first)
    bot.choose(Decision(game, state, 0, state.legal_actions(0)))
    assert (bot.last_root is subtree) is reused
    if reused:
        assert sum(e.visits for e in subtree.edges.values()) == kept_visits + 40
