"""Which function answers which step, roll and pick of each card: the registry's tables, read back.

The rule modules register their handlers with the decorators of :mod:`dday.rules.registry`
(``@begin(9)``, ``@on_roll(...)``, ``@on_action(Step, Action)``, ``@legal(Step)``, ``@on_pick(...)``,
``@tactic(n, possible)``, ...), each next to the rule it carries out. This module turns the filled
tables into one list per card, so a reader sees a card's whole table in one place:

* ``python -m dday handlers 9`` prints order 9's table, ``python -m dday handlers`` all of them;
* each order card module (and :mod:`.fortune`, :mod:`.tactics`, :mod:`.flow`) shows its table in
  its docstring, under "Handlers", and ``docs/handlers.md`` holds them all; a test checks that
  both say exactly what the registry holds.

A card's table holds how it begins and every other handler of the modules that carry it out: its
own module and, where it shares a mechanism, the module of its ``begin`` (orders 8 and 12 share
:mod:`.orders.movement`, 11 and 13 :mod:`.orders.combat`, 14 and 15 :mod:`.orders.reinforcements`,
4 and 6 :mod:`.orders.o04_aa_vs_fighters`).

>>> print(table_text("order 9", short=True))
begin                       _begin_9
roll SeaRoll                _roll_sea
FireToSea at FireToSeaStep  _act_sea
legal at FireToSeaStep      _legal_sea
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, Final

from . import engine, flow, fortune, tactics
from . import registry as reg
from .orders import CARD_MODULES

Row = tuple[str, str, Callable[..., Any]]
"""(what the handler answers, in words; where it lives, module.function; the handler)."""

GROUPS: Final = (*(f"order {n}" for n in range(1, 17)), "fortune deck", "tactics deck", "turn flow")
"""The tables, in the order they are listed: the sixteen orders, the two advanced decks, the turn flow."""


def key_name(key: object) -> str:
    """A table key in words: a class by its name, anything else as text.

    >>> key_name("sea"), key_name(int)
    ('sea', 'int')
    """
    return getattr(key, "__name__", str(key))


def function_name(fn: Callable[..., Any]) -> str:
    """``module.function`` of a handler, with a made function named after its maker and a lambda as such.

    >>> from dday.rules.orders import combat
    >>> function_name(combat.begin_combat("allies"))
    'dday.rules.orders.combat.begin_combat(...)'
    """
    qualname = getattr(fn, "__qualname__", repr(fn))
    maker, _, rest = qualname.partition(".<locals>.")
    name = f"{maker}(...)" if rest else ("lambda" if qualname == "<lambda>" else qualname)
    return f"{fn.__module__}.{name}"


def _kind_rows(modules: set[str]) -> list[Row]:
    """Every handler of ``modules`` except ``begin``, in a reading order: rolls, actions, legal, picks, the rest."""
    labelled: list[tuple[str, Callable[..., Any]]] = [
        *((f"roll {key_name(key)}", fn) for key, fn in reg.ROLL.items()),
        *((f"{key_name(action)} at {key_name(step)}", fn) for (step, action), fn in reg.ACT.items()),
        *((f"legal at {key_name(step)}", fn) for step, fn in reg.LEGAL.items()),
        *((f"pick {key_name(p)}{' (fortune)' if p in reg.FORTUNE_PICKS else ''}", fn) for p, fn in reg.PICK.items()),
        *((f"after casualties {key_name(kind)}", fn) for kind, fn in reg.CASUALTY_CONTINUE.items()),
    ]
    rows: list[Row] = [(what, function_name(fn), fn) for what, fn in labelled if fn.__module__ in modules]
    for n in sorted(reg.TACTIC_USE):
        possible, use = reg.TACTIC_POSSIBLE[n], reg.TACTIC_USE[n]
        if use.__module__ in modules:  # one row a card: when it may be used / what using it does
            rows.append((f"tactic {n}: possible / use", f"{function_name(possible)} / {function_name(use)}", use))
    rows += [(f"after tactic {n}'s strike", function_name(fn), fn) for n, fn in reg.TACTIC_CONTINUE.items() if fn.__module__ in modules]
    return rows


def group_module(group: str) -> ModuleType:
    """The module whose docstring shows ``group``'s table."""
    if group.startswith("order "):
        return CARD_MODULES[int(group.split()[1]) - 1]
    return {"fortune deck": fortune, "tactics deck": tactics, "turn flow": flow}[group]


