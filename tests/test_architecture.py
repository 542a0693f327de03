"""The package's shape: no module uses another module's private names, the modules of ``dday``
import each other without a circle, none is over 600 lines, and each name has one home: only the
three public faces, ``dday`` (the engine), ``dday.odds`` (exact odds) and ``dday.tutorial`` (the
notebooks' front), gather names defined elsewhere; no other module only re-exports.

Every module under ``dday/`` is parsed with ``ast`` (nothing is imported). The import graph
holds every import of a ``dday`` module, at module level and inside functions alike (a
function-local import that only dodges a circle is still a circle); imports under
``if TYPE_CHECKING:`` are left out, since they never run.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dday"
MAX_LINES = 600


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
TREES: dict[str, ast.Module] = {name: ast.parse(p.read_text(encoding="utf-8"), str(p)) for name, p in MODULES.items()}


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` except those under ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                todo.extend(child.orelse)
                continue
            todo.append(child)
    return out


def _resolve(module: str, node: ast.ImportFrom) -> str:
    """The absolute module name of ``from ... import``, as seen from ``module``."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if MODULES[module].name != "__init__.py":
        base = base[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _known(name: str) -> str | None:
    """The ``dday`` module ``name`` refers to (a module itself, or the module holding a name)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str) -> list[tuple[str, list[str], ast.AST]]:
    """(imported dday module, names taken from it, node) for every runtime import of ``module``."""
    out: list[tuple[str, list[str], ast.AST]] = []
    for node in _runtime_nodes(TREES[module]):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            if not target.startswith("dday"):
                continue
            plain: list[str] = []
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:  # from package import submodule
                    out.append((sub, [], node))
                else:
                    plain.append(alias.name)
            if plain or not node.names:
                known = _known(target)
                if known:
                    out.append((known, plain, node))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                known = _known(alias.name) if alias.name.startswith("dday") else None
                if known:
                    out.append((known, [], node))
    return out


def _module_aliases(module: str) -> dict[str, str]:
    """Local names bound to dday modules (``from . import dice as dice_mod``, ``import dday.odds``)."""
    out: dict[str, str] = {}
    for node in _runtime_nodes(TREES[module]):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            for alias in node.names:
                if f"{target}.{alias.name}" in MODULES:
                    out[alias.asname or alias.name] = f"{target}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    out[alias.asname or alias.name.split(".")[0]] = (alias.asname and alias.name) or alias.name.split(".")[0]
    return out


def test_the_package_was_found() -> None:
    assert "dday.rules.engine" in MODULES and len(MODULES) > 40


def test_no_module_uses_another_modules_private_names() -> None:
    bad: list[str] = []
    for module in MODULES:
        for target, names, node in _imports(module):
            if target == module:
                continue
            bad += [f"{module}:{node.lineno}: from {target} import {n}" for n in names if n.startswith("_") and not n.startswith("__")]
        aliases = _module_aliases(module)
        for node in _runtime_nodes(TREES[module]):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and aliases[node.value.id] != module
            ):
                bad.append(f"{module}:{node.lineno}: {node.value.id}.{node.attr} ({aliases[node.value.id]})")
    assert not bad, "private names used across modules:\n" + "\n".join(bad)


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module in MODULES:
        for target, _, _ in _imports(module):
            if target != module:
                graph[module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_parent_packages_count_as_imported() -> None:
    """Importing ``dday.a.b`` runs ``dday/__init__.py`` and ``dday/a/__init__.py`` first, but
    a package's ``__init__`` importing its own submodules is not a circle: only explicit
    imports are edges. This checks the cycle finder itself on a small graph."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_among_dday_modules() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


# the subpackages in layers: a module imports only from its own layer and the layers before it
LAYERS: tuple[tuple[str, ...], ...] = (("dday.rules",), ("dday.odds",), ("dday.bots",), ("dday.play",), ("dday.views", "dday.variants"))


def _layer(module: str) -> int | None:
    for i, packages in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in packages):
            return i
    return None  # dday itself (the engine's face), dday.tutorial, dday.errors, dday.cli, dday.launch, dday.classroom


def test_subpackages_import_only_from_the_layers_before_them() -> None:
    bad = []
    for module, targets in _graph().items():
        mine = _layer(module)
        for target in targets:
            theirs = _layer(target)
            if mine is not None and theirs is not None and theirs > mine:
                bad.append(f"{module} -> {target}")
            if mine is not None and theirs is None and target not in ("dday.errors",):
                bad.append(f"{module} -> {target} (a top-level module)")
    assert not bad, "imports against the layers:\n" + "\n".join(sorted(bad))


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_over_600_lines(module: str) -> None:
    n = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"{MODULES[module].relative_to(ROOT)} has {n} lines (at most {MAX_LINES})"


