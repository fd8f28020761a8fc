"""What each action's events say, and why, in a player's words (news module), and that the
public ones never name a hidden card."""

import pytest

from cardtable.core import Rng


def play(state, *texts):
    events = []
    for text in texts:
        events += state.apply(state.turn, state.game.action_from_text(text))
    return events


def public_texts(events):
    return [event.text for event in events if event.audience is None]


def test_an_attack_says_the_battle_count_and_the_sides_worth_against_the_limit(table):
    state = table(hands=(["2♦", "5♦"], []), zones={"♦": ([], [])}, deck=["4♠", "5♠", "6♠"])
    first = public_texts(play(state, "attack ♦ 2♦ 5♦"))[0]
    assert first == ("Seat 1 attacks ♦ with 2♦ and 5♦: they lead the ♦ battle 2 cards to 0. "
                     "Their side is worth 7 of their limit 15.")


def test_a_defend_reaching_the_limit_says_only_a_crawl_can_add(table):
    state = table(hands=(["5♦"], []), zones={"♦": (["10♦"], ["2♦", "3♦"])},
                  deck=["4♠", "5♠", "6♠"])
    text = public_texts(play(state, "defend ♦ 5♦"))[0]
    assert "the ♦ battle is level at 2 cards each" in text
    assert "worth 15 of their limit 15: the limit is reached, so only a Crawl can add" in text


def test_a_crawl_over_the_limit_says_so(table):
    state = table(hands=(["9♦"], []), zones={"♦": (["10♦"], ["2♦", "3♦"])},
                  deck=["4♠", "5♠", "6♠"])
    text = public_texts(play(state, "crawl ♦ 9♦"))[0]
    assert text.startswith("Seat 1 crawls 9♦ into the ♦ battle (no limit)")
    assert "worth 19 of their limit 15, over it" in text


def test_a_score_names_the_battles_won_with_their_counts_and_those_left(table):
    state = table(zones={"♣": (["2♣", "3♣"], ["5♣"]), "♦": (["2♦"], ["3♦"])},
                  deck=["4♠", "5♠", "6♠"])
    events = play(state, "score", "take 5♣")
    texts = public_texts(events)
    assert texts[0] == ("Seat 1 scores and wins ♣ (2 to 1), having more cards there: "
                        "they keep one card of each, the rest is discarded. Left as they are: "
                        "♦ (1 to 1).")
    assert texts[1] == ("Seat 1 keeps 5♣ from the ♣ battle in their ♣ pile; the other 2 "
                        "cards of it are discarded.")


def test_a_score_that_wins_nothing_says_why(table):
    state = table(zones={"♦": (["2♦"], ["3♦", "4♦"])}, deck=["4♠", "5♠", "6♠"])
    text = public_texts(play(state, "score"))[0]
    assert text.startswith("Seat 1 scores but wins no battle: they have more cards in none.")
    assert "♦ (1 to 2)" in text


def test_harvest_tells_the_count_to_all_and_the_cards_to_the_drawer(table):
    state = table(scored=({"♣": ["2♣", "3♣"]}, {}), deck=["4♠", "5♠", "6♠"])
    events = play(state, "harvest")
    assert events[0].text == "Seat 1 harvests: 2 cards drawn, one per scored ♣."
    drawn = events[1]
    assert drawn.audience == (0,) and drawn.text == "You draw 4♠ and 5♠."
    assert not any("4♠" in text or "5♠" in text for text in public_texts(events))


def test_magic_says_its_effect(table):
    state = table(hands=(["2♦"], []), scored=({"♥": ["4♥"], "faces": ["J♠", "K♣"]},
                                              {"♦": ["9♦"]}),
                  zones={"♣": (["2♣"], ["3♣", "4♣"])}, deck=["4♠", "5♠", "6♠"])
    texts = public_texts(play(state, "magic ♥ 4♥", "magic J 9♦", "magic K ♣"))
    assert texts[0] == ("Seat 1 discards 4♥ from their ♥ pile by Magic: two more actions "
                        "this turn (2 actions left).")
    assert texts[1] == ("Seat 1 discards their scored J♠ by Magic to discard the scored 9♦ of "
                        "Seat 2.")
    assert texts[2] == ("Seat 1 discards their scored K♣ by Magic and clears the ♣ battle: "
                        "3 cards discarded.")


