"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

Each iteration deals a full state consistent with the bot's view (``Decision.sample``, which
the engines make view-consistent), walks one shared tree restricted to the actions legal in
that deal, expands one node, finishes the game with a rollout and backs up each player's
outcome. Children are chosen by UCB with *availability* counts: an action is only compared over
the iterations in which it was legal (Cowling, Powley and Whitehouse, 2012).

* **Simultaneous moves** (``len(state.to_act()) > 1``, The Queen's Mercy's commit) are searched
  *decoupled*: at such a node each acting player picks from their own statistics, none of them
  conditioned on another's pick, and the node's child is the joint move. Searched in seat order
  instead, the second player would answer the first one's card as if they had seen it.
* **Rollouts** are uniform random moves, or the game's own heuristic bot (``rollout=heuristic``),
  which plays far closer to real play where random moves are hopeless. With heuristic rollouts
  the heuristic's own pick (in that deal) is tried first at every node and wins ties of visits
  at the root, so a search too short to try every action falls back on the heuristic rather
  than on chance.
* **Improving on the rollout policy.** Picking the root action whose rollouts score best is at
  least as good as the rollout policy itself, in expectation, once each action's estimate is
  sound: so every root action gets ``root_visits`` deals before UCB spends any more, and a node
  below the root is searched only after ``expand`` deals reached it (until then the rollout
  policy plays from it, so an action is judged by the policy's continuation, not by the
  near-random first tries of a young node).
* **Paired search** (``paired=true``) drops the tree for that step in its plainest, lowest-noise
  form: each deal is played out after every legal action with the same later luck and the same
  rollout seeds, and the rollout policy's own pick is kept unless another action beats it by
  ``margin`` standard errors of the paired difference. Where a move changes a game's outcome
  by a few percent, separate means over a few hundred rollouts cannot see it; paired
  differences can.
* **Short playouts** (``depth=N``): a rollout stops once the player to act has changed ``N``
  times (counted from the player who just moved, so every action's playout ends at the same
  kind of moment) and is scored by the game's own estimate (``Evaluates``). Where games are
  long and a heuristic step is dear (Match 2-52), a few turns cost a small part of a whole
  game, and the estimate leaves out the noise of everything after them.
* **Sequential halving** (``halving=true``, with ``paired=true``): the paired rollouts are spent
  in rounds, about ``log2`` of the number of actions, each with an equal share of the budget:
  every surviving action is played on the same new deals, and after each round the better half
  (by mean over all the deals so far) goes on, together with the rollout policy's pick. Deals go
  to the few actions that might beat that pick rather than to the many that plainly do not; the
  pick still stands unless beaten by ``margin`` standard errors over all their common deals.
* **Pruning** (``prune=Z``, with ``paired=true``): every ``PRUNE_EVERY`` deals, an action whose
  paired difference from the rollout policy's pick is more than ``Z`` standard errors below
  nothing leaves the running, and once the pick is alone the decision ends, spending less.
  Most choices offer a move plainly worse than the policy's (a discard beside a good place):
  their deals are better spent on the close calls, and an easy move costs a fraction of a hard
  one, so a larger ``iterations`` fits the same average time a move.
* **Bounded work**: ``iterations`` deals, or ``seconds`` of search (whichever ends first when
  both are set), and at most ``max_steps`` simulated moves per decision, so a move costs at
  most about ``max_steps`` engine steps whatever the game; this bound, unlike ``seconds``, keeps
  a move reproducible from the seed.
