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
