"""Every rule of a match: who acts, which families are legal and why one is not, what laying out
a family or waiting does, grading, the end of a game and of the match, and the result.

Guessers really play at the same time. The rules make that a sequence of *passes*: each guesser
with room in the queue, in seat order from the owner's left, may lay out one family (it joins the
back of the queue, frozen and visible to all) or wait; then the owner grades the family at the
front of the queue. The first all-red grade in queue order wins the game. With two players a
pass is one guess and its grade, the plain game.

The rules read and change a ``board.Board``: the fields of the state, which only dispatches to
them.
"""

from __future__ import annotations

from cardtable.core import Event, Result
from cardtable.games.patriarch import trees, words
from cardtable.games.patriarch.actions import WAIT, Family, PatriarchAction, Wait
from cardtable.games.patriarch.board import CHOOSE, GUESS, NO_SECRET, OVER, Board, PastGame
from cardtable.games.patriarch.grading import Grade, grade
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.words import who

QUEUE_LIMIT = 2
"""Entries one player may have in the grading queue at once."""


# --- who acts -------------------------------------------------------------------------------

def owner(match: Board) -> int:
    """The family owner of the current game: seat 0 first, then rotating to the left."""
    options = match.options
    return min(len(match.past), options.match_games - 1) % options.players


def to_act(match: Board) -> tuple[int, ...]:
    if match.phase is CHOOSE:
        return (owner(match),)
    if match.phase is GUESS and match.turn is not None:
        return (match.turn,)
    return ()


def guesses_used(match: Board, player: int) -> int:
    return (sum(1 for p, _, _ in match.graded if p == player)
            + sum(1 for p, _ in match.queue if p == player))


def queued(match: Board, player: int) -> int:
    return sum(1 for p, _ in match.queue if p == player)


def eligible(match: Board, player: int) -> bool:
    """May lay out a family now: a guesser with a suit left and room in the queue."""
    return player != owner(match) and _has_room(match, player)


def _has_room(match: Board, player: int) -> bool:
    """A suit left and room in the queue (asked of guessers only)."""
    waiting = queued(match, player)
    if waiting >= QUEUE_LIMIT:
        return False
    graded = sum(1 for p, _, _ in match.graded if p == player)
    return graded + waiting < match.options.max_guesses


def seat_order(match: Board) -> list[int]:
    """The guessers from the owner's left."""
    players = match.options.players
    first = owner(match)
    return [(first + k) % players for k in range(1, players)]


# --- what is legal ----------------------------------------------------------------------------

def spent(match: Board) -> set[trees.Parents]:
    """Families that may not be laid out again: those graded in this game, unless the option
    allows repeats (the owner's choice is never limited)."""
    if match.phase is not GUESS or match.options.repeat_guesses:
        return set()
    return {family for _, family, _ in match.graded}


def legal_actions(match: Board, player: int) -> list[PatriarchAction]:
    """Every legal family not yet spent, in tree order, then ``wait`` if it is allowed."""
    if player not in to_act(match):
        return []
    actions: list[PatriarchAction] = list(match.families)
    gone = spent(match)
    if gone:
        index = match.space.index
        for position in sorted((index[family] for family in gone), reverse=True):
            del actions[position]
    if match.phase is GUESS and match.queue:
        actions.append(WAIT)
    return actions


def is_legal(match: Board, player: int, action: object) -> bool:
    """The same answer as ``action in legal_actions(match, player)``, with two set lookups
    instead of a list of up to 46,249 families."""
    if player not in to_act(match):
        return False
    match action:
        case Wait():
            return match.phase is GUESS and bool(match.queue)
        case Family(parents=tuple() as parents):
            return parents in match.space.index and parents not in spent(match)
    return False


def explain_illegal(match: Board, action: object) -> str:
    """The rule an action breaks, given the phase of the game and the grading queue."""
    match action:
        case Wait():
            if match.phase is CHOOSE:
                return "the family owner must lay out the secret family now; only guessers wait"
            if not match.queue:
                return ("you may wait only while a guess is in the grading queue; with the "
                        "queue empty you must lay out a guess")
            return "you may not wait now"
        case Family(parents=tuple() as parents):
            if parents in spent(match):
                return (f"{action} was already graded in this game and is known to be wrong; "
                        "laying it out again would waste a suit (option repeat_guesses)")
            return family_problem(match.options, parents)
    return f"{action!r} is not a family or 'wait'"


