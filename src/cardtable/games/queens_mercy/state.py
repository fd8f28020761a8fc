"""The state of a match and its flow: the Queen's Cut, commits, tricks, rounds and the match.

Plain lists and ints inside (hands, decks with their top at the end, discards), because every
trick of every simulated match passes through here. The trick itself resolves in ``rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import Event, Result, Rng, State
from cardtable.core.cards import SUITS

from cardtable.games.queens_mercy import rules
from cardtable.games.queens_mercy.actions import (
    CHAOS, PLAIN, ULTIMATUM_CHOICES, Claim, Play, Royal, Shape, play,
)
from cardtable.games.queens_mercy.cards import (
    PREDICTIONS, RANKS, SUIT_NAMES, shuffle_14, suit_of_14,
)
from cardtable.games.queens_mercy.phases import CLAIM, OVER, ROYAL, SHAPE, TRICK, ULTIMATUM
from cardtable.games.queens_mercy import view as _view

if TYPE_CHECKING:
    from cardtable.games.queens_mercy.game import QueensMercy

TRICKS = 14
HAND = 3
ROYAL_CHOICES = (Royal("shape"), Royal("claim"))
SHAPES = tuple(Shape((a, b)) for i, a in enumerate(SUITS) for b in SUITS[i + 1:])
_WAITING = ((0, 1), (1,), (0,), ())  # indexed by committed[0] set + 2 * committed[1] set
_COMMIT_EVENTS = tuple(Event("commit", f"player {p} commits a card", {"player": p}) for p in (0, 1))


class QueensMercyState(State):
    """One match. ``apply`` is in place; ``clone`` copies the few lists."""

    def __init__(self, game: "QueensMercy") -> None:
        self.game = game
        self.opts = game.options
        self.beats = game.beats
        self.faces = game.faces
        self.powers = game.powers
        self.ks_prose = self.opts.ks_mode == "prose"
        self.qs_prose = self.opts.qs_mode == "prose"
        self.open_chaos = self.opts.chaos_pick == "foe_open_choice"
        self.lock_trick = self.opts.lock_duration == "trick"
        self.special = game.special
        self.cap = self.opts.cap
        self.cap_ends = self.opts.round_end == "cap10_or_14"
        self.house_rules = self.opts.house_rules
        self.rng = Rng(0)
        self.moves = 0
        self.tricks_done = 0
        self.phase = ROYAL
        self.actor = 0
        self.cut: list[int] | None = None
        self.cut_view: dict[str, Any] | None = None  # the settled cut as views show it
        self.royal: str | None = None
        self.shaper = 0
        self.field: tuple[str, str] | None = None
        self.suits: list[str] = []
        self.round_no = 1
        self.trick = 1
        self.lead = 0
        self.scores = [0, 0]
        self.tokens = [0, 0]
        self.locked = [False, False]
        self.chaos = False
        self.priv_used = [False, False]
        self.hands: list[list[Any]] = [[], []]
        self.decks: list[list[Any]] = [[], []]
        self.discards: list[list[Any]] = [[], []]
        self.discard_texts: list[list[str]] = [[], []]  # the same, as views show them
        self.committed: list[Play | None] = [None, None]
        self.seen: list[list[Any]] = [[], []]
        self.pre = [0, 0]
        self.res = (0, 0)
        self.null = [False, False]
        self.pending_index = 0
        self.last: dict[str, Any] | None = None
        self.told: dict[str, Any] = {}  # the latest trick's summary, for its event
        self.history: list[list[Any]] = []
        self.winner: int | None = None

    # ---- setup ----------------------------------------------------------------------------

    def start(self, seed: int | str) -> None:
        """The Queen's Cut (or the fixed suits of a study), then the first deal."""
        self.rng = Rng(seed)
        opts = self.opts
        if opts.suits is not None:
            self.suits = list(opts.suits)
            self.shaper = self.lead = opts.shaper
            self.deal()
            return
        ranks = list(RANKS)  # one suit, shuffled and cut in two halves
        shuffle_14(self.rng, ranks)
        half = 1 + self.rng.below(13)  # seat 0 turns the top card, seat 1 the other half's top
        self.cut = [ranks[0], ranks[half]]
        self.actor = 0 if self.beats[ranks[0]][ranks[half]] > 0 else 1
        self.phase = ROYAL

    def deal(self) -> None:
        """A new round: each player shuffles their 14 cards and draws three."""
        for p in (0, 1):
            cards = suit_of_14(self.suits[p])
            shuffle_14(self.rng, cards)
            self.hands[p] = cards[-HAND:]
            self.decks[p] = cards[:-HAND]
            self.discards[p] = []
            self.discard_texts[p] = []
            self.seen[p] = []
        self.scores = [0, 0]
        self.locked = [False, False]
        self.priv_used = [False, False]
        self.chaos = False
        self.trick = 1
        self.committed = [None, None]
        self.last = None  # its cards are back in the new round's hidden decks
        self.phase = TRICK

    # ---- protocol -------------------------------------------------------------------------

    @property
    def step_count(self) -> int:
        """Tricks resolved since the start of the match (the game's natural unit)."""
        return self.tricks_done

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == TRICK:
            c = self.committed
            if self.chaos and self.open_chaos:
                return _WAITING[(c[1] is not None) + 2 * (c[0] is not None)]
            return _WAITING[(c[0] is not None) + 2 * (c[1] is not None)]
        if phase == OVER:
            return ()
        return (self.actor,)

    def legal_actions(self, player: int) -> list[Any]:
        if self.phase == TRICK:
            if self.chaos:
                if self.open_chaos:
                    if self.committed[1 - player] is not None:
                        return []
                    return [PLAIN[card._text] for card in self.hands[1 - player]]
                return [] if self.committed[player] is not None else [CHAOS]
            if self.committed[player] is not None:
                return []
            hand = self.hands[player]
            if not self.house_rules or self.priv_used[player]:
                return [PLAIN[card._text] for card in hand]
            return self._with_privileges(player, hand)
        if player != self.actor or self.phase == OVER:
            return []
        if self.phase == ROYAL:
            return list(ROYAL_CHOICES)
        if self.phase == SHAPE:
            return list(SHAPES)
        if self.phase == CLAIM:
            return [Claim(suit) for suit in self.field]  # type: ignore[union-attr]
        return list(ULTIMATUM_CHOICES)

    def _with_privileges(self, player: int, hand: list[Any]) -> list[Any]:
        """Every card, and each numbered card once more with the privilege declared."""
        actions: list[Any] = [PLAIN[card._text] for card in hand]
        diamonds = self.suits[player] == "♦"
        for card in hand:
            if 2 <= card.rank <= 10:
                if diamonds:
                    actions.extend(Play(card, True, guess) for guess in PREDICTIONS)
                else:
                    actions.append(Play(card, True))
        return actions

    def apply_unchecked(self, player: int, action: Any) -> list[Event]:
        self.moves += 1
        if self.phase == TRICK:
            if action is CHAOS:
                hand = self.hands[player]
                self.committed[player] = play(hand[self.rng.below(len(hand))])
                seat = player
            elif self.chaos and self.open_chaos:
                seat = 1 - player
                self.committed[seat] = action
            else:
                seat = player
                self.committed[seat] = action
            if self.committed[1 - seat] is None:
                return [_COMMIT_EVENTS[player]]
            return self._resolve()
        if self.phase == ULTIMATUM:
            rules.answer_ultimatum(self, player, action.choice)
            return self._trick_events(f"player {player} answers the Ultimatum: {action}; ")
        return self._decide(player, action)

    def _resolve(self) -> list[Event]:
        a0, a1 = self.committed
        rules.reveal(self)
        if self.phase != ULTIMATUM:
            return self._trick_events("")
        return [Event("reveal", f"round {self.round_no} trick {self.trick}: {a0} vs {a1}; "
                      f"Ultimatum for player {self.actor} to answer",
                      {"cards": [str(a0.card), str(a1.card)]})]

    def _trick_events(self, text: str) -> list[Event]:
        """The resolved trick, and the end of a round or of the match if it came."""
        told = self.told
        cards, declared, scores = told["cards"], told["declared"], told["scores"]
        if declared[0] or declared[1]:
            cards = [f"{card} {said}".strip() for card, said in zip(cards, declared)]
        events = [Event("trick", f"{text}trick {told['trick']}: {cards[0]} vs {cards[1]}, "
                        f"scores {scores[0]}-{scores[1]}", told)]
        if told["round_over"]:
            s0, s1, won = self.history[-1]
            who = "tied" if won is None else f"won by player {won}"
            events.append(Event("round", f"round {told['round']} {who}, {s0}-{s1}",
                                {"round": told["round"], "scores": [s0, s1], "winner": won}))
            if self.phase == OVER:
                events.append(Event("match", self.result().summary, self.result().to_dict()))  # type: ignore[union-attr]
        return events

    def _decide(self, player: int, action: Any) -> list[Event]:
        """The Queen's Cut decisions: royal choice, shaping, claiming."""
        if self.phase == ROYAL:
            self.royal = action.choice
            self.shaper = player if action.choice == "shape" else 1 - player
            self.actor = self.shaper
            self.phase = SHAPE
            return [Event("royal", f"player {player} chooses to {action.choice}",
                          {"player": player, "choice": action.choice})]
        if self.phase == SHAPE:
            self.field = action.suits
            self.actor = 1 - player
            self.phase = CLAIM
            return [Event("shape", f"player {player} shapes the field: {action.suits[0]} and "
                          f"{action.suits[1]}", {"player": player, "suits": list(action.suits)})]
        other = self.field[1] if self.field[0] == action.suit else self.field[0]  # type: ignore[index]
        self.suits = [action.suit, other] if player == 0 else [other, action.suit]
        self.lead = self.shaper
        self.deal()
        return [Event("claim", f"player {player} claims {SUIT_NAMES[action.suit]}; player "
                      f"{1 - player} plays {SUIT_NAMES[other]}", {"player": player, "suit": action.suit})]

    def start_ultimatum(self, chooser: int) -> None:
        """A Joker♠ won: resolution waits for the foe's choice."""
        self.phase = ULTIMATUM
        self.actor = chooser

    def end_trick(self, winner: int | None, chaos_next: bool) -> None:
        """Discard, draw back to three, clear locks, pass the lead, then check the round end."""
        a0, a1 = self.committed
        self.tricks_done += 1
        self.discards[0].append(a0.card)  # type: ignore[union-attr]
        self.discards[1].append(a1.card)  # type: ignore[union-attr]
        self.discard_texts[0].append(a0.card._text)  # type: ignore[union-attr]
        self.discard_texts[1].append(a1.card._text)  # type: ignore[union-attr]
        if self.decks[0]:
            self.hands[0].append(self.decks[0].pop())  # both decks shrink in step
        if self.decks[1]:
            self.hands[1].append(self.decks[1].pop())
        if self.lock_trick and (self.locked[0] or self.locked[1]):
            self.locked = [False, False]
        if winner is not None:
            self.lead = 1 - winner
        scores = self.scores
        self.last = self.told = {
            "round": self.round_no, "trick": self.trick,
            "cards": [a0.card._text, a1.card._text],  # type: ignore[union-attr]
            "declared": [a0.declaration, a1.declaration] if a0.privilege or a1.privilege  # type: ignore[union-attr]
            else ["", ""],
            "winner": winner, "before": self.pre, "scores": [scores[0], scores[1]]}
        self.committed = [None, None]
        self.phase = TRICK
        cap = self.cap
        over = self.trick == TRICKS or (self.cap_ends and (scores[0] >= cap or scores[1] >= cap))
        self.told["round_over"] = over
        if over:
            self._end_round()
            return
        self.trick += 1
        self.chaos = chaos_next
        if chaos_next and self.open_chaos:
            self.seen = [list(self.hands[1]), list(self.hands[0])]

    def _end_round(self) -> None:
        s0, s1 = self.scores
        opts = self.opts
        if opts.tie_def == "no_one_reached_cap" and max(s0, s1) < opts.cap or s0 == s1:
            won = None
        else:
            won = 0 if s0 > s1 else 1
        if won is not None:
            self.tokens[won] += 1
        self.history.append([s0, s1, won])
        if max(self.tokens) >= opts.rounds_to_win or (
                opts.max_rounds is not None and len(self.history) >= opts.max_rounds):
            t0, t1 = self.tokens
            self.winner = None if t0 == t1 else 0 if t0 > t1 else 1
            self.phase = OVER
            self.chaos = False
            return
        self.round_no += 1
        self.deal()

    # ---- checks and results ---------------------------------------------------------------

    def explain_illegal(self, player: int, action: Any) -> str:
        phase = self.phase
        if phase == TRICK:
            return self._explain_commit(player, action)
        expected = {ROYAL: ("the cut winner chooses 'shape' or 'claim'", "Queen's Cut: royal choice"),
                    SHAPE: ("the shaper names two different suits, e.g. 'shape ♠ ♥'",
                            "Queen's Cut: shape the field"),
                    CLAIM: ("the claimer takes one of the shaped suits: "
                            + " or ".join(str(c) for c in self.legal_actions(self.actor)),
                            "Queen's Cut: claim a suit"),
                    ULTIMATUM: ("the foe answers with 'foe+1' or 'me-1'", "Joker♠ Ultimatum")}
        if phase == OVER:
            return "the match is over [end of match]"
        if player != self.actor:
            return f"player {self.actor} decides now, not player {player} [{expected[phase][1]}]"
        text, rule = expected[phase]
        return f"{action} is not legal now: {text} [{rule}]"

    def _explain_commit(self, player: int, action: Any) -> str:
        if self.committed[1 - player if self.chaos and self.open_chaos else player] is not None:
            return f"player {player} has already committed a card this trick [simultaneous play]"
        if self.chaos:
            if self.open_chaos:
                return (f"{action} is not legal: under Market Chaos you pick a card from your "
                        f"foe's open hand for them [Market Chaos]")
            return f"{action} is not legal: under Market Chaos your card is picked at random; " \
                   f"play 'chaos' [Market Chaos]"
        if not isinstance(action, Play):
            return f"{action} is not legal: commit a card from your hand [trick]"
        if action.card not in self.hands[player]:
            return f"{action.card} is not in your hand: commit one of your three cards [trick]"
        if not self.opts.house_rules:
            return "House Privileges are not in play (option house_rules) [House Privilege]"
        if self.priv_used[player]:
            return "your House Privilege is used once per round, and you have used it [House Privilege]"
        if not 2 <= action.card.rank <= 10:
            return "a House Privilege is declared only with a numbered card (2-10) [House Privilege]"
        if (self.suits[player] == "♦") != (action.predict is not None):
            return ("the Diamonds privilege needs a prediction (odd, even or face), and only it "
                    "takes one [House Privilege]")
        return f"{action} is not a legal commit now [trick]"

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        t0, t1 = self.tokens
        if self.winner is None:
            summary = f"drawn match: {t0}-{t1} in round tokens"
        else:
            summary = f"player {self.winner} wins the match {max(t0, t1)}-{min(t0, t1)} in round tokens"
        return Result((float(t0), float(t1)), self.winner, summary)

    # ---- copies, views, positions ---------------------------------------------------------

    def clone(self) -> "QueensMercyState":
        copy = object.__new__(QueensMercyState)
        copy.__dict__.update(self.__dict__)
        copy.rng = self.rng.copy()
        copy.scores = self.scores[:]
        copy.tokens = self.tokens[:]
        copy.locked = self.locked[:]
        copy.priv_used = self.priv_used[:]
        copy.hands = [self.hands[0][:], self.hands[1][:]]
        copy.decks = [self.decks[0][:], self.decks[1][:]]
        copy.discards = [self.discards[0][:], self.discards[1][:]]
        copy.discard_texts = [self.discard_texts[0][:], self.discard_texts[1][:]]
        copy.committed = self.committed[:]
        copy.seen = [self.seen[0][:], self.seen[1][:]]
        copy.pre = self.pre[:]
        copy.null = self.null[:]
        copy.history = [row[:] for row in self.history]
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        return _view.make_view(self, player)

    def secrets(self, player: int | None) -> set[str]:
        return _view.secrets(self, player)

    def sample_hidden(self, player: int, rng: Rng) -> "QueensMercyState":
        from cardtable.games.queens_mercy.position import sample_hidden
        return sample_hidden(self, player, rng)

    def position(self) -> dict[str, Any]:
        from cardtable.games.queens_mercy.position import write_position
        return write_position(self)
