"""The heuristic bot: plays as the rule text's "Four Houses" notes advise, from the view alone.

For each card in hand it estimates the chances to win, tie or lose against the foe's unplayed
cards (bit masks of ranks, counted with ``int.bit_count``), then the points that card's power
would bring in each case *in the present situation*: Q♠ and K♠ only pay when ahead, Hearts
powers pay on losses, A♣ is worth more while the foe's deck is half full and A♥ once the foe's
discard is, Q♦ when already ahead, X♣ freezes a trick the bot would lose. Reaching the cap first
is worth extra. It plays the card whose value now most exceeds its typical value, so strong and
situational cards are kept for the moments they are made for. The points of two cards meeting
come from the bot's own copy of a trick's resolution (``_trick``: nullify, locks, powers in
order, base, after scoring), which a differential test holds to the engine.

At the Queen's Cut it plays the game's book (``book.py``: the houses' measured strength): it
claims rather than shapes, claims the strongest house offered, and shapes Hearts and Diamonds.
It answers a Joker♠ Ultimatum with the choice that changes nothing when there is one (ruling 13)
and otherwise keeps the Joker's owner off the cap. House Privileges are declared when they
likely pay (Hearts on a likely loss, Spades from behind, Clubs to deny a likely foe win, Diamonds
on the likeliest class), and at the latest in the last tricks.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.cards import ACE, JACK, JOKER, KING, QUEEN, Card
from cardtable.games.queens_mercy.actions import CHAOS, ULTIMATUM_CHOICES, Play
from cardtable.games.queens_mercy.book import cut_choice
from cardtable.games.queens_mercy.cards import POWER_ORDER, RANKS, beats_mask, face_ranks

RANK_OF = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "X": JOKER}
RANK_OF.update({str(r): r for r in range(2, 11)})
FULL = sum(1 << r for r in RANKS)
NUMBERS = sum(1 << r for r in range(2, 11))
POWER_RANKS = (JACK, QUEEN, KING, ACE, JOKER)
"""The foe's power cards, in the order of their bits in a 5-bit index (J=0 ... Joker=4)."""
BIT = {label + suit: 1 << rank for label, rank in RANK_OF.items() for suit in "♠♥♦♣"}
"""A card's text to its rank's bit, for masks of the foe's unplayed ranks."""
KEEP = 1.0
"""How much of a card's typical value the bot counts as lost by playing it now."""
CAP_BONUS = 4.0
_TABLES: dict[tuple[bool, int, bool, bool, bool, bool],
              tuple[list[int], list[int], dict[Any, float], dict[str, list[float]],
                    dict[Any, dict[str, Any]], list[tuple[int, ...]]]] = {}
MEMO_LIMIT = 20_000
"""Card tables (see ``_card_table``) already worked out, by situation then card, shared by the
bots of one process: situations repeat often across matches."""


class _Situation:
    """The facts of the trick about to be played, read once from the view. Pairs hold the
    bot's value first and the foe's second."""

    __slots__ = ("scores", "locked", "half_discard", "half_deck", "lead", "cap", "near_cap")

    def __init__(self, scores: tuple[int, int], cap: int,
                 locked: tuple[bool, bool] = (False, False),
                 half_discard: tuple[bool, bool] = (False, False),
                 half_deck: tuple[bool, bool] = (False, False), lead: int = 0) -> None:
        self.scores = scores
        self.locked = locked
        self.half_discard = half_discard
        """Whether each side's foe has discarded 7 or more (A♥'s +2)."""
        self.half_deck = half_deck
        """Whether each side's foe still holds 7 or more in their deck (A♣'s +2)."""
        self.lead = lead
        self.cap = cap
        self.near_cap = max(scores) + 4 >= cap  # no trick moves a score by more than 4


def _add(scores: list[int], locked: list[bool], p: int, k: int) -> None:
    """Change p's score by k unless it is locked or would drop below zero."""
    if not locked[p] and scores[p] + k >= 0:
        scores[p] += k


def _steal(scores: list[int], locked: list[bool], p: int, foe_still_loses: bool) -> None:
    """One point from the foe to p, if the foe has one and neither is locked (a locked stealer
    still takes it from the foe with ``foe_still_loses``)."""
    if locked[1 - p] or scores[1 - p] < 1 or locked[p] and not foe_still_loses:
        return
    scores[1 - p] -= 1
    if not locked[p]:
        scores[p] += 1


def _result(beats: list[int], rank: int, foe_rank: int) -> int:
    """+1 if ``rank`` wins against ``foe_rank`` (``beats``: bit masks by rank), 0 for a tie,
    -1 if it loses."""
    return 1 if beats[rank] >> foe_rank & 1 else 0 if rank == foe_rank else -1