def rows(group: str) -> list[Row]:
    """The table of ``group`` (one of :data:`GROUPS`)."""
    if group not in GROUPS:
        raise ValueError(f"no handler table {group!r}: one of {', '.join(GROUPS)}")
    if group.startswith("order "):
        start = reg.BEGIN[int(group.split()[1])]
        modules = {group_module(group).__name__, start.__module__}
        return [("begin", function_name(start), start), *_kind_rows(modules)]
    modules = {group_module(group).__name__}
    if group == "turn flow":
        modules.add(engine.__name__)  # the engine answers every PickStep itself
    return _kind_rows(modules)


def table_text(group: str, short: bool = False) -> str:
    """``group``'s table as aligned lines; ``short`` drops the module of the functions that live in the
    group's own module (as its docstring shows them) and the ``dday.rules.`` of the others."""
    home = group_module(group).__name__ + "."
    table = rows(group)
    width = max(len(what) for what, _, _ in table) + 2
    lines = []
    for what, where, _ in table:
        if short:
            where = " / ".join(w.removeprefix(home).removeprefix("dday.rules.orders.").removeprefix("dday.rules.") for w in where.split(" / "))
        lines.append(f"{what:<{width}}{where}")
    return "\n".join(lines)


def listing(group: str | None = None) -> str:
    """The tables of every group (or of one), each under its name, as ``python -m dday handlers`` prints them."""
    return "\n\n".join(f"{g}:\n" + "\n".join("    " + line for line in table_text(g).splitlines()) for g in ([group] if group else GROUPS))


def markdown() -> str:
    """``docs/handlers.md``: every table, with a word on how to read them."""
    head = (
        "# Handlers: which function answers which step, roll and pick\n\n"
        "Generated by `python -m dday handlers --markdown` from the tables of `dday/rules/registry.py`; "
        "a test (`test_handlers.py`) fails when this file is out of date. A row says what the engine is asked "
        "(how the order begins, a roll, an action at a step, the legal actions at a step, a pick) and the "
        "function that answers it; `maker(...)` is a function made by `maker` (one mechanism shared by two "
        "orders), `lambda` a function written where it is registered (search the module for its key). "
        "Each card module's docstring shows its own table.\n"
    )
    return head + "".join(f"\n## {g}\n\n```\n{table_text(g)}\n```\n" for g in GROUPS)


def command_word(group: str) -> str:
    """What to type after ``python -m dday handlers`` for ``group``: ``9``, ``fortune``, ``tactics``, ``flow``."""
    return group.split()[1] if group.startswith("order ") else group.split()[0 if group != "turn flow" else 1]


def group_named(word: str) -> str:
    """The group :func:`command_word` names (``"9"`` is order 9).

    >>> group_named("9"), group_named("flow")
    ('order 9', 'turn flow')
    """
    by_word = {command_word(g): g for g in GROUPS}
    if word not in by_word:
        raise ValueError(f"no handler table {word!r}: an order 1-16, fortune, tactics or flow")
    return by_word[word]


def docstring_block(group: str) -> str:
    """The "Handlers" part of a module's docstring, as a test expects to find it."""
    return f"Handlers (``python -m dday handlers {command_word(group)}``; a test keeps this table true)::\n\n" + "\n".join(
        "    " + line for line in table_text(group, short=True).splitlines()
    )


__all__ = ["GROUPS", "Row", "command_word", "docstring_block", "function_name", "group_module", "group_named", "key_name", "listing", "markdown", "rows", "table_text"]
