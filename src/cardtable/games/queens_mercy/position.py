"""Positions (the whole state as JSON-ready data), their validation, and determinization."""

from __future__ import annotations

from typing import Any, Mapping

from cardtable.core import Card, InvalidPositionError, Rng
from cardtable.core.cards import RANK_LABELS, SUITS
from cardtable.core.positions import card_texts, read_int, read_pair, reading

from cardtable.games.queens_mercy.actions import Play, parse, play
from cardtable.games.queens_mercy.cards import suit_of_14
from cardtable.games.queens_mercy.rules import derive
from cardtable.games.queens_mercy.phases import OVER, PHASES, ROYAL, TRICK, ULTIMATUM
from cardtable.games.queens_mercy.state import HAND, TRICKS, QueensMercyState

KEYS = ("phase", "actor", "rng", "moves", "tricks_done", "cut", "royal", "shaper", "field", "suits", "round",
        "trick", "lead", "scores", "tokens", "locked", "chaos", "privilege_used", "hands",
        "decks", "discards", "committed", "seen", "before", "pending_index", "last_trick",
        "rounds")
LAST_KEYS = frozenset({"round", "trick", "cards", "declared", "winner", "before", "scores"})
_RANK_OF = {label: rank for rank, label in RANK_LABELS.items()}


def write_position(s: QueensMercyState) -> dict[str, Any]:
    """Everything, hidden cards included; decks are listed bottom first (the top is last)."""
    return {
        "game": s.game.name, "phase": PHASES[s.phase], "actor": s.actor, "rng": s.rng.state,
        "moves": s.moves, "tricks_done": s.tricks_done, "cut": None if s.cut is None else [RANK_LABELS[r] for r in s.cut],
        "royal": s.royal, "shaper": s.shaper, "field": list(s.field) if s.field else None,
        "suits": list(s.suits), "round": s.round_no, "trick": s.trick, "lead": s.lead,
        "scores": s.scores[:], "tokens": s.tokens[:], "locked": s.locked[:], "chaos": s.chaos,
        "privilege_used": s.priv_used[:], "hands": [card_texts(h) for h in s.hands],
        "decks": [card_texts(d) for d in s.decks], "discards": [card_texts(d) for d in s.discards],
        "committed": [None if a is None else str(a) for a in s.committed],
        "seen": [card_texts(c) for c in s.seen], "before": s.pre[:],
        "pending_index": s.pending_index, "last_trick": s.last,
        "rounds": [row[:] for row in s.history],
    }


def read_position(game: Any, data: Mapping[str, Any]) -> QueensMercyState:
    """A state from a position, refusing anything the rules cannot reach."""
    game.check_position_keys(data, KEYS)
    with reading("Queen's Mercy"):
        return _read(game, data)


def _seat(value: Any, what: str) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise InvalidPositionError(f"{what} must be a seat, 0 or 1, not {value!r}")
    return value


def _read(game: Any, data: Mapping[str, Any]) -> QueensMercyState:
    s = QueensMercyState(game)
    opts = game.options
    if data["phase"] not in PHASES:
        raise InvalidPositionError(f"unknown phase {data['phase']!r} (one of {', '.join(PHASES)})")
    s.phase = PHASES.index(data["phase"])
    s.actor = _seat(data["actor"], "actor")
    s.rng = Rng(read_int(data["rng"], "rng state"))
    s.moves = read_int(data["moves"], "moves")
    s.tricks_done = read_int(data["tricks_done"], "tricks_done")
    s.cut = None if data["cut"] is None else [_RANK_OF[label] for label in read_pair(data["cut"], "cut")]
    s.royal = data["royal"]
    if s.royal not in (None, "shape", "claim"):
        raise InvalidPositionError(f"royal choice must be shape or claim, not {s.royal!r}")
    s.shaper = _seat(data["shaper"], "shaper")
    s.field = None if data["field"] is None else parse(f"shape {' '.join(data['field'])}").suits
    s.lead = _seat(data["lead"], "lead")
    s.round_no = read_int(data["round"], "round", 1)
    s.trick = read_int(data["trick"], "trick", 1, TRICKS)
    s.chaos = bool(data["chaos"])
    s.pending_index = read_int(data["pending_index"], "pending_index", 0, 3)
    s.last = data["last_trick"]
    if s.last is not None and not (isinstance(s.last, dict) and LAST_KEYS <= set(s.last)):
        raise InvalidPositionError(f"last_trick needs the fields {', '.join(sorted(LAST_KEYS))}")
    s.history = [list(row) for row in data["rounds"]]
    s.scores = [read_int(v, "a score") for v in read_pair(data["scores"], "scores")]
    s.tokens = [read_int(v, "round tokens", 0, opts.rounds_to_win) for v in read_pair(data["tokens"], "tokens")]
    s.locked = [bool(v) for v in read_pair(data["locked"], "locked")]
    s.priv_used = [bool(v) for v in read_pair(data["privilege_used"], "privilege_used")]
    s.pre = [read_int(v, "a score before the trick") for v in read_pair(data["before"], "before")]
    suits = data["suits"]
    if s.phase < TRICK and s.cut is None:
        raise InvalidPositionError("the Queen's Cut is under way but no cut is recorded")
    if s.phase >= TRICK:
        if len(suits) != 2 or suits[0] == suits[1] or any(x not in SUITS for x in suits):
            raise InvalidPositionError(f"suits must be two different suits, not {suits!r}")
    s.suits = list(suits)
    if sum(s.tokens) > len(s.history) or len(s.history) != s.round_no - (s.phase != OVER):
        raise InvalidPositionError("round tokens and finished rounds do not agree with the round number")
    if s.phase == OVER:
        t0, t1 = s.tokens
        s.winner = None if t0 == t1 else 0 if t0 > t1 else 1
    for key, target in (("hands", s.hands), ("decks", s.decks), ("discards", s.discards),
                        ("seen", s.seen)):
        for p, texts in enumerate(read_pair(data[key], key)):
            target[p] = [Card.parse(text) for text in texts]
    s.discard_texts = [[str(c) for c in pile] for pile in s.discards]
    s.committed = [None if text is None else parse(text) for text in read_pair(data["committed"], "committed")]
    if s.phase >= TRICK:
        _check_cards(s)
    if s.phase == ULTIMATUM:
        derive(s)  # results and nullify follow from the two revealed cards
    return s


