"""The heuristic bot: plays as the rule text's "Four Houses" notes advise, from the view alone.

For each card in hand it estimates the chances to win, tie or lose against the foe's unplayed
cards (bit masks of ranks, counted with ``int.bit_count``), then the points that card's power
would bring in each case *in the present situation*: Q♠ and K♠ only pay when ahead, Hearts
powers pay on losses, A♣ is worth more while the foe's deck is half full and A♥ once the foe's
discard is, Q♦ when already ahead, X♣ freezes a trick the bot would lose. Reaching the cap first
is worth extra. It plays the card whose value now most exceeds its typical value, so strong and
situational cards are kept for the moments they are made for.

At the Queen's Cut it claims rather than shapes, claims the stronger suit (Hearts, Diamonds,
Clubs, Spades, as measured in bot-vs-bot play), and shapes Hearts and Diamonds, the closest pair.
It answers a Joker♠ Ultimatum with the choice that changes nothing when there is one (ruling 13)
and otherwise keeps the Joker's owner off the cap. House Privileges are declared when they
likely pay (Hearts on a likely loss, Spades from behind, Clubs to deny a likely foe win, Diamonds
on the likeliest class), and at the latest in the last tricks.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.cards import ACE, JACK, JOKER, KING, QUEEN
from cardtable.games.queens_mercy.actions import CHAOS, ULTIMATUM_CHOICES, Claim, Play, Royal, Shape
from cardtable.games.queens_mercy.cards import RANKS, beats_mask, face_ranks

RANK_OF = {"J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "X": JOKER}
RANK_OF.update({str(r): r for r in range(2, 11)})
FULL = sum(1 << r for r in RANKS)
NUMBERS = sum(1 << r for r in range(2, 11))
POWER_RANKS = (JACK, QUEEN, KING, ACE, JOKER)
"""The foe's power cards, in the order of their bits in a 5-bit index (J=0 ... Joker=4)."""
BIT = {label + suit: 1 << rank for label, rank in RANK_OF.items() for suit in "♠♥♦♣"}
"""A card's text to its rank's bit, for masks of the foe's unplayed ranks."""
CLAIM_ORDER = ("♥", "♦", "♣", "♠")
"""Suits the bot prefers to claim, strongest first (measured in heuristic-vs-heuristic play)."""
KEEP = 1.0
"""How much of a card's typical value the bot counts as lost by playing it now."""
CAP_BONUS = 4.0
_TABLES: dict[tuple[bool, int, tuple[bool, bool]],
              tuple[list[int], list[int], dict[Any, float], dict[str, list[float]],
                    dict[Any, dict[str, Any]]]] = {}
MEMO_LIMIT = 20_000
"""Card tables (see ``_card_table``) already worked out, by situation then card, shared by the
bots of one process: situations repeat often across matches."""


class _Situation:
    """The numbers one decision needs, read once from the view."""

    __slots__ = ("me", "foe", "foe_deck", "foe_discard", "ahead_before", "p_face", "cap",
                 "locked_me", "locked_foe", "near_cap", "ks_table", "qs_table")

    def __init__(self, me: int, foe: int, foe_deck: int, foe_discard: int, p_face: float,
                 cap: int, locked_me: bool = False, locked_foe: bool = False,
                 modes: tuple[bool, bool] = (False, False)) -> None:
        self.me, self.foe = me, foe
        self.foe_deck, self.foe_discard = foe_deck, foe_discard
        self.ahead_before = me > foe
        self.p_face = p_face
        self.cap = cap
        self.locked_me, self.locked_foe = locked_me, locked_foe
        self.near_cap = max(me, foe) + 4 >= cap  # no trick moves a score by more than 4
        self.ks_table, self.qs_table = modes  # the table readings of K♠ and Q♠