def test_null_magic_says_it_has_no_effect(table):
    state = table(scored=({"♠": ["4♠"]}, {}), deck=["5♠", "6♠", "7♠"],
                  options={"allow_null_magic": True})
    text = public_texts(play(state, "magic ♠ 4♠"))[0]
    assert text == "Seat 1 discards 4♠ from their ♠ pile by Magic: no effect."


def test_queen_magic_counts_in_public_and_names_the_cards_to_the_two_players_only(table):
    state = table(hands=([], ["2♦", "3♦", "4♦", "5♦"]), scored=({"faces": ["Q♠"]}, {}),
                  deck=["A♠", "2♠", "3♠"], rng=3)
    events = play(state, "magic Q")
    public = " ".join(public_texts(events))
    assert "Seat 1 discards their scored Q♠ by Magic and takes 3 cards at random from the hand " \
           "of Seat 2." in public
    assert not any(card in public for card in ("2♦", "3♦", "4♦", "5♦"))
    private = {event.audience: event.text for event in events if event.audience}
    taken = [str(card) for card in state.hands[0] if card.suit == "♦"]
    assert all(card in private[(0,)] and card in private[(1,)] for card in taken)
    assert private[(0,)].startswith("You take ") and private[(0,)].endswith(
        " from the hand of Seat 2.")
    assert private[(1,)].startswith("Seat 1 takes your ")


def test_end_and_the_turns_draw_are_told(table):
    state = table(hands=(["2♦"], []), scored=({"♥": ["4♥"]}, {}), deck=["4♠", "5♠", "6♠"])
    texts = public_texts(play(state, "magic ♥ 4♥", "end"))
    assert texts[-2] == "Seat 1 ends the turn early, giving up 2 actions."
    assert texts[-1] == ("Seat 1 draws a card and ends the turn; Seat 2 to play (2 cards "
                         "left in the deck).")


@pytest.mark.parametrize("mine, theirs, summary", [
    ({"♥": ["2♥"], "♠": ["2♠"], "♣": ["2♣"]}, {"♦": ["2♦"], "faces": ["Q♠"]},
     "Seat 1 wins with 3 majorities to 2. Seat 1 holds ♥ (1 to 0), ♠ (1 to 0) and ♣ (1 to "
     "0). Seat 2 holds ♦ (1 to 0) and faces (1 to 0)."),
    ({"♥": ["2♥"], "♦": ["2♦"]}, {"♠": ["2♠"], "♣": ["2♣"]},
     "Seat 1 wins: 2 majorities each, and they hold ♦, which breaks the tie."),
    ({"♥": ["2♥"], "♦": ["3♦"]}, {"♠": ["2♠"], "♦": ["4♦"]},
     "A draw: 1 majority each, and ♦ is tied."),
    ({"♥": ["2♥"], "♦": ["3♦"]}, {"♠": ["2♠"], "♦": ["4♦"]},
     "Tied, for nobody: ♦ (1 each), ♣ (0 each) and faces (0 each)."),
])
def test_the_result_says_why_pile_by_pile(table, mine, theirs, summary):
    state = table(scored=(mine, theirs), deck=[], over=True, actions_left=0)
    assert summary in state.result().summary


def test_the_game_end_event_says_game_over_with_the_summary(table):
    state = table(hands=(["2♦"], []), scored=({"♦": ["3♦"]}, {}), deck=["A♠"])
    events = play(state, "attack ♦ 2♦")
    assert events[-2].text == "Seat 1 draws the last card of the deck: the game is over."
    assert events[-1].text == f"Game over. {state.result().summary}"


def test_no_public_event_of_whole_games_names_a_card_hidden_from_the_spectator():
    import cardtable
    game = cardtable.load("pillars")
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            player = state.to_act()[0]
            hidden = state.secrets(None)
            legal = state.legal_actions(player)
            for event in state.apply(player, legal[rng.below(len(legal))]):
                if event.audience is None:
                    words = set(event.text.replace(",", " ").replace(".", " ").split())
                    # cards still hidden after the move (those drawn are now in a hand)
                    assert not words & (hidden & state.secrets(None)), event.text
