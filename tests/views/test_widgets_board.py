"""Issue 17, the game board of 20_play: dice and odds, one prompt, one map, save and load from the browser."""

from __future__ import annotations

import base64
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from dday.play.saves import dumps
from dday.rules.steps import NavalTargetStep
from dday.views.widgets.files import FileBoxError, notebook_folder_file
from dday.views.widgets.game_board import GameBoard


def _upload(board: GameBoard, name: str, data: bytes) -> None:
    """What the browser sends when a file is chosen in the upload button: its name and bytes in one message."""
    board.upload.browser_message({"event": "file", "name": name, "size": len(data)}, [memoryview(data)])


def test_board_shows_dice_faces_and_exact_odds() -> None:
    board = GameBoard("greedy", "person", seed=2026, auto=False)
    assert board.state.current_player == "chance"
    assert "Exact odds" in board.dice.value  # before the first roll: the odds of the pending roll
    board.roll_button.click()
    assert "Last roll" in board.dice.value and ("data-hit" in board.dice.value or "miss" in board.dice.value)
    assert "result: hits = " in board.dice.value  # the odds row names the outcome that came up


def test_the_prompt_appears_once() -> None:
    board = GameBoard("greedy", "person", seed=2026)
    board.play_bots()
    assert board.decision is not None
    prompt = re.sub("<[^>]+>", "", board.decision.prompt.value)
    text = re.sub("<[^>]+>", "", board.status.value)
    assert prompt.split(":")[-1].strip()[:30] not in text


def test_status_uses_a_die_glyph_every_font_has() -> None:
    board = GameBoard("greedy", "person", seed=2026, auto=False)
    assert "🎲" not in board.status.value and "⚄" in board.status.value


def test_one_map_until_a_replay_is_shown() -> None:
    board = GameBoard("greedy", "person", seed=1)
    assert board.replay_map is None and board.replay_map_box.children == ()
    assert board.replay_slider.description == "Replay at input"  # the name a screen reader says (issue 31)
    board.replay_this_button.click()
    assert board.replay_map is not None and board.replay_map_box.children == (board.replay_map.widget,)


def test_default_naval_target_fires_at_a_beach() -> None:
    board = GameBoard("greedy", "person", seed=2026)
    board.play_bots()
    while not isinstance(board.state.step, NavalTargetStep):
        assert board.decision is not None
        board.decision.go.click()
    s = board.state
    assert board.decision is not None
    zone = board.decision.selected().zone  # type: ignore[union-attr]
    assert any(s.beach_units(beach).total for beach in s.board.zone(zone).fires_at)


def test_download_link_holds_the_game_and_upload_loads_it() -> None:
    board = GameBoard("greedy", "greedy", "greedy", seed=5)
    board.play_bots(max_steps=150)
    board.download_button.click()
    m = re.search(r'href="data:application/json;base64,([^"]+)"', board.download.value)
    assert m and 'download="dday_game.json"' in board.download.value
    data = base64.b64decode(m.group(1))
    assert json.loads(data)["seed"] == 5
    other = GameBoard("person", "greedy", seed=9)
    _upload(other, "dday_game.json", data)
    assert "Loaded dday_game.json" in other.message.value
    assert other.state.key == board.state.key and other.replay_slider.max == len(board.history)


@pytest.mark.parametrize(
    "data",
    [b"", b"\xff\xfe not text", b"[1, 2, 3]", b'{"inputs": "abc"}', b'{"seed": 1, "inputs": [], "final": {"turn": "x"}}', b"{" * 5000],
    ids=["empty", "binary", "a list", "wrong types", "bad final", "deep"],
)
def test_any_bad_upload_is_explained_in_the_board(data: bytes) -> None:
    board = GameBoard("person", "greedy", seed=2)
    board.play_bots()
    key = board.state.key
    _upload(board, "bad.json", data)  # never raises
    assert "Could not load bad.json" in board.message.value
    assert board.state.key == key and board.decision is not None