def family_problem(options: Options, parents: trees.Parents) -> str:
    """What is wrong with a family that is not among the variant's legal trees."""
    n = options.cards
    if len(parents) != n:
        return f"a family in this game has {n} cards (A-{trees.label(n - 1)}), not {len(parents)}"
    text = trees.to_text(parents)
    if options.fixed_shape is not None:
        return (f"{text} has generations {trees.shape_of(parents)}, but every family in this "
                f"variant must be {trees.shape_rule(options)} (mirror images count as the same)")
    depth = max(trees.generations(parents))
    return (f"{text} has {depth} generations, but the {options.variant} allows at most "
            f"{options.max_generations} generations")


# --- what each action does ----------------------------------------------------------------------
# Each takes ``events``, the list the move's events are told into, or None when nobody will read
# them (``State.advance``): the state changes the same either way, only the texts are skipped.

def lay_out(match: Board, player: int, family: Family, events: list[Event] | None) -> None:
    """The owner's secret family (in the choose phase), or a guess joining the queue."""
    if match.phase is CHOOSE:
        match.secret = family.parents
        match.phase = GUESS
        if events is not None:
            where = words.family_words(family.parents, words.SECRET_SUIT)
            events.append(Event("secret", f"{who(player, True)} lays out the secret family "
                                f"{family}: {where}. Only the owner sees it.",
                                {"player": player, "family": str(family)}, audience=(player,)))
            events.append(Event("chosen", f"{who(player, True)} has laid out the secret family, "
                                f"face down: {match.options.cards} cards to find",
                                {"player": player}, audience=_others(match, player)))
        _advance(match, None, events)
        return
    match.queue.append((player, family.parents))
    if events is not None:
        number = guesses_used(match, player)
        suit = words.guess_suit(number)
        where = words.family_words(family.parents, suit)
        events.append(Event("submit", f"{who(player, True)} lays out guess {number} in {suit}: "
                            f"{where} ({family})",
                            {"player": player, "guess": number, "family": str(family)}))
    _advance(match, player, events)


def _others(match: Board, player: int) -> tuple[int, ...]:
    return tuple(p for p in range(match.options.players) if p != player)


def wait(match: Board, player: int, events: list[Event] | None) -> None:
    """A guesser lets this chance pass."""
    if events is not None:
        events.append(Event("wait", f"{who(player, True)} waits for the next grade before guessing "
                            "again", {"player": player}))
    _advance(match, player, events)


def _advance(match: Board, after: int | None, events: list[Event] | None) -> None:
    """Give the next guesser of this pass a chance; at the end of a pass, grade."""
    while True:
        following = _next_guesser(match, after)
        if following is not None:
            match.turn = following
            return
        if not match.queue:
            _finish_game(match, owner(match), None, events)
            return
        player, family = match.queue.pop(0)
        result = grade(match.secret, family)
        match.graded.append((player, family, result))
        if events is not None:
            _tell_grade(match, player, family, result, events)
        if result.is_win():
            _finish_game(match, player, guesses_used(match, player), events)
            return
        after = None


def _tell_grade(match: Board, player: int, family: trees.Parents, result: Grade,
                events: list[Event]) -> None:
    """The grade in words for everyone (which card got which mark only with per-card feedback),
    and for the owner, who knows the secret, each card's mark explained."""
    number = sum(1 for p, _, _ in match.graded if p == player)
    suit = words.guess_suit(number)
    text = trees.to_text(family)
    data = {"player": player, "guess": number, "family": text, "grade": list(result.counts())}
    head = f"Guess {number} by {who(player)} ({text}) is graded"
    if result.is_win():
        events.append(Event("grade", f"{head} all red: {words.count_reasons(result)}", data))
        return
    why = (words.per_card_reasons(result, suit) if match.options.per_card_feedback
           else words.count_reasons(result))
    events.append(Event("grade", f"{head} {words.grade_counts(result)}: {why}", data))
    first = owner(match)
    events.append(Event("grade-why", "Why, from your secret family: "
                        + words.owner_reasons(match.secret, family, result, suit),
                        {**data, "owner": first}, audience=(first,)))


