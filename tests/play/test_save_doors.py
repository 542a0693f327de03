"""Saved games, round two (issues 27 and 28): a checksum catches every edit, and the loader reads
only plain files, at most its limit, with no quadratic step.

Issue 28: 40 of 1,717 fuzzed files were accepted because the final position still matched (a die
that made no difference, swapped inputs, the seed or the players edited). Issue 27:
``dday check /dev/zero`` hung at 7 GB; 80,000 keys kept a kernel busy 65-188 s.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from dday import cli
from dday.errors import SaveFileError
from dday.play.save_file import MAX_FILE_BYTES, checksum, read_file
from dday.play.saves import VERSION, dumps, load_game, seal

GOLDEN = Path(__file__).parents[1] / "data" / "golden_game.json"
CHANGED = "the file was changed after it was saved"


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def _edit(golden: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**json.loads(json.dumps(golden)), **changes}


def _refused(source: Any, *needles: str) -> str:
    start = time.perf_counter()
    with pytest.raises(SaveFileError) as err:
        load_game(source)
    assert time.perf_counter() - start < 1.0
    for n in needles:
        assert n in str(err.value), str(err.value)
    return str(err.value)


# -- the checksum ---------------------------------------------------------------------------


def test_a_save_carries_the_checksum_of_its_content(golden: dict[str, Any]) -> None:
    assert golden["version"] == VERSION == 3
    assert golden["checksum"] == checksum(golden) and golden["checksum"].startswith("sha256:")
    assert GOLDEN.read_text(encoding="utf-8").splitlines()[-2] == f'  "checksum": "{golden["checksum"]}"'  # the last line of the file


@pytest.mark.parametrize(
    "change",
    [
        {"seed": 999},  # issue 28: "seed": 1 -> 999 was accepted
        {"seed": None},
        {"players": {}},  # issue 28: "players": {} was accepted
        {"players": {"allies": "strong", "axis": "greedy"}},
    ],
    ids=["seed 999", "seed null", "players empty", "players renamed"],
)
def test_the_seed_and_the_players_are_covered(golden: dict[str, Any], change: dict[str, Any]) -> None:
    _refused(_edit(golden, **change), CHANGED)


def test_a_die_that_made_no_difference_is_caught(golden: dict[str, Any], tmp_path: Path) -> None:
    """Input 5 of the golden game rolled [3]; [4] replays to the same final position: only the checksum sees it."""
    inputs = list(golden["inputs"])
    assert inputs[5] == [3]
    inputs[5] = [4]
    edited = _edit(golden, inputs=inputs)
    assert load_game(seal(_edit(edited))).final.key == load_game(golden).final.key  # the replay alone cannot tell
    path = tmp_path / "edited.json"
    path.write_text(dumps(edited), encoding="utf-8")
    _refused(path, CHANGED)
    assert cli.main(["check", str(path)]) == 1


def test_swapped_inputs_a_changed_checksum_and_a_removed_one_are_caught(golden: dict[str, Any]) -> None:
    inputs = list(golden["inputs"])
    i = next(k for k in range(len(inputs) - 1) if inputs[k] != inputs[k + 1] and isinstance(inputs[k], list) and isinstance(inputs[k + 1], list))
    inputs[i], inputs[i + 1] = inputs[i + 1], inputs[i]
    _refused(_edit(golden, inputs=inputs))
    _refused(_edit(golden, checksum="sha256:" + "0" * 64), CHANGED)
    _refused({k: v for k, v in golden.items() if k != "checksum"}, "no checksum")


def test_the_layout_is_not_the_content(golden: dict[str, Any]) -> None:
    """Spaces and key order do not count: the same game re-indented by an editor still loads."""
    text = json.dumps(dict(reversed(list(golden.items()))), indent=4)
    assert load_game(text).final.winner == golden["final"]["winner"]


def test_an_older_save_loads_only_if_it_replays_and_says_what_was_not_checked(golden: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Version 2 (before checksums): accepted when it replays to its stored final position, with a
    note, so that a teacher's saved games still open; never as a silently different game."""
    old = {k: v for k, v in golden.items() if k != "checksum"} | {"version": 2}
    game = load_game(old)
    assert "version 2" in game.note and "cannot be detected" in game.note
    assert not load_game(golden).note
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    assert cli.main(["check", str(path)]) == 0
    assert "note: saved by an older dday, without a fingerprint of its content" in capsys.readouterr().out
    _refused(_edit(old, final={**old["final"], "hold": 1}), "does not match")
    _refused(_edit(old, checksum=golden["checksum"]), "unknown key 'checksum'")


# -- bounded reading (issue 27, point 5) ---------------------------------------------------


def test_devices_are_refused_at_once() -> None:
    _refused("/dev/zero", "not a plain file")
    _refused(Path("/dev/null"), "not a plain file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    run = subprocess.run([sys.executable, "-m", "dday", "check", str(fifo)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "not a plain file" in run.stdout, run
    run = subprocess.run([sys.executable, "-m", "dday", "check", "/dev/zero"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "not a plain file" in run.stdout and "Traceback" not in run.stderr, run


def test_at_most_the_limit_plus_one_byte_is_read_whatever_the_size_says(tmp_path: Path) -> None:
    """A /proc file says it has 0 bytes: it is read, but never past the limit."""
    assert Path("/proc/self/environ").stat().st_size == 0
    with pytest.raises(SaveFileError, match="more than 5 bytes"):
        read_file("/proc/self/environ", limit=5)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 10))
    _refused(big, "refused unread")
    _refused(tmp_path, "is a folder")


@pytest.mark.parametrize("kind", ["80,000 keys", "80,000 times one key"])
def test_eighty_thousand_keys_are_refused_within_a_second(kind: str) -> None:
    """Issue 27: an 869 KB upload of 80,000 keys kept a kernel busy 65-188 s (a quadratic duplicate check)."""
    keys = [f"k{i}" for i in range(80_000)] if kind == "80,000 keys" else ["k"] * 80_000
    text = "{" + ", ".join(f'"{k}": 1' for k in keys) + "}"
    for source in (text, text.encode("utf-8")):
        start = time.perf_counter()
        with pytest.raises(SaveFileError):
            load_game(source)
        assert time.perf_counter() - start < 1.0


def test_the_largest_accepted_save_stays_small_in_memory(golden: dict[str, Any]) -> None:
    """The golden game padded with spaces to the limit (2 MB) is accepted; its load peaks well under
    100 MB of Python objects (a 15 MB file peaked at 1.8 GB before)."""
    text = dumps(golden)
    padded = text[:-2] + " " * (MAX_FILE_BYTES - len(text.encode("utf-8"))) + text[-2:]
    assert len(padded.encode("utf-8")) == MAX_FILE_BYTES
    tracemalloc.start()
    try:
        game = load_game(padded.encode("utf-8"))
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
    assert game.final.winner == golden["final"]["winner"]
    assert peak < 100, f"peaked at {peak:.0f} MB"


def test_the_game_board_shows_the_note_of_an_older_save(golden: dict[str, Any], tmp_path: Path) -> None:
    from dday.views.widgets.game_board import GameBoard

    old = {k: v for k, v in golden.items() if k != "checksum"} | {"version": 2}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    board = GameBoard("greedy", "greedy", "greedy", seed=0)
    assert board.load(path)
    assert "Loaded" in board.message.value and "Note: this file was saved by an older dday, without a fingerprint" in board.message.value
    assert board.load(GOLDEN) and "Note" not in board.message.value