def _power(suit: str, rank: int, res: int, x: _Situation) -> tuple[float, float]:
    """(my points, foe's points) from my card's power and the base point, for result ``res``."""
    mine = 1.0 if res > 0 else 0.0
    theirs = 1.0 if res < 0 else 0.0
    foe_has = 1.0 if x.foe > 0 else 0.0
    if rank < JACK and rank != JOKER:
        return mine, theirs
    if suit == "♠":
        if rank == ACE and res < 0:
            mine, theirs = mine + foe_has, theirs - foe_has
        elif rank == KING:
            mine += 1.0 if res > 0 else 0.0
            me, foe = x.me + mine, x.foe + theirs
            if me < foe or me == foe and not x.ks_table:
                mine -= 1.0 if me > 0 else 0.0
        elif rank == QUEEN and x.qs_table:
            if res > 0:
                mine += 1.0
            if x.me + (1.0 if res > 0 else 0.0) > x.foe:
                theirs += 2.0
        elif rank == QUEEN and x.me + mine > x.foe + theirs:
            mine, theirs = mine + 1.0, theirs + 2.0
        elif rank == JACK:
            theirs -= x.p_face * foe_has
        elif rank == JOKER and res > 0:
            mine += 1.0
    elif suit == "♥":
        if rank == ACE and res < 0:
            mine += 2.0 if x.foe_discard >= 7 else 1.0
        elif rank == KING and res < 0:
            mine, theirs = mine + foe_has, theirs - foe_has
        elif rank == QUEEN and res < 0:
            theirs = 0.0  # the foe is locked: no base point, no power
        elif rank == JACK and res >= 0:
            mine += 1.0
        elif rank == JOKER:
            mine += 3.0 if res > 0 else 2.0
    elif suit == "♦":
        if rank == ACE:
            mine += 1.0 if res > 0 else 3.0 if res == 0 else -1.0 if x.me > 0 else 0.0
        elif rank == KING and res > 0:
            mine, theirs = mine + foe_has, theirs - foe_has
        elif rank == QUEEN:
            mine += (1.0 if x.ahead_before else 0.0) + (1.0 if res > 0 else 0.0)
        elif rank == JACK and res < 0:
            theirs -= foe_has
    else:
        if rank == ACE and res <= 0:
            mine += 2.0 if x.foe_deck >= 7 else 1.0
        elif rank == KING:
            if res >= 0:
                mine += 2.0
            if x.foe + theirs < x.me + mine:
                theirs += 1.0
        elif rank == QUEEN:
            if res >= 0:
                theirs = 0.0
            else:
                mine += 1.0
        elif rank == JACK and res == 0:
            mine += 1.0
        elif rank == JOKER:
            mine = theirs = 0.0
    if x.locked_me:
        mine = 0.0
    if x.locked_foe:
        theirs = 0.0
    return mine, theirs


def _locks(suit: str, rank: int, res: int) -> bool:
    """Whether this card locks its foe in a trick with result ``res`` (Q♥, Q♣, Joker♣)."""
    if rank == QUEEN:
        return suit == "♥" and res < 0 or suit == "♣" and res >= 0
    return suit == "♣" and rank == JOKER


