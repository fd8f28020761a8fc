"""The flow of a match: the Queen's Cut, who acts, the legal actions and why others are not,
commits, the end of each trick, round and match, and the result. How a revealed trick scores
is in ``powers``.

Every function takes the ``Match`` it changes; each action tells the events it caused into
``events``, or makes none when ``events`` is None (``State.advance``: the same change of state,
without the texts nobody would read).
"""

from __future__ import annotations

from cardtable.core import Event, Result
from cardtable.core.cards import JOKER, Card
from cardtable.games.queens_mercy import narrate, powers
from cardtable.games.queens_mercy.actions import (
    CHAOS,
    ROYAL_CHOICES,
    SHAPES,
    ULTIMATUM_CHOICES,
    Claim,
    Play,
    QueensMercyAction,
    Royal,
    Shape,
    Ultimatum,
)
from cardtable.games.queens_mercy.cards import (
    PREDICTIONS,
    RANKS,
    SUIT_NAMES,
    shuffle_14,
    suit_of_14,
)
from cardtable.games.queens_mercy.match import (
    CLAIM,
    HAND,
    OVER,
    ROYAL,
    SHAPE,
    TRICK,
    TRICKS,
    ULTIMATUM,
    LastTrick,
    Match,
)

X_DIAMONDS = Card(JOKER, "♦")
_WAITING = ((0, 1), (1,), (0,), ())
"""Seats still to commit, indexed by (seat 0 committed) + 2 * (seat 1 committed)."""


# ---- setup ---------------------------------------------------------------------------------

def start(m: Match) -> None:
    """The Queen's Cut (or the fixed suits of a study, then the first deal). ``m.rng`` is seeded."""
    opts = m.opts
    if opts.suits is not None:
        m.suits = list(opts.suits)
        m.shaper = m.lead = opts.shaper
        deal(m)
        return
    ranks = list(RANKS)  # one suit, shuffled and cut in two halves
    shuffle_14(m.rng, ranks)
    half = 1 + m.rng.below(13)  # seat 0 turns the top card, seat 1 the other half's top
    m.cut = [ranks[0], ranks[half]]
    m.actor = cut_winner(m)
    m.phase = ROYAL


def cut_winner(m: Match) -> int:
    """The seat whose card won the Queen's Cut (two cards of one suit never tie)."""
    assert m.cut is not None
    return 0 if m.beats[m.cut[0]][m.cut[1]] > 0 else 1


def deal(m: Match) -> None:
    """A new round: each player shuffles their 14 cards and draws three."""
    for p in (0, 1):
        cards = suit_of_14(m.suits[p])
        shuffle_14(m.rng, cards)
        m.hands[p] = cards[-HAND:]
        m.decks[p] = cards[:-HAND]
        m.discards[p] = []
        m.discard_codes[p] = []
        m.seen[p] = []
    m.scores = [0, 0]
    m.locked = [False, False]
    m.priv_used = [False, False]
    m.chaos = False
    m.trick = 1
    m.committed = [None, None]
    m.last = None  # its cards are back in the new round's hidden decks
    m.phase = TRICK


# ---- who acts and what they may do ---------------------------------------------------------

def to_act(m: Match) -> tuple[int, ...]:
    """Both seats until they have committed; in the other phases the deciding seat."""
    phase = m.phase
    if phase is TRICK:
        c = m.committed
        if m.chaos and m.open_chaos:  # each seat picks the foe's card
            return _WAITING[(c[1] is not None) + 2 * (c[0] is not None)]
        return _WAITING[(c[0] is not None) + 2 * (c[1] is not None)]
    if phase is OVER:
        return ()
    return (m.actor,)


def legal_actions(m: Match, player: int) -> list[QueensMercyAction]:
    """Every legal action of ``player`` now, in a stable order."""
    if player != 0 and player != 1:  # no such seat: none to act (and -1 is not seat 1)
        return []
    if m.phase is TRICK:
        plays = m.plays
        if m.chaos:
            if m.open_chaos:
                if m.committed[1 - player] is not None:
                    return []
                return [plays[card._text] for card in m.hands[1 - player]]
            return [] if m.committed[player] is not None else [CHAOS]
        if m.committed[player] is not None:
            return []
        hand = m.hands[player]
        if m.house_rules and not m.priv_used[player]:
            return _with_privileges(m, player, hand)
        actions: list[QueensMercyAction] = []
        for card in hand:  # a plain loop: this is the hottest list of the game
            actions.append(plays[card._text])
        return actions
    if player != m.actor or m.phase is OVER:
        return []
    if m.phase is ROYAL:
        return list(ROYAL_CHOICES)
    if m.phase is SHAPE:
        return list(SHAPES)
    if m.phase is CLAIM:
        assert m.field is not None
        return [Claim(suit) for suit in m.field]
    return list(ULTIMATUM_CHOICES)