def _check_cards(s: QueensMercyState) -> None:
    """Every card of each player's suit exactly once, hands and piles sized by the trick."""
    opts = s.game.options
    cap = opts.cap
    if s.phase != OVER and opts.round_end == "cap10_or_14" and max(s.scores) >= cap:
        raise InvalidPositionError(f"a score of {max(s.scores)} would have ended the round (cap {cap})")
    revealed = s.phase == ULTIMATUM
    for p in (0, 1):
        committed = s.committed[p]
        if committed is not None and not isinstance(committed, Play):
            raise InvalidPositionError(f"seat {p}'s commitment {committed} is not a card")
        if committed is not None and s.phase not in (TRICK, ULTIMATUM):
            raise InvalidPositionError("a card is committed outside a trick")
        if revealed and committed is None:
            raise InvalidPositionError("an Ultimatum needs both revealed cards")
        cards = s.hands[p] + s.decks[p] + s.discards[p]
        if revealed:
            cards.append(committed.card)  # type: ignore[union-attr]
        if s.phase == OVER:
            continue
        texts = sorted(map(str, cards))
        expected = sorted(f"{RANK_LABELS[c.rank]}{c.suit}" for c in suit_of_14(s.suits[p]))
        if texts != expected:
            twice = sorted({t for t in texts if texts.count(t) > 1})
            missing = sorted(set(expected) - set(texts))
            foreign = sorted(set(texts) - set(expected))
            raise InvalidPositionError(
                f"seat {p}'s cards are wrong (twice: {twice or '-'}, missing: {missing or '-'}, "
                f"not of suit {s.suits[p]}: {foreign or '-'})")
        played = s.trick - 1
        if len(s.discards[p]) != played:
            raise InvalidPositionError(f"seat {p} has {len(s.discards[p])} discards in trick {s.trick}")
        in_hand = min(HAND, TRICKS - played) - revealed
        if len(s.hands[p]) != in_hand:
            raise InvalidPositionError(f"seat {p} holds {len(s.hands[p])} cards; trick {s.trick} needs {in_hand}")
        if committed is not None and not revealed and committed.card not in s.hands[p]:
            raise InvalidPositionError(f"the committed {committed.card} is in no hand")
        if any(card not in s.hands[1 - p] for card in s.seen[p]):
            raise InvalidPositionError(f"seat {p} is said to know foe cards not in the foe's hand")
        if s.chaos and s.open_chaos and s.phase == TRICK and len(s.seen[p]) != len(s.hands[1 - p]):
            raise InvalidPositionError("in an open Market Chaos trick both hands are held up (seen)")


def sample_hidden(s: QueensMercyState, player: int, rng: Rng) -> QueensMercyState:
    """Re-deal what ``player`` cannot see: their own deck's order, the foe's unseen hand cards
    and deck, and the foe's face-down commitment; the game's generator is reseeded."""
    sample = s.clone()
    sample.rng = Rng(rng.next_u64())
    if s.phase == ROYAL or not s.suits or s.phase == OVER:
        return sample
    foe = 1 - player
    rng.shuffle(sample.decks[player])
    known = s.seen[player]
    unknown = [card for card in s.hands[foe] if card not in known] + s.decks[foe]
    rng.shuffle(unknown)
    take = len(s.hands[foe]) - len(known)
    sample.hands[foe] = list(known) + unknown[:take]
    sample.decks[foe] = unknown[take:]
    if s.phase != TRICK:
        return sample
    if s.chaos and s.open_chaos:
        if s.committed[player] is not None:  # picked for this player by the foe, unseen
            hand = sample.hands[player]
            sample.committed[player] = play(hand[rng.below(len(hand))])
    elif s.committed[foe] is not None:
        sample.committed[foe] = None
        options = sample.legal_actions(foe)
        sample.committed[foe] = options[rng.below(len(options))]
        if sample.committed[foe] is not None and not isinstance(sample.committed[foe], Play):
            hand = sample.hands[foe]
            sample.committed[foe] = play(hand[rng.below(len(hand))])
    return sample
