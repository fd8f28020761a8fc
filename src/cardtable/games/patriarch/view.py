"""What each player may see, and the table drawn as text with every family drawn as a tree.

Everything is public except the secret family, which only its owner sees until the game ends.
"""

from __future__ import annotations

from typing import Any, Mapping

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import MARK_NAMES


def make_view(state: Any, player: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``player`` (None: a spectator)."""
    options = state.options
    n = options.cards
    owner = state.owner
    counts: dict[int, int] = {}
    graded = []
    for seat, family, result in state.graded:
        counts[seat] = counts.get(seat, 0) + 1
        entry: dict[str, Any] = {"player": seat, "guess": counts[seat],
                                 "family": trees.to_text(family), "red": result.red,
                                 "black": result.black, "face_down": result.face_down}
        if options.per_card_feedback:
            entry["marks"] = {trees.label(c): MARK_NAMES[m] for c, m in enumerate(result.marks)}
        graded.append(entry)
    queue = []
    for seat, family in state.queue:
        counts[seat] = counts.get(seat, 0) + 1
        queue.append({"player": seat, "guess": counts[seat], "family": trees.to_text(family)})
    sees_secret = player == owner and state.secret is not None and not state.is_over()
    return {
        "variant": options.variant,
        "cards": f"A-{trees.label(n - 1)}",
        "shape_rule": options.shape_rule(),
        "per_card_feedback": options.per_card_feedback,
        "max_guesses": options.max_guesses,
        "you": player,
        "players": options.players,
        "game": min(len(state.past) + 1, options.match_games),
        "games": options.match_games,
        "owner": owner,
        "phase": state.phase,
        "to_act": list(state.to_act()),
        "secret": trees.to_text(state.secret) if sees_secret else None,
        "graded": graded,
        "queue": queue,
        "guesses_left": [None if seat == owner else options.max_guesses - counts.get(seat, 0)
                         for seat in range(options.players)],
        "past": [{"game": i + 1, "owner": o, "secret": trees.to_text(s), "winner": w}
                 for i, (o, s, w) in enumerate(state.past)],
        "tally": list(state.tally),
    }


def hidden_texts(state: Any, player: int | None) -> set[str]:
    """The secret family's text, for a viewer who may not know it, unless the same family is
    also on the table for another reason (a queued guess, an earlier game's secret)."""
    if state.phase != "guess" or player == state.owner:
        return set()
    secret = trees.to_text(state.secret)
    public = {trees.to_text(f) for _, f in state.queue}
    public |= {trees.to_text(f) for _, f, _ in state.graded}
    public |= {trees.to_text(s) for _, s, _ in state.past}
    return set() if secret in public else {secret}


def draw_tree(text: str) -> list[str]:
    """A family drawn as a tree, one card a line, from its notation."""
    n = sum(1 for token in text.replace("(", " ").replace(")", " ").split())
    parents = trees.parse(text, n)
    kids = trees.children(parents)
    lines: list[str] = []

    def walk(card: int, prefix: str, last: bool, top: bool) -> None:
        if top:
            lines.append(trees.label(card))
            inner = ""
        else:
            lines.append(f"{prefix}{'└─ ' if last else '├─ '}{trees.label(card)}")
            inner = prefix + ("   " if last else "│  ")
        for k, child in enumerate(kids[card]):
            walk(child, inner, k == len(kids[card]) - 1, False)

    walk(trees.root_of(parents), "", True, True)
    return lines


def _grade_text(entry: Mapping[str, Any]) -> str:
    text = f"{entry['red']} red, {entry['black']} black, {entry['face_down']} face-down"
    if "marks" in entry:
        text += "  (" + " ".join(f"{card}:{mark}" for card, mark in entry["marks"].items()) + ")"
    return text


def _side_by_side(blocks: list[tuple[str, list[str]]], width: int = 18) -> list[str]:
    """Trees next to each other under their captions, a few to a row."""
    out: list[str] = []
    for start in range(0, len(blocks), 4):
        row = blocks[start:start + 4]
        height = max(len(lines) for _, lines in row)
        out.append("".join(caption.ljust(width) for caption, _ in row).rstrip())
        for i in range(height):
            out.append("".join((lines[i] if i < len(lines) else "").ljust(width)
                               for _, lines in row).rstrip())
        out.append("")
    return out


def describe(view: Mapping[str, Any]) -> str:
    """The table as plain text: match state, the secret (if yours), graded guesses, the queue."""
    you = view["you"]
    owner = view["owner"]

    def who(seat: int) -> str:
        return "you" if seat == you else f"player {seat}"

    lines = [
        f"The Patriarch family: {view['variant']}, cards {view['cards']}, "
        f"game {view['game']} of {view['games']}, family owner: {who(owner)}",
        f"Families must be {view['shape_rule']}.",
        "Tally: " + ", ".join(f"{who(seat)} {wins}" for seat, wins in enumerate(view["tally"])),
    ]
    for game in view["past"]:
        lines.append(f"  game {game['game']}: owner {who(game['owner'])}, family "
                     f"{game['secret']}, won by {who(game['winner'])}")
    lines.append("")
    if view["secret"]:
        lines.append(f"Your secret family: {view['secret']}")
        lines.extend("  " + line for line in draw_tree(view["secret"]))
        lines.append("")
    if view["graded"]:
        lines.append("Graded guesses (in grading order):")
        for entry in view["graded"]:
            lines.append(f"  {who(entry['player'])}, guess {entry['guess']}: "
                         f"{entry['family']}  ->  {_grade_text(entry)}")
        lines.append("")
        blocks = [(f"#{k + 1} {entry['red']}R {entry['black']}B {entry['face_down']}F",
                   draw_tree(entry["family"])) for k, entry in enumerate(view["graded"])]
        lines.extend("  " + line if line else line for line in _side_by_side(blocks))
    if view["queue"]:
        lines.append("Grading queue (front first): " + "; ".join(
            f"{who(e['player'])} guess {e['guess']}: {e['family']}" for e in view["queue"]))
    left = [f"{who(seat)} {n}" for seat, n in enumerate(view["guesses_left"]) if n is not None]
    lines.append("Guesses left: " + ", ".join(left))
    if view["phase"] == "choose":
        lines.append(f"Waiting for {who(owner)} to lay out the secret family.")
    elif view["phase"] == "over":
        lines.append("The match is over.")
    elif view["to_act"]:
        example = "3(A(5) 4(2))" if view["cards"] == "A-5" else "3(A(5(7)) 4(2(6)))"
        lines.append(f"To act: {who(view['to_act'][0])} (lay out a family, e.g. "
                     f"{example}{', or wait' if view['queue'] else ''}).")
    return "\n".join(lines)