def _with_privileges(m: Match, player: int, hand: list[Card]) -> list[QueensMercyAction]:
    """Every card, and each numbered card once more with the privilege declared."""
    actions: list[QueensMercyAction] = [m.plays[card._text] for card in hand]
    diamonds = m.suits[player] == "♦"
    for card in hand:
        if 2 <= card.rank <= 10:
            name = m.style.names[card._text]
            if diamonds:
                actions.extend(Play(card, True, guess, name) for guess in PREDICTIONS)
            else:
                actions.append(Play(card, True, None, name))
    return actions


def explain_illegal(m: Match, player: int, action: object) -> str:
    """Why ``action`` is not legal for ``player`` now, naming the rule in brackets."""
    phase = m.phase
    if phase is TRICK:
        return _explain_commit(m, player, action)
    if phase is OVER:
        return "the match is over [end of match]"
    choices = " or ".join(f"'{a}'" for a in legal_actions(m, m.actor))
    expected = {ROYAL: ("the cut winner chooses", "Queen's Cut: royal choice"),
                SHAPE: ("the shaper names two different suits, e.g. 'shape ♠ ♥'",
                        "Queen's Cut: shape the field"),
                CLAIM: (f"the claimer takes one of the shaped suits: {choices}",
                        "Queen's Cut: claim a suit"),
                ULTIMATUM: ("the foe answers", "Joker♠ Ultimatum")}
    text, rule = expected[phase]
    if player != m.actor:
        return f"player {m.actor} decides now, not player {player} [{rule}]"
    if phase in (ROYAL, ULTIMATUM):
        text += f" {choices}"
    return f"{action} is not legal now: {text} [{rule}]"


def _explain_commit(m: Match, player: int, action: object) -> str:
    if m.committed[1 - player if m.chaos and m.open_chaos else player] is not None:
        return f"player {player} has already committed a card this trick [simultaneous play]"
    if m.chaos:
        if m.open_chaos:
            return (f"{action} is not legal: under Market Chaos you pick a card from your "
                    f"foe's open hand for them [Market Chaos]")
        return (f"{action} is not legal: under Market Chaos your card is picked at random; "
                f"play 'chaos' [Market Chaos]")
    if not isinstance(action, Play):
        return f"{action} is not legal: commit a card from your hand [trick]"
    if action.card not in m.hands[player]:
        return (f"{m.style.names[action.card._text]} is not in your hand: commit one of your "
                f"cards [trick]")
    if not m.house_rules:
        return "House Privileges are not in play (option house_rules) [House Privilege]"
    if m.priv_used[player]:
        return "your House Privilege is used once per round, and you have used it [House Privilege]"
    if not 2 <= action.card.rank <= 10:
        return "a House Privilege is declared only with a numbered card (2-10) [House Privilege]"
    if (m.suits[player] == "♦") != (action.predict is not None):
        return ("the Diamonds privilege needs a prediction (odd, even or face), and only it "
                "takes one [House Privilege]")
    return f"{action} is not a legal commit now [trick]"


# ---- the Queen's Cut -----------------------------------------------------------------------

def choose_royal(m: Match, player: int, action: Royal, events: list[Event] | None) -> None:
    """The cut winner shapes the field or claims a suit; the other seat takes the other task."""
    m.royal = action.choice
    m.shaper = player if action.choice == "shape" else 1 - player
    m.actor = m.shaper
    m.phase = SHAPE
    if events is not None:
        task = ("shape the field: they name the two houses of the match"
                if action.choice == "shape" else
                "claim a house: the other player names two houses, and they take one")
        events.append(Event("royal", "The winner of the Queen's Cut "
                            f"chooses to {task}.", {"player": player, "choice": action.choice}))


def shape(m: Match, player: int, action: Shape, events: list[Event] | None) -> None:
    """The shaper names the two suits; the foe claims next."""
    m.field = action.suits
    m.actor = 1 - player
    m.phase = CLAIM
    if events is not None:
        first, second = action.suits
        events.append(Event("shape", "The shaper names the two houses: "
                            f"{SUIT_NAMES[first]} {first} and {SUIT_NAMES[second]} {second}; "
                            "the other player claims one of them.",
                            {"player": player, "suits": [first, second]}))