def _worth(mine: float, theirs: float, x: _Situation) -> float:
    """The net points of an outcome, with a bonus or penalty for ending the round at the cap."""
    value = mine - theirs
    me, foe = x.me + mine, x.foe + theirs
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
        self.modes = (opts.ks_mode == "table", opts.qs_mode == "table")
        table_key = (opts.ace_is_face, opts.cap, self.modes)
        tables = _TABLES.get(table_key)
        if tables is None:
            beats = beats_mask(opts.ace_is_face)
            loses = [sum(1 << b for b in RANKS if beats[b] >> a & 1) for a in range(15)]
            tables = _TABLES[table_key] = (beats, loses, {}, {}, {})
        # shared by every bot of these options: bots are made for every simulated match
        self.beats, self.loses, self.typical, self.typical_by_suit, self.memo = tables
        self.faces = face_ranks(opts.ace_is_face)
        self.face_mask = sum(1 << r for r in self.faces)

    def choose(self, decision: Any) -> Any:
        legal = decision.legal
        first = legal[0]
        if len(legal) == 1:
            return first
        if isinstance(first, Play):
            view = decision.view["body"]
            if view["chaos"]:
                return self._pick_for_foe(view, legal)
            return self._commit(view, decision.player, legal)
        if isinstance(first, Royal):
            return Royal("claim")
        if isinstance(first, Shape):
            return Shape(("♥", "♦"))
        if isinstance(first, Claim):
            suits = [action.suit for action in legal]
            return Claim(min(suits, key=CLAIM_ORDER.index))
        if first is CHAOS:
            return first
        return self._answer_ultimatum(decision.view["body"], decision.player)

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

    def _situation(self, view: dict[str, Any], me: int, foe_mask: int) -> _Situation:
        foe = 1 - me
        n = foe_mask.bit_count() or 1
        scores = view["scores"]
        return _Situation(scores[me], scores[foe], view["deck_sizes"][foe],
                          len(view["discards"][foe]), (foe_mask & self.face_mask).bit_count() / n,
                          self.cap, view["locked"][me], view["locked"][foe], self.modes)

    def _foe_situation(self, view: dict[str, Any], me: int) -> _Situation:
        """The same trick seen from the foe's side (for the foe's powers)."""
        foe = 1 - me
        scores, locked = view["scores"], view["locked"]
        return _Situation(scores[foe], scores[me], view["deck_sizes"][me],
                          len(view["discards"][me]), 0.0, self.cap, locked[foe], locked[me],
                          self.modes)

    def _value(self, suit: str, rank: int, foe_mask: int, x: _Situation) -> float:
        """Expected worth of this card's own power and base point against a uniformly unknown
        foe card (the foe's powers left out: used for a card's typical worth)."""
        n = foe_mask.bit_count()
        wins = (self.beats[rank] & foe_mask).bit_count()
        ties = foe_mask >> rank & 1
        value = 0.0
        for res, count in ((1, wins), (0, ties), (-1, n - wins - ties)):
            if count:
                mine, theirs = _power(suit, rank, res, x)
                value += count * (_worth(mine, theirs, x) if x.near_cap else mine - theirs)
        return value / n

    def _pair(self, suit: str, rank: int, foe_suit: str, foe_rank: int, x: _Situation,
              xf: _Situation) -> float:
        """The net worth of my card against one foe power card: both powers, nullify, locks."""
        res = 1 if self.beats[rank] >> foe_rank & 1 else 0 if rank == foe_rank else -1
        faces = self.faces
        mine_null = foe_suit == "♣" and foe_rank == JACK and rank in faces
        foe_null = suit == "♣" and rank == JACK and foe_rank in faces
        my_base, foe_base = (1.0 if res > 0 else 0.0), (1.0 if res < 0 else 0.0)
        mine, theirs = (my_base, foe_base) if mine_null else _power(suit, rank, res, x)
        if foe_null:
            f_mine, f_theirs = foe_base, my_base
        else:
            if foe_suit == "♠" and foe_rank == JACK:  # Intimidate reads my card, known here
                xf.p_face = 1.0 if rank in faces else 0.0
            f_mine, f_theirs = _power(foe_suit, foe_rank, -res, xf)
        my_total = mine + f_theirs - my_base
        foe_total = theirs + f_mine - foe_base
        locked_me, locked_foe = x.locked_me, x.locked_foe
        if not mine_null:
            locked_foe = locked_foe or _locks(suit, rank, res)
            locked_me = locked_me or (suit == "♣" and rank == JOKER)
        if not foe_null:
            locked_me = locked_me or _locks(foe_suit, foe_rank, -res)
            locked_foe = locked_foe or (foe_suit == "♣" and foe_rank == JOKER)
        if locked_me:
            my_total = 0.0
        if locked_foe:
            foe_total = 0.0
        return _worth(my_total, foe_total, x) if x.near_cap else my_total - foe_total

    def _typical(self, suit: str, rank: int) -> float:
        """The card's value in a level, early position against the foe's full suit."""
        key = (suit, rank)
        value = self.typical.get(key)
        if value is None:
            neutral = _Situation(3, 3, 6, 6, 5 / 14, 1000, modes=self.modes)
            value = self.typical[key] = self._value(suit, rank, FULL, neutral)
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
                     + table[3][powers])
            score = value / n - KEEP * typical[rank]
            if score > best_score:
                best, best_score = action, score
        if len(legal) > len(view["hand"]):
            x = self._situation(view, me, foe_mask)
            return self._privilege(view, me, suit, best, legal, foe_mask, x)
        return best

    def _card_table(self, view: dict[str, Any], me: int, card: Any) -> tuple[Any, ...]:
        """What ``card`` is worth in this situation: against a foe numbered card that it beats,
        ties or loses to (its own power only), and against each foe power card (both powers).
        Depends only on the card, the scores, the half piles and the locks, so it is memoized."""
        x = self._situation(view, me, 0)
        xf = self._foe_situation(view, me)
        suit, rank = card.suit, card.rank
        foe_suit = view["suits"][1 - me]
        outcomes = []
        for res in (1, 0, -1):
            mine, theirs = _power(suit, rank, res, x)
            outcomes.append(_worth(mine, theirs, x) if x.near_cap else mine - theirs)
        pairs = []
        for foe_rank in POWER_RANKS:
            x.p_face = 1.0 if foe_rank in self.faces else 0.0
            pairs.append(self._pair(suit, rank, foe_suit, foe_rank, x, xf))
        # the sum over any set of the foe's power cards still unplayed, by a 5-bit index
        sums = [0.0] * 32
        for index in range(1, 32):
            low = index & -index  # add the lowest card of the set to the sum of the others
            sums[index] = sums[index - low] + pairs[low.bit_length() - 1]
        return outcomes[0], outcomes[1], outcomes[2], sums

    def _privilege(self, view: dict[str, Any], me: int, suit: str, best: Play,
                   legal: list[Any], foe_mask: int, x: _Situation) -> Play:
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
            use = x.me < x.foe and win >= 0.5 or late
        else:
            use = lose >= 0.6 or late
        if not use:
            return best
        wanted = Play(best.card, True, predict)
        return wanted if wanted in legal else best

    def _pick_for_foe(self, view: dict[str, Any], legal: list[Any]) -> Any:
        """Market Chaos, open choice: hand the foe the card that is worth least to them."""
        return min(legal, key=lambda a: self._typical(a.card.suit, a.card.rank))
