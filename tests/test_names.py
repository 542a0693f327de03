"""One name per meaning (issue 30): a public constant is defined in one module only.

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


def constants(source: str) -> list[str]:
    """The public UPPER_CASE names a module assigns at its top level.

    >>> constants("MAX_UNITS = 99\\n_CSS = ''\\nX: int = 1\\nlimit = 3\\nclass C:\\n    INNER = 1\\n")
    ['MAX_UNITS']
    """
    names = []
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) and node.value else []
        names += [t.id for t in targets if isinstance(t, ast.Name) and len(t.id) > 1 and t.id.isupper() and not t.id.startswith("_")]
    return names


def test_no_public_constant_is_defined_in_two_modules() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in constants(path.read_text(encoding="utf-8")):
            where[name].append(str(path.relative_to(PACKAGE.parent)))
    twice = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert not twice, f"defined in more than one module (give each its own name, or import it): {twice}"