* **A book** (``book=true``, the default): where the game knows a decision's answer from
  measured play (``KnowsOpenings``: The Queen's Cut, ranked by studies of many thousand games),
  the bot plays it without searching. Such a choice shows its worth only over a whole match,
  far beyond what playouts from one decision can tell apart; ``book=false`` searches it too.
* **Tree reuse**: when the next decision is the same player's, right after their own move, and
  that move revealed nothing (the view after it is the same in every deal tried and is the view
  now), the subtree under that move is the same information set and the search continues from
  it. Otherwise the tree starts afresh.

The bot sees nothing but its ``Decision``: the view, the legal actions and the sampler.
"""

from __future__ import annotations

import math
import time
from typing import Any, Generic, Literal, Protocol, runtime_checkable

from cardtable.bots.own import own_bots
from cardtable.core import BotFactory, Decision, Game, OptionError, Rng, Seat, State, View
from cardtable.core.protocol import A, MixedStrategy, draw_mixed

DEFAULT_ITERATIONS = 300
PRUNE_EVERY = 20
"""Deals between two looks at which actions ``prune`` drops (and the fewest before the first)."""
REUSE_PROBES = 4
"""Deals on which a move is tried to check that it reveals nothing before its subtree is kept."""

Move = tuple[tuple[int, A], ...]
"""The moves of one tree edge: one (player, action), or one per player at a simultaneous node."""


@runtime_checkable
class SolvesPolicy(Protocol):
    """A game that solves some decisions exactly (an endgame), for ``endgame=exact``."""

    def solved_policy(self, decision: Decision[Any]) -> MixedStrategy[Any] | None:
        """An exact equilibrium mix for ``decision``, as (action, probability) pairs, where the
        game can solve the decision from what the player knows; None elsewhere. The mix is
        drawn with ``draw_mixed``."""
        ...


@runtime_checkable
class Evaluates(Protocol):
    """A game that estimates positions, so a search may stop its playouts early (``depth``)."""

    def evaluate(self, state: State[Any]) -> tuple[float, ...] | None:
        """Each player's expected return (as ``Result.returns`` counts it) from ``state``, a
        full state of a game not yet over; None where the game offers no estimate there. A
        short playout and an estimate are cheaper and far less noisy than a playout to the
        end of a long game."""
        ...


@runtime_checkable
class KnowsOpenings(Protocol):
    """A game that answers some decisions from measured play, for ``book=true``."""

    def book_move(self, decision: Decision[Any]) -> Any | None:
        """The answer the game's studies give at ``decision`` (one of its legal actions), read
        from what the player knows; None where the game has no such answer."""
        ...


def book_move(decision: Decision[A]) -> A | None:
    """The game's book answer at ``decision``, where it has one; None elsewhere."""
    game = decision.game
    return game.book_move(decision) if isinstance(game, KnowsOpenings) else None


def solved_policy(decision: Decision[A]) -> MixedStrategy[A] | None:
    """The game's exact mix for ``decision``, where the game solves it; None elsewhere."""
    game = decision.game
    return game.solved_policy(decision) if isinstance(game, SolvesPolicy) else None


class _Edge:
    """One player's action at one node: how often it was tried, legal, and what it earned."""

    __slots__ = ("visits", "reward", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class _Node(Generic[A]):
    """One information set of the tree: its players' edges, its children by move, and the
    deals that reached it (it is searched once more than ``expand`` did)."""

    __slots__ = ("edges", "children", "visits")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, A], _Edge] = {}
        self.children: dict[Move[A], _Node[A]] = {}
        self.visits = 0


