"""Positions: the whole match as JSON-ready data, and the reader that refuses any position the
rules cannot reach. ``docs/positions/queens-mercy.md`` describes every field.

Cards are written by their codes ("X♠"); decks and discard piles are listed top card first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Game, InvalidPositionError, Rng
from cardtable.core.cards import RANK_LABELS, SUITS
from cardtable.core.positions import (
    card_texts,
    read_bool,
    read_cards,
    read_int,
    read_pair,
    reading,
    shown,
)
from cardtable.games.queens_mercy import powers
from cardtable.games.queens_mercy.actions import Play, parse_action
from cardtable.games.queens_mercy.cards import PREDICTIONS, suit_of_14
from cardtable.games.queens_mercy.match import (
    CUT,
    DECIDING,
    HAND,
    OVER,
    PHASES,
    ROYAL,
    SHAPE,
    TRICK,
    TRICKS,
    ULTIMATUM,
    LastTrick,
    Match,
    Phase,
)
from cardtable.games.queens_mercy.rules import cut_winner, legal_actions

KEYS = ("phase", "turn", "rng", "tricks_done", "cut", "royal", "shaper", "field", "suits",
        "round", "trick", "lead", "scores", "tokens", "locked", "chaos", "privilege_used",
        "hands", "decks", "discards", "committed", "seen", "before", "pending_index",
        "last_trick", "rounds")
"""The fields after the common header (``game``, ``options``, ``moves``), in order."""
LAST_KEYS = ("round", "trick", "cards", "declared", "winner", "before", "scores")
"""The fields of ``last_trick``."""
_RANK_OF = {label: rank for rank, label in RANK_LABELS.items()}
_DECLARATIONS = ("", "privilege", *(f"privilege {guess}" for guess in PREDICTIONS))
_RNG_LIMIT = 2**64 - 1


def write_position(m: Match, header: dict[str, Any]) -> dict[str, Any]:
    """Everything, hidden cards and the generator included, after the common ``header``."""
    cut_settled = m.phase is not ROYAL
    return {
        **header,
        "phase": m.phase.value,
        "turn": m.actor if m.phase in DECIDING else None,
        "rng": m.rng.state,
        "tricks_done": m.tricks_done,
        "cut": None if m.cut is None else [RANK_LABELS[r] for r in m.cut],
        "royal": m.royal,
        "shaper": m.shaper if cut_settled else None,
        "field": list(m.field) if m.field else None,
        "suits": list(m.suits),
        "round": m.round_no,
        "trick": m.trick,
        "lead": m.lead if m.suits else None,
        "scores": m.scores[:],
        "tokens": m.tokens[:],
        "locked": m.locked[:],
        "chaos": m.chaos,
        "privilege_used": m.priv_used[:],
        "hands": [card_texts(hand) for hand in m.hands],
        "decks": [card_texts(reversed(deck)) for deck in m.decks],
        "discards": [card_texts(reversed(pile)) for pile in m.discards],
        "committed": [None if a is None else a.code for a in m.committed],
        "seen": [card_texts(cards) for cards in m.seen],
        "before": m.pre[:] if m.phase is ULTIMATUM else None,
        "pending_index": m.pending_index,
        "last_trick": None if m.last is None else {
            **m.last, "cards": m.last["cards"][:], "declared": m.last["declared"][:],
            "before": m.last["before"][:], "scores": m.last["scores"][:]},
        "rounds": [row[:] for row in m.history],
    }


def read_position(m: Match, game: Game[Any], data: Mapping[str, Any]) -> None:
    """Fill the fresh match ``m`` from a position of ``game``, or refuse it."""
    m.moves = game.read_position_header(data, KEYS)
    with reading("Queen's Mercy"):
        _read(m, data)


def _fail(message: str) -> InvalidPositionError:
    return InvalidPositionError(message)


def _seat(value: Any, what: str) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise _fail(f"{what} must be a seat, 0 or 1, not {value!r}")
    return int(value)


def _read(m: Match, data: Mapping[str, Any]) -> None:
    if not isinstance(data["phase"], str) or data["phase"] not in PHASES:
        raise _fail(f"unknown phase {data['phase']!r} (one of {', '.join(PHASES)})")
    m.phase = Phase(data["phase"])
    m.rng = Rng(read_int(data["rng"], "rng", 0, _RNG_LIMIT))
    m.tricks_done = read_int(data["tricks_done"], "tricks_done")
    m.round_no = read_int(data["round"], "round", 1)
    m.trick = read_int(data["trick"], "trick", 1, TRICKS)
    m.scores = [read_int(v, "a score") for v in read_pair(data["scores"], "scores")]
    m.tokens = [read_int(v, "round tokens") for v in read_pair(data["tokens"], "tokens")]
    m.locked = [read_bool(v, "locked") for v in read_pair(data["locked"], "locked")]
    m.chaos = read_bool(data["chaos"], "chaos")
    m.priv_used = [read_bool(v, "privilege_used") for v in
                   read_pair(data["privilege_used"], "privilege_used")]
    m.pending_index = read_int(data["pending_index"], "pending_index", 0, 3)
    for key, target in (("hands", m.hands), ("decks", m.decks), ("discards", m.discards),
                        ("seen", m.seen)):
        for p, texts in enumerate(read_pair(data[key], key)):
            target[p] = read_cards(texts, f"{key} of seat {p}")
    for pile in (m.decks, m.discards):  # written top first, kept top last
        pile[0].reverse()
        pile[1].reverse()
    m.discard_codes = [card_texts(pile) for pile in m.discards]
    m.committed = [_commit(text) for text in read_pair(data["committed"], "committed")]
    m.history = _rounds(m, data["rounds"])
    if m.phase in CUT:
        _read_cut_phase(m, data)
        return
    _read_suits(m, data)
    _check_match(m)
    _check_cards(m)
    _read_trick(m, data)


def _commit(text: Any) -> Play | None:
    if text is None:
        return None
    action = parse_action(text) if isinstance(text, str) else None
    if not isinstance(action, Play):
        raise _fail(f"a commitment is a card (with its declaration) or null, not {text!r}")
    return action


def _rounds(m: Match, rows: Any) -> list[list[Any]]:
    """Finished rounds, each [score, score, winner] with the winner the rules give."""
    if not isinstance(rows, list):
        raise _fail("rounds must be a list of finished rounds")
    history = []
    for row in rows:
        if not isinstance(row, list) or len(row) != 3:
            raise _fail(f"a finished round is [score, score, winner], not {shown(row)}")
        s0, s1 = read_int(row[0], "a round's score"), read_int(row[1], "a round's score")
        opts = m.opts
        drawn = s0 == s1 or opts.tie_def == "no_one_reached_cap" and max(s0, s1) < opts.cap
        won = None if drawn else 0 if s0 > s1 else 1
        if isinstance(row[2], bool) or row[2] != won:
            raise _fail(f"the round {shown(row)} was won by {won!r} under these options")
        history.append([s0, s1, won])
    return history


def _read_cut_phase(m: Match, data: Mapping[str, Any]) -> None:
    """The Queen's Cut under way: nothing dealt, nothing scored, the decider on turn."""
    if m.opts.suits is not None:
        raise _fail("with fixed suits there is no Queen's Cut")
    _read_cut(m, data)
    empty = (m.hands, m.decks, m.discards, m.seen)
    if (any(pile for piles in empty for pile in piles) or m.committed != [None, None]
            or data["suits"] != [] or m.history or m.round_no != 1 or m.trick != 1
            or m.tricks_done or m.scores != [0, 0] or m.tokens != [0, 0] or any(m.locked)
            or m.chaos or any(m.priv_used) or data["lead"] is not None
            or data["last_trick"] is not None or data["before"] is not None
            or m.pending_index):
        raise _fail("during the Queen's Cut nothing is dealt, played or scored yet (suits [], "
                    "lead, last_trick and before null)")
    if m.phase is ROYAL:
        expected = cut_winner(m)
    else:
        expected = m.shaper if m.phase is SHAPE else 1 - m.shaper
    m.actor = _turn(data["turn"], expected, m.phase.value)