# the rules record typed events; the sentences of the log are written in dday.views.log_text
LOG_CALLS = frozenset({"log", "log_all", "record", "record_all"})  # the old and the new name of the logging functions


def _is_sentence(node: ast.AST) -> bool:
    """Is ``node`` a sentence: a string, an f-string, strings joined with ``+``, or a list of those?"""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_sentence(node.left) or _is_sentence(node.right)
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(_is_sentence(e) for e in node.elts)
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
        return _is_sentence(node.elt)
    return False


def text_log_lines(tree: ast.AST, where: str) -> list[str]:
    """The calls of a logging function in ``tree`` whose event is a sentence, or holds an f-string."""
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in LOG_CALLS:
            for arg in node.args[1:]:  # the first is the state
                if _is_sentence(arg) or any(isinstance(n, ast.JoinedStr) for n in ast.walk(arg)):
                    bad.append(f"{where}:{node.lineno}: {node.func.id}({ast.unparse(arg)[:60]}...)")
    return bad


def test_the_text_log_line_check_can_fail() -> None:
    """What the check below refuses: the English written inside the rules (as before issue 30)."""
    refused = ['log(s, f"Turn {t}")', 'log(s, "No unit moves")', 'log(s, "placed: " + x)', 'log_all(s, [f"{m} moves" for m in ms])', 'record(s, Note(f"{n} hits"))']
    allowed = ['record(s, CardStarted(t, 3))', 'record(add_effect(s, f"NOAA:{z}"), FortuneZone(4, z))', 'record(s, VictoryCheck("held", turn=3))']
    assert all(text_log_lines(ast.parse(code), "x") for code in refused)
    assert not any(text_log_lines(ast.parse(code), "x") for code in allowed)


def test_the_rules_record_events_not_sentences() -> None:
    """No log line inside dday/rules (or the variants' rules) is a string or an f-string: the rules record
    typed events (dday.rules.events) and dday.views.log_text writes the sentences (issue 30, point 3)."""
    bad = [line for name, tree in TREES.items() if name.startswith(("dday.rules", "dday.variants")) for line in text_log_lines(tree, name)]
    assert not bad, "log lines written as text inside the rules:\n" + "\n".join(bad)


def test_each_order_card_module_registers_how_its_order_begins() -> None:
    """Order n starts with the handler its own module o{n:02d}_*.py registered (dday.rules.registry)."""
    from dday.rules import registry
    from dday.rules.orders import CARD_MODULES

    assert sorted(registry.BEGIN) == list(range(1, 17))
    for n, module in enumerate(CARD_MODULES, start=1):
        assert module.__name__.rsplit(".", 1)[1].startswith(f"o{n:02d}_")
        assert (module.__doc__ or "").startswith(f"Order {n}, ") and f"ORDER-{n}" in module.__doc__
    for n in (1, 2, 3, 5, 7, 9, 10, 16):  # the cards whose start is their own function (the others share a mechanism)
        assert registry.BEGIN[n].__module__ == CARD_MODULES[n - 1].__name__


def test_a_reloaded_rule_module_registers_again_without_error() -> None:
    import importlib

    from dday.rules import registry
    from dday.rules.orders import o05_bomber_strike

    importlib.reload(o05_bomber_strike)
    assert registry.BEGIN[5].__module__ == o05_bomber_strike.__name__


# the package's three public faces: the only modules that exist to gather names from elsewhere
FACES = ("dday", "dday.odds", "dday.tutorial")


def _is_main_guard(node: ast.stmt) -> bool:
    t = node.test if isinstance(node, ast.If) else None
    return isinstance(t, ast.Compare) and isinstance(t.left, ast.Name) and t.left.id == "__name__"