def _subset_sums(values: list[float]) -> list[float]:
    """The sum over every subset of five values, by a 5-bit index."""
    sums = [0.0] * 32
    for index in range(1, 32):
        low = index & -index  # add the lowest value of the set to the sum of the others
        sums[index] = sums[index - low] + values[low.bit_length() - 1]
    return sums


def _worth(mine: float, theirs: float, x: _Situation) -> float:
    """The net points of an outcome, with a bonus or penalty for ending the round at the cap."""
    value = mine - theirs
    if not x.near_cap:
        return value
    me, foe = x.scores[0] + mine, x.scores[1] + theirs
    if me >= x.cap and me > foe:
        value += CAP_BONUS
    elif foe >= x.cap and foe >= me:
        value -= CAP_BONUS
    return value


class HeuristicBot:
    """Follows the houses' strategy notes; see the module docstring."""

    name = "heuristic"

    def __init__(self, game: Any, seed: int = 0) -> None:
        """``seed`` is accepted like every bot's; this bot is deterministic and needs none."""
        opts = game.options
        self.cap = opts.cap
        self.ks_table, self.qs_table = opts.ks_mode == "table", opts.qs_mode == "table"
        self.xs_requires_win = opts.xs_requires_win
        self.foe_still_loses = opts.steal_when_stealer_locked == "foe_still_loses"
        table_key = (opts.ace_is_face, opts.cap, self.ks_table, self.qs_table,
                     self.xs_requires_win, self.foe_still_loses)
        tables = _TABLES.get(table_key)
        if tables is None:
            beats = beats_mask(opts.ace_is_face)

            loses = [sum(1 << b for b in RANKS if beats[b] >> a & 1) for a in range(15)]
            numbered = [tuple(next((r for r in range(2, 11) if _result(beats, rank, r) == res), 0)
                              for res in (1, 0, -1)) for rank in range(15)]
            tables = _TABLES[table_key] = (beats, loses, {}, {}, {}, numbered)
        # shared by every bot of these options: bots are made for every simulated match
        (self.beats, self.loses, self.typical, self.typical_by_suit, self.memo,
         self.numbered) = tables
        self.faces = face_ranks(opts.ace_is_face)
        self.face_mask = sum(1 << r for r in self.faces)

    def choose(self, decision: Any) -> Any:
        legal = decision.legal
        first = legal[0]
        if len(legal) == 1:
            return first
        if isinstance(first, Play):
            view = decision.body
            if view["chaos"]:
                return self._pick_for_foe(view, legal)
            return self._commit(view, decision.player, legal)
        opening = cut_choice(legal)
        if opening is not None:
            return opening
        if first is CHAOS:
            return first
        return self._answer_ultimatum(decision.body, decision.player)

    # ---- the Joker♠ Ultimatum -----------------------------------------------------------

    def _answer_ultimatum(self, view: dict[str, Any], me: int) -> Any:
        """Pick whichever choice changes nothing; otherwise keep the Joker's owner off the cap."""
        give, lose = ULTIMATUM_CHOICES
        foe = 1 - me
        scores, locked = view["scores"], view["locked"]
        if locked[me] or scores[me] == 0:
            return lose
        if locked[foe]:
            return give
        return lose if scores[foe] + 1 >= self.cap or scores[me] > scores[foe] else give

    # ---- commits -------------------------------------------------------------------------

    def _situation(self, view: dict[str, Any], me: int) -> _Situation:
        foe = 1 - me
        scores, locked = view["scores"], view["locked"]
        decks, discards = view["deck_sizes"], view["discards"]
        return _Situation((scores[me], scores[foe]), self.cap, (locked[me], locked[foe]),
                          (len(discards[foe]) >= 7, len(discards[me]) >= 7),
                          (decks[foe] >= 7, decks[me] >= 7), 0 if view["lead"] == me else 1)

    def predict(self, view: dict[str, Any], me: int, card: Card, foe_card: Card) -> tuple[int, int]:
        """The points (mine, the foe's) this bot's copy of the rules expects when ``card`` meets
        ``foe_card`` now, a Joker♠ Ultimatum answered 'foe+1'. A differential test holds this
        copy to the engine."""
        return self._trick(card.suit, card.rank, foe_card.suit, foe_card.rank,
                           self._situation(view, me))

    def _trick(self, suit: str, rank: int, foe_suit: str, foe_rank: int, x: _Situation,
               foe_power: bool = True) -> tuple[int, int]:
        """The points (mine, the foe's) when my card meets the foe's: nullify, locks, the
        powers in order, the base point, the after-scoring checks (``foe_power`` False: the
        foe's card is a plain card of its rank)."""
        faces = self.faces
        res = _result(self.beats, rank, foe_rank)
        if rank not in POWER_ORDER and (foe_rank not in POWER_ORDER or not foe_power):
            if res == 0 or x.locked[0 if res > 0 else 1]:  # two plain cards: the base point
                return 0, 0
            return (1, 0) if res > 0 else (0, 1)
        cards = ((suit, rank, res), (foe_suit if foe_power else "", foe_rank, -res))
        null = (foe_suit == "♣" and foe_rank == JACK and rank in faces and foe_power,
                suit == "♣" and rank == JACK and foe_rank in faces)
        scores = list(x.scores)
        locked = list(x.locked)
        for p, (s, r, won) in enumerate(cards):
            if null[p]:
                continue
            if s == "♥" and r == QUEEN and won < 0 or s == "♣" and r == QUEEN and won >= 0:
                locked[1 - p] = True
            elif s == "♣" and r == JOKER:
                locked[0] = locked[1] = True
        foe_still_loses = self.foe_still_loses

        first, second = POWER_ORDER.get(rank, 9), POWER_ORDER.get(foe_rank, 9)
        for p in (0, 1) if first < second or first == second and x.lead == 0 else (1, 0):
            s, r, won = cards[p]
            if null[p] or r not in POWER_ORDER:
                continue
            foe = 1 - p
            if s == "♠":
                if r == ACE and won < 0:
                    _steal(scores, locked, p, foe_still_loses)
                elif r == KING and won > 0:
                    _add(scores, locked, p, 1)
                elif r == QUEEN and self.qs_table:
                    if won > 0:
                        _add(scores, locked, p, 1)
                    if scores[p] > scores[foe]:
                        _add(scores, locked, foe, 2)
                elif r == JACK and cards[foe][1] in faces:
                    _add(scores, locked, foe, -1)
                elif r == JOKER and (won > 0 or not self.xs_requires_win):
                    _add(scores, locked, p, 1)
            elif s == "♥":
                if r == ACE and won < 0:
                    _add(scores, locked, p, 2 if x.half_discard[p] else 1)
                elif r == KING and won < 0:
                    _steal(scores, locked, p, foe_still_loses)
                elif r == JACK and won >= 0:
                    _add(scores, locked, p, 1)
                elif r == JOKER:
                    _add(scores, locked, p, 2)
                    if won > 0:
                        _add(scores, locked, p, 1)
            elif s == "♦":
                if r == ACE:
                    _add(scores, locked, p, 1 if won > 0 else -1 if won < 0 else 3)
                elif r == KING and won > 0:
                    _steal(scores, locked, p, foe_still_loses)
                elif r == QUEEN:
                    if x.scores[p] > x.scores[foe]:
                        _add(scores, locked, p, 1)
                    if won > 0:
                        _add(scores, locked, p, 1)
                elif r == JACK and won < 0:
                    _add(scores, locked, foe, -1)
            elif s == "♣":
                if r == ACE and won <= 0:
                    _add(scores, locked, p, 2 if x.half_deck[p] else 1)
                elif r == KING:
                    if won >= 0:
                        _add(scores, locked, p, 2)
                    if scores[foe] < scores[p]:
                        _add(scores, locked, foe, 1)
                elif r == QUEEN and won < 0:
                    _add(scores, locked, p, 1)
                elif r == JACK and won == 0:
                    _add(scores, locked, p, 1)
        if res:
            _add(scores, locked, 0 if res > 0 else 1, 1)
        for p, (s, r, _) in enumerate(cards):
            if s != "♠" or null[p]:
                continue
            mine, theirs = scores[p], scores[1 - p]
            if r == KING and (mine < theirs or mine == theirs and not self.ks_table):
                _add(scores, locked, p, -1)
            elif r == QUEEN and not self.qs_table and mine > theirs:
                _add(scores, locked, p, 1)
                _add(scores, locked, 1 - p, 2)
        return scores[0] - x.scores[0], scores[1] - x.scores[1]

    def _typical(self, suit: str, rank: int) -> float:
        """The card's value in a level, early position against the foe's full suit."""
        key = (suit, rank)
        value = self.typical.get(key)
        if value is None:
            neutral = _Situation((3, 3), 1000)
            points = [self._trick(suit, rank, "", foe_rank, neutral, False) for foe_rank in RANKS]
            value = self.typical[key] = sum(mine - theirs for mine, theirs in points) / len(RANKS)
        return value

    def _typical_of(self, suit: str) -> list[float]:
        """Typical values of a suit's cards by rank (a list: looked up every decision)."""
        values = self.typical_by_suit.get(suit)
        if values is None:
            values = self.typical_by_suit[suit] = [self._typical(suit, r) if r in RANKS else 0.0
                                                   for r in range(15)]
        return values

    def _commit(self, view: dict[str, Any], me: int, legal: list[Any]) -> Any:
        foe = 1 - me
        suit, foe_suit = view["suits"][me], view["suits"][foe]
        foe_mask = FULL - sum(map(BIT.__getitem__, view["discards"][foe]))  # distinct bits
        n = foe_mask.bit_count()
        numbers = foe_mask & NUMBERS
        count = numbers.bit_count()
        powers = (foe_mask >> JACK) | (foe_mask & 1) << 4  # J Q K A X as bits 0-4
        scores, locked, decks = view["scores"], view["locked"], view["deck_sizes"]
        half = (decks[foe] >= 7, n <= 7, decks[me] >= 7, len(view["discards"][me]) >= 7)
        situation = (foe_suit, scores[me], scores[foe], half, locked[me], locked[foe])
        by_lead = 3 if view["lead"] == me else 4  # the lead orders two powers of one rank
        tables = self.memo.get(situation)
        if tables is None:
            if len(self.memo) > MEMO_LIMIT:
                self.memo.clear()
            tables = self.memo[situation] = {}
        beats = self.beats
        typical = self._typical_of(suit)
        best, best_score = legal[0], -1e9
        for action in legal:
            if action.privilege:
                continue
            card = action.card
            rank = card.rank
            table = tables.get(card._text)
            if table is None:
                table = tables[card._text] = self._card_table(view, me, card)
            wins = (beats[rank] & numbers).bit_count()
            ties = numbers >> rank & 1
            value = (wins * table[0] + ties * table[1] + (count - wins - ties) * table[2]
                     + table[by_lead][powers])
            score = value / n - KEEP * typical[rank]
            if score > best_score:
                best, best_score = action, score
        if len(legal) > len(view["hand"]):
            return self._privilege(view, me, suit, best, legal, foe_mask)
        return best

    def _card_table(self, view: dict[str, Any], me: int, card: Any) -> tuple[Any, ...]:
        """What ``card`` is worth in this situation: against a foe numbered card that it beats,
        ties or loses to, and against each set of the foe's power cards (by a 5-bit index),
        when the bot leads and when the foe does. Depends only on the card, the scores, the half
        piles and the locks, so it is memoized."""
        x = self._situation(view, me)
        x.lead = 0
        suit, rank = card.suit, card.rank
        foe_suit = view["suits"][1 - me]
        outcomes = []
        for foe_rank in self.numbered[rank]:  # a numbered card my card beats, ties, loses to
            mine, theirs = self._trick(suit, rank, foe_suit, foe_rank, x) if foe_rank else (0, 0)
            outcomes.append(_worth(mine, theirs, x))
        pairs = []
        for foe_rank in POWER_RANKS:
            mine, theirs = self._trick(suit, rank, foe_suit, foe_rank, x)
            pairs.append(_worth(mine, theirs, x))
        sums = _subset_sums(pairs)
        if rank not in POWER_RANKS:
            return outcomes[0], outcomes[1], outcomes[2], sums, sums
        x.lead = 1
        mine, theirs = self._trick(suit, rank, foe_suit, rank, x)
        pairs[POWER_RANKS.index(rank)] = _worth(mine, theirs, x)
        return outcomes[0], outcomes[1], outcomes[2], sums, _subset_sums(pairs)

    def _privilege(self, view: dict[str, Any], me: int, suit: str, best: Play,
                   legal: list[Any], foe_mask: int) -> Play:
        """Declare the House Privilege with the chosen numbered card when it likely pays."""
        rank = best.card.rank
        if not 2 <= rank <= 10:
            return best
        n = foe_mask.bit_count() or 1
        win = (self.beats[rank] & foe_mask).bit_count() / n
        lose = (self.loses[rank] & foe_mask).bit_count() / n
        late = view["trick"] >= 11
        predict = None
        if suit == "♦":
            odd = sum(foe_mask >> r & 1 for r in (3, 5, 7, 9))
            even = sum(foe_mask >> r & 1 for r in (2, 4, 6, 8, 10))
            face = n - odd - even
            counts = {"odd": odd, "even": even, "face": face}
            predict = max(counts, key=counts.get)  # type: ignore[arg-type]
            use = counts[predict] / n >= 0.45 or late
        elif suit == "♥":
            use = lose >= 0.5 or late
        elif suit == "♠":
            use = view["scores"][me] < view["scores"][1 - me] and win >= 0.5 or late
        else:
            use = lose >= 0.6 or late
        if not use:
            return best
        wanted = Play(best.card, True, predict)
        return next((action for action in legal if action == wanted), best)

    def _pick_for_foe(self, view: dict[str, Any], legal: list[Any]) -> Any:
        """Market Chaos, open choice: hand the foe the card that is worth least to them."""
        return min(legal, key=lambda a: self._typical(a.card.suit, a.card.rank))