def _read_cut(m: Match, data: Mapping[str, Any]) -> None:
    """The cut's two ranks, the royal choice, the shaper and the field, as far as the phase
    has come."""
    cut = read_pair(data["cut"], "cut")
    if (any(not isinstance(label, str) or label not in _RANK_OF for label in cut)
            or cut[0] == cut[1]):
        raise _fail(f"the cut is two different ranks, seat 0's then seat 1's, not {cut!r}")
    m.cut = [_RANK_OF[label] for label in cut]
    winner = cut_winner(m)
    royal, shaper, field = data["royal"], data["shaper"], data["field"]
    if m.phase is ROYAL:
        if royal is not None or shaper is not None or field is not None:
            raise _fail("before the royal choice, royal, shaper and field are null")
        return
    if not isinstance(royal, str) or royal not in ("shape", "claim"):
        raise _fail(f"royal is the cut winner's choice, shape or claim, not {royal!r}")
    m.royal = royal
    m.shaper = winner if royal == "shape" else 1 - winner
    if _seat(shaper, "shaper") != m.shaper:
        raise _fail(f"player {winner} won the cut and chose to {royal}: the shaper is {m.shaper}")
    if m.phase is SHAPE:
        if field is not None:
            raise _fail("the field is null until the shaper names it")
        return
    if (not isinstance(field, list) or len(field) != 2 or any(s not in SUITS for s in field)
            or SUITS.index(field[0]) >= SUITS.index(field[1])):
        raise _fail(f"the field is two different suits in the order ♠ ♥ ♦ ♣, not {field!r}")
    m.field = (field[0], field[1])


