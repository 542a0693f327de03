"""A screen reader hears what each button of a lab did (the Standards: labs work for every learner).

The labs' results are drawn (dice, a chart, the map) and written in boxes that change without
moving the focus, so a screen reader said nothing after **Roll**. Each lab now holds an
:class:`~dday.views.aria.Announcer`, a polite live region, and says after every button: the
dice and the chance of the result, the new lines of the game log, the message and what is due next.
"""

from __future__ import annotations

from dday.rules.words import percent
from dday.views.aria import MAX_SPOKEN_LINES, Announcer, spoken
from dday.views.tutorial import card_lab, turn_stepper


def _widgets(box: object) -> list[object]:
    return [box, *(w for child in getattr(box, "children", ()) for w in _widgets(child))]


def test_roll_button_says_the_dice_their_chance_and_what_is_next() -> None:
    lab = card_lab(1)
    assert isinstance(lab.voice, Announcer) and lab.voice in _widgets(lab.widget)  # on the page
    before = lab.voice.said
    lab.roll_button.click()
    said = lab.voice.message
    assert lab.voice.said == before + 1
    info, faces = lab.last_roll[0], lab.last_roll[1]  # type: ignore[index]
    value = info.value(faces)
    assert said.startswith(f"Rolled {', '.join(map(str, faces))}: hits = {value}, a result with chance {percent(float(info.probs[value]))}.")
    assert "US 101st Airborne attacks F11" in said and "->" not in said  # the log line, its arrow said as a colon
    assert said.endswith(spoken(lab.status.value))  # what is due next
    assert "<" not in said  # words, no markup


def test_the_same_words_twice_are_said_twice() -> None:
    """``said`` changes every time, so the page reads a repeated message again (a second Hint)."""
    lab = card_lab(9)
    lab.hint_button.click()
    first = (lab.voice.message, lab.voice.said)
    lab.hint_button.click()
    assert lab.voice.message == first[0] and lab.voice.said == first[1] + 1
    assert "Hint" in first[0] or "would" in first[0]


def test_bot_decision_and_a_refused_button_are_said() -> None:
    lab = card_lab(9)
    lab.bot_button.click()
    assert spoken(lab.message.value) in lab.voice.message and lab.voice.message
    lab.next_button.click()  # the card is not finished: refused, in words
    assert lab.voice.message.startswith("Not done: finish this card first")


def test_a_long_run_is_said_in_short() -> None:
    """Play to end of turn logs dozens of lines: the learner hears how many, and the last few."""
    lab = turn_stepper(axis="greedy", allies="greedy")
    lab.turn_button.click()
    said = lab.voice.message
    assert "new lines in the game log; the last" in said
    assert said.count(". ") <= MAX_SPOKEN_LINES + 6  # a paragraph, not the whole log


def test_step_back_says_where_the_lab_is_now() -> None:
    lab = card_lab(1)
    lab.roll_button.click()
    lab.back_button.click()
    assert lab.voice.message == spoken(lab.status.value)  # nothing new happened: where it stands


def test_the_game_board_says_what_its_buttons_did() -> None:
    """Notebook 20's board: after Roll, the dice's log line and what is due next; a refused file, in words."""
    from dday.views.widgets.game_board import GameBoard

    board = GameBoard("greedy", "person", auto=False)
    assert isinstance(board.voice, Announcer) and board.voice in _widgets(board.widget)
    while board.state.current_player != "chance":
        board.bots_button.click() if not board.bots_button.disabled else board.hint_button.click()
        if board.decision is not None:
            board.decision.go.click()
    board.roll_button.click()
    said = board.voice.message
    assert "dice" in said and "->" not in said and said.endswith(spoken(board.status.value))
    board.undo_button.click() if not board.undo_button.disabled else None
    board.load_button.click()  # no such file in the folder: refused, and said
    assert board.voice.message.startswith("Not done: Could not load dday_game.json")  # the sign said in words


def test_the_replay_says_each_move() -> None:
    """Notebook 20's replay: each step of the slider or its buttons says which input it shows and its log."""
    from dday.views.widgets.game_board import GameBoard

    board = GameBoard("greedy", "greedy")
    board.play_bots(max_steps=12)
    board.replay_from()
    board.replay_step(+1)
    said = board.voice.message
    assert said.startswith(f"After input 1 of {len(board.replay_inputs)}: ") and "turn 1, order 1 (Airborne Assault)." in said
    before = board.voice.said
    board.replay_slider.value = 3  # the slider, as a learner's arrow key moves it
    assert board.voice.said == before + 1 and board.voice.message.startswith("After input 3 of ")
