"""One name per meaning (issue 30): a public constant's name means one value across the package.

``MAX_UNITS`` once meant 99 (a unit count read from a file), 30 (land units a side the odds
answer) and 16 (the bots' largest fight); a reader who met one could not trust the others. Each
now says what it bounds, and a constant several modules need is imported from the one that
defines it (``SIDES`` lives in :mod:`dday.rules.units`).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import dday

PACKAGE = Path(dday.__file__).resolve().parent


def constants(source: str) -> list[tuple[str, str]]:
    """The public UPPER_CASE names a module assigns at its top level, with the value's source text.

    >>> constants("MAX_UNITS = 99\\n_CSS = ''\\nX: int = 1\\nlimit = 3\\nclass C:\\n    INNER = 1\\n")
    [('MAX_UNITS', '99')]
    """
    found = []
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) and node.value else []
        value = ast.unparse(node.value) if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value else ""
        found += [(t.id, value) for t in targets if isinstance(t, ast.Name) and len(t.id) > 1 and t.id.isupper() and not t.id.startswith("_")]
    return found


def test_no_constant_name_holds_different_values_in_two_modules() -> None:
    where: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(PACKAGE.rglob("*.py")):
        for name, value in constants(path.read_text(encoding="utf-8")):
            where[name][value].append(str(path.relative_to(PACKAGE.parent)))
    clashes = {name: dict(values) for name, values in where.items() if len(values) > 1}
    assert not clashes, f"one name, different values (give each its own name): {clashes}"