def _turn(value: Any, expected: int, phase: str) -> int:
    if _seat(value, "turn") != expected:
        raise _fail(f"in the {phase} phase it is player {expected}'s turn, not {value!r}")
    return expected


def _read_suits(m: Match, data: Mapping[str, Any]) -> None:
    """The houses in play, from the cut or the fixed ``suits`` option, and the trick lead."""
    suits = data["suits"]
    if (not isinstance(suits, list) or len(suits) != 2 or suits[0] == suits[1]
            or any(not isinstance(s, str) or s not in SUITS for s in suits)):
        raise _fail(f"suits must be two different suits, not {suits!r}")
    m.suits = list(suits)
    fixed = m.opts.suits
    if fixed is not None:
        if data["cut"] is not None or data["royal"] is not None or data["field"] is not None:
            raise _fail("with fixed suits there is no cut: cut, royal and field are null")
        if tuple(suits) != fixed or _seat(data["shaper"], "shaper") != m.opts.shaper:
            raise _fail(f"the options fix suits {list(fixed)} and shaper {m.opts.shaper}")
        m.shaper = m.opts.shaper
    else:
        _read_cut(m, data)
        assert m.field is not None
        if set(suits) != set(m.field):
            raise _fail(f"the suits {suits} are not the shaped field {list(m.field)}")
    m.lead = _seat(data["lead"], "lead")


def _check_match(m: Match) -> None:
    """Round tokens, finished rounds, the round number and the end of the match agree."""
    opts = m.opts
    for p in (0, 1):
        if m.tokens[p] != sum(1 for row in m.history if row[2] == p):
            raise _fail("round tokens and finished rounds do not agree")
    over = m.phase is OVER
    if len(m.history) != m.round_no - (not over):
        raise _fail(f"round {m.round_no} needs {m.round_no - (not over)} finished rounds")
    ended = max(m.tokens) >= opts.rounds_to_win or (
        opts.max_rounds is not None and len(m.history) >= opts.max_rounds)
    if ended != over:
        raise _fail("the match is over exactly when a player holds enough round tokens "
                    "(or max_rounds were played)")
    if over:
        t0, t1 = m.tokens
        m.winner = None if t0 == t1 else 0 if t0 > t1 else 1
    if m.tricks_done < m.trick - 1 + len(m.history) or m.moves < 2 * m.tricks_done:
        raise _fail("tricks_done and moves are fewer than the tricks played")