class IsmctsBot(Generic[A]):
    """Searches ``iterations`` deals per decision, or for ``seconds`` (whichever ends first
    when both are given; 300 iterations when neither is), simulating at most ``max_steps``
    moves. ``exploration`` is the UCB constant; ``rollout`` finishes each deal with random
    moves or with the game's heuristic bot; ``reuse`` keeps the tree between moves where
    sound; ``root_visits`` deals go to each root action before UCB chooses; a node below the
    root is searched once ``expand`` deals have reached it. ``paired`` replaces the tree by
    paired rollouts at the root (see ``_paired_choice``), leaving the rollout policy's own pick
    only for an action better by ``margin`` standard errors. ``endgame=exact`` plays the game's
    exact equilibrium mix instead of searching wherever the game offers one
    (``SolvesPolicy``). ``depth`` cuts rollouts short after that many turns and scores
    them with the game's evaluation (``Evaluates``); ``halving`` spends paired rollouts by
    sequential halving; ``prune`` drops actions plainly worse than the policy's pick; ``book``
    plays the game's answers from measured play where it has them (``KnowsOpenings``; see the
    module)."""

    name = "ismcts"

    def __init__(self, game: Game[A] | None = None, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, rollout: Literal["random", "heuristic"] = "random",
                 exploration: float = 0.7, max_steps: int = 60_000, reuse: bool = True,
                 root_visits: int = 1, expand: int = 1, paired: bool = False,
                 margin: float = 1.0, endgame: Literal["search", "exact"] = "search",
                 depth: int | None = None, halving: bool = False,
                 prune: float | None = None, book: bool = True) -> None:
        if iterations is not None and iterations < 1:
            raise OptionError("ismcts: iterations must be at least 1")
        if seconds is not None and not 0 < seconds < math.inf:
            raise OptionError("ismcts: seconds must be a finite number more than 0")
        if max_steps < 1:
            raise OptionError("ismcts: max_steps must be at least 1")
        if root_visits < 1 or expand < 1:
            raise OptionError("ismcts: root_visits and expand must be at least 1")
        if depth is not None and depth < 1:
            raise OptionError("ismcts: depth must be at least 1")
        self.evaluator = game if isinstance(game, Evaluates) else None
        if depth is not None and self.evaluator is None:
            raise OptionError("ismcts: depth needs a game that evaluates positions "
                              "(an evaluate method)")
        if halving and not paired:
            raise OptionError("ismcts: halving needs paired=true")
        if prune is not None and not paired:
            raise OptionError("ismcts: prune needs paired=true")
        if prune is not None and not prune > 0:
            raise OptionError("ismcts: prune must be more than 0")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.max_steps = max_steps
        self.reuse = reuse
        self.root_visits = root_visits
        self.expand = expand
        self.paired = paired
        self.margin = margin
        self.endgame = endgame
        self.depth = depth
        self.halving = halving
        self.prune = prune
        self.book = book
        self.factory = self._rollout_factory(game, rollout)
        self.policy: Seat[A] | None = None
        if self.factory is not None and game is not None:  # (a factory is only found in a game)
            self.policy = self.factory(game, self.rng.next_u64())
        self._kept: tuple[int, int, View, _Node[A]] | None = None
        """(player, move count, view after the move, subtree) from the last decision."""
        self.last_iterations = 0
        """Deals searched for the last decision (for benchmarks and tests)."""
        self.last_root: _Node[A] | None = None
        """The tree of the last decision (for tests)."""
        self.last_deals: dict[A, int] = {}
        """Deals each action was played on in the last paired decision (for tests)."""
        self.last_steps = 0
        """Moves simulated in the last paired decision (for tests: at most about ``max_steps``)."""

    def choose(self, decision: Decision[A]) -> A:
        if len(decision.legal) == 1:
            return decision.legal[0]
        if self.book:  # the game's answer from measured play, where it has one
            known = book_move(decision)
            if known is not None:
                self._kept, self.last_root, self.last_iterations = None, None, 0
                return known
        if self.endgame == "exact":  # the game's exact solution, where it has one
            solved = solved_policy(decision)
            if solved is not None:
                self._kept = None
                return draw_mixed(solved, self.rng)
        hint = None if self.policy is None else self.policy.choose(decision)
        limit = self.iterations or (None if self.seconds else DEFAULT_ITERATIONS)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if self.paired:
            self._kept, self.last_root = None, None
            return self._paired_choice(decision, hint, limit, deadline)
        root = self._reused_root(decision)
        done = steps = 0
        while done == 0 or ((limit is None or done < limit) and steps < self.max_steps and (
                deadline is None or time.perf_counter() < deadline)):
            steps += self._iterate(root, decision.sample(self.rng), self.max_steps - steps,
                                   (decision.player, hint))
            done += 1
        self.last_iterations, self.last_root = done, root
        player, legal = decision.player, set(decision.legal)
        best = max(((key[1], edge) for key, edge in root.edges.items()
                    if key[0] == player and key[1] in legal),
                   key=lambda item: (item[1].visits, item[0] == hint), default=None)
        action = best[0] if best else decision.legal[0]
        self._keep(decision, root, action)
        return action

    def _iterate(self, root: _Node[A], state: State[A], budget: int,
                 hint: tuple[int, A | None] | None = None) -> int:
        """One deal: select, expand, roll out (within ``budget`` moves), back up. Returns the
        moves simulated. ``hint`` (a player and action) is tried first at the root."""
        path: list[tuple[_Node[A], Move[A]]] = []
        node = root
        steps = 0
        while not state.is_over():
            node.visits += 1
            if node.visits <= self.expand and node is not root:
                break  # a young node: the rollout policy plays from here
            move: list[tuple[int, A]] = []
            for player in state.to_act():  # several players: each picks blind to the others'
                if player not in state.to_act():
                    break
                legal = state.legal_actions(player)
                if node is root:
                    least, known = self.root_visits, hint[1] if hint and hint[0] == player else None
                else:
                    least, known = 1, None
                action = self._pick(node, player, legal, least, known, state)
                state.apply_unchecked(player, action)
                move.append((player, action))
                steps += 1
            key = tuple(move)
            path.append((node, key))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
            node = child
        mover = path[-1][1][-1][0] if path else None
        returns, rolled = self._rollout(state, max(budget - steps, 1), self.policy, self.rng,
                                        mover)
        for visited, key in path:
            for player, action in key:
                edge = visited.edges[(player, action)]
                edge.visits += 1
                edge.reward += returns[player]
        return steps + rolled

    def _pick(self, node: _Node[A], player: int, legal: list[A], least: int,
              hint: A | None, state: State[A]) -> A:
        """An action tried fewer than ``least`` times (the fewest-tried; of those, ``hint``
        or else the rollout policy's pick in this deal, else one at random), else the best by
        UCB over availability."""
        edges = node.edges
        fewest, untried = least, []
        for action in legal:
            edge = edges.get((player, action))
            if edge is None:
                edge = edges[(player, action)] = _Edge()
            edge.available += 1
            if edge.visits < fewest:
                fewest, untried = edge.visits, [action]
            elif edge.visits == fewest < least:
                untried.append(action)
        if len(untried) == 1:
            return untried[0]
        if untried:
            if hint is None and self.policy is not None:
                hint = self.policy.choose(Decision(state.game, state, player, legal))
            return hint if hint in untried else untried[self.rng.below(len(untried))]
        best_action, best_score = legal[0], -math.inf
        explore = self.exploration
        for action in legal:
            edge = edges[(player, action)]
            score = (edge.reward / edge.visits
                     + explore * math.sqrt(math.log(edge.available) / edge.visits))
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    def _paired_choice(self, decision: Decision[A], hint: A | None, limit: int | None,
                       deadline: float | None) -> A:
        """Flat search with common random numbers: every sweep deals one state and plays every
        action still in the running in it, each followed by a rollout with the same seeds, so
        two actions are compared on the same cards and the same later luck (their difference
        has far less noise than their separate means). ``limit`` counts rollouts. With
        ``halving`` the sweeps come in rounds that halve the actions in the running (see the
        module). The rollout policy's own pick (``hint``) stands unless another action beats
        it by ``margin`` standard errors of the paired difference: a step that improves on the
        policy, and otherwise plays it."""
        player, legal = decision.player, decision.legal
        base = hint if hint in legal else legal[0]
        earned: dict[A, list[float]] = {action: [] for action in legal}
        running = list(legal)
        rounds = max(1, math.ceil(math.log2(len(legal)))) if self.halving else 1
        done = steps = sweeps = 0
        spent = False
        for round_number in range(rounds):
            if round_number:
                running = self._better_half(running, earned, base)
            share = None if limit is None else limit * (round_number + 1) // rounds
            while not spent and (done == 0 or ((share is None or done < share) and (
                    steps < self.max_steps) and (
                    deadline is None or time.perf_counter() < deadline))):
                if self.prune is not None and sweeps and sweeps % PRUNE_EVERY == 0:
                    running = self._pruned(running, earned, base)
                    if running == [base]:
                        break  # the pick is alone (and stays so in any later round)
                sweeps += 1
                deal, seed = decision.sample(self.rng), self.rng.next_u64()
                for action in running:
                    if done and (steps >= self.max_steps or (
                            deadline is not None and time.perf_counter() >= deadline)):
                        spent = True  # mid-sweep: a list of thousands must not overrun
                        break
                    state = deal.clone()
                    state.apply_unchecked(player, action)
                    policy = None if self.factory is None else self.factory(decision.game, seed)
                    returns, rolled = self._rollout(state, max(self.max_steps - steps, 1),
                                                    policy, Rng(seed), player)
                    earned[action].append(returns[player])
                    steps += rolled + 1
                    done += 1
        self.last_iterations, self.last_steps = done, steps
        if spent:  # the cut sweep's results are dropped: each action keeps the common deals
            complete = min(len(earned[action]) for action in running)
            for action in running:
                del earned[action][complete:]
        self.last_deals = {action: len(results) for action, results in earned.items()}
        return self._paired_best({action: earned[action] for action in running}, base)

    def _pruned(self, running: list[A], earned: dict[A, list[float]], base: A) -> list[A]:
        """``running`` without the actions more than ``prune`` standard errors worse than
        ``base`` over their common deals (``base`` always stays)."""
        assert self.prune is not None
        kept = []
        for action in running:
            if action != base:
                mean, error = _paired_gain(earned[action], earned[base])
                if mean < -self.prune * error:
                    continue
            kept.append(action)
        return kept

    @staticmethod
    def _better_half(running: list[A], earned: dict[A, list[float]], base: A) -> list[A]:
        """The half of ``running`` with the best mean over their common deals (ties kept in
        the order of the legal actions), and ``base`` whatever its rank."""
        ranked = sorted(running, key=lambda action: -sum(earned[action]))
        kept = set(ranked[:(len(ranked) + 1) // 2]) | {base}
        return [action for action in running if action in kept]

    def _paired_best(self, earned: dict[A, list[float]], base: A) -> A:
        """The action whose paired gain over ``base`` is largest and more than ``margin``
        standard errors above nothing; ``base`` when none is (or when there is one sweep)."""
        best, best_gain = base, 0.0
        for action, results in earned.items():
            if action == base or len(results) < 2:
                continue
            mean, error = _paired_gain(results, earned[base])
            if mean > best_gain and mean > self.margin * error:
                best, best_gain = action, mean
        return best

    def _rollout_factory(self, game: Game[A] | None, rollout: str) -> BotFactory | None:
        """What makes the bot that plays out each deal: None for uniform random moves."""
        if rollout == "random":
            return None
        factory = own_bots(game).get("heuristic")
        if factory is None:
            raise OptionError("ismcts: rollout=heuristic needs a game with a heuristic bot")
        return factory

    def _rollout(self, state: State[A], budget: int, policy: Seat[A] | None, rng: Rng,
                 mover: int | None = None) -> tuple[tuple[float, ...], int]:
        """Finish the deal with ``policy`` (None: uniform random moves from ``rng``), or with
        ``depth`` play it until the player to act has changed ``depth`` times since ``mover``
        (who made the last move) and score it with the game's ``evaluate``. A deal cut by the step
        budget is scored by the evaluation where there is one, else as even."""
        below, game = rng.below, state.game
        is_over, to_act, legal_actions, advance = (
            state.is_over, state.to_act, state.legal_actions, state.advance)
        turns_left = self.depth
        steps = 0
        while steps < budget and not is_over():
            player = to_act()[0]
            if turns_left is not None and player != mover:
                turns_left -= 1
                if turns_left == 0:
                    break
                mover = player
            legal = legal_actions(player)
            if len(legal) == 1:
                action = legal[0]
            elif policy is None:
                action = legal[below(len(legal))]
            else:
                action = policy.choose(Decision(game, state, player, legal))
            advance(player, action)
            steps += 1
        result = state.result()
        if result is not None:
            return result.returns(), steps
        evaluator = self.evaluator
        estimate = (evaluator.evaluate(state) if evaluator is not None and self.depth is not None
                    else None)
        return (estimate or tuple(0.5 for _ in range(state.num_players))), steps

    def _keep(self, decision: Decision[A], root: _Node[A], action: A) -> None:
        """Keep the subtree under ``action`` if the move reveals nothing (see the module)."""
        self._kept = None
        subtree = root.children.get(((decision.player, action),))
        if not self.reuse or subtree is None:
            return
        views = []
        for _ in range(REUSE_PROBES):
            deal = decision.sample(self.rng)
            deal.apply_unchecked(decision.player, action)
            if deal.is_over() or decision.player not in deal.to_act():
                return
            views.append(deal.view(decision.player))
        if all(view == views[0] for view in views):
            self._kept = (decision.player, decision.moves + 1, views[0], subtree)

    def _reused_root(self, decision: Decision[A]) -> _Node[A]:
        kept, self._kept = self._kept, None
        if kept is not None and kept[:2] == (decision.player, decision.moves) \
                and kept[2] == decision.view:
            return kept[3]
        return _Node()


def _paired_gain(mine: list[float], theirs: list[float]) -> tuple[float, float]:
    """The mean of the paired differences ``mine - theirs`` (two actions' results on the same
    deals) and its standard error."""
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    count = len(diffs)
    mean = sum(diffs) / count
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1) / count)