def _re_exports_only(tree: ast.Module) -> bool:
    """True when the module's body, after its docstring, is only imports, ``__all__`` and
    re-bindings of imported names (``x = y``, ``x = y.z``): a second name for a room that
    lives elsewhere. A ``__name__ == "__main__"`` guard does not count as code of its own."""
    body = list(tree.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    imported: set[str] = set()
    has_import = False
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            has_import = has_import or not (isinstance(node, ast.ImportFrom) and node.module == "__future__")
            imported |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if all(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                continue
            value = node.value
            while isinstance(value, ast.Attribute):
                value = value.value
            if not (isinstance(value, ast.Name) and value.id in imported):
                return False
        elif not _is_main_guard(node):
            return False
    return has_import


def test_the_re_export_check_tells_a_shim_from_real_code() -> None:
    shim = ast.parse('"""Moved."""\nfrom .rules.board import Board, load_board\nread = load_board\n__all__ = ["Board", "read"]\n')
    assert _re_exports_only(shim)
    assert not _re_exports_only(ast.parse('"""Only a docstring."""\n'))
    assert not _re_exports_only(ast.parse("from .base import Player\n\nBOTS = {'random': Player}\n"))
    assert not _re_exports_only(ast.parse("from .base import Player\n\ndef make() -> Player: ...\n"))


def test_no_re_export_module_besides_the_three_faces() -> None:
    """Every name has one home (issue 30): a module that only gathers names from other modules is
    a second name for the same room. Only the three public faces do that on purpose: ``dday``
    (the engine), ``dday.odds`` (exact odds) and ``dday.tutorial`` (the notebooks' front).
    A package's ``__init__`` holds a docstring, or real code of its own."""
    bad = [str(MODULES[m].relative_to(ROOT)) for m in MODULES if m not in FACES and _re_exports_only(TREES[m])]
    assert not bad, "modules that only re-export names defined elsewhere (import from the real module instead):\n" + "\n".join(sorted(bad))


def _passed_on(tree: ast.Module) -> list[str]:
    """The names a module lists in ``__all__`` although it imports them: names it passes on (a
    package's own submodules, ``from . import movement``, are its own)."""
    imported = {a.asname or a.name for node in tree.body if isinstance(node, ast.ImportFrom) and node.module is not None for a in node.names}
    listed: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            listed = [e.value for e in getattr(node.value, "elts", []) if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return [name for name in listed if name in imported]


def test_the_passed_on_check_can_fail() -> None:
    tree = ast.parse('from .words import percent\n\ndef chance(p): ...\n\n__all__ = ["chance", "percent"]\n')
    assert _passed_on(tree) == ["percent"]
    assert _passed_on(ast.parse('from .words import percent\n\ndef chance(p): ...\n\n__all__ = ["chance"]\n')) == []


def test_no_module_besides_the_faces_passes_on_names_it_imports() -> None:
    """A real module may use names from elsewhere, but it does not offer them as its own (in
    ``__all__``): ``percent`` is imported from :mod:`dday.rules.words`, where it lives, not from
    :mod:`dday.views.numbers`, which uses it. One name per room, inside the package too."""
    bad = {m: _passed_on(TREES[m]) for m in MODULES if m not in FACES}
    bad = {m: names for m, names in bad.items() if names}
    assert not bad, f"modules whose __all__ lists names they import (import those from their homes): {bad}"


# ---------------------------------------------------------------------------------------------
# kind strings stay in the rules: views, bots and odds read typed rolls and steps (issue 30)

_KIND_ATTRIBUTES = ("kind", "purpose")


def _is_kind(node: ast.AST) -> bool:
    """``x.kind`` / ``x.purpose``, ``getattr(x, "kind", ...)``, or a variable named ``purpose``
    (a plain ``kind`` variable is too common a name: a function's own parameter)."""
    if isinstance(node, ast.Attribute):
        return node.attr in _KIND_ATTRIBUTES
    if isinstance(node, ast.Name):
        return node.id == "purpose"
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and node.args[1].value in _KIND_ATTRIBUTES
    )


def _is_text(node: ast.AST) -> bool:
    """A string constant, or a tuple, list or set of string constants."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    return False


def kind_comparisons(tree: ast.AST) -> list[int]:
    """Lines where a ``kind`` or ``purpose`` attribute is compared with a string (or strings)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for a, b in itertools.pairwise(operands):
                if (_is_kind(a) and _is_text(b)) or (_is_kind(b) and _is_text(a)):
                    found.append(node.lineno)
    return found


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('step.kind == "sea"', True),
        ('"para" != s.step.kind', True),
        ('step.kind in ("attack", "defense")', True),
        ('step.purpose in {"tac9"}', True),
        ('getattr(step, "kind", "") == "attack"', True),
        ('purpose == "tactic"', True),
        ("purpose == PickPurpose.TACTIC", False),
        ("isinstance(step, SeaRoll)", False),
        ("t.kind is Due.PERSON", False),
        ("d.kind in (Patrol, Move)", False),
        ('kind == "fortune"', False),  # a plain name: a function's own parameter, not a step's kind
        ('step.zone == "F11"', False),
    ],
)
def test_kind_comparisons_are_recognised(source: str, found: bool) -> None:
    assert bool(kind_comparisons(ast.parse(source))) is found


def test_no_kind_string_is_compared_outside_the_rules() -> None:
    """Views, bots and odds tell rolls and steps apart by class (``isinstance``) or by a field or
    property the rules provide, never by comparing a ``kind`` or ``purpose`` string (issue 30)."""
    bad = [
        f"{MODULES[name].relative_to(ROOT)}:{line}"
        for name, tree in TREES.items()
        if name != "dday.rules" and not name.startswith("dday.rules.")
        for line in kind_comparisons(tree)
    ]
    assert not bad, "kind strings compared outside dday/rules:\n" + "\n".join(bad)