def _check_cards(m: Match) -> None:
    """Every card of each house exactly once; hands and piles sized by the trick."""
    revealed = m.phase is ULTIMATUM
    played = m.trick - 1 + (m.phase is OVER)
    for p in (0, 1):
        cards = m.hands[p] + m.decks[p] + m.discards[p]
        committed = m.committed[p]
        if revealed:
            if committed is None:
                raise _fail("an Ultimatum needs both revealed cards")
            cards.append(committed.card)
        texts = sorted(card_texts(cards))
        expected = sorted(card_texts(suit_of_14(m.suits[p])))
        if texts != expected:
            twice = sorted({t for t in texts if texts.count(t) > 1})
            missing = sorted(set(expected) - set(texts))
            foreign = sorted(set(texts) - set(expected))
            raise _fail(f"seat {p}'s cards are wrong (twice: {twice or '-'}, missing: "
                        f"{missing or '-'}, not of suit {m.suits[p]}: {foreign or '-'})")
        if len(m.discards[p]) != played:
            raise _fail(f"seat {p} has {len(m.discards[p])} discards; "
                        f"trick {m.trick} needs {played}")
        in_hand = min(HAND, TRICKS - played) - revealed
        if len(m.hands[p]) != in_hand:
            raise _fail(f"seat {p} holds {len(m.hands[p])} cards; trick {m.trick} needs {in_hand}")
        if not m.open_chaos and m.seen[p]:
            raise _fail("only an open Market Chaos shows the foe's cards (seen)")
        if any(card not in m.hands[1 - p] for card in m.seen[p]):
            raise _fail(f"seat {p} is said to know foe cards not in the foe's hand")


def _read_trick(m: Match, data: Mapping[str, Any]) -> None:
    """The trick under way (or the last one, once the match is over): the last trick, Market
    Chaos, locks, privileges, commitments and a pending Ultimatum, each as the rules leave
    them."""
    opts = m.opts
    over, ultimatum = m.phase is OVER, m.phase is ULTIMATUM
    if ultimatum:
        m.pre = [read_int(v, "a score before the trick")
                 for v in read_pair(data["before"], "before")]
    m.last = _last_trick(m, data["last_trick"])
    last_cards = m.last["cards"] if m.last is not None else []
    if m.chaos != (not over and "X♦" in last_cards):
        raise _fail("Market Chaos is on exactly in the trick after a Joker♦ of this round")
    if m.last is not None and m.last["winner"] is not None and m.lead != 1 - m.last["winner"]:
        raise _fail(f"the loser of the last trick leads, player {1 - m.last['winner']}")
    if m.round_no == 1 and m.trick == 1 and m.lead != m.shaper:
        raise _fail("the shaper leads the first trick of the match")
    if any(m.priv_used) and not opts.house_rules:
        raise _fail("House Privileges are not in play (option house_rules)")
    if over:
        if m.committed != [None, None] or any(m.seen) or m.chaos:
            raise _fail("once the match is over nothing is committed, seen or pending")
        _check_idle(m, data)
        if m.lock_trick and any(m.locked):
            raise _fail("locks last one trick: none is left at the end")
        return
    if opts.round_end == "cap10_or_14" and max(m.pre if ultimatum else m.scores) >= m.cap:
        raise _fail(f"a score of {m.cap} or more would have ended the round (cap {m.cap})")
    if m.trick == 1 and ((m.pre if ultimatum else m.scores) != [0, 0]
                         or m.phase is TRICK and any(m.priv_used)):
        raise _fail("a round starts at 0-0 with no privilege used")
    if ultimatum:
        _read_ultimatum(m, data)
        return
    _check_idle(m, data)
    if any(m.locked) and (m.lock_trick or not any(
            code in powers.LOCKERS for pile in m.discard_codes for code in pile)):
        raise _fail("no score is locked at the start of a trick (unless a lock lasts the round "
                    "and a locking card was played)")
    for p in (0, 1):
        action = m.committed[p]
        if action is not None:
            _check_commit(m, p, action)
    if m.chaos and m.open_chaos and any(len(m.seen[p]) != len(m.hands[1 - p]) for p in (0, 1)):
        raise _fail("in an open Market Chaos trick both hands are held up (seen)")


def _check_idle(m: Match, data: Mapping[str, Any]) -> None:
    """Outside an Ultimatum nobody decides alone and nothing waits in the middle of a trick."""
    if data["turn"] is not None or data["before"] is not None or m.pending_index:
        raise _fail("turn, before and pending_index are only set during an Ultimatum")


def _check_commit(m: Match, p: int, action: Play) -> None:
    """A card committed face down must have been a legal commit of seat ``p``."""
    m.committed[p] = None
    if m.chaos and not m.open_chaos:
        legal = not action.privilege and action.card in m.hands[p]
    else:
        picker = 1 - p if m.chaos else p  # under open chaos the foe picked it
        legal = action in legal_actions(m, picker)
    m.committed[p] = action
    if not legal:
        raise _fail(f"seat {p}'s commitment {action.code} is not a legal commit now")