def _finish_game(match: Board, winner: int, winning_guess: int | None,
                 events: list[Event] | None) -> None:
    """End the game (won by ``winner`` with graded guess ``winning_guess``, or by the owner when
    it is None), then start the next one or end the match."""
    first = owner(match)
    guesses = tuple((p, family) for p, family, _ in match.graded)
    match.past.append((first, match.secret, winner, guesses))
    match.tally[winner] += 1
    match.turn = None
    match.queue = []
    number = len(match.past)
    if events is not None:
        secret = trees.to_text(match.secret)
        if winning_guess is None:
            why = (f"no guess was all red ({words.count(len(guesses), 'guess', 'guesses')} "
                   f"graded), so the family owner, {who(first)}, wins it")
        else:
            why = (f"guess {winning_guess} by {who(winner)} is all red, so {who(winner)} "
                   "wins it")
        tally = ", ".join(f"{who(p)} has {wins}" for p, wins in enumerate(match.tally))
        events.append(Event("game", f"Game {number} is over: {why}. The family was {secret}: "
                            f"{words.family_words(match.secret, words.SECRET_SUIT)}. "
                            f"Games won so far: {tally}",
                            {"game": number, "winner": winner, "secret": secret}))
    if number >= match.options.match_games:
        match.phase = OVER
        return
    start_game(match, events)


def _next_guesser(match: Board, after: int | None) -> int | None:
    """The first guesser after ``after`` in this pass (from the owner's left if None) with room
    to lay out a family, or None when the pass is over."""
    order = seat_order(match)
    for player in order[0 if after is None else order.index(after) + 1:]:
        if _has_room(match, player):
            return player
    return None


def start_game(match: Board, events: list[Event] | None) -> None:
    """Set up the next game: a fresh secret (dealt, or awaited from the new owner)."""
    match.graded = []
    match.queue = []
    if match.options.owner_chooses:
        match.phase, match.secret, match.turn = CHOOSE, NO_SECRET, None
        return
    tree_list = match.space.trees
    match.secret = tree_list[match.rng.below(len(tree_list))]
    match.phase = GUESS
    _advance(match, None, events)


# --- the end --------------------------------------------------------------------------------------

def result(match: Board) -> Result | None:
    """Each game won is a point; the most points win the match, a shared top score draws. The
    summary says who won each game and how."""
    if match.phase is not OVER:
        return None
    best = max(match.tally)
    leaders = [p for p, wins in enumerate(match.tally) if wins == best]
    winner = leaders[0] if len(leaders) == 1 else None
    games = len(match.past)
    if winner is not None:
        won = f"{best} {'game' if best == 1 else 'games'}"
        if len(match.tally) == 2:
            head = f"{who(winner, True)} wins the match, {won} to {match.tally[1 - winner]}"
        else:
            head = f"{who(winner, True)} wins the match with {won} of {games}"
    else:
        names = words.listed([who(p) for p in leaders])
        head = (f"{names[0].upper()}{names[1:]} each won {best} of "
                f"{games} {'game' if games == 1 else 'games'}, so the match is drawn")
    story = "; ".join(game_story(number, past) for number, past in enumerate(match.past, 1))
    return Result(tuple(float(t) for t in match.tally), winner,
                  f"{head}. {story[0].upper()}{story[1:]}.")


def game_story(number: int, past: PastGame) -> str:
    """One finished game in a few words: whose family it was and who found it, or that nobody
    did."""
    first, _, winner, guesses = past
    if winner == first:
        return (f"game {number}: nobody found the family of {who(first)} in "
                f"{words.count(len(guesses), 'guess', 'guesses')}, a point to {who(first)}")
    found = sum(1 for p, _ in guesses if p == winner)
    return (f"game {number}: {who(winner)} found the family of {who(first)} with guess "
            f"{found}, a point to {who(winner)}")
