"""The play-a-whole-game widget (issue 6), driven through its buttons without a browser."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from dday.bots import make_player
from dday.play.game import play_game
from dday.rules.actions import ChooseCasualties, Done, SplitNavalDice
from dday.rules.cards import ORDER_CARDS
from dday.rules.steps import NavalSplitStep
from dday.rules.words import count
from dday.views.log_text import event_text
from dday.views.widgets.board_html import chart_table_html, turn_track_html
from dday.views.widgets.decisions import action_powers
from dday.views.widgets.game_board import GameBoard


def person_moves(board: GameBoard, limit: int = 6000) -> Counter[tuple[str, tuple[str, ...]]]:
    """Play to the end: persons press the action button, or Done every third time; bots and dice via the button."""
    seen: Counter[tuple[str, tuple[str, ...]]] = Counter()
    for _ in range(limit):
        t = board.turn_now()
        if t.kind == "over":
            return seen
        if t.kind != "person":
            board.bots_button.click()
            continue
        d = board.decision
        assert d is not None
        key = (type(board.state.step).__name__, t.powers)
        seen[key] += 1
        if d.done is not None and (seen[key] % 3 == 0 or d.go.disabled):
            d.done.click()
        else:
            d.go.click()
        assert "✘" not in board.message.value, board.message.value
    raise AssertionError("the game did not end")


def test_bot_game_to_the_end_through_the_widget() -> None:
    board = GameBoard("greedy", "strong", "strong", seed=4)
    assert board.roll_button.disabled is False  # turn 1 starts with the paratroopers' dice
    board.bots_button.click()
    s = board.state
    assert s.is_over and s.winner in ("allies", "axis")
    assert "Game over" in board.status.value
    assert board.bots_button.disabled and board.roll_button.disabled
    # one generator for dice and bots: the same game as play_game with the same seed
    g = play_game(make_player("strong"), make_player("greedy"), seed=4)
    assert g.final.key == s.key and len(g.record) == len(board.history)
    assert board.log_lines()[-1] == event_text(g.log[-1], g.final.board)


def test_person_seats_play_a_whole_game_and_see_the_card() -> None:
    board = GameBoard("person", "greedy", "person", seed=2)  # Germany and the US are people, the UK a bot
    html = board.card.value
    c = ORDER_CARDS[board.state.card]
    assert c.name in html and c.summary in html and c.rules[0] in html and "Who acts" in html
    seen = person_moves(board)
    assert board.state.is_over
    assert any(p == ("Germany",) for _, p in seen)
    # the person holds the US: every US-only or shared decision came here, never a UK-only one
    assert all(p != ("UK",) for _, p in seen), seen


def test_mixed_allied_seats_route_decisions_by_power() -> None:
    board = GameBoard("greedy", "person", "greedy", seed=6)  # UK person, US bot
    checked = 0
    for _ in range(4000):
        t = board.turn_now()
        if t.kind == "over":
            break
        if t.kind != "person":
            board.play_bots()
            continue
        s = board.state
        for a in t.actions:
            powers = action_powers(s, a)
            shared = isinstance(a, (Done, SplitNavalDice, ChooseCasualties)) or len(powers) != 1
            assert shared or powers == {"UK"}, (a, powers)
        checked += 1
        assert board.decision is not None
        (board.decision.done or board.decision.go).click()
    assert board.state.is_over and checked > 20
    # the US bot landed its own units: the US beaches were emptied by someone other than the UK person
    assert any(str(x).startswith("land Utah") or str(x).startswith("land Omaha") for x in board.history.inputs)


def test_two_player_game_does_not_split_the_naval_dice() -> None:
    board = GameBoard("greedy", "person", seed=1)
    assert not board.three_player and not board.state.options.three_player
    assert "2-player" in board.title.value
    person_moves(board)
    assert not any(isinstance(s.step, NavalSplitStep) for s in board.history.states)


def test_undo_restores_the_position_before_my_decision() -> None:
    board = GameBoard("greedy", "person", "person", seed=3)
    board.play_bots()
    before = board.state
    assert board.turn_now().kind == "person" and board.decision is not None
    n = len(board.history)
    board.decision.go.click()  # auto: the rolls and the bot's moves follow
    assert len(board.history) > n
    board.undo_button.click()
    assert board.state is before and len(board.history) == n
    assert board.decision is not None  # my decision is asked again


def test_undo_in_a_bot_game_and_with_nothing_to_undo() -> None:
    board = GameBoard("random", "random", "random", seed=9)
    assert board.undo_button.disabled
    board.undo_button.click()  # nothing to undo: the message says so, the game is unchanged
    assert "no decision" in board.message.value and len(board.history) == 0
    board.play_bots()
    total = len(board.history)
    last = max(i for i, x in enumerate(board.history.inputs) if not isinstance(x, tuple))
    board.undo_button.click()
    assert not board.state.is_over and len(board.history) == last < total
    assert board.turn_now().kind == "bot" and not board.bots_button.disabled


def test_save_then_load_round_trips(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the file box names a file in the notebook's folder: the kernel's working folder
    board = GameBoard("person", "greedy", None, seed=5, server_files=True)
    for _ in range(5):
        board.play_bots()
        assert board.decision is not None
        board.decision.go.click()
    path = tmp_path / "game.json"
    board.filename.value = "game.json"
    board.save_button.click()
    assert path.exists() and "Saved" in board.message.value
    saved = json.loads(path.read_text())
    assert saved["seed"] == 5 and saved["players"] == {"allies": "greedy", "axis": "person"}

    other = GameBoard("person", "greedy", None, seed=99, server_files=True)
    other.filename.value = "game.json"
    other.load_button.click()
    assert "Loaded" in other.message.value
    assert other.state.key == board.state.key and other.history.inputs == board.history.inputs
    assert other.replay_slider.max == len(board.history)
    other.play_bots()  # play goes on from the loaded position
    assert other.decision is not None


@pytest.mark.parametrize("damage", ["cut", "tamper", "missing"])
def test_loading_a_bad_file_leaves_the_game_unchanged(tmp_path: Path, damage: str) -> None:
    good = GameBoard("greedy", "greedy", "greedy", seed=1)
    good.play_bots(max_steps=200)
    path = tmp_path / "bad.json"
    text = good.history.save(None)
    if damage == "cut":
        from dday.play.saves import dumps

        path.write_text(dumps(text)[:500])
    elif damage == "tamper":
        text["inputs"][3] = "move Germany tank F38>F99"
        path.write_text(json.dumps(text))
    board = GameBoard("person", "greedy", "greedy", seed=2)
    board.play_bots()
    key, n = board.state.key, len(board.history)
    assert board.load(path) is False
    assert board.state.key == key and len(board.history) == n
    msg = board.message.value
    assert "Could not load" in msg
    expected = {"cut": "not valid JSON", "tamper": "the file was changed", "missing": "cannot read saved game"}[damage]
    assert expected in msg
    assert board.decision is not None  # still my decision, as before


def test_replay_steps_through_the_states(tmp_path: Path) -> None:
    g = play_game(make_player("greedy"), make_player("greedy"), seed=8)
    from dday.play.saves import save_game

    path = tmp_path / "g.json"
    save_game(g, path)
    board = GameBoard("greedy", "greedy", "greedy", seed=0)
    assert board.replay_prev.disabled and board.replay_next.disabled and board.replay_state is None
    assert board.load(str(path))
    assert board.replay_slider.max == len(g.record) and board.replay_slider.value == 0
    assert board.replay_prev.disabled and not board.replay_next.disabled
    board.replay_next.click()
    board.replay_next.click()
    assert board.replay_slider.value == 2 and board.replay_state is board.replay_states[2]
    assert "input 2 of" in board.replay_caption.value
    board.replay_prev.click()
    assert board.replay_slider.value == 1
    board.replay_slider.value = board.replay_slider.max
    assert board.replay_state is not None and board.replay_state.key == g.final.key
    assert board.replay_next.disabled
    board.replay_step(+5)  # clamps at the end
    assert board.replay_slider.value == board.replay_slider.max
    # replay the game being played
    board.replay_this_button.click()
    assert board.replay_slider.max == len(board.history)


def test_panels_show_charts_track_and_hold() -> None:
    board = GameBoard("greedy", "greedy", "greedy", seed=3)
    s = board.state
    charts = chart_table_html(s)
    for c in s.board.charts:
        assert c.label in charts
    # issue 31.7: in words, not a wall of single letters (i, a, t): every unit counted, in runs of one type
    assert ">i<" not in charts and ">a<" not in charts and ">t<" not in charts
    for c in s.board.charts:
        queue = s.chart_queue(c.name)
        assert f"<b>{len(queue)}</b>" in charts and f"in all: {count(queue.count('infantry'), 'infantry')}" in charts
    assert 'white-space:nowrap">no hold marker' in turn_track_html(s)
    track = turn_track_html(s)
    assert all(f">{t}<" in track for t in range(1, 11)) and "no hold marker" in track
    assert "close to victory" in turn_track_html(replace(s, turn=5, hold=1))
    assert board.charts.value == charts and board.track.value == track


def test_a_person_cannot_act_for_a_bot_and_bad_seats_are_refused() -> None:
    board = GameBoard("greedy", "greedy", "person", seed=1)
    board._safely(lambda: board.choose(Done()))
    assert "no person is to decide" in board.message.value
    with pytest.raises(ValueError, match="choose a seat"):
        GameBoard("human")