def claim(m: Match, player: int, action: Claim, events: list[Event] | None) -> None:
    """The claimer takes a suit, the shaper plays the other and leads; the first deal."""
    assert m.field is not None
    other = m.field[1] if m.field[0] == action.suit else m.field[0]
    m.suits = [action.suit, other] if player == 0 else [other, action.suit]
    m.lead = m.shaper
    deal(m)
    if events is not None:
        events.append(Event("claim", "The claimer takes "
                            f"{SUIT_NAMES[action.suit]} {action.suit}; the shaper plays "
                            f"{SUIT_NAMES[other]} {other} and leads the first trick. Each "
                            f"shuffles their fourteen cards and draws three.",
                            {"player": player, "suit": action.suit}))


# ---- tricks --------------------------------------------------------------------------------

def commit(m: Match, player: int, action: Play, events: list[Event] | None) -> None:
    """A card committed face down (under open chaos: the card ``player`` picked for the foe);
    the second commit reveals both."""
    seat = 1 - player if m.chaos and m.open_chaos else player
    committed = m.committed
    committed[seat] = action
    other = committed[1 - seat]
    if other is None:
        if events is not None:
            events.append(_commit_event(m, player))
        return
    a0, a1 = (action, other) if seat == 0 else (other, action)
    m.trace = None if events is None else []
    chooser = powers.reveal(m, a0, a1)
    if chooser is None:
        end_trick(m, a0, a1, False, events)
    else:
        _pause_for_ultimatum(m, a0, a1, chooser, events)


def _commit_event(m: Match, player: int) -> Event:
    """A commit tells only that it happened, never the card."""
    house = SUIT_NAMES[m.suits[player]]
    if m.chaos and m.open_chaos:
        foe = SUIT_NAMES[m.suits[1 - player]]
        text = f"{house} picks {foe}' card from {foe}' held-up hand, face down."
    elif m.chaos:
        text = f"Market Chaos picks {house}' card at random, face down."
    else:
        text = f"{house} commits a card face down."
    return Event("commit", text, {"player": player})


def commit_by_chaos(m: Match, player: int, events: list[Event] | None) -> None:
    """Market Chaos: the player's card is picked blind from their hand, from the seed."""
    hand = m.hands[player]
    commit(m, player, m.plays[hand[m.rng.below(len(hand))]._text], events)


def _pause_for_ultimatum(m: Match, a0: Play, a1: Play, chooser: int,
                         events: list[Event] | None) -> None:
    """A Joker♠'s power fired: ``chooser`` must answer before the trick scores on."""
    m.phase = ULTIMATUM
    m.actor = chooser
    if events is not None:
        lines = narrate.ultimatum_lines(m, a0, a1)
        events.append(Event("reveal", lines[0], {"cards": [a0.card._text, a1.card._text]}))
        events += [Event("power", line) for line in lines[1:]]
    m.trace = None if events is None else []  # what follows the answer is told then


def answer_ultimatum(m: Match, player: int, action: Ultimatum,
                     events: list[Event] | None) -> None:
    """The foe's answer to a Joker♠; the trick then scores on."""
    a0, a1 = m.committed
    assert a0 is not None and a1 is not None  # both revealed
    m.trace = None if events is None else list(m.trace or [])
    powers.answer_ultimatum(m, a0, a1, player, action.choice)
    end_trick(m, a0, a1, True, events)


def end_trick(m: Match, a0: Play, a1: Play, resumed: bool, events: list[Event] | None) -> None:
    """Discard ``a0`` and ``a1``'s cards, draw back to three, clear locks, pass the lead, then
    check the end of the round. Tells the trick's events (``resumed``: after an Ultimatum's
    answer, whose question told the trick's start) and those of a round's end."""
    c0, c1 = a0.card, a1.card
    scores = m.scores
    cap = m.cap
    round_over = m.trick == TRICKS or (m.cap_ends and (scores[0] >= cap or scores[1] >= cap))
    told = None if events is None else narrate.trick_lines(m, a0, a1, resumed, round_over)
    m.trace = None
    m.tricks_done += 1
    m.discards[0].append(c0)
    m.discards[1].append(c1)
    m.discard_codes[0].append(c0._text)
    m.discard_codes[1].append(c1._text)
    if m.decks[0]:
        m.hands[0].append(m.decks[0].pop())  # both decks shrink in step
    if m.decks[1]:
        m.hands[1].append(m.decks[1].pop())
    if m.lock_trick and (m.locked[0] or m.locked[1]):
        m.locked = [False, False]
    r = m.res[0]
    winner = None if r == 0 else 0 if r > 0 else 1
    if winner is not None:
        m.lead = 1 - winner
    declared = [a0.declaration, a1.declaration] if a0.privilege or a1.privilege else ["", ""]
    last: LastTrick = {
        "round": m.round_no, "trick": m.trick, "cards": [c0._text, c1._text],
        "declared": declared, "winner": winner, "before": m.pre,
        "scores": [scores[0], scores[1]]}
    m.last = last
    m.committed = [None, None]
    m.phase = TRICK
    m.pending_index = 0
    if events is not None and told is not None:
        events.append(Event("trick", told[0], last))
        events += [Event("power", line) for line in told[1:-1]]
        events.append(Event("score", told[-1], last))
    if round_over:
        _end_round(m, events)
        return
    m.trick += 1
    m.chaos = c0 is X_DIAMONDS or c1 is X_DIAMONDS
    if m.chaos and m.open_chaos:
        m.seen = [list(m.hands[1]), list(m.hands[0])]