def _last_trick(m: Match, last: Any) -> LastTrick | None:
    """The latest trick of the round: its cards on top of the discards, its result by the
    cards, its scores those standing now."""
    if m.trick == 1 and m.phase is not OVER:
        if last is not None:
            raise _fail("last_trick is null in a round's first trick")
        return None
    if not isinstance(last, dict) or sorted(last) != sorted(LAST_KEYS):
        raise _fail(f"last_trick has exactly the fields {', '.join(LAST_KEYS)}")
    cards = [m.discards[0][-1]._text, m.discards[1][-1]._text]
    number = m.trick if m.phase is OVER else m.trick - 1
    declared = read_pair(last["declared"], "last_trick declared")
    if last["round"] != m.round_no or last["trick"] != number or last["cards"] != cards:
        raise _fail(f"last_trick is round {m.round_no} trick {number}: {cards[0]} vs {cards[1]}")
    r = m.beats[m.discards[0][-1].rank][m.discards[1][-1].rank]
    winner = None if r == 0 else 0 if r > 0 else 1
    if isinstance(last["winner"], bool) or last["winner"] != winner:
        raise _fail(f"the last trick was won by {winner!r}")
    for p in (0, 1):
        said = declared[p]
        if not isinstance(said, str) or said not in _DECLARATIONS or said and (
                not m.house_rules or not 2 <= m.discards[p][-1].rank <= 10
                or ("privilege " in said) != (m.suits[p] == "♦") or not m.priv_used[p]):
            raise _fail(f"seat {p}'s declaration {said!r} in the last trick is not possible")
    before = [read_int(v, "a score before the last trick")
              for v in read_pair(last["before"], "before")]
    scores = [read_int(v, "a score after the last trick")
              for v in read_pair(last["scores"], "scores")]
    if scores != (m.pre if m.phase is ULTIMATUM else m.scores):
        raise _fail("the last trick's scores are the scores standing at this trick's start")
    return {"round": m.round_no, "trick": number, "cards": cards, "declared": list(declared),
            "winner": winner, "before": before, "scores": scores}


def _read_ultimatum(m: Match, data: Mapping[str, Any]) -> None:
    """A Joker♠ won (or, by option, was played): its owner's foe answers, then scoring goes on.
    The scores are those the trick's earlier point steps leave, replayed from ``before``."""
    a0, a1 = m.committed
    assert a0 is not None and a1 is not None
    for p, action in ((0, a0), (1, a1)):
        if action.privilege and (m.chaos or not m.priv_used[p] or not m.house_rules
                                 or not 2 <= action.card.rank <= 10
                                 or (action.predict is not None) != (m.suits[p] == "♦")):
            raise _fail(f"seat {p}'s commitment {action.code} was not a legal commit")
    powers.derive(m, a0, a1)
    owner = next((p for p, a in ((0, a0), (1, a1)) if a.card._text == "X♠"), None)
    if owner is None or (m.opts.xs_requires_win and m.res[owner] <= 0):
        raise _fail("an Ultimatum needs a Joker♠ in the trick that won it")
    m.actor = _turn(data["turn"], 1 - owner, "ultimatum")
    steps = powers.point_steps(m, a0, a1)
    index = next(i for i, (p, fn) in enumerate(steps) if p == owner and fn is m.powers["X♠"])
    if m.pending_index != index + 1:
        raise _fail(f"the Ultimatum is point step {index + 1} of this trick (pending_index)")
    locked, scores = m.locked, m.scores
    m.locked = [False, False]
    powers.lock(m, a0.card, a1.card)
    if any(mine and not given for mine, given in zip(m.locked, locked, strict=True)) or (
            m.lock_trick and m.locked != locked):
        raise _fail("the locks are those of this trick's cards (and, lasting the round, earlier)")
    m.locked, m.scores = locked, m.pre[:]
    for p, power in steps[:index]:
        power(m, p, m.res[p], (a1, a0)[p].card)
    if m.scores != scores:
        raise _fail(f"this trick's powers before the Joker♠ leave the scores at {m.scores}")
