"""The Hint button (issue 20): the coach's advice in every card lab, the turn stepper and the game
board, shown without playing it."""

from __future__ import annotations

from dday.tutorial import card_lab, turn_stepper
from dday.views.widgets.game_board import GameBoard


def test_hint_in_a_card_lab_explains_and_plays_nothing() -> None:
    lab = card_lab(2)  # order 2 begins with the Allies splitting the naval dice
    assert lab.state.current_player == "allies"
    before = len(lab.history)
    lab.hint_button.click()
    text = lab.message.value
    assert "Hint:" in text and "naval dice" in text
    assert len(lab.history) == before  # nothing was played


def test_hint_when_dice_are_due_says_nobody_decides() -> None:
    lab = card_lab(1)  # order 1 begins with the paratroopers' dice
    assert lab.state.current_player == "chance"
    lab.hint_button.click()
    assert "Hint:" in lab.message.value and "roll" in lab.message.value.lower()


def test_hint_in_the_turn_stepper_and_the_game_board() -> None:
    t = turn_stepper()
    assert t.hint_button in t.controls.children
    board = GameBoard(germany="greedy", uk="person", us="person", seed=3)
    for _ in range(20):  # roll until a person must decide (order 2 asks the Allies to split or aim)
        if board.state.current_player in ("allies", "axis"):
            break
        board.roll()
    before = len(board.history)
    board.hint_button.click()
    assert "Hint:" in board.message.value
    assert len(board.history) == before


# ---------------------------------------------------------------------------------------------
# "Let the bot decide" (issue 20): the coach plays, then says why


def test_let_the_bot_decide_plays_the_coachs_action_and_shows_its_reason() -> None:
    """On a prepared card-8 position the coach's move is an attack on Caen with odds in its reason:
    the button must play exactly that action and show that reason, numbers included."""
    from dday.bots.coach import hint
    from dday.rules.scenario import position
    from dday.rules.words import percent as pct
    from dday.views.widgets.play import PlayLab

    s = position(card=8, zones={"F16": {"UK": "2i 1t"}, "F17": {"UK": "2i 1a"}, "F30": {"Germany": "1i"}, "F2": {"US": "1i"}, "F26": {"US": "1i"}})
    advice = hint(s)
    assert advice.numbers  # a reason with odds in it
    lab = PlayLab(s)
    lab.bot_button.click()
    played = lab.state.step.moves[-1]  # type: ignore[attr-defined]
    assert len(lab.history) == 2 and (played.power, played.unit, played.path, played.count) == (
        advice.action.power, advice.action.unit, advice.action.path, advice.action.count)  # type: ignore[attr-defined]
    text = lab.message.value
    assert "Played for you" in text and "Caen" in text
    for p in advice.numbers.values():
        assert pct(p) in text


def test_let_the_bot_decide_in_a_card_lab_matches_the_hint() -> None:
    lab = card_lab(2)  # the Allies split the naval dice, then aim the first die
    for _ in range(2):
        lab.hint_button.click()
        hinted = lab.message.value.split("</b>", 1)[1]
        before = lab.state
        lab.bot_button.click()
        assert lab.history[-2] is before and "Played for you" in lab.message.value
        assert lab.message.value.split("</b>", 1)[1] == hinted  # the same words as the Hint had


def test_on_a_bot_side_the_sides_own_bot_decides_and_is_named() -> None:
    t = turn_stepper(seed=0, allies="greedy", axis="greedy")
    while t.state.current_player == "chance":
        t.roll()
    t.bot_button.click()
    assert "The greedy bot played:" in t.message.value