def test_a_half_saved_file_is_explained(tmp_path: object) -> None:
    good = GameBoard("greedy", "greedy", "greedy", seed=1)
    good.play_bots(max_steps=200)
    text = dumps(good.history.save(None))
    board = GameBoard("person", "greedy", seed=2)
    _upload(board, "half.json", text[: len(text) // 2].encode())
    assert "not valid JSON" in board.message.value


def test_board_hands_the_acting_zone_to_the_maps_highlight(monkeypatch: pytest.MonkeyPatch) -> None:
    from dday.views.maps.leaflet_view import LeafletView

    calls: list[tuple[tuple[str, ...], str]] = []

    def highlight(self: LeafletView, places: tuple[str, ...] = (), kind: str = "acting") -> None:
        calls.append((tuple(places), kind))

    monkeypatch.setattr(LeafletView, "highlight", highlight, raising=False)
    board = GameBoard("greedy", "person", seed=2026, auto=False)
    assert calls[-1] == ((board.state.step.zone,), "acting")  # type: ignore[attr-defined]  # the first paratroopers' zone  # the first paratroopers drop over F11


def test_the_map_keeps_the_defenders_on_the_board_while_they_fire_back() -> None:
    """R-COMBAT-6: German units hit by the attack still fire back, so the board's map shows the zone
    as the attack began (as the card labs do), with a sentence saying so; afterwards it is the position now."""
    from dday.play.saves import History
    from dday.rules.scenario import position

    board = GameBoard("person", "person", seed=1)
    before = position(card=11, zones={"F30": {"UK": "2i", "Germany": "2i"}})
    board.history = History.new(state=before)
    board.history.apply((1, 1))  # the attack: both Germans hit
    board.refresh()
    s = board.state
    assert s.step.kind == "defense" and s.units("F30", "Germany").total == 0  # type: ignore[attr-defined]
    assert board.map_view.state is before and board.map_view.state.units("F30", "Germany").infantry == 2
    assert "as the attack began" in board.map_note.value and "R-COMBAT-6" in board.map_note.value
    board.history.apply((6, 6))  # the defenders miss
    board.refresh()
    assert board.map_view.state is board.state and board.map_note.value == ""


def test_one_strongest_bot_in_every_seat_list_and_one_name() -> None:
    """Issue 31.10: the planner, the strongest bot, is offered in every seat list and is the bot the
    Hint names; the notebooks that seat bots (17, 20) offer it under that name."""
    import json
    from pathlib import Path

    from dday.bots import BOTS, STRONGEST
    from dday.views.widgets.game_board import SEAT_CHOICES

    assert STRONGEST == "planner" and STRONGEST in SEAT_CHOICES and set(SEAT_CHOICES) - {"person"} == set(BOTS)
    board = GameBoard(germany=STRONGEST, uk="person", seed=1, auto=False)
    assert "the planner bot, the strongest" in board.title.value
    assert "planner bot, the strongest" in board.hint_button.tooltip
    board.play_bots()  # the planner plays the Germans' seat
    assert board.turn_now().kind == "person" and len(board.history.inputs) > 1
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"

    def text(name: str) -> str:
        return "".join("".join(c["source"]) for c in json.loads((notebooks / name).read_text(encoding="utf-8"))["cells"])

    assert 'axis="planner"' in text("17_full_turn.ipynb")
    assert '"planner"' in text("20_play.ipynb") and 'us="planner"' in text("20_play.ipynb")
    for name in ("17_full_turn.ipynb", "20_play.ipynb", "21_what_wins.ipynb"):
        for sentence in text(name).replace("\n", " ").split(". "):
            if "strongest" in sentence:
                assert "planner" in sentence, (name, sentence)  # "the strongest" is only ever said of the planner


# ---------------------------------------------------------------------------------------------
# Issue 27: no server file reachable from a widget


@pytest.mark.parametrize(
    "name, why",
    [
        ("", "type a file name"),
        ("../../../../tmp/x.json", "without a folder"),
        ("/etc/passwd.json", "without a folder"),
        ("sub\\x.json", "without a folder"),
        (".hidden.json", "does not start with a dot"),
        ("notes.txt", "ends in .json"),
        ("x" * 200 + ".json", "at most 100 characters"),
        ("zero.json", "is a link"),
        ("pipe.json", "not a plain file"),
        ("folder.json", "not a plain file"),
    ],
)
def test_the_file_box_takes_only_a_plain_file_in_the_notebooks_folder(tmp_path: Path, name: str, why: str) -> None:
    os.symlink("/dev/zero", tmp_path / "zero.json")
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(FileBoxError, match=why):
        notebook_folder_file(name, tmp_path)
    assert notebook_folder_file("my game.json", tmp_path) == tmp_path / "my game.json"


def test_the_file_box_refuses_devices_at_once_and_leaves_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    os.symlink("/dev/zero", tmp_path / "zero.json")
    os.mkfifo(tmp_path / "pipe.json")
    board = GameBoard("person", "greedy", seed=2, server_files=True)
    board.play_bots()
    key = board.state.key
    for name in ("zero.json", "pipe.json", "../../../../tmp/x.json"):
        board.filename.value = name
        start = time.monotonic()
        assert board.load() is False
        assert time.monotonic() - start < 1
        assert "Could not load" in board.message.value and board.state.key == key
    board.filename.value = "../../escape.json"
    board.save_button.click()
    assert "without a folder" in board.message.value and not (tmp_path.parent.parent / "escape.json").exists()
    board.filename.value = "kept.json"
    board.save_button.click()
    assert (tmp_path / "kept.json").is_file()
    board.filename.value = "kept.json"
    assert board.load() is True


def test_under_voila_the_board_names_no_server_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DDAY_APP", "1")
    board = GameBoard("person", "greedy", seed=2)
    assert board.server_files is False

    def descendants(widget: Any) -> list[Any]:
        out = [widget]
        for child in getattr(widget, "children", ()):
            out += descendants(child)
        return out

    shown = descendants(board.widget)
    assert board.filename not in shown and board.save_button not in shown and board.load_button not in shown
    assert board.upload in shown and board.download_button in shown
    board.filename.value = "x.json"  # even a message that sets the hidden box's value reaches no file
    board.save_button.click()
    assert "through the browser only" in board.message.value and not (tmp_path / "x.json").exists()
    assert board.load() is False and "through the browser only" in board.message.value


def test_an_upload_too_big_for_the_page_is_said_on_the_board() -> None:
    board = GameBoard("person", "greedy", seed=2)
    key = board.state.key
    board.upload.browser_message({"event": "too_big", "name": "huge.json", "size": 12_600_000}, [])
    assert "Could not load huge.json: the file is 12.6 MB" in board.message.value
    assert "at most 2.0 MB" in board.message.value and board.state.key == key
    board.upload.receive("sneaky.json", b"{" + b" " * (9 * 2**20))  # a browser that ignores the limit
    assert "Could not load sneaky.json: the file is 9.4 MB" in board.message.value


def test_replay_slider_has_a_name_and_bounds_what_a_browser_sends() -> None:
    """Issue 31.11: the replay slider is a NamedSlider (a native range input named by its label, where
    ipywidgets' slider handle has no accessible name); a value from the page is kept in range."""
    from dday.views.aria import NamedSlider

    board = GameBoard("greedy", "greedy", seed=4)
    board.play_bots(40)
    board.replay_from()
    slider = board.replay_slider
    assert isinstance(slider, NamedSlider) and slider.description == "Replay at input"
    slider.value = 10**9  # what a stranger's browser might send
    assert slider.value == slider.max == len(board.history.inputs)
    slider.value = -5
    assert slider.value == 0 and board.replay_state is board.history.states[0]
    with pytest.raises(ValueError, match="needs a description"):
        NamedSlider(min=0, max=3)