def _end_round(m: Match, events: list[Event] | None) -> None:
    """A token to the higher score (by the tie rule in force); the match ends or a new deal."""
    s0, s1 = m.scores
    opts = m.opts
    if opts.tie_def == "no_one_reached_cap" and max(s0, s1) < opts.cap or s0 == s1:
        won = None
    else:
        won = 0 if s0 > s1 else 1
    if won is not None:
        m.tokens[won] += 1
    m.history.append([s0, s1, won])
    if events is not None:
        houses = [SUIT_NAMES[suit] for suit in m.suits]
        t0, t1 = m.tokens
        text = (f"Round {m.round_no} {_round_words(m, m.history[-1])}. Rounds won: "
                f"{houses[0]} {t0}, {houses[1]} {t1} (first to {opts.rounds_to_win} wins the "
                f"match).")
        events.append(Event("round", text,
                            {"round": m.round_no, "scores": [s0, s1], "winner": won}))
    if max(m.tokens) >= opts.rounds_to_win or (
            opts.max_rounds is not None and len(m.history) >= opts.max_rounds):
        t0, t1 = m.tokens
        m.winner = None if t0 == t1 else 0 if t0 > t1 else 1
        m.phase = OVER
        m.chaos = False
        m.seen = [[], []]  # an open Market Chaos ends with the match: no hand is held up
        if events is not None:
            outcome = result(m)
            assert outcome is not None
            events.append(Event("match", outcome.summary, dict(outcome.to_dict())))
        return
    m.round_no += 1
    deal(m)
    if events is not None:
        events.append(Event("deal", f"Round {m.round_no} begins: scores back to 0; each "
                            f"player shuffles their fourteen cards and draws three."))


# ---- the end -------------------------------------------------------------------------------

def _round_words(m: Match, row: list[object]) -> str:
    """A finished round and why it went that way: "went to Hearts, 10 to 7 (Hearts reached
    10 points)"."""
    s0, s1, won = row
    assert isinstance(s0, int) and isinstance(s1, int)
    houses = [SUIT_NAMES[suit] for suit in m.suits]
    score = f"{houses[0]} {s0}, {houses[1]} {s1}"
    cap = m.opts.cap
    if won is None:
        why = ("nobody reached " if max(s0, s1) < cap and s0 != s1 else "equal scores, ")
        return f"was drawn ({score}: {why}{cap if why.startswith('nobody') else 'no round win'})"
    assert isinstance(won, int)
    reached = max(s0, s1) >= cap and m.cap_ends
    why = (f"{houses[won]} reached {cap} points" if reached else
           f"{houses[won]} had more points after the last trick")
    return f"went to {houses[won]} ({score}: {why})"


def result(m: Match) -> Result | None:
    """Round tokens as the scores, once the match is over."""
    if m.phase is not OVER:
        return None
    t0, t1 = m.tokens
    houses = [SUIT_NAMES[suit] for suit in m.suits]
    rounds = "; ".join(f"round {i} {_round_words(m, row)}"
                       for i, row in enumerate(m.history, start=1))
    if m.winner is None:
        summary = (f"The match is drawn, {t0} round{'s' * (t0 != 1)} each after "
                   f"{len(m.history)} rounds (the most the table plays). {rounds[0].upper()}"
                   f"{rounds[1:]}.")
    else:
        won, lost = max(t0, t1), min(t0, t1)
        summary = (f"{houses[m.winner]} wins the match, {won} round"
                   f"{'s' * (won != 1)} to {lost}. {rounds[0].upper()}{rounds[1:]}.")
    last = m.history[-1]
    return Result((float(t0), float(t1)), m.winner, summary, len(m.history),
                  (float(last[0]), float(last[1])))
