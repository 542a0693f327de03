"""The command line checks its arguments before it works: a bad one is refused at once with a
one-line message and exit code 2, never a traceback, and never after a whole game was played."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dday import cli


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--save", "/no/such/folder/x.json"], "the folder /no/such/folder does not exist"),
        (["play", "--save", ""], "the path is empty"),
        (["play", "--seed", "-1"], "at least 0, not -1"),
        (["play", "--seed", "1.5"], "expected a whole number, not '1.5'"),
        (["simulate", "--games", "-1"], "at least 1, not -1"),
        (["simulate", "--games", "0"], "at least 1, not 0"),
        (["simulate", "--processes", "0"], "at least 1, not 0"),
        (["simulate", "--seed", "-3"], "at least 0, not -3"),
        (["simulate", "--csv", "/no/such/folder/x.csv"], "the folder /no/such/folder does not exist"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert time.monotonic() - start < 1  # refused at once: no game was played first


def test_an_output_path_that_is_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--save", str(tmp_path)])
    assert "is a folder, not a file" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--ruleset", "--rules"])
def test_the_rule_set_is_named_by_ruleset_and_the_old_flag_still_works(flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "g.json"
    assert cli.main(["play", "--seed", "3", "--quiet", flag, "official+fortune", "--save", str(saved)]) == 0
    assert json.loads(saved.read_text(encoding="utf-8"))["rules"]["fortune"] is True  # the file format keeps its key
    capsys.readouterr()
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    shown = capsys.readouterr().out
    assert "--ruleset" in shown and "--rules " not in shown  # the old spelling works but is not offered


def test_check_accepts_a_good_save_and_names_a_bad_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "g.json"
    assert cli.main(["play", "--seed", "3", "--quiet", "--save", str(good)]) == 0
    capsys.readouterr()
    assert cli.main(["check", str(good)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")
    data = json.loads(good.read_text(encoding="utf-8"))
    data["inputs"] = data["inputs"][:-5]
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["check", str(bad)]) == 1
    assert capsys.readouterr().out.startswith("invalid: ")
    assert cli.main(["check", str(tmp_path / "missing.json")]) == 1


def test_no_traceback_reaches_the_user_from_a_real_process(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    for argv in (["simulate", "--games", "-1"], ["check", str(deep)], ["play", "--save", ""]):
        run = subprocess.run([sys.executable, "-m", "dday", *argv], capture_output=True, text=True, timeout=60)
        assert run.returncode in (1, 2), argv
        assert "Traceback" not in run.stderr + run.stdout, argv
