"""Each card's handler table is visible in one place and cannot go stale (issue 30).

The registry's tables (filled by the decorators next to each rule) are read back by
:mod:`dday.rules.handlers`; each order card module, the fortune and tactics decks and the turn
flow show their table in their docstring, ``docs/handlers.md`` shows them all, and
``python -m dday handlers [CARD]`` prints them. This file checks all three against the registry.

When a registration changes (a new roll, a renamed handler, typed roll keys), rewrite the
docstrings and the doc with::

    python tests/rules/test_handlers.py --write
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import dday
from dday import cli
from dday.rules import handlers, registry

ROOT = Path(dday.__file__).resolve().parents[1]
DOC = ROOT / "docs" / "handlers.md"
MARK = "Handlers (``python -m dday handlers"
FIX = f"run `python {Path(__file__).resolve().relative_to(ROOT)} --write` to rewrite the tables from the registry"


def _docstring_literal(source: str) -> ast.Expr:
    first = ast.parse(source).body[0]
    assert isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
    return first


def with_block(source: str, block: str) -> str:
    """``source`` with its module docstring ending in ``block`` (an older block replaced).

    >>> print(with_block('\"\"\"Order 0.\\n\\nText.\\n\"\"\"\\nx = 1\\n', "Handlers (``python -m dday handlers 0``)::\\n\\n    begin  f"))
    \"\"\"Order 0.
    <BLANKLINE>
    Text.
    <BLANKLINE>
    Handlers (``python -m dday handlers 0``)::
    <BLANKLINE>
        begin  f
    \"\"\"
    x = 1
    <BLANKLINE>
    """
    node = _docstring_literal(source)
    lines = source.splitlines(keepends=True)
    start, end = node.lineno - 1, node.end_lineno or node.lineno
    literal = "".join(lines[start:end])
    body = literal[3:].rsplit('"""', 1)[0]
    body = body.split("\n\n" + MARK, 1)[0].rstrip()
    return "".join(lines[:start]) + f'"""{body}\n\n{block}\n"""\n' + "".join(lines[end:])


@pytest.mark.parametrize("group", handlers.GROUPS)
def test_each_module_shows_its_handler_table_in_its_docstring(group: str) -> None:
    module = handlers.group_module(group)
    doc = module.__doc__ or ""
    block = handlers.docstring_block(group)
    assert doc.rstrip().endswith(block), f"{module.__name__}'s docstring does not end with its table:\n{block}\n({FIX})"
    assert doc.count(MARK) == 1


def test_the_doc_lists_every_table() -> None:
    assert DOC.read_text(encoding="utf-8") == handlers.markdown(), f"docs/handlers.md is out of date ({FIX})"


def test_every_registered_handler_is_in_a_table() -> None:
    listed = {id(fn) for g in handlers.GROUPS for _, _, fn in handlers.rows(g)}
    listed |= {id(registry.TACTIC_POSSIBLE[n]) for n in registry.TACTIC_USE}  # shown beside their card's use
    tables = (registry.BEGIN, registry.ROLL, registry.ACT, registry.LEGAL, registry.PICK, registry.CASUALTY_CONTINUE)
    tables += (registry.TACTIC_POSSIBLE, registry.TACTIC_USE, registry.TACTIC_CONTINUE)
    missing = [f"{handlers.key_name(k)}: {handlers.function_name(fn)}" for t in tables for k, fn in t.items() if id(fn) not in listed]
    assert not missing, missing


def test_order_9s_table_names_its_functions() -> None:
    text = handlers.table_text("order 9")
    for fn in ("_begin_9", "_act_sea", "_legal_sea", "_roll_sea"):
        assert f"dday.rules.orders.o09_blockhouses_fire_to_sea.{fn}" in text
    assert "order 11" not in handlers.listing("order 9")
    assert "dday.rules.orders.combat._roll_attack" in handlers.table_text("order 13")  # a shared mechanism
    assert "dday.rules.orders.o04_aa_vs_fighters._roll_aa" in handlers.table_text("order 6")


def test_a_key_is_named_by_its_class_or_its_text() -> None:
    class SeaShot:  # the form a typed roll key takes
        pass

    assert handlers.key_name(SeaShot) == "SeaShot" and handlers.key_name("sea") == "sea" and handlers.key_name(9) == "9"


def test_the_command_prints_one_table_or_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["handlers", "9"]) == 0
    one = capsys.readouterr().out
    assert one.startswith("order 9:\n") and "_roll_sea" in one and "order 10" not in one
    assert cli.main(["handlers"]) == 0
    every = capsys.readouterr().out
    assert all(f"{g}:\n" in every for g in handlers.GROUPS)
    assert cli.main(["handlers", "--markdown"]) == 0
    assert capsys.readouterr().out == handlers.markdown()
    with pytest.raises(SystemExit) as e:
        cli.main(["handlers", "17"])
    assert e.value.code == 2 and "order 1-16, fortune, tactics or flow" in capsys.readouterr().err


def write() -> None:
    """Rewrite every module's table and docs/handlers.md from the registry."""
    for group in handlers.GROUPS:
        path = Path(handlers.group_module(group).__file__ or "")
        source = path.read_text(encoding="utf-8")
        new = with_block(source, handlers.docstring_block(group))
        if new != source:
            path.write_text(new, encoding="utf-8")
            print("rewrote", path.relative_to(ROOT))
    DOC.write_text(handlers.markdown(), encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()
