"""Named rule sets (VAR-RM-n, VAR-TA-n in dday/data/reference/50-variants.md): the official rules, the fan reference manual's house rules
(VAR-RM) and the TripleA "D-Day 2" rules (VAR-TA), as option bundles, and notebook 24's
comparison of them. The decks themselves are data in :mod:`dday.rules.decks`; notebook 23's card tables are in :mod:`dday.views.deck_tables`.

>>> ruleset("triplea").fighter_limit
3
>>> ruleset("official+fortune").fortune
True
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from ..rules.decks import TRIPLEA_ORDER, RulesConflictError
from ..rules.state import RuleOptions
from ..rules.words import count, interval, percent, plural

__all__ = ["OPTION_INFO", "RULESETS", "compare_rulesets", "rates_figure", "ruleset", "ruleset_table"]

RULESETS: dict[str, dict[str, Any]] = {
    "official": {},
    "official+fortune": {"fortune": True},
    "official+fortune+tactics": {"fortune": True, "tactics": True},
    # VAR-RM house rules (the file's errors are not playable, see tests/variants/test_variants.py)
    "reference-manual": {
        "coastal_bombardment": True,  # VAR-RM-5
        "artillery_orders": True,  # VAR-RM-7, -8, -9
        "reinforcement_six_nothing": True,  # VAR-RM-12
        "capture_win": True,  # VAR-RM-15, -16
        "alternative_wins": True,  # VAR-RM-17
    },
    "reference-manual-extended": {"extended_play": True, "alternative_wins": True},  # VAR-RM-17..19
    # VAR-TA: three fighters per zone, the TripleA sequence, optional German placement
    "triplea": {"fighter_limit": 3, "card_order": TRIPLEA_ORDER, "optional_axis_placement": True},
}


def ruleset(name: str, **overrides: Any) -> Any:
    """The named rule set as a :class:`dday.rules.state.RuleOptions`, with optional extra options."""
    try:
        opts = dict(RULESETS[name])
    except KeyError:
        raise RulesConflictError(f"unknown rule set {name!r}; known: {sorted(RULESETS)}") from None
    opts.update(overrides)
    known = {f.name for f in fields(RuleOptions)}
    unknown = set(opts) - known
    if unknown:
        raise RulesConflictError(f"unknown rule {plural(len(unknown), 'option')} {sorted(unknown)}")
    return replace(RuleOptions(), **opts)


# ---------------------------------------------------------------------------------------------
# Tables and comparisons for the notebooks (23_fortune_and_tactics, 24_variants)

OPTION_INFO: dict[str, tuple[str, str]] = {
    "fortune": ("R-FORT-1..4, FORT-1..16", "fortune deck: a die before each order, 1 helps and 6 hurts the side that rolls"),
    "tactics": ("R-TAC-1..4, TAC-1..16", "tactics deck: a one-shot card offered after each order"),
    "fighter_limit": ("VAR-TA-1", "fighters allowed per zone"),
    "card_order": ("VAR-TA-2", "order of the sixteen order cards"),
    "coastal_bombardment": ("VAR-RM-5", "naval dice may also hit any Axis unit in a coastal zone"),
    "artillery_orders": ("VAR-RM-7, -8, -9", "orders 9a / 11a: artillery fires at range and no longer rolls in land combat"),
    "reinforcement_six_nothing": ("VAR-RM-12", "a 6 on either Allied reinforcement die (order 14) brings nothing"),
    "capture_win": ("VAR-RM-15, -16", "the Allies win as soon as they hold all three cities at a turn's end"),
    "alternative_wins": ("VAR-RM-17", "extra wins: the US alone in Valognes, or a side wiped out"),
    "extended_play": ("VAR-RM-18, -19", "play past turn 10 while the Allies have 12+ land units; one reinforcement die"),
    "optional_axis_placement": ("VAR-TA-9", "the Axis may leave reinforcements on the chart"),
    "continuous_hold": ("R-VICTORY-4", "losing a city during the holding turn breaks the hold"),
    "three_player": ("R-NAVAL-2", "the UK and US players split the naval dice"),
}


def ruleset_table() -> Any:
    """One row per named rule set: the options it changes, the rule IDs behind them, what they do.

    >>> t = ruleset_table()
    >>> t.loc["triplea", "rule IDs"]
    'VAR-TA-2; VAR-TA-1; VAR-TA-9'
    """
    import pandas as pd

    rows = []
    for name, opts in RULESETS.items():
        changed = sorted(opts)
        rows.append(
            {
                "rule set": name,
                "options": ", ".join(f"{k}={_short(v)}" for k, v in sorted(opts.items())) or "(none: the official game)",
                "rule IDs": "; ".join(OPTION_INFO[k][0] for k in changed) or "-",
                "what changes": "; ".join(OPTION_INFO[k][1] for k in changed) or "nothing",
            }
        )
    return pd.DataFrame(rows).set_index("rule set")


def _short(v: Any) -> str:
    return "TripleA" if v == TRIPLEA_ORDER else str(v)


def compare_rulesets(
    names: Any = None,
    n_games: int = 6,
    allies: str = "greedy",
    axis: str = "greedy",
    seed: int = 0,
    processes: int | None = 1,
    progress: bool = True,
) -> Any:
    """Simulated Allied win rates under each rule set, with 95 % Wilson intervals.

    One row per rule set: games, seed, Allied wins, rate, ``ci95_low`` / ``ci95_high``, the
    mean deciding turn and a ``label`` naming the run count, the seed and the interval. Every
    rule set plays the same master ``seed`` (:func:`dday.play.simulate.simulate`); ``processes``
    is passed on (``None``: every core; the table does not depend on it). ``progress`` shows one
    ``tqdm`` bar over every game. The default 6 games per rule set keep a notebook cell under
    20 s; ask for more (``n_games=40``) for narrower intervals.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    from ..play.simulate import simulate, win_rates

    rows = []
    chosen = list(names or RULESETS)
    bar = tqdm(total=n_games * len(chosen), disable=not progress, desc="rule sets", unit="game")
    for name in chosen:
        bar.set_postfix_str(name)
        df = simulate(n_games, allies=allies, axis=axis, seed=seed, processes=processes, progress=False, options=ruleset(name))
        bar.update(n_games)
        r: dict[Any, Any] = win_rates(df).loc["allies"].to_dict()
        rows.append(
            {
                "rule set": name,
                "games": int(r["games"]),
                "seed": seed,
                "allied_wins": int(r["wins"]),
                "rate": float(r["rate"]),
                "ci95_low": float(r["ci95_low"]),
                "ci95_high": float(r["ci95_high"]),
                "mean_turn": float(df["turn"].mean()),
                "label": f"{percent(r['rate'], 0)} (95 % interval {interval(r['ci95_low'], r['ci95_high'], 0)}), "
                f"{count(int(r['games']), 'game')}, seed {seed}",
            }
        )
    bar.close()
    return pd.DataFrame(rows).set_index("rule set")


def rates_figure(table: Any, title: str = "Allied win rate per rule set") -> Any:
    """One row per rule set of :func:`compare_rulesets`: its Allied win rate, with the 95 %
    interval as an error bar (:func:`dday.views.front.rate_rows_figure`)."""
    from ..views.front import rate_rows_figure

    rows = [f"{name}: {percent(rate, 0)}" for name, rate in zip(table.index, table["rate"], strict=True)]
    return rate_rows_figure(rows, table, title)
